import { ListNotificationsQuery, listNotifications, markAllNotificationsRead, markNotificationRead, NOTIFICATIONS_PAGE_SIZE } from '@meridian/core'
import { pagedList } from './pagination.ts'
import type { RouteTable } from './router.ts'

/**
 * The notifications bell (docs/notifications.md): one's own notifications, DRF-paged latest first with
 * `counters.unread`; `?unread=true` keeps the unread ones. Another user's notification answers 404.
 */
export function notificationRoutes(table: RouteTable) {
  const base = '/api/notifications'
  table
    .add('GET', `${base}/`, pagedList(listNotifications, NOTIFICATIONS_PAGE_SIZE), {
      summary: "The signed-in user's notifications, latest first, with counters.unread",
      query: ListNotificationsQuery,
      paginated: true,
    })
    .add('POST', `${base}/read-all/`, async ({ ctx }) => ({ body: await markAllNotificationsRead(ctx) }), {
      summary: 'Mark every notification read',
      body: null,
    })
    .add('POST', `${base}/{id}/read/`, async ({ ctx, params }) => ({ body: await markNotificationRead(ctx, params.id) }), {
      summary: 'Mark one notification read',
      body: null,
    })
}
