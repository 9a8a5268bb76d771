import { and, desc, eq, gt, isNull, refreshTokens, sessions, sql } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { STATUS_MESSAGES } from '../messages.ts'
import { announceSignInsEnded } from '../auth/sign-in-credentials.ts'

export interface SignInDto {
  id: string
  kind: 'session' | 'token'
  ip_address: string
  user_agent: string
  created_at: string
  last_used_at: string | null
  expires_at: string
  current: boolean
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)

const familyFirstUse = sql<Date | string>`(select min(f.created_at) from refresh_tokens f where f.family_id = ${refreshTokens.familyId})`
const familyLastUse = sql<Date | string | null>`(select max(f.last_used_at) from refresh_tokens f where f.family_id = ${refreshTokens.familyId})`

/** The signed-in user's browser sessions and live refresh tokens (device, address, last use). */
export async function listSignIns(ctx: ServiceContext, currentSessionId?: string): Promise<SignInDto[]> {
  const actor = requireActor(ctx)
  const now = new Date()
  const [browserSessions, tokens] = await Promise.all([
    ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastUsedAt)),
    // A refresh token is replaced at every use: the family's first token says when the client signed in, and the
    // newest one (or the latest rotation) when it was last used.
    ctx.db
      .select({
        id: refreshTokens.id,
        ipAddress: refreshTokens.ipAddress,
        userAgent: refreshTokens.userAgent,
        expiresAt: refreshTokens.expiresAt,
        createdAt: familyFirstUse,
        lastUsedAt: familyLastUse,
      })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, actor.id), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .orderBy(desc(refreshTokens.createdAt)),
  ])
  return [
    ...browserSessions.map((s) => ({
      // Never the session id itself (it authenticates): a short public handle derived from it.
      id: `s_${s.id.slice(0, 16)}`,
      kind: 'session' as const,
      ip_address: s.ipAddress,
      user_agent: s.userAgent,
      created_at: iso(s.createdAt)!,
      last_used_at: iso(s.lastUsedAt),
      expires_at: iso(s.expiresAt)!,
      current: s.id === currentSessionId,
    })),
    ...tokens.map((t) => ({
      id: `t_${t.id}`,
      kind: 'token' as const,
      ip_address: t.ipAddress,
      user_agent: t.userAgent,
      created_at: iso(t.createdAt)!,
      last_used_at: iso(t.lastUsedAt),
      expires_at: iso(t.expiresAt)!,
      current: false,
    })),
  ]
}

/**
 * End one of the signed-in user's own sessions (and the event streams opened with it) or refresh tokens (their whole
 * family), by the id listSignIns gave.
 */
export async function revokeSignIn(ctx: ServiceContext, id: string): Promise<void> {
  const actor = requireActor(ctx)
  const notFound = new DomainError('not_found', STATUS_MESSAGES[404])
  if (id.startsWith('s_')) {
    // The handle is checked to be 16 hex digits, so it carries no LIKE wildcard.
    if (!/^s_[0-9a-f]{16}$/.test(id)) throw notFound
    const ended = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, actor.id), sql`${sessions.id} like ${`${id.slice(2)}%`}`))
        .returning({ id: sessions.id })
      if (rows.length) await announceSignInsEnded(tx, [actor.id])
      return rows
    })
    if (!ended.length) throw notFound
    return
  }
  const tokenId = Number(id.slice(2))
  if (!id.startsWith('t_') || !Number.isInteger(tokenId) || tokenId < 1 || tokenId > 2_147_483_647) throw notFound
  const [token] = await ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.id, tokenId), eq(refreshTokens.userId, actor.id)))
  if (!token) throw notFound
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, token.familyId), isNull(refreshTokens.revokedAt)))
}
