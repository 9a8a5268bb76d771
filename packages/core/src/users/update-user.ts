import { hashPassword } from '@meridian/auth'
import { UpdateManagedUserInput } from '@meridian/validators'
import { eq, sql, users } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { USER_MANAGEMENT_MESSAGES as M, USER_NOT_FOUND_MESSAGE } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { endAllSignIns } from '../auth/end-sign-ins.ts'
import { auditUsers } from './audit.ts'
import { applyRoleChange } from './change-user-role.ts'
import { fetchManagedUser, type ManagedUserDto, serializeManagedUser } from './managed-user.ts'
import { profileColumns } from './profile-columns.ts'
import { requireUserManager } from './user-access.ts'
import { assertMayChange, ensureSuperadminRemains, lockUserAdministration, roleById, standingOf } from './user-rules.ts'
import { setUsersActive } from './user-status.ts'

const AUDITED_ELSEWHERE = new Set(['role_id', 'is_active', 'password', 'confirm_password'])

/**
 * PATCH a user: names, username, e-mail, flags, role, status, staff profile and optionally a new password (which
 * ends the user's sessions). All in one transaction; the same rules as the dedicated calls apply.
 */
export async function updateManagedUser(ctx: ServiceContext, id: number, input: unknown): Promise<ManagedUserDto> {
  const actor = requireUserManager(ctx)
  const data = parseInput(UpdateManagedUserInput, input)
  if (id === actor.id && data.is_active === false) throw DomainError.invalid({ is_active: [M.cannotDeactivateSelf] })
  const passwordHash = data.password ? await hashPassword(data.password) : undefined

  const updated = await ctx.db.transaction(async (tx) => {
    await lockUserAdministration(tx)
    const user = await fetchManagedUser(tx, id)
    if (!user) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE)
    const role = data.role_id === undefined ? undefined : await roleById(tx, data.role_id)
    if (data.role_id !== undefined && !role) throw DomainError.invalid({ role_id: [M.unknownRole(data.role_id)] })

    const clashes: FieldErrors = {}
    for (const [field, column] of [['username', users.username], ['email', users.email]] as const) {
      const value = data[field]
      if (value === undefined || value.toLowerCase() === user[field].toLowerCase()) continue
      const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${column}) = ${value.toLowerCase()} and ${users.id} <> ${id}`)
      if (taken) clashes[field] = [`A user with that ${field} already exists.`]
    }
    if (Object.keys(clashes).length) throw new DomainError('conflict', 'A user with these details already exists.', { fields: clashes })

    if (role) await applyRoleChange(tx, ctx, actor, user, role)

    const profile = profileColumns(data.profile_data)
    const changes: Partial<typeof users.$inferInsert> = { ...profile }
    if (data.username !== undefined) changes.username = data.username
    if (data.email !== undefined) changes.email = data.email
    if (data.first_name !== undefined) changes.firstName = data.first_name
    if (data.last_name !== undefined) changes.lastName = data.last_name
    if (data.is_staff !== undefined) changes.isStaff = data.is_staff
    if (data.is_superuser !== undefined) changes.isSuperuser = data.is_superuser
    if (passwordHash) changes.passwordHash = passwordHash
    const flagsChange =
      (data.is_superuser !== undefined && data.is_superuser !== user.isSuperuser) ||
      (profile.profileIsSuperadmin !== undefined && profile.profileIsSuperadmin !== user.profileIsSuperadmin)
    if (flagsChange) {
      const currentRole = role ?? (await roleById(tx, user.roleId))!
      assertMayChange(
        actor,
        standingOf(user, currentRole),
        standingOf({ isSuperuser: changes.isSuperuser ?? user.isSuperuser, profileIsSuperadmin: changes.profileIsSuperadmin ?? user.profileIsSuperadmin }, currentRole),
      )
    }
    if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, id))
    if (passwordHash) await endAllSignIns(tx, id)
    if (data.is_active !== undefined) await setUsersActive(tx, ctx, actor, [id], data.is_active, { via: 'edit' })
    if (flagsChange) await ensureSuperadminRemains(tx)

    const fields = Object.keys(data).filter((k) => !AUDITED_ELSEWHERE.has(k) && data[k as keyof typeof data] !== undefined)
    const events = []
    if (fields.length) {
      events.push({
        action: 'user.updated' as const,
        subject: user,
        summary: `${actor.username} updated ${user.username} (${fields.join(', ')})`,
        details: { fields, ...(flagsChange ? { is_superuser: changes.isSuperuser ?? user.isSuperuser } : {}) },
      })
    }
    if (passwordHash) {
      events.push({ action: 'user.password_set' as const, subject: user, summary: `${actor.username} set a new password for ${user.username}` })
    }
    await auditUsers(tx, ctx, actor, events)
    return fetchManagedUser(tx, id)
  })
  return serializeManagedUser(updated!)
}
