import { and, type Database, eq, isNull, refreshTokens, sessions, users } from '@meridian/db'
import { announceSignInsEnded } from './sign-in-credentials.ts'

/**
 * End every browser session and token of a user: sessions deleted, refresh tokens revoked, access tokens refused, and
 * (at the caller's commit) their open event streams ended on every process.
 */
export async function endAllSignIns(db: Database, userId: number): Promise<void> {
  const now = new Date()
  await db.delete(sessions).where(eq(sessions.userId, userId))
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  await db.update(users).set({ tokensValidAfter: now }).where(eq(users.id, userId))
  await announceSignInsEnded(db, [userId])
}
