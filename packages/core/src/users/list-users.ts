import { ListUsersQuery } from '@meridian/validators'
import { and, asc, type Database, eq, roles, sql, userCounts, users } from '@meridian/db'
import * as v from 'valibot'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { USER_NOT_FOUND_MESSAGE } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { displayName } from '../auth/serialize-user.ts'
import { type AuditEntryDto, listUserAudit } from './audit.ts'
import { fetchManagedUser, type ManagedUserDto, managedUserColumns, serializeManagedUser } from './managed-user.ts'
import { requireUserManager } from './user-access.ts'
import { pagedList } from '../lists/paged-list.ts'

export interface UserPage {
  count: number
  page: number
  page_size: number
  results: ManagedUserDto[]
  /** The rest of the list after this page (typed procedures and loaders: `cursor`); null after the last. */
  next_cursor: string | null
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Users newest first. Each filter has an index in this order (migration 0011); search reads the trigram index
 * on search_text. Without search or is_staff the count comes from user_counts, kept by triggers.
 */
const usersList = pagedList({
  name: 'users',
  table: users,
  id: users.id,
  keys: [
    { expr: users.dateJoined, type: 'timestamp' },
    { expr: users.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    search: (p) => sql`${users.searchText} like ${p()}`,
    role_id: (p) => sql`${users.roleId} = ${p()}`,
    role_name: (p) => sql`${users.roleId} = (select ${roles.id} from ${roles} where ${roles.name} = ${p()})`,
    is_active: (p) => sql`${users.isActive} = ${p()}`,
    is_staff: (p) => sql`${users.isStaff} = ${p()}`,
  },
  // user_counts' staff flag means is_staff or is_superuser, so it answers every filter but search and is_staff.
  counter: (db, active, param) =>
    active.some((f) => f === 'search' || f === 'is_staff')
      ? undefined
      : db
          .select({ count: sql<number>`coalesce(sum(${userCounts.count}), 0)`.mapWith(Number) })
          .from(userCounts)
          .where(
            and(
              active.includes('role_id') ? sql`${userCounts.roleId} = ${param('role_id')}` : undefined,
              active.includes('role_name')
                ? sql`${userCounts.roleId} = (select ${roles.id} from ${roles} where ${roles.name} = ${param('role_name')})`
                : undefined,
              active.includes('is_active') ? sql`${userCounts.isActive} = ${param('is_active')}` : undefined,
            ),
          ),
  rows: (db, page) =>
    db
      .select({ ...managedUserColumns, ...page.cursor })
      .from(page.from)
      .innerJoin(users, eq(users.id, page.id))
      .innerJoin(roles, eq(roles.id, users.roleId)),
})

/** The list's page statement and count for these filters (plan checks in tests). */
export const userListQueries = (db: Database, input: unknown) => {
  const q = parseInput(ListUsersQuery, input)
  return usersList.queries(db, userFilters(q), window(q))
}

function userFilters(q: ListUsersQuery) {
  const roleById = /^\d{1,9}$/.test(q.role)
  return {
    search: q.search === '' ? undefined : `%${escapeLike(q.search.toLowerCase())}%`,
    role_id: q.role !== '' && roleById ? Number(q.role) : undefined,
    role_name: q.role !== '' && !roleById ? q.role : undefined,
    is_active: q.is_active,
    is_staff: q.is_staff,
  }
}

const window = (q: ListUsersQuery) => ({ limit: q.page_size, offset: (q.page - 1) * q.page_size, after: q.cursor })

/** One page of users by the documented filters, or the page after `cursor`; no permission check (callers check). */
export async function queryUserPage(db: Database, input: unknown): Promise<UserPage> {
  const q = parseInput(ListUsersQuery, input)
  const { count, rows, next_cursor } = await usersList.page(db, userFilters(q), window(q))
  if (rows.length === 0 && q.page > 1 && !q.cursor) throw new DomainError('not_found', 'Invalid page.')
  return { count, page: q.page, page_size: q.page_size, results: rows.map(serializeManagedUser), next_cursor }
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

/** The schema above, for the REST adapter's OpenAPI document (docs/api.md). */
export { SelectOptionsQuery as UserSelectOptionsQuery }
