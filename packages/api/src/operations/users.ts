import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { pageRequest, pageResponse } from '../rest/pagination.ts'
import type { RestCall } from '../rest/router.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { custom, operations, type RestPlace } from './kit.ts'

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
const managers = operations(manager)
const admins = operations(adminOnly)

const byId = v.object({ id: val.RecordId })
const filters = v.optional(v.object({ search: v.optional(v.string()), role: v.optional(v.string()) }))
const FILTERS = ['search', 'role', 'is_active', 'is_staff'] as const
/** The filters the user lists pass on, as the service's query schema has them (for the OpenAPI document). */
const USER_FILTERS = v.pick(val.ListUsersQuery, FILTERS)

/** The list filters of the query string (empty values mean no filter). */
const queryFilters = (query: URLSearchParams): Record<string, string> =>
  Object.fromEntries(FILTERS.flatMap((key) => (query.get(key) ? [[key, query.get(key)!]] : [])))

const fullUrl = (call: RestCall) => `${call.origin}${call.req.url ?? '/'}`

/** A page of users as DRF answers it ({count, next, previous, results}). */
async function userPage(call: RestCall, load: (input: Record<string, unknown>) => Promise<core.UserPage>) {
  const request = pageRequest(call.query, 20)
  const page = await load({ ...queryFilters(call.query), page: request.page, page_size: request.pageSize })
  return { body: pageResponse(fullUrl(call), request, page.count, page.results) }
}

/** A user list: tRPC the list query; REST DRF pages of the filters. */
const userList = (base: typeof manager, service: (ctx: core.ServiceContext, input: unknown) => Promise<core.UserPage>, rest: RestPlace) =>
  custom(
    base.input(v.optional(val.ListUsersQuery)).query(({ ctx, input }) => service(ctx.service, input ?? {})),
    {
      auth: 'optional',
      query: USER_FILTERS,
      paginated: true,
      ...rest,
      handler: (call) => userPage(call, (input) => service(call.ctx, input)),
    },
  )

/** A record by its numeric id (REST path ids are checked as record ids before they reach here). */
const byNumber =
  <R>(service: (ctx: core.ServiceContext, id: number) => Promise<R>) =>
  (ctx: core.ServiceContext, id: string | number) =>
    service(ctx, Number(id))

/** A change by id with the typed data: tRPC `{id, data}`; REST PATCH and PUT. */
const change = <S extends v.GenericSchema, R>(service: (ctx: core.ServiceContext, id: number, input: unknown) => Promise<R>, data: S, rest: RestPlace) =>
  custom(
    manager.input(v.object({ id: val.RecordId, data })).mutation(({ ctx, input }) => {
      const { id, data } = input as { id: number; data: unknown }
      return service(ctx.service, id, data)
    }),
    {
      auth: 'optional',
      body: data,
      ...rest,
      handler: async ({ ctx, params, body }) => ({ body: await service(ctx, Number(params.id), await body()) }),
    },
  )

/** A delete by id: tRPC answers `detail`; REST 204. */
const removal = (service: (ctx: core.ServiceContext, id: number) => Promise<void>, detail: string, rest: RestPlace) =>
  custom(
    manager.input(byId).mutation(async ({ ctx, input }) => {
      await service(ctx.service, input.id)
      return { detail }
    }),
    {
      auth: 'optional',
      ...rest,
      handler: async ({ ctx, params }) => {
        await service(ctx, Number(params.id))
        return { status: 204, body: null }
      },
    },
  )

export const users = {
  list: userList(manager, core.listManagedUsers, { at: `GET ${usersMgmt}/`, summary: 'Users' }),
  /** tRPC: the invitation links to the configured origin; REST: to this request's. */
  create: custom(
    manager
      .input(val.CreateManagedUserInput)
      .mutation(({ ctx, input }) => core.createManagedUser(ctx.service, input, ctx.app.config.appOrigin ?? `http://localhost:${ctx.app.config.port}`)),
    {
      at: `POST ${usersMgmt}/`,
      auth: 'optional',
      summary: 'Create a user (an invitation mail sets the password)',
      body: val.CreateManagedUserInput,
      status: 201,
      handler: async ({ ctx, body, origin }) => ({ status: 201, body: await core.createManagedUser(ctx, await body(), origin) }),
    },
  ),
  selectOptions: custom(
    manager.input(filters).query(({ ctx, input }) => core.userSelectOptions(ctx.service, input ?? {})),
    {
      at: `GET ${usersMgmt}/select_options/`,
      auth: 'optional',
      summary: 'Users as select options',
      query: core.UserSelectOptionsQuery,
      handler: async ({ ctx, query }) => ({ body: await core.userSelectOptions(ctx, queryFilters(query)) }),
    },
  ),
  stats: managers.read(core.getUserStats, { at: `GET ${usersMgmt}/stats/`, auth: 'optional', summary: 'User counts by role and status' }),
  bulkUpdateStatus: managers.write(
    core.bulkUpdateStatus,
    { at: `POST ${usersMgmt}/bulk_update_status/`, auth: 'optional', summary: 'Activate or deactivate users at once', body: val.BulkUpdateStatusInput },
    val.BulkUpdateStatusInput,
  ),
  get: managers.get(byNumber(core.getManagedUser), { at: `GET ${usersMgmt}/{id}/`, auth: 'optional', summary: 'One user' }),
  update: change(core.updateManagedUser, val.UpdateManagedUserInput, {
    at: [`PATCH ${usersMgmt}/{id}/`, `PUT ${usersMgmt}/{id}/`],
    summary: 'Change a user',
    readOnly: ['full_name', 'date_joined', 'last_login'],
  }),
  /** DELETE in REST: deactivates. */
  deactivate: removal(core.deactivateUser, 'User deactivated.', { at: `DELETE ${usersMgmt}/{id}/`, summary: 'Deactivate a user' }),
  changeRole: custom(
    manager
      .input(v.object({ id: val.RecordId, ...val.ChangeRoleInput.entries }))
      .mutation(({ ctx, input }) => core.changeUserRole(ctx.service, input.id, { role_id: input.role_id })),
    {
      at: `POST ${usersMgmt}/{id}/change_role/`,
      auth: 'optional',
      summary: "Change a user's role",
      body: val.ChangeRoleInput,
      handler: async ({ ctx, params, body }) => ({ body: await core.changeUserRole(ctx, Number(params.id), await body()) }),
    },
  ),
  activity: managers.get(byNumber(core.getUserActivity), { at: `GET ${usersMgmt}/{id}/activity/`, auth: 'optional', summary: "A user's recent activity" }),
}

