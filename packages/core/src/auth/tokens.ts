import { randomUUID } from 'node:crypto'
import { RefreshInput, LogoutInput } from '@meridian/validators'
import { and, eq, isNull, refreshTokens } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { INVALID_TOKEN_MESSAGE } from './authenticate.ts'
import { loadActor } from './load-actor.ts'

export interface TokenPair {
  access: string
  refresh: string
}

async function signPair(ctx: ServiceContext, userId: number, familyId: string) {
  const access = await ctx.tokens.sign({ userId, type: 'access' })
  const refresh = await ctx.tokens.sign({ userId, type: 'refresh', familyId })
  return { access, refresh }
}

/** A new access/refresh pair for a user who just signed in; starts a new refresh-token family. */
export async function issueTokens(ctx: ServiceContext, actor: Actor): Promise<TokenPair> {
  const familyId = randomUUID()
  const { access, refresh } = await signPair(ctx, actor.id, familyId)
  await ctx.db.insert(refreshTokens).values({
    jti: refresh.claims.jti,
    familyId,
    userId: actor.id,
    expiresAt: new Date(refresh.claims.exp * 1000),
    ipAddress: ctx.request.ipAddress,
    userAgent: ctx.request.userAgent.slice(0, 500),
  })
  return { access: access.token, refresh: refresh.token }
}

const invalid = () => new DomainError('unauthenticated', INVALID_TOKEN_MESSAGE)

/**
 * Rotate a refresh token: the presented one is revoked and a new pair issued in the same family.
 * Presenting a revoked token is treated as theft: every token of its family is revoked.
 */
export async function refreshTokenPair(ctx: ServiceContext, input: unknown): Promise<TokenPair & { actor: Actor }> {
  const { refresh } = parseInput(RefreshInput, input)
  const claims = await ctx.tokens.verify(refresh, 'refresh')
  if (!claims) throw invalid()
  const outcome = await ctx.db.transaction(async (tx) => {
    const [record] = await tx.select().from(refreshTokens).where(eq(refreshTokens.jti, claims.jti)).for('update')
    if (!record) return { error: invalid() }
    if (record.revokedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, record.familyId), isNull(refreshTokens.revokedAt)))
      return { error: invalid() }
    }
    const actor = await loadActor(tx, record.userId)
    if (!actor || !actor.isActive || record.createdAt < actor.tokensValidAfter) return { error: invalid() }
    const { access, refresh: next } = await signPair(ctx, record.userId, record.familyId)
    const now = new Date()
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now, replacedBy: next.claims.jti, lastUsedAt: now })
      .where(eq(refreshTokens.id, record.id))
    await tx.insert(refreshTokens).values({
      jti: next.claims.jti,
      familyId: record.familyId,
      userId: record.userId,
      expiresAt: new Date(next.claims.exp * 1000),
      ipAddress: ctx.request.ipAddress,
      userAgent: ctx.request.userAgent.slice(0, 500),
    })
    return { pair: { access: access.token, refresh: next.token, actor } }
  })
  if ('error' in outcome) throw outcome.error
  return outcome.pair
}

/** Revoke a refresh token (sign-out of a REST or tRPC client). Unknown or already revoked tokens are refused. */
export async function revokeRefreshToken(ctx: ServiceContext, input: unknown): Promise<void> {
  const { refresh } = parseInput(LogoutInput, input)
  const claims = await ctx.tokens.verify(refresh, 'refresh')
  if (!claims) throw invalid()
  if (ctx.actor && ctx.actor.id !== claims.user_id) throw invalid()
  const revoked = await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id })
  if (revoked.length === 0) throw invalid()
}
