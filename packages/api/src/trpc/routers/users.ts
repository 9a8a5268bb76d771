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
  roleSelectOptions,
  systemHealth,
  updateManagedUser,
  updateRole,
  userSelectOptions,
} from '@meridian/core'
import * as v from 'valibot'
import { publicProcedure, router } from '../init.ts'

/*
 * The services check access themselves and answer anonymous callers with their own texts, so these are public
 * procedures: UNAUTHORIZED / FORBIDDEN come from the services, like every other rule.
 */

const byId = v.object({ id: v.pipe(v.number(), v.integer()) })
const filters = v.optional(v.object({ search: v.optional(v.string()), role: v.optional(v.string()) }))

export const usersRouter = router({
  list: publicProcedure.input(v.optional(ListUsersQuery)).query(({ ctx, input }) => listManagedUsers(ctx.service, input ?? {})),
  get: publicProcedure.input(byId).query(({ ctx, input }) => getManagedUser(ctx.service, input.id)),
  create: publicProcedure.input(CreateManagedUserInput).mutation(({ ctx, input }) =>
    createManagedUser(ctx.service, input, ctx.app.config.appOrigin ?? `http://localhost:${ctx.app.config.port}`),
  ),
  update: publicProcedure
    .input(v.object({ id: byId.entries.id, data: UpdateManagedUserInput }))
    .mutation(({ ctx, input }) => updateManagedUser(ctx.service, input.id, input.data)),
  /** DELETE in REST: deactivates. */
  deactivate: publicProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deactivateUser(ctx.service, input.id)
    return { detail: 'User deactivated.' }
  }),
  selectOptions: publicProcedure.input(filters).query(({ ctx, input }) => userSelectOptions(ctx.service, input ?? {})),
  changeRole: publicProcedure
    .input(v.object({ id: byId.entries.id, ...ChangeRoleInput.entries }))
    .mutation(({ ctx, input }) => changeUserRole(ctx.service, input.id, { role_id: input.role_id })),
  bulkUpdateStatus: publicProcedure.input(BulkUpdateStatusInput).mutation(({ ctx, input }) => bulkUpdateStatus(ctx.service, input)),
  stats: publicProcedure.query(({ ctx }) => getUserStats(ctx.service)),
  activity: publicProcedure.input(byId).query(({ ctx, input }) => getUserActivity(ctx.service, input.id)),
})

export const rolesRouter = router({
  list: publicProcedure.input(filters).query(({ ctx, input }) => listRoles(ctx.service, { search: input?.search })),
  get: publicProcedure.input(byId).query(({ ctx, input }) => getRole(ctx.service, input.id)),
  create: publicProcedure.input(CreateRoleInput).mutation(({ ctx, input }) => createRole(ctx.service, input)),
  update: publicProcedure
    .input(v.object({ id: byId.entries.id, data: UpdateRoleInput }))
    .mutation(({ ctx, input }) => updateRole(ctx.service, input.id, input.data)),
  delete: publicProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteRole(ctx.service, input.id)
    return { detail: 'Role deleted.' }
  }),
  selectOptions: publicProcedure.query(({ ctx }) => roleSelectOptions(ctx.service)),
  users: publicProcedure
    .input(v.object({ id: byId.entries.id, ...v.partial(v.omit(ListUsersQuery, ['role'])).entries }))
    .query(({ ctx, input }) => {
      const { id, ...query } = input
      return listRoleUsers(ctx.service, id, query)
    }),
})

export const adminRouter = router({
  dashboard: publicProcedure.query(({ ctx }) => adminDashboard(ctx.service)),
  users: publicProcedure.input(v.optional(ListUsersQuery)).query(({ ctx, input }) => adminListUsers(ctx.service, input ?? {})),
  analytics: publicProcedure.query(({ ctx }) => adminAnalytics(ctx.service)),
  systemHealth: publicProcedure.query(({ ctx }) => systemHealth(ctx.service)),
  changeRole: publicProcedure
    .input(v.object({ id: byId.entries.id, ...AdminRoleInput.pipe[0].entries }))
    .mutation(({ ctx, input }) => {
      const { id, ...data } = input
      return adminChangeUserRole(ctx.service, id, data)
    }),
})