export const roles = {
  /** REST pages the handful of roles in memory. */
  list: custom(
    manager.input(filters).query(({ ctx, input }) => core.listRoles(ctx.service, { search: input?.search })),
    {
      at: `GET ${rolesBase}/`,
      auth: 'optional',
      summary: 'Roles',
      query: core.ListRolesQuery,
      paginated: true,
      handler: async (call) => {
        const all = await core.listRoles(call.ctx, queryFilters(call.query))
        const request = pageRequest(call.query, 100)
        return { body: pageResponse(fullUrl(call), request, all.length, all.slice(request.offset, request.offset + request.pageSize)) }
      },
    },
  ),
  create: managers.create(
    core.createRole,
    { at: `POST ${rolesBase}/`, auth: 'optional', summary: 'Create a role', body: val.CreateRoleInput },
    val.CreateRoleInput,
  ),
  selectOptions: managers.read(core.roleSelectOptions, { at: `GET ${rolesBase}/select_options/`, auth: 'optional', summary: 'Roles as select options' }),
  get: managers.get(byNumber(core.getRole), { at: `GET ${rolesBase}/{id}/`, auth: 'optional', summary: 'One role' }),
  update: change(core.updateRole, val.UpdateRoleInput, {
    at: [`PATCH ${rolesBase}/{id}/`, `PUT ${rolesBase}/{id}/`],
    summary: 'Change a role',
    readOnly: ['user_count', 'is_builtin', 'created_at'],
  }),
  delete: removal(core.deleteRole, 'Role deleted.', { at: `DELETE ${rolesBase}/{id}/`, summary: 'Delete a role', errors: [409] }),
  users: custom(
    manager
      .input(v.object({ id: val.RecordId, ...v.partial(v.omit(val.ListUsersQuery, ['role'])).entries }))
      .query(({ ctx, input: { id, ...query } }) => core.listRoleUsers(ctx.service, id, query)),
    {
      at: `GET ${rolesBase}/{id}/users/`,
      auth: 'optional',
      summary: 'The users of a role',
      query: USER_FILTERS,
      paginated: true,
      handler: (call) => userPage(call, (input) => core.listRoleUsers(call.ctx, Number(call.params.id), input)),
    },
  ),
}

export const admin = {
  dashboard: admins.read(core.adminDashboard, { at: `GET ${adminBase}/dashboard/`, auth: 'optional', summary: 'The admin dashboard figures' }),
  users: userList(adminOnly, core.adminListUsers, { at: `GET ${adminBase}/users/`, summary: 'Users (the admin path)' }),
  analytics: custom(
    adminOnly
      .input(v.optional(v.object({ period: v.optional(v.string()), refresh: v.optional(v.boolean()) })))
      .query(({ ctx, input }) => core.adminAnalytics(ctx.service, input ?? {})),
    {
      at: `GET ${adminBase}/analytics/`,
      auth: 'optional',
      summary: 'Analytics for a period',
      query: v.object({ period: v.optional(v.string()), refresh: v.optional(v.picklist(['1', 'true', '0', 'false'])) }),
      handler: async ({ ctx, query }) => ({
        body: await core.adminAnalytics(ctx, { period: query.get('period') ?? undefined, refresh: ['1', 'true'].includes(query.get('refresh') ?? '') }),
      }),
    },
  ),
  systemHealth: admins.read(core.systemHealth, { at: `GET ${adminBase}/system-health/`, auth: 'optional', summary: 'System health: database, storage, jobs' }),
  changeRole: custom(
    adminOnly
      .input(v.object({ id: val.RecordId, ...val.AdminRoleInput.pipe[0].entries }))
      .mutation(({ ctx, input: { id, ...data } }) => core.adminChangeUserRole(ctx.service, id, data)),
    {
      at: `PATCH ${adminBase}/users/{id}/role/`,
      auth: 'optional',
      summary: "Change a user's role (the admin path)",
      body: val.AdminRoleInput,
      handler: async ({ ctx, params, body }) => ({ body: await core.adminChangeUserRole(ctx, Number(params.id), await body()) }),
    },
  ),
}
