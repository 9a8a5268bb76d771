import { LoginInput } from '@meridian/validators'
import { verifyAgainstDummy, verifyPassword } from '@meridian/auth'
import { eq, or, sql, users } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { AUTH_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { loadActor } from './load-actor.ts'
import { assertNotThrottled, recordSignInAttempt } from './throttle.ts'

/**
 * Check a username-or-e-mail and password. Wrong password, unknown user and deactivated user all answer the
 * same 'unauthenticated' error. Throttled per username and address; records the attempt and last_login.
 */
export async function signIn(ctx: ServiceContext, input: unknown): Promise<Actor> {
  const { username, password } = parseInput(LoginInput, input)
  const key = username.toLowerCase()
  const ip = ctx.request.ipAddress
  await assertNotThrottled(ctx.db, key, ip)
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, key), eq(sql`lower(${users.email})`, key)))
    .orderBy(sql`lower(${users.username}) = ${key} desc`)
    .limit(1)
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password)
  if (!user || !ok || !user.isActive) {
    await recordSignInAttempt(ctx.db, key, ip, false)
    throw new DomainError('unauthenticated', AUTH_MESSAGES.loginFailed)
  }
  await recordSignInAttempt(ctx.db, key, ip, true)
  await ctx.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id))
  const actor = await loadActor(ctx.db, user.id)
  if (!actor) throw new DomainError('unauthenticated', AUTH_MESSAGES.loginFailed)
  return actor
}
