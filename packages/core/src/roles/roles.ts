import { PERMISSIONS, ROLE_NAMES } from '@meridian/auth'
import { CreateRoleInput, UpdateRoleInput } from '@meridian/validators'
import { asc, type Database, eq, ilike, or, rolePermissions, roles, sql, users } from '@meridian/db'
import * as v from 'valibot'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { ROLE_MESSAGES, STATUS_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { recordActivity } from '../activity/record-activity.ts'
import { queryUserPage, type UserPage } from '../users/list-users.ts'
import { requireUserManager } from '../users/user-access.ts'
import { ensureSuperadminRemains, lockUserAdministration } from '../users/user-rules.ts'

/** Role (3-back-office.md §3; display_name and description from 1-platform-core.md §3). */
export interface RoleDto {
  id: number
  name: string
  display_name: string
  description: string
  permissions: string[]
  user_count: number
  is_builtin: boolean
  created_at: string
  updated_at: string
}

const BUILT_IN = new Set<string>(ROLE_NAMES)
const notFound = () => new DomainError('not_found', STATUS_MESSAGES[404])

/** Subqueries name roles.id outright: drizzle leaves columns unqualified in a single-table select. */
function roleSelect(db: Database) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      displayName: roles.displayName,
      description: roles.description,
      permissions: sql<string[]>`coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = roles.id), '{}')`,
      // From the counters kept by triggers (user_counts), not a count of every holder.
      userCount: sql<number>`(select coalesce(sum(uc.count), 0) from user_counts uc where uc.role_id = roles.id)`.mapWith(Number),
      createdAt: roles.createdAt,
      updatedAt: roles.updatedAt,
    })
    .from(roles)
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleSelect>['execute']>>[number]

const serialize = (r: RoleRow): RoleDto => ({
  id: r.id,
  name: r.name,
  display_name: r.displayName,
  description: r.description,
  permissions: r.permissions,
  user_count: r.userCount,
  is_builtin: BUILT_IN.has(r.name),
  created_at: new Date(r.createdAt).toISOString(),
  updated_at: new Date(r.updatedAt).toISOString(),
})

const roleById = (db: Database) => roleSelect(db).where(eq(roles.id, sql.placeholder('id'))).prepare('role_by_id')
const roleStatements = new WeakMap<Database, ReturnType<typeof roleById>>()

/** One role with its permissions and user count (a named statement: the roles' users list asks on every page). */
async function findRole(db: Database, id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined
  let statement = roleStatements.get(db)
  if (!statement) roleStatements.set(db, (statement = roleById(db)))
  const [row] = await statement.execute({ id })
  return row
}

const ListRolesQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
})

/** Every role with its permissions and how many users hold it (a handful of rows: the transport pages them). */
export async function listRoles(ctx: ServiceContext, input: unknown = {}): Promise<RoleDto[]> {
  requireUserManager(ctx)
  const { search } = parseInput(ListRolesQuery, input)
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await roleSelect(ctx.db)
    .where(search ? or(ilike(roles.name, pattern), ilike(roles.displayName, pattern)) : undefined)
    .orderBy(asc(roles.id))
  return rows.map(serialize)
}

export async function getRole(ctx: ServiceContext, id: number): Promise<RoleDto> {
  requireUserManager(ctx)
  const row = await findRole(ctx.db, id)
  if (!row) throw notFound()
  return serialize(row)
}

function checkPermissions(list: string[] | undefined): string[] | undefined {
  if (list === undefined) return undefined
  const unknown = list.filter((p) => !(PERMISSIONS as readonly string[]).includes(p))
  if (unknown.length) throw DomainError.invalid({ permissions: unknown.map(ROLE_MESSAGES.unknownPermission) })
  return [...new Set(list)]
}

async function setPermissions(tx: Database, roleId: number, permissions: string[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
  if (permissions.length) await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })))
}

const audit = (tx: Database, ctx: ServiceContext, actor: Actor, action: string, id: number, summary: string, details: Record<string, unknown> = {}) =>
  recordActivity(tx, {
    actorId: actor.id,
    action,
    subjectType: 'role',
    subjectId: id,
    summary,
    ipAddress: ctx.request.ipAddress,
    userAgent: ctx.request.userAgent,
    details,
  })

async function nameTaken(db: Database, name: string, exceptId = 0) {
  const [row] = await db.select({ id: roles.id }).from(roles).where(sql`${roles.name} = ${name} and ${roles.id} <> ${exceptId}`)
  return !!row
}

