import { and, type Database, eq, gt, signInAttempts, sql } from '@meridian/db'
import { DomainError } from '../errors.ts'
import { STATUS_MESSAGES } from '../messages.ts'

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000
export const MAX_FAILURES_PER_USER_AND_ADDRESS = 5
export const MAX_FAILURES_PER_ADDRESS = 100

/**
 * Refuse a sign-in when more than 5 failures for this username from this address, or 100 from this address,
 * fell in the last 15 minutes. A success clears the username's count. Kept in the database so every app
 * process shares it.
 */
export async function assertNotThrottled(db: Database, username: string, ipAddress: string): Promise<void> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS)
  const [row] = await db
    .select({
      userFailures: sql<number>`count(*) filter (where ${signInAttempts.username} = ${username} and not ${signInAttempts.succeeded} and ${signInAttempts.createdAt} > coalesce((select max(s.created_at) from sign_in_attempts s where s.username = ${username} and s.ip_address = ${ipAddress} and s.succeeded), 'epoch'::timestamptz))`.mapWith(Number),
      userOldest: sql<string | null>`min(${signInAttempts.createdAt}) filter (where ${signInAttempts.username} = ${username} and not ${signInAttempts.succeeded})`,
      addressFailures: sql<number>`count(*) filter (where not ${signInAttempts.succeeded})`.mapWith(Number),
      addressOldest: sql<string | null>`min(${signInAttempts.createdAt}) filter (where not ${signInAttempts.succeeded})`,
    })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ipAddress, ipAddress), gt(signInAttempts.createdAt, since)))
  if (!row) return
  const retryAfter = (oldest: string | null) =>
    Math.max(1, Math.ceil((new Date(oldest ?? Date.now()).getTime() + THROTTLE_WINDOW_MS - Date.now()) / 1000))
  if (row.userFailures >= MAX_FAILURES_PER_USER_AND_ADDRESS) {
    throw new DomainError('rate_limited', STATUS_MESSAGES[429], { retryAfter: retryAfter(row.userOldest) })
  }
  if (row.addressFailures >= MAX_FAILURES_PER_ADDRESS) {
    throw new DomainError('rate_limited', STATUS_MESSAGES[429], { retryAfter: retryAfter(row.addressOldest) })
  }
}

export async function recordSignInAttempt(db: Database, username: string, ipAddress: string, succeeded: boolean) {
  await db.insert(signInAttempts).values({ username, ipAddress, succeeded })
}
