import { BulkUpdateStatusInput } from '@meridian/validators'
import { and, type Database, eq, inArray, isNull, refreshTokens, sessions, users } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { USER_MANAGEMENT_MESSAGES as M, USER_NOT_FOUND_MESSAGE } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { announceSignInsEnded } from '../auth/sign-in-credentials.ts'
import { auditUsers } from './audit.ts'
import { requireUserManager } from './user-access.ts'
import { ensureSuperadminRemains, lockUserAdministration } from './user-rules.ts'

/**
 * Activate or deactivate users in the caller's transaction: only those not already in that state change, each
 * change is audited, and a deactivated user's sessions and tokens end at once (their next request is refused, their
 * open event streams end at commit).
 * Returns the ids that changed.
 */
export async function setUsersActive(
  tx: Database,
  ctx: ServiceContext,
  actor: Actor,
  ids: readonly number[],
  active: boolean,
  details: Record<string, unknown> = {},
): Promise<number[]> {
  if (ids.length === 0) return []
  const now = new Date()
  const changed = await tx
    .update(users)
    .set(active ? { isActive: true } : { isActive: false, tokensValidAfter: now })
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, !active)))
    .returning({ id: users.id, username: users.username })
  if (changed.length === 0) return []
  const changedIds = changed.map((u) => u.id)
  if (!active) {
    await tx.delete(sessions).where(inArray(sessions.userId, changedIds))
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(inArray(refreshTokens.userId, changedIds), isNull(refreshTokens.revokedAt)))
    await announceSignInsEnded(tx, changedIds)
    await ensureSuperadminRemains(tx)
  }
  await auditUsers(
    tx,
    ctx,
    actor,
    changed.map((u) => ({
      action: active ? 'user.activated' : 'user.deactivated',
      subject: u,
      summary: `${actor.username} ${active ? 'activated' : 'deactivated'} ${u.username}`,
      details,
    })),
  )
  return changedIds
}

/** DELETE on a user: deactivates (the record and its history stay). Not oneself, not the last active superadmin. */
export async function deactivateUser(ctx: ServiceContext, id: number): Promise<void> {
  const actor = requireUserManager(ctx)
  if (id === actor.id) throw new DomainError('invalid', M.cannotDeactivateSelf)
  await ctx.db.transaction(async (tx) => {
    await lockUserAdministration(tx)
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, safeId(id)))
    if (!user) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE)
    await setUsersActive(tx, ctx, actor, [id], false, { via: 'delete' })
  })
}

export interface BulkStatusResult {
  detail: string
  action: 'activate' | 'deactivate'
  /** How many changed; users already in that state are left as they are. */
  updated: number
  user_ids: number[]
}

/** Activate or deactivate many users, all or nothing: unknown ids or oneself among deactivations refuse the whole batch. */
export async function bulkUpdateStatus(ctx: ServiceContext, input: unknown): Promise<BulkStatusResult> {
  const actor = requireUserManager(ctx)
  const { user_ids, action } = parseInput(BulkUpdateStatusInput, input)
  const ids = [...new Set(user_ids)]
  if (action === 'deactivate' && ids.includes(actor.id)) throw DomainError.invalid({ user_ids: [M.cannotDeactivateSelf] })
  const changed = await ctx.db.transaction(async (tx) => {
    await lockUserAdministration(tx)
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids.map(safeId)))
    const known = new Set(found.map((u) => u.id))
    const unknown = ids.filter((id) => !known.has(id))
    if (unknown.length) throw DomainError.invalid({ user_ids: [M.unknownUsers(unknown)] })
    return setUsersActive(tx, ctx, actor, ids, action === 'activate', { via: 'bulk' })
  })
  const verb = action === 'activate' ? 'activated' : 'deactivated'
  return {
    detail: `${changed.length} user${changed.length === 1 ? '' : 's'} ${verb}.`,
    action,
    updated: changed.length,
    user_ids: changed,
  }
}

/** Ids beyond the integer column's range match nothing (instead of failing the query). */
export const safeId = (id: number) => (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0)
