import {
  adminAnalytics,
  adminChangeUserRole,
  adminDashboard,
  adminListUsers,
  bulkUpdateStatus,
  changeUserRole,
  createManagedUser,
  createRole,
  deactivateUser,
  deleteRole,
  DomainError,
  getManagedUser,
  getRole,
  getUserActivity,
  getUserStats,
  listManagedUsers,
  listRoles,
  ListRolesQuery,
  listRoleUsers,
  roleSelectOptions,
  systemHealth,
  updateManagedUser,
  updateRole,
  userSelectOptions,
  UserSelectOptionsQuery,
  USER_NOT_FOUND_MESSAGE,
  type UserPage,
} from '@meridian/core'
import {
  AdminRoleInput,
  BulkUpdateStatusInput,
  ChangeRoleInput,
  CreateManagedUserInput,
  CreateRoleInput,
  ListUsersQuery,
  UpdateManagedUserInput,
  UpdateRoleInput,
} from '@meridian/validators'
import * as v from 'valibot'
import { pageRequest, pageResponse } from './pagination.ts'
import type { Handler, RestCall, RouteTable } from './router.ts'

/** A numeric path id; anything else is a 404, as an unknown id is. */
function idOf(raw: string | undefined, message = USER_NOT_FOUND_MESSAGE): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) throw new DomainError('not_found', message)
  return Number(raw)
}

const FILTERS = ['search', 'role', 'is_active', 'is_staff'] as const
/** The filters the user lists pass on, as the service's query schema has them (for the OpenAPI document). */
const USER_FILTERS = v.pick(ListUsersQuery, FILTERS)
const ANALYTICS_QUERY = v.object({ period: v.optional(v.string()), refresh: v.optional(v.picklist(['1', 'true', '0', 'false'])) })

/** The list filters of the query string (empty values mean no filter). */
function filters(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of FILTERS) {
    const value = query.get(key)
    if (value !== null && value !== '') out[key] = value
  }
  return out
}

const fullUrl = (call: RestCall) => `${call.origin}${call.req.url ?? '/'}`

/** A page of users as DRF answers it ({count, next, previous, results}). */
async function userPage(call: RestCall, load: (input: Record<string, unknown>) => Promise<UserPage>) {
  const request = pageRequest(call.query, 20)
  const page = await load({ ...filters(call.query), page: request.page, page_size: request.pageSize })
  return { body: pageResponse(fullUrl(call), request, page.count, page.results) }
}

/** A short list paged in memory (roles are a handful of rows). */
function pageOf<T>(call: RestCall, all: T[]) {
  const request = pageRequest(call.query, 100)
  return pageResponse(fullUrl(call), request, all.length, all.slice(request.offset, request.offset + request.pageSize))
}

const usersMgmt = '/users/api/users-mgmt'
const rolesBase = '/users/api/roles'
const admin = '/users/api/admin'

/**
 * User management, roles and the admin calls (3-back-office.md §7, 1-platform-core.md §7). The services answer
 * anonymous callers themselves ('optional' auth), so the screen's own texts reach REST clients too.
 */
