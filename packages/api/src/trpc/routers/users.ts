import {
  AdminRoleInput,
  BulkUpdateStatusInput,
  ChangeRoleInput,
  CreateManagedUserInput,
  CreateRoleInput,
  ListUsersQuery,
  UpdateManagedUserInput,
  UpdateRoleInput,
  RecordId,
} from '@meridian/validators'
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
  getManagedUser,
  getRole,
  getUserActivity,
  getUserStats,
  listManagedUsers,
  listRoles,
  listRoleUsers,
  requireAdmin,
  requireUserManager,
  roleSelectOptions,
  systemHealth,
  updateManagedUser,
  updateRole,
  userSelectOptions,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'

/** The screen's own rule, checked before the input is read: a caller without access never learns what input is valid. */
const managerProcedure = gatedProcedure(requireUserManager)
const adminProcedure = gatedProcedure(requireAdmin)

/*
 * The services check access themselves and answer with their own texts; the procedures ask the same rule once more
 * before reading the input, so an anonymous or unauthorised call is 401 / 403 whatever it sends.
 */
const byId = v.object({ id: RecordId })
const filters = v.optional(v.object({ search: v.optional(v.string()), role: v.optional(v.string()) }))

export const usersRouter = router({
  list: managerProcedure.input(v.optional(ListUsersQuery)).query(({ ctx, input }) => listManagedUsers(ctx.service, input ?? {})),
  get: managerProcedure.input(byId).query(({ ctx, input }) => getManagedUser(ctx.service, input.id)),
  create: managerProcedure.input(CreateManagedUserInput).mutation(({ ctx, input }) =>
    createManagedUser(ctx.service, input, ctx.app.config.appOrigin ?? `http://localhost:${ctx.app.config.port}`),
  ),
  update: managerProcedure
    .input(v.object({ id: byId.entries.id, data: UpdateManagedUserInput }))
    .mutation(({ ctx, input }) => updateManagedUser(ctx.service, input.id, input.data)),
  /** DELETE in REST: deactivates. */
  deactivate: managerProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deactivateUser(ctx.service, input.id)
    return { detail: 'User deactivated.' }
  }),
  selectOptions: managerProcedure.input(filters).query(({ ctx, input }) => userSelectOptions(ctx.service, input ?? {})),
  changeRole: managerProcedure
    .input(v.object({ id: byId.entries.id, ...ChangeRoleInput.entries }))
    .mutation(({ ctx, input }) => changeUserRole(ctx.service, input.id, { role_id: input.role_id })),
  bulkUpdateStatus: managerProcedure.input(BulkUpdateStatusInput).mutation(({ ctx, input }) => bulkUpdateStatus(ctx.service, input)),
  stats: managerProcedure.query(({ ctx }) => getUserStats(ctx.service)),
  activity: managerProcedure.input(byId).query(({ ctx, input }) => getUserActivity(ctx.service, input.id)),
})

export const rolesRouter = router({
  list: managerProcedure.input(filters).query(({ ctx, input }) => listRoles(ctx.service, { search: input?.search })),
  get: managerProcedure.input(byId).query(({ ctx, input }) => getRole(ctx.service, input.id)),
  create: managerProcedure.input(CreateRoleInput).mutation(({ ctx, input }) => createRole(ctx.service, input)),
  update: managerProcedure
    .input(v.object({ id: byId.entries.id, data: UpdateRoleInput }))
    .mutation(({ ctx, input }) => updateRole(ctx.service, input.id, input.data)),
  delete: managerProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteRole(ctx.service, input.id)
    return { detail: 'Role deleted.' }
  }),
  selectOptions: managerProcedure.query(({ ctx }) => roleSelectOptions(ctx.service)),
  users: managerProcedure
    .input(v.object({ id: byId.entries.id, ...v.partial(v.omit(ListUsersQuery, ['role'])).entries }))
    .query(({ ctx, input }) => {
      const { id, ...query } = input
      return listRoleUsers(ctx.service, id, query)
    }),
})

export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => adminDashboard(ctx.service)),
  users: adminProcedure.input(v.optional(ListUsersQuery)).query(({ ctx, input }) => adminListUsers(ctx.service, input ?? {})),
  analytics: adminProcedure.input(v.optional(v.object({ period: v.optional(v.string()), refresh: v.optional(v.boolean()) }))).query(({ ctx, input }) => adminAnalytics(ctx.service, input ?? {})),
  systemHealth: adminProcedure.query(({ ctx }) => systemHealth(ctx.service)),
  changeRole: adminProcedure
    .input(v.object({ id: byId.entries.id, ...AdminRoleInput.pipe[0].entries }))
    .mutation(({ ctx, input }) => {
      const { id, ...data } = input
      return adminChangeUserRole(ctx.service, id, data)
    }),
})
