import { listNotifications, markAllNotificationsRead, markNotificationRead, NOTIFICATIONS_PAGE_SIZE, unreadNotificationCount } from '@meridian/core'
import * as v from 'valibot'
import { authedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Ids are the service's to judge: an unknown or malformed one answers 404 like another person's.
const byId = v.object({ id: v.unknown() })

/** The /api/notifications/… calls as procedures (docs/notifications.md): everyone signed in, their own only. */
export const notificationsRouter = router({
  list: authedProcedure
    .input(listInput(NOTIFICATIONS_PAGE_SIZE))
    .query(({ ctx, input }) => listNotifications(ctx.service, input.filters, pageWindow(input, NOTIFICATIONS_PAGE_SIZE))),
  unread: authedProcedure.query(({ ctx }) => unreadNotificationCount(ctx.service)),
  read: authedProcedure.input(byId).mutation(({ ctx, input }) => markNotificationRead(ctx.service, input.id)),
  readAll: authedProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx.service)),
})
