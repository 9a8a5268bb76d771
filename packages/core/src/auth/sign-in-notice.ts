import { type Database, rowsOf, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { recordActivity } from '../activity/record-activity.ts'
import { enqueueMail } from '../mail/enqueue-mail.ts'
import { lockAccount, markSignInFailed, type SignInAttempt } from './throttle.ts'
import { SIGN_IN_LIMITS } from './throttle-limits.ts'

export const SIGN_IN_PAUSED_ACTION = 'user.sign_in_paused'

interface Owner {
  id: number
  username: string
  email: string
  isActive: boolean
}

/**
 * Record a failed attempt. When it brings the account's failures from all addresses to the ceiling, the owner
 * gets one mail through the outbox and the audit trail an entry, at most once in 24 hours. Done under the
 * account's lock, so attempts failing together on several processes send one mail.
 */
export async function recordSignInFailure(ctx: ServiceContext, attempt: SignInAttempt, owner: Owner | undefined) {
  if (!owner?.isActive) return markSignInFailed(ctx.db, attempt.id)
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, attempt.accountKey)
    await markSignInFailed(tx, attempt.id)
    const [state] = rowsOf<{ failures: number; addresses: number; noticed: boolean }>(
      await tx.execute(sql`
        select count(*)::int as failures, count(distinct ip_address)::int as addresses,
          exists (
            select 1 from activity_events
            where subject_type = 'user' and subject_id = ${String(owner.id)} and action = ${SIGN_IN_PAUSED_ACTION}
              and created_at > now() - make_interval(hours => ${SIGN_IN_LIMITS.noticeHours})
          ) as noticed
        from sign_in_attempts
        where account_key = ${attempt.accountKey} and succeeded = false
          and created_at > now() - make_interval(mins => ${SIGN_IN_LIMITS.windowMinutes})`),
    )
    if (!state || state.failures < SIGN_IN_LIMITS.perAccount || state.noticed) return
    await notifyOwner(tx, ctx, owner, state)
  })
}

async function notifyOwner(tx: Database, ctx: ServiceContext, owner: Owner, state: { failures: number; addresses: number }) {
  const { windowMinutes, knownAddressDays } = SIGN_IN_LIMITS
  const from = state.addresses === 1 ? 'one address' : `${state.addresses} addresses`
  await enqueueMail(tx, {
    to: owner.email,
    subject: 'Unusual sign-in attempts on your Meridian Travel account',
    body:
      `Hello ${owner.username},\n\n` +
      `There were ${state.failures} failed attempts to sign in to your Meridian Travel account in the last ` +
      `${windowMinutes} minutes, from ${from}. To protect your account, signing in from new places is paused for ` +
      `now; you can still sign in as usual from the devices and networks you used in the last ${knownAddressDays} days.\n\n` +
      `If this was you, wait ${windowMinutes} minutes and try again. If it was not, your password held, but choose a new ` +
      `one to be safe: use "Forgot password?" on the sign-in page.\n`,
  })
  await recordActivity(tx, {
    actorId: null,
    action: SIGN_IN_PAUSED_ACTION,
    subjectType: 'user',
    subjectId: owner.id,
    summary: `Sign-in from new addresses paused for ${owner.username} after ${state.failures} failed attempts in ${windowMinutes} minutes; owner notified by e-mail`,
    ipAddress: ctx.request.ipAddress,
    userAgent: ctx.request.userAgent,
    details: { failures: state.failures, addresses: state.addresses, window_minutes: windowMinutes },
  })
}
