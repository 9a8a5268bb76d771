import { LoginInput } from '@meridian/validators'
import { verifyAgainstDummy, verifyPassword } from '@meridian/auth'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { AUTH_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { loadActor } from './load-actor.ts'
import { recordSignInFailure } from './sign-in-notice.ts'
import { admitSignInAttempt, markSignInFailed, recordSignInSuccess } from './throttle.ts'

/**
 * Check a username-or-e-mail and password. Wrong password, unknown user and deactivated user all answer the
 * same 'unauthenticated' error. Throttled per account (whichever name is typed) and address, per address, and
 * per account across addresses (throttle.ts); the attempt is recorded, with the account looked up in the same
 * statement, before the password is checked.
 */
export async function signIn(ctx: ServiceContext, input: unknown): Promise<Actor> {
  const { username, password } = parseInput(LoginInput, input)
  const { attempt, account: user } = await admitSignInAttempt(ctx.db, { typed: username, ipAddress: ctx.request.ipAddress })
  let ok: boolean
  try {
    ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password)
  } catch (error) {
    await markSignInFailed(ctx.db, attempt.id)
    throw error
  }
  if (!user || !ok || !user.isActive) {
    await recordSignInFailure(ctx, attempt, user)
    throw new DomainError('unauthenticated', AUTH_MESSAGES.loginFailed)
  }
  await recordSignInSuccess(ctx.db, { ...attempt, userId: user.id })
  const actor = await loadActor(ctx.db, user.id)
  if (!actor) throw new DomainError('unauthenticated', AUTH_MESSAGES.loginFailed)
  return actor
}
