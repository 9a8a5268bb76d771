import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { pageRequest, pageResponse } from '../rest/pagination.ts'
import type { RestCall } from '../rest/router.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { operations, type RestPlace } from './kit.ts'

/**
 * User management, roles and the admin calls (3-back-office.md §7, 1-platform-core.md §7). The procedures ask the
 * screen's rule before reading the input, so an anonymous or unauthorised call is 401 / 403 whatever it sends; the
 * services check it again with their own texts, which REST ('optional' auth) passes on to anonymous callers.
 */
const usersMgmt = '/users/api/users-mgmt'
const rolesBase = '/users/api/roles'
const adminBase = '/users/api/admin'

const manager = gatedProcedure(core.requireUserManager)
const adminOnly = gatedProcedure(core.requireAdmin)
const managers = operations(manager, { auth: 'optional' })
const admins = operations(adminOnly, { auth: 'optional' })

const filters = v.optional(v.object({ search: v.optional(v.string()), role: v.optional(v.string()) }))
const FILTERS = ['search', 'role', 'is_active', 'is_staff'] as const
/** The filters the user lists pass on, as the service's query schema has them (for the OpenAPI document). */
const USER_FILTERS = v.pick(val.ListUsersQuery, FILTERS)

/** The list filters of the query string (empty values mean no filter). */
const queryFilters = (query: URLSearchParams): Record<string, string> =>
  Object.fromEntries(FILTERS.flatMap((key) => (query.get(key) ? [[key, query.get(key)!]] : [])))

/** A page as DRF answers it ({count, next, previous, results}) of `load`'s results for the page's filters. */
async function userPage(call: RestCall, load: (input: Record<string, unknown>) => Promise<core.UserPage>) {
  const request = pageRequest(call.query, 20)
  const page = await load({ ...queryFilters(call.query), page: request.page, page_size: request.pageSize })
  return { body: pageResponse(`${call.origin}${call.req.url ?? '/'}`, request, page.count, page.results) }
}

/** A user list: tRPC the list query; REST DRF pages of the filters. */
const userList = (ops: typeof managers, service: (ctx: core.ServiceContext, input: unknown) => Promise<core.UserPage>, rest: RestPlace) =>
  ops.custom(ops.query(service, undefined, v.optional(val.ListUsersQuery)).procedure, {
    query: USER_FILTERS,
    paginated: true,
    ...rest,
    handler: (call) => userPage(call, (input) => service(call.ctx, input)),
  })

export const users = {
  list: userList(managers, core.listManagedUsers, { at: `GET ${usersMgmt}/`, summary: 'Users' }),
  /** The invitation links to this request's origin on REST, to the configured one on tRPC. */
  create: managers.create(
    (ctx, input) => core.createManagedUser(ctx, input),
    { at: `POST ${usersMgmt}/`, summary: 'Create a user (an invitation mail sets the password)', body: val.CreateManagedUserInput },
    val.CreateManagedUserInput,
  ),
  selectOptions: managers.query(
    core.userSelectOptions,
    { at: `GET ${usersMgmt}/select_options/`, summary: 'Users as select options', query: core.UserSelectOptionsQuery },
    filters,
  ),
  stats: managers.read(core.getUserStats, { at: `GET ${usersMgmt}/stats/`, summary: 'User counts by role and status' }),
  bulkUpdateStatus: managers.write(
    core.bulkUpdateStatus,
    { at: `POST ${usersMgmt}/bulk_update_status/`, summary: 'Activate or deactivate users at once', body: val.BulkUpdateStatusInput },
    val.BulkUpdateStatusInput,
  ),
  get: managers.get(core.getManagedUser, { at: `GET ${usersMgmt}/{id}/`, summary: 'One user' }),
  update: managers.update(
    core.updateManagedUser,
    { at: [`PATCH ${usersMgmt}/{id}/`, `PUT ${usersMgmt}/{id}/`], summary: 'Change a user', readOnly: ['full_name', 'date_joined', 'last_login'] },
    { data: val.UpdateManagedUserInput },
  ),
  /** DELETE in REST: deactivates. */
  deactivate: managers.remove(core.deactivateUser, { at: `DELETE ${usersMgmt}/{id}/`, summary: 'Deactivate a user' }, () => ({ detail: 'User deactivated.' })),
  changeRole: managers.flat(core.changeUserRole, val.ChangeRoleInput.entries, {
    at: `POST ${usersMgmt}/{id}/change_role/`,
    summary: "Change a user's role",
    body: val.ChangeRoleInput,
  }),
  activity: managers.get(core.getUserActivity, { at: `GET ${usersMgmt}/{id}/activity/`, summary: "A user's recent activity" }),
}

