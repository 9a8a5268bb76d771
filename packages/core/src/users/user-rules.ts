import { and, type Database, eq, or, roles, rolePermissions, sql, users } from '@meridian/db'
import type { Actor } from '../context.ts'
import { DomainError } from '../errors.ts'
import { USER_MANAGEMENT_MESSAGES as M } from '../messages.ts'
import { isSuperadminLevel } from './user-access.ts'

/** Who holds what, as far as the superadmin rules care. */
export interface Standing {
  isSuperuser: boolean
  profileIsSuperadmin: boolean
  /** The role is superadmin, or a role granting '*'. */
  superadminRole: boolean
}

export interface RoleRef {
  id: number
  name: string
  displayName: string
  grantsAll: boolean
}

const ROLE_LOCK = 7_260_413

/** Changes of status, role or flags run one at a time, so two of them cannot both remove "the other" superadmin. */
export async function lockUserAdministration(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_LOCK})`)
}

function roleQuery(db: Database) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      displayName: roles.displayName,
      // Spelled out: drizzle leaves columns unqualified in a single-table select, and rp has an id column too.
      grantsAll: sql<boolean>`exists(select 1 from role_permissions rp where rp.role_id = roles.id and rp.permission = '*')`,
    })
    .from(roles)
}

export async function roleById(db: Database, id: number): Promise<RoleRef | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined
  const [role] = await roleQuery(db).where(eq(roles.id, id))
  return role
}

export async function roleByName(db: Database, name: string): Promise<RoleRef | undefined> {
  const [role] = await roleQuery(db).where(eq(roles.name, name))
  return role
}

export const standingOf = (user: { isSuperuser: boolean; profileIsSuperadmin: boolean }, role: Pick<RoleRef, 'name' | 'grantsAll'>): Standing => ({
  isSuperuser: user.isSuperuser,
  profileIsSuperadmin: user.profileIsSuperadmin,
  superadminRole: role.name === 'superadmin' || role.grantsAll,
})

const elevated = (s: Standing) => s.isSuperuser || s.profileIsSuperadmin || s.superadminRole

/**
 * Nobody but a superadmin grants or removes the superadmin role, the superuser flag or the profile's superadmin
 * flag; and only a superadmin changes anything about a superadmin.
 */
export function assertMayChange(actor: Actor, before: Standing | null, after: Standing): void {
  if (isSuperadminLevel(actor)) return
  if ((before && elevated(before)) || elevated(after)) throw new DomainError('forbidden', M.superadminOnly)
}

/** After a change, at least one active superadmin-level user must remain (else the transaction is undone). */
export async function ensureSuperadminRemains(tx: Database): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.isActive, true),
        or(
          eq(users.isSuperuser, true),
          eq(users.profileIsSuperadmin, true),
          eq(roles.name, 'superadmin'),
          sql`exists(select 1 from ${rolePermissions} rp where rp.role_id = ${roles.id} and rp.permission = '*')`,
        ),
      ),
    )
    .limit(1)
  if (!row) throw new DomainError('invalid', M.lastSuperadmin)
}
