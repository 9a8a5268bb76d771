import { createHash, randomBytes } from 'node:crypto'
import { PasswordResetConfirmInput, PasswordResetInput } from '@meridian/validators'
import { hashPassword } from '@meridian/auth'
import { and, eq, gt, isNull, passwordResetRequests, passwordResetTokens, rowsOf, signInAttempts, sql, users } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { AUTH_MESSAGES, STATUS_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { enqueueMail } from '../mail/enqueue-mail.ts'
import { endAllSignIns } from './end-sign-ins.ts'
import { signInAccountKey } from './throttle.ts'
import { PASSWORD_RESET_LIMITS, THROTTLE_LOCKS } from './throttle-limits.ts'

export const RESET_TOKEN_MINUTES = 60
/** Reset and set-password tokens are stored as their SHA-256, never in clear. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Write a reset link to the outbox for an active user with this e-mail. Answers the same success message
 * whether or not the address exists, so it reveals nothing. Limited (PASSWORD_RESET_LIMITS): past 10 requests
 * from one address in 15 minutes, 429; past 3 mails to one e-mail in 60 minutes, the same success message and no
 * further mail (the earlier links still work). Counted under advisory locks, so concurrent requests agree.
 */
export async function requestPasswordReset(ctx: ServiceContext, input: unknown, origin: string): Promise<string> {
  const { email } = parseInput(PasswordResetInput, input)
  const typed = email.toLowerCase()
  const ip = ctx.request.ipAddress
  const { perAddress, addressWindowMinutes, perEmail, emailWindowMinutes } = PASSWORD_RESET_LIMITS
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${THROTTLE_LOCKS.resetEmail}, hashtext(${typed})), pg_advisory_xact_lock(${THROTTLE_LOCKS.resetAddress}, hashtext(${ip}))`,
    )
    const [counts] = rowsOf<{ from_address: number; retry: number | null; mailed: number }>(
      await tx.execute(sql`
        select
          (select count(*)::int from password_reset_requests
            where ip_address = ${ip} and created_at > now() - make_interval(mins => ${addressWindowMinutes})) as from_address,
          (select ceil(extract(epoch from min(created_at) + make_interval(mins => ${addressWindowMinutes}) - now()))::int
            from password_reset_requests
            where ip_address = ${ip} and created_at > now() - make_interval(mins => ${addressWindowMinutes})) as retry,
          (select count(*)::int from password_reset_requests
            where email = ${typed} and mailed and created_at > now() - make_interval(mins => ${emailWindowMinutes})) as mailed`),
    )
    if (counts && counts.from_address >= perAddress) {
      throw new DomainError('rate_limited', STATUS_MESSAGES[429], { retryAfter: Math.max(1, counts.retry ?? 1) })
    }
    const [user] =
      counts && counts.mailed >= perEmail
        ? []
        : await tx
            .select({ id: users.id, email: users.email, username: users.username })
            .from(users)
            .where(and(sql`lower(${users.email}) = ${typed}`, eq(users.isActive, true)))
    await tx.insert(passwordResetRequests).values({ email: typed, ipAddress: ip, mailed: Boolean(user) })
    if (!user) return
    const token = randomBytes(32).toString('base64url')
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    })
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Reset your Meridian Travel password',
      body:
        `Hello ${user.username},\n\nSomeone asked to reset the password of your Meridian Travel account. ` +
        `Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new one:\n\n` +
        `${origin}/reset-password?token=${token}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
    })
  })
  return AUTH_MESSAGES.resetSent
}

/** Set a new password with a reset token; the token works once, and every existing sign-in ends. */
export async function confirmPasswordReset(ctx: ServiceContext, input: unknown): Promise<void> {
  const data = parseInput(PasswordResetConfirmInput, input)
  const passwordHash = await hashPassword(data.new_password)
  const done = await ctx.db.transaction(async (tx) => {
    const [record] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(data.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId })
    if (!record) return false
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, record.userId)).returning({ username: users.username })
    await endAllSignIns(tx, record.userId)
    // Whoever holds the mailed link owns the account: this address becomes known to it, as after a sign-in
    // (so the owner gets past the ceiling of failures across addresses from here, and this address's count clears).
    await tx.insert(signInAttempts).values({
      username: user?.username.toLowerCase() ?? '',
      accountKey: signInAccountKey(record.userId, ''),
      userId: record.userId,
      ipAddress: ctx.request.ipAddress,
      succeeded: true,
    })
    return true
  })
  if (!done) throw DomainError.invalid({ token: ['This password reset link is invalid or has expired.'] })
}