export const roles = {
  /** REST pages the handful of roles in memory. */
  list: managers.custom(
    manager.input(filters).query(({ ctx, input }) => core.listRoles(ctx.service, { search: input?.search })),
    {
      at: `GET ${rolesBase}/`,
      summary: 'Roles',
      query: core.ListRolesQuery,
      paginated: true,
      handler: async (call) => {
        const all = await core.listRoles(call.ctx, queryFilters(call.query))
        const request = pageRequest(call.query, 100)
        return { body: pageResponse(`${call.origin}${call.req.url ?? '/'}`, request, all.length, all.slice(request.offset, request.offset + request.pageSize)) }
      },
    },
  ),
  create: managers.create(core.createRole, { at: `POST ${rolesBase}/`, summary: 'Create a role', body: val.CreateRoleInput }, val.CreateRoleInput),
  selectOptions: managers.read(core.roleSelectOptions, { at: `GET ${rolesBase}/select_options/`, summary: 'Roles as select options' }),
  get: managers.get(core.getRole, { at: `GET ${rolesBase}/{id}/`, summary: 'One role' }),
  update: managers.update(
    core.updateRole,
    { at: [`PATCH ${rolesBase}/{id}/`, `PUT ${rolesBase}/{id}/`], summary: 'Change a role', readOnly: ['user_count', 'is_builtin', 'created_at'] },
    { data: val.UpdateRoleInput },
  ),
  delete: managers.remove(core.deleteRole, { at: `DELETE ${rolesBase}/{id}/`, summary: 'Delete a role', errors: [409] }, () => ({ detail: 'Role deleted.' })),
  users: managers.custom(managers.get(core.listRoleUsers, undefined, v.partial(v.omit(val.ListUsersQuery, ['role'])).entries).procedure, {
    at: `GET ${rolesBase}/{id}/users/`,
    summary: 'The users of a role',
    query: USER_FILTERS,
    paginated: true,
    handler: (call) => userPage(call, (input) => core.listRoleUsers(call.ctx, Number(call.params.id), input)),
  }),
}

export const admin = {
  dashboard: admins.read(core.adminDashboard, { at: `GET ${adminBase}/dashboard/`, summary: 'The admin dashboard figures' }),
  users: userList(admins, core.adminListUsers, { at: `GET ${adminBase}/users/`, summary: 'Users (the admin path)' }),
  analytics: admins.custom(
    admins.query(core.adminAnalytics, undefined, v.optional(v.object({ period: v.optional(v.string()), refresh: v.optional(v.boolean()) }))).procedure,
    {
      at: `GET ${adminBase}/analytics/`,
      summary: 'Analytics for a period',
      query: v.object({ period: v.optional(v.string()), refresh: v.optional(v.picklist(['1', 'true', '0', 'false'])) }),
      handler: async ({ ctx, query }) => ({
        body: await core.adminAnalytics(ctx, { period: query.get('period') ?? undefined, refresh: ['1', 'true'].includes(query.get('refresh') ?? '') }),
      }),
    },
  ),
  systemHealth: admins.read(core.systemHealth, { at: `GET ${adminBase}/system-health/`, summary: 'System health: database, storage, jobs' }),
  changeRole: admins.flat(core.adminChangeUserRole, val.AdminRoleInput.pipe[0].entries, {
    at: `PATCH ${adminBase}/users/{id}/role/`,
    summary: "Change a user's role (the admin path)",
    body: val.AdminRoleInput,
  }),
}
