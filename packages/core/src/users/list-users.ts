import { ListUsersQuery } from '@meridian/validators'
import { and, asc, type Database, desc, eq, roles, sql, users } from '@meridian/db'
import * as v from 'valibot'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { USER_NOT_FOUND_MESSAGE } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { displayName } from '../auth/serialize-user.ts'
import { type AuditEntryDto, listUserAudit } from './audit.ts'
import { fetchManagedUser, type ManagedUserDto, managedUserColumns, serializeManagedUser } from './managed-user.ts'
import { requireUserManager } from './user-access.ts'

export interface UserPage {
  count: number
  page: number
  page_size: number
  results: ManagedUserDto[]
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

type SQL = ReturnType<typeof sql>
type Shape = { search: boolean; role: 'none' | 'name' | 'id'; active: boolean; staff: boolean }

/**
 * One prepared statement per combination of filters in use (at most 24), each naming only its own conditions so
 * the planner can use the role index; the total comes from a window count over the same scan, so a page costs one
 * round trip. Search is one LIKE on the lower-cased search_text column.
 */
function prepareList(db: Database, shape: Shape) {
  const conditions: SQL[] = []
  if (shape.search) conditions.push(sql`${users.searchText} like ${sql.placeholder('pattern')}`)
  if (shape.role === 'name') conditions.push(sql`${roles.name} = ${sql.placeholder('role')}`)
  if (shape.role === 'id') conditions.push(sql`${roles.id} = ${sql.placeholder('role')}`)
  if (shape.active) conditions.push(sql`${users.isActive} = ${sql.placeholder('active')}`)
  if (shape.staff) conditions.push(sql`${users.isStaff} = ${sql.placeholder('staff')}`)
  const name = `list_managed_users_${Number(shape.search)}${shape.role}${Number(shape.active)}${Number(shape.staff)}`
  // The filter, sort, count and page run over narrow rows (id, date_joined); only the page's rows are read in full.
  const page = db
    .select({ id: sql<number>`${users.id}`.as('page_id'), joined: sql`${users.dateJoined}`.as('page_joined'), total: sql<number>`count(*) over ()`.as('total') })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(users.dateJoined), desc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page')
  return db
    .select({ ...managedUserColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .orderBy(desc(page.joined), desc(page.id))
    .prepare(name)
}

type ListStatement = ReturnType<typeof prepareList>
const statements = new WeakMap<Database, Map<string, ListStatement>>()

/** One page of users by the documented filters; no permission check (callers check). */
export async function queryUserPage(db: Database, input: unknown): Promise<UserPage> {
  const q = parseInput(ListUsersQuery, input)
  const roleById = /^\d{1,9}$/.test(q.role)
  const shape: Shape = {
    search: q.search !== '',
    role: q.role === '' ? 'none' : roleById ? 'id' : 'name',
    active: q.is_active !== undefined,
    staff: q.is_staff !== undefined,
  }
  const key = JSON.stringify(shape)
  let cache = statements.get(db)
  if (!cache) statements.set(db, (cache = new Map()))
  let statement = cache.get(key)
  if (!statement) cache.set(key, (statement = prepareList(db, shape)))
  const rows = await statement.execute({
    pattern: `%${escapeLike(q.search.toLowerCase())}%`,
    role: roleById ? Number(q.role) : q.role,
    active: q.is_active,
    staff: q.is_staff,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
  })
  if (rows.length === 0 && q.page > 1) throw new DomainError('not_found', 'Invalid page.')
  return {
    count: rows[0]?.total ?? 0,
    page: q.page,
    page_size: q.page_size,
    results: rows.map(serializeManagedUser),
  }
}

/** GET users-mgmt/: superadmin-level. Filters page, page_size, search, role (name or id), is_active, is_staff. */
export async function listManagedUsers(ctx: ServiceContext, input: unknown): Promise<UserPage> {
  requireUserManager(ctx)
  return queryUserPage(ctx.db, input)
}

export async function getManagedUser(ctx: ServiceContext, id: number): Promise<ManagedUserDto> {
  requireUserManager(ctx)
  const row = await fetchManagedUser(ctx.db, id)
  if (!row) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE)
  return serializeManagedUser(row)
}

/** The audit trail of one user: who changed what about them, when and from where. */
export async function getUserActivity(ctx: ServiceContext, id: number): Promise<AuditEntryDto[]> {
  requireUserManager(ctx)
  const row = await fetchManagedUser(ctx.db, id)
  if (!row) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE)
  return listUserAudit(ctx.db, id)
}

export interface UserStats {
  total: number
  active: number
  inactive: number
  staff: number
  roles: number
  by_role: Record<string, { count: number; active: number; display_name: string }>
}

/** Counts for the stats cards and Role Distribution, in one query; no permission check (callers check). */
export async function queryUserStats(db: Database): Promise<UserStats> {
  const rows = await db
    .select({
      name: roles.name,
      displayName: roles.displayName,
      count: sql<number>`count(${users.id})`.mapWith(Number),
      active: sql<number>`count(${users.id}) filter (where ${users.isActive})`.mapWith(Number),
      staff: sql<number>`count(${users.id}) filter (where ${users.isStaff})`.mapWith(Number),
    })
    .from(roles)
    .leftJoin(users, eq(users.roleId, roles.id))
    .groupBy(roles.id)
    .orderBy(asc(roles.id))
  const stats: UserStats = { total: 0, active: 0, inactive: 0, staff: 0, roles: rows.length, by_role: {} }
  for (const r of rows) {
    stats.total += r.count
    stats.active += r.active
    stats.staff += r.staff
    stats.by_role[r.name] = { count: r.count, active: r.active, display_name: r.displayName }
  }
  stats.inactive = stats.total - stats.active
  return stats
}

export async function getUserStats(ctx: ServiceContext): Promise<UserStats> {
  requireUserManager(ctx)
  return queryUserStats(ctx.db)
}

const SelectOptionsQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  role: v.optional(v.pipe(v.string(), v.trim()), ''),
})

export interface UserOption {
  value: number
  label: string
  username: string
  role: string
}

/** Active users for pickers (at most 200, by name), optionally narrowed by search and role name. */
export async function userSelectOptions(ctx: ServiceContext, input: unknown = {}): Promise<UserOption[]> {
  requireUserManager(ctx)
  const { search, role } = parseInput(SelectOptionsQuery, input)
  const pattern = `%${escapeLike(search.toLowerCase())}%`
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.isActive, true),
        role ? eq(roles.name, role) : undefined,
        search ? sql`${users.searchText} like ${pattern}` : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.username))
    .limit(200)
  return rows.map((r) => ({ value: r.id, label: `${displayName(r)} (@${r.username})`, username: r.username, role: r.role }))
}
