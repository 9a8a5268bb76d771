import { AdminRoleInput, ChangeRoleInput } from '@meridian/validators'
import { type Database, eq, users } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { USER_MANAGEMENT_MESSAGES as M, USER_NOT_FOUND_MESSAGE } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { auditUsers } from './audit.ts'
import { fetchManagedUser, type ManagedUserDto, type ManagedUserRow, serializeManagedUser } from './managed-user.ts'
import { requireAdmin, requireUserManager } from './user-access.ts'
import {
  assertMayChange,
  ensureSuperadminRemains,
  lockUserAdministration,
  type RoleRef,
  roleById,
  roleByName,
  standingOf,
} from './user-rules.ts'

/**
 * Give a user another role, in the caller's transaction (after lockUserAdministration). The staff flag follows:
 * a traveler is not staff, every other role is. Takes effect on the user's next request, which loads the role
 * afresh. Returns false when the user already has that role.
 */
export async function applyRoleChange(
  tx: Database,
  ctx: ServiceContext,
  actor: Actor,
  user: ManagedUserRow,
  role: RoleRef,
): Promise<boolean> {
  if (user.roleId === role.id) return false
  if (user.id === actor.id) throw new DomainError('invalid', M.cannotChangeOwnRole)
  const before = await roleById(tx, user.roleId)
  assertMayChange(actor, standingOf(user, before ?? { name: user.roleName, grantsAll: false }), standingOf(user, role))
  await tx
    .update(users)
    .set({ roleId: role.id, isStaff: role.name !== 'traveler' || user.isSuperuser })
    .where(eq(users.id, user.id))
  await ensureSuperadminRemains(tx)
  await auditUsers(tx, ctx, actor, [
    {
      action: 'user.role_changed',
      subject: user,
      summary: `${actor.username} changed ${user.username}'s role from ${user.roleDisplayName} to ${role.displayName}`,
      details: { from: user.roleName, to: role.name },
    },
  ])
  return true
}

async function changeRole(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  findRole: (db: Database) => Promise<RoleRef | DomainError>,
): Promise<ManagedUserDto> {
  const updated = await ctx.db.transaction(async (tx) => {
    await lockUserAdministration(tx)
    const user = await fetchManagedUser(tx, id)
    if (!user) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE)
    const role = await findRole(tx)
    if (role instanceof DomainError) throw role
    await applyRoleChange(tx, ctx, actor, user, role)
    return fetchManagedUser(tx, id)
  })
  return serializeManagedUser(updated!)
}

/** POST users-mgmt/{id}/change_role/ with {role_id}: superadmin-level only. */
export async function changeUserRole(ctx: ServiceContext, id: number, input: unknown): Promise<ManagedUserDto> {
  const actor = requireUserManager(ctx)
  const { role_id } = parseInput(ChangeRoleInput, input)
  return changeRole(ctx, actor, id, async (db) => (await roleById(db, role_id)) ?? DomainError.invalid({ role_id: [M.unknownRole(role_id)] }))
}

/**
 * PATCH /users/api/admin/users/{id}/role/ with {role} (a name) or {role_id}: admins and superadmins; only a
 * superadmin grants, removes or touches the superadmin role.
 */
export async function adminChangeUserRole(ctx: ServiceContext, id: number, input: unknown): Promise<ManagedUserDto> {
  const actor = requireAdmin(ctx)
  const data = parseInput(AdminRoleInput, input)
  return changeRole(ctx, actor, id, async (db) => {
    if (data.role_id !== undefined) return (await roleById(db, data.role_id)) ?? DomainError.invalid({ role_id: [M.unknownRole(data.role_id)] })
    return (await roleByName(db, data.role!)) ?? DomainError.invalid({ role: [`Unknown role "${data.role}".`] })
  })
}