/** A new role with its permissions. Its users get exactly those permissions on their next request. */
export async function createRole(ctx: ServiceContext, input: unknown): Promise<RoleDto> {
  const actor = requireUserManager(ctx)
  const data = parseInput(CreateRoleInput, input)
  const permissions = checkPermissions(data.permissions) ?? []
  const id = await ctx.db.transaction(async (tx) => {
    if (await nameTaken(tx, data.name)) throw DomainError.invalid({ name: [ROLE_MESSAGES.nameTaken] })
    const [row] = await tx
      .insert(roles)
      .values({ name: data.name, displayName: data.display_name, description: data.description })
      .returning({ id: roles.id })
    await setPermissions(tx, row!.id, permissions)
    await audit(tx, ctx, actor, 'role.created', row!.id, `${actor.username} created the role ${data.display_name}`, { permissions })
    return row!.id
  })
  return serialize((await findRole(ctx.db, id))!)
}

/** Change a role. Built-in roles keep their names, and the superadmin role keeps '*'. */
export async function updateRole(ctx: ServiceContext, id: number, input: unknown): Promise<RoleDto> {
  const actor = requireUserManager(ctx)
  const data = parseInput(UpdateRoleInput, input)
  const permissions = checkPermissions(data.permissions)
  await ctx.db.transaction(async (tx) => {
    if (permissions) await lockUserAdministration(tx)
    const role = await findRole(tx, id)
    if (!role) throw notFound()
    const builtIn = BUILT_IN.has(role.name)
    if (data.name !== undefined && data.name !== role.name) {
      if (builtIn) throw DomainError.invalid({ name: [ROLE_MESSAGES.builtIn] })
      if (await nameTaken(tx, data.name, id)) throw DomainError.invalid({ name: [ROLE_MESSAGES.nameTaken] })
    }
    if (role.name === 'superadmin' && permissions && !permissions.includes('*')) {
      throw DomainError.invalid({ permissions: ['The superadmin role keeps every permission (*).'] })
    }
    const changes: Partial<typeof roles.$inferInsert> = {}
    if (data.name !== undefined) changes.name = data.name
    if (data.display_name !== undefined) changes.displayName = data.display_name
    if (data.description !== undefined) changes.description = data.description
    if (Object.keys(changes).length) await tx.update(roles).set(changes).where(eq(roles.id, id))
    if (permissions) {
      await setPermissions(tx, id, permissions)
      // Taking '*' from a custom role must not leave the platform without an active superadmin.
      await ensureSuperadminRemains(tx)
    }
    await audit(tx, ctx, actor, 'role.updated', id, `${actor.username} updated the role ${data.display_name ?? role.displayName}`, {
      fields: Object.keys(data),
      ...(permissions ? { permissions } : {}),
    })
  })
  return serialize((await findRole(ctx.db, id))!)
}

/** Delete a custom role nobody holds. */
export async function deleteRole(ctx: ServiceContext, id: number): Promise<void> {
  const actor = requireUserManager(ctx)
  await ctx.db.transaction(async (tx) => {
    const role = await findRole(tx, id)
    if (!role) throw notFound()
    if (BUILT_IN.has(role.name)) throw new DomainError('conflict', ROLE_MESSAGES.builtIn)
    const [held] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(eq(users.roleId, id))
    if (held!.n > 0) throw new DomainError('conflict', ROLE_MESSAGES.inUse(held!.n))
    await tx.delete(roles).where(eq(roles.id, id))
    await audit(tx, ctx, actor, 'role.deleted', id, `${actor.username} deleted the role ${role.displayName}`, { name: role.name })
  })
}

export interface RoleOption {
  value: number
  label: string
  name: string
}

export async function roleSelectOptions(ctx: ServiceContext): Promise<RoleOption[]> {
  requireUserManager(ctx)
  const rows = await ctx.db.select({ id: roles.id, name: roles.name, displayName: roles.displayName }).from(roles).orderBy(asc(roles.id))
  return rows.map((r) => ({ value: r.id, label: r.displayName, name: r.name }))
}

const roleExists = (db: Database) => db.select({ id: roles.id }).from(roles).where(eq(roles.id, sql.placeholder('id'))).prepare('role_exists')
const existsStatements = new WeakMap<Database, ReturnType<typeof roleExists>>()

/** GET roles/{id}/users/: the users holding a role, with the list's own filters and pages. */
export async function listRoleUsers(ctx: ServiceContext, id: number, input: Record<string, unknown> = {}): Promise<UserPage> {
  requireUserManager(ctx)
  let exists = existsStatements.get(ctx.db)
  if (!exists) existsStatements.set(ctx.db, (exists = roleExists(ctx.db)))
  // Only whether the role is there: its user count (findRole) would count every holder on every page.
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || !(await exists.execute({ id })).length) throw notFound()
  return queryUserPage(ctx.db, { ...input, role: String(id) })
}

/** The schema above, for the REST adapter's OpenAPI document (docs/api.md). */
export { ListRolesQuery }
