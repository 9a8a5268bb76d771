import { and, eq, isNull, ne, refreshTokens, sessions, users } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { recordActivity } from '../activity/record-activity.ts'
import { announceSignInsEnded } from '../auth/sign-in-credentials.ts'

/**
 * "Sign out everywhere else": ends the signed-in user's other browser sessions, revokes their refresh tokens and
 * refuses access tokens issued until now, and ends the event streams opened with any of them; the session
 * `keepSessionId` (this browser) stays. Returns how many ended.
 */
export async function revokeOtherSignIns(ctx: ServiceContext, keepSessionId: string | undefined): Promise<number> {
  const actor = requireActor(ctx)
  const now = new Date()
  return ctx.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(
        keepSessionId
          ? and(eq(sessions.userId, actor.id), ne(sessions.id, keepSessionId))
          : eq(sessions.userId, actor.id)
      )
      .returning({ id: sessions.id })
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, actor.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id })
    await tx.update(users).set({ tokensValidAfter: now }).where(eq(users.id, actor.id))
    await announceSignInsEnded(tx, [actor.id])
    const count = ended.length + revoked.length
    if (count) {
      await recordActivity(tx, {
        actorId: actor.id,
        action: 'security.signed_out_others',
        subjectType: 'user',
        subjectId: actor.id,
        summary: `${actor.username} signed out of ${count} other ${count === 1 ? 'device' : 'devices'}`,
        visibility: 'private',
      })
    }
    return count
  })
}