export function userRoutes(table: RouteTable) {
  const list: Handler = (call) => userPage(call, (input) => listManagedUsers(call.ctx, input))
  table
    .add('GET', `${usersMgmt}/`, list, 'optional', { summary: 'Users', query: USER_FILTERS, paginated: true })
    .add('POST', `${usersMgmt}/`, async ({ ctx, body, origin }) => ({ status: 201, body: await createManagedUser(ctx, await body(), origin) }), 'optional', {
      summary: 'Create a user (an invitation mail sets the password)',
      body: CreateManagedUserInput,
      status: 201,
    })
    .add('GET', `${usersMgmt}/select_options/`, async ({ ctx, query }) => ({ body: await userSelectOptions(ctx, filters(query)) }), 'optional', {
      summary: 'Users as select options',
      query: UserSelectOptionsQuery,
    })
    .add('GET', `${usersMgmt}/stats/`, async ({ ctx }) => ({ body: await getUserStats(ctx) }), 'optional', { summary: 'User counts by role and status' })
    .add('POST', `${usersMgmt}/bulk_update_status/`, async ({ ctx, body }) => ({ body: await bulkUpdateStatus(ctx, await body()) }), 'optional', {
      summary: 'Activate or deactivate users at once',
      body: BulkUpdateStatusInput,
    })
    .add('GET', `${usersMgmt}/{id}/`, async ({ ctx, params }) => ({ body: await getManagedUser(ctx, idOf(params.id)) }), 'optional', { summary: 'One user' })
    .add('PATCH', `${usersMgmt}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateManagedUser(ctx, idOf(params.id), await body()) }), 'optional', {
      summary: 'Change a user',
      body: UpdateManagedUserInput,
      readOnly: ['full_name', 'date_joined', 'last_login'],
    })
    .add('PUT', `${usersMgmt}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateManagedUser(ctx, idOf(params.id), await body()) }), 'optional', {
      summary: 'Change a user',
      body: UpdateManagedUserInput,
      readOnly: ['full_name', 'date_joined', 'last_login'],
    })
    .add(
      'DELETE',
      `${usersMgmt}/{id}/`,
      async ({ ctx, params }) => {
        await deactivateUser(ctx, idOf(params.id))
        return { status: 204, body: null }
      },
      'optional',
      { summary: 'Deactivate a user' },
    )
    .add(
      'POST',
      `${usersMgmt}/{id}/change_role/`,
      async ({ ctx, params, body }) => ({ body: await changeUserRole(ctx, idOf(params.id), await body()) }),
      'optional',
      { summary: "Change a user's role", body: ChangeRoleInput },
    )
    .add('GET', `${usersMgmt}/{id}/activity/`, async ({ ctx, params }) => ({ body: await getUserActivity(ctx, idOf(params.id)) }), 'optional', {
      summary: "A user's recent activity",
    })

  const roleId = (raw: string | undefined) => idOf(raw, 'The requested resource was not found.')
  table
    .add('GET', `${rolesBase}/`, async (call) => ({ body: pageOf(call, await listRoles(call.ctx, filters(call.query))) }), 'optional', {
      summary: 'Roles',
      query: ListRolesQuery,
      paginated: true,
    })
    .add('POST', `${rolesBase}/`, async ({ ctx, body }) => ({ status: 201, body: await createRole(ctx, await body()) }), 'optional', {
      summary: 'Create a role',
      body: CreateRoleInput,
      status: 201,
    })
    .add('GET', `${rolesBase}/select_options/`, async ({ ctx }) => ({ body: await roleSelectOptions(ctx) }), 'optional', { summary: 'Roles as select options' })
    .add('GET', `${rolesBase}/{id}/`, async ({ ctx, params }) => ({ body: await getRole(ctx, roleId(params.id)) }), 'optional', { summary: 'One role' })
    .add('PATCH', `${rolesBase}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateRole(ctx, roleId(params.id), await body()) }), 'optional', {
      summary: 'Change a role',
      body: UpdateRoleInput,
      readOnly: ['user_count', 'is_builtin', 'created_at'],
    })
    .add('PUT', `${rolesBase}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateRole(ctx, roleId(params.id), await body()) }), 'optional', {
      summary: 'Change a role',
      body: UpdateRoleInput,
      readOnly: ['user_count', 'is_builtin', 'created_at'],
    })
    .add(
      'DELETE',
      `${rolesBase}/{id}/`,
      async ({ ctx, params }) => {
        await deleteRole(ctx, roleId(params.id))
        return { status: 204, body: null }
      },
      'optional',
      { summary: 'Delete a role', errors: [409] },
    )
    .add('GET', `${rolesBase}/{id}/users/`, (call) => userPage(call, (input) => listRoleUsers(call.ctx, roleId(call.params.id), input)), 'optional', {
      summary: 'The users of a role',
      query: USER_FILTERS,
      paginated: true,
    })

  table
    .add('GET', `${admin}/dashboard/`, async ({ ctx }) => ({ body: await adminDashboard(ctx) }), 'optional', { summary: 'The admin dashboard figures' })
    .add('GET', `${admin}/users/`, (call) => userPage(call, (input) => adminListUsers(call.ctx, input)), 'optional', {
      summary: 'Users (the admin path)',
      query: USER_FILTERS,
      paginated: true,
    })
    .add(
      'GET',
      `${admin}/analytics/`,
      async ({ ctx, query }) => ({
        body: await adminAnalytics(ctx, { period: query.get('period') ?? undefined, refresh: ['1', 'true'].includes(query.get('refresh') ?? '') }),
      }),
      'optional',
      { summary: 'Analytics for a period', query: ANALYTICS_QUERY },
    )
    .add('GET', `${admin}/system-health/`, async ({ ctx }) => ({ body: await systemHealth(ctx) }), 'optional', {
      summary: 'System health: database, storage, jobs',
    })
    .add(
      'PATCH',
      `${admin}/users/{id}/role/`,
      async ({ ctx, params, body }) => ({ body: await adminChangeUserRole(ctx, idOf(params.id), await body()) }),
      'optional',
      { summary: "Change a user's role (the admin path)", body: AdminRoleInput },
    )
}
