import * as core from '@meridian/core'
import * as v from 'valibot'
import { authedProcedure } from '../trpc/init.ts'
import { operations } from './kit.ts'

/**
 * The notifications bell (docs/notifications.md): everyone signed in, their own only, DRF-paged latest first with
 * `counters.unread`; `?unread=true` keeps the unread ones. Ids are the service's to judge: an unknown or malformed one
 * answers 404 like another user's.
 */
const base = '/api/notifications'
const signedIn = operations(authedProcedure, { id: v.unknown() })
export const notifications = {
  list: signedIn.list(core.listNotifications, core.NOTIFICATIONS_PAGE_SIZE, {
    at: `GET ${base}/`,
    summary: "The signed-in user's notifications, latest first, with counters.unread",
    query: core.ListNotificationsQuery,
  }),
  unread: signedIn.read(core.unreadNotificationCount),
  readAll: signedIn.command(core.markAllNotificationsRead, { at: `POST ${base}/read-all/`, summary: 'Mark every notification read' }),
  read: signedIn.act(core.markNotificationRead, { at: `POST ${base}/{id}/read/`, summary: 'Mark one notification read' }),
}
