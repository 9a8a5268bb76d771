import { flag } from '@meridian/validators'
import { and, type Database, eq, getTableColumns, notifications, sql } from '@meridian/db'
import * as v from 'valibot'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { publishEvent } from '../events/publish.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { countUnreadNotifications } from './notify.ts'

export const NOTIFICATION_MESSAGES = {
  notFound: 'The requested notification was not found.',
} as const

/** Rows a page of the bell's list holds by default (REST, tRPC, the notifications page). */
export const NOTIFICATIONS_PAGE_SIZE = 20

type NotificationRow = typeof notifications.$inferSelect

function serializeNotification(n: NotificationRow) {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    /** Events folded into it while it was unread (new messages in one conversation). */
    count: n.count,
    is_read: n.readAt !== null,
    read_at: n.readAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  }
}
export type NotificationDto = ReturnType<typeof serializeNotification>

/** A user's notifications, the latest event first (notifications_user_idx: user_id, updated_at desc, id desc). */
const notificationList = pagedList({
  name: 'notifications',
  table: notifications,
  id: notifications.id,
  keys: [
    { expr: notifications.updatedAt, type: 'timestamp' },
    { expr: notifications.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    user: (p) => sql`${notifications.userId} = ${p()}`,
    // A literal condition (the value only switches it on): the user's index in order, read rows skipped.
    unread: () => sql`${notifications.readAt} is null`,
  },
  totals: { unread: sql`count(*) filter (where ${notifications.readAt} is null)` },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(notifications), ...page.cursor })
      .from(page.from)
      .innerJoin(notifications, eq(notifications.id, page.id)),
})

const ListNotificationsQuery = v.object({ unread: v.optional(flag) })

/**
 * The acting user's notifications, latest first; `unread` keeps the unread ones. `counters.unread` counts every
 * unread one whatever the filter. Everyone signed in; each sees only their own.
 */
export async function listNotifications(ctx: ServiceContext, query: unknown, page: PageWindow = { limit: NOTIFICATIONS_PAGE_SIZE }) {
  const actor = requireActor(ctx)
  const q = parseInput(ListNotificationsQuery, query ?? {})
  // Counted over all of the user's notifications (one statement: count and unread), the page cut by the filter.
  const { totals, rows, next_cursor } = await notificationList.page(ctx.db, { user: actor.id, unread: q.unread ? true : undefined }, page, { user: actor.id })
  const unread = totals.unread ?? 0
  return {
    count: q.unread ? unread : totals.count ?? 0,
    results: rows.map((r) => serializeNotification(r as NotificationRow)),
    next_cursor,
    counters: { unread },
  }
}

/** The list's statements for these filters (plan checks in tests). */
export const notificationListQueries = (db: Database, userId: number, query: unknown, page: PageWindow) =>
  notificationList.queries(db, { user: userId, unread: parseInput(ListNotificationsQuery, query ?? {}).unread ? true : undefined }, page)

/** `{unread}`: how many of the acting user's notifications are unread (the bell's badge). Everyone signed in. */
export async function unreadNotificationCount(ctx: ServiceContext): Promise<{ unread: number }> {
  const actor = requireActor(ctx)
  return { unread: await countUnreadNotifications(ctx.db, actor.id) }
}

/**
 * Mark one of the acting user's notifications read (again: no change). Another user's, or none, is not found (404).
 * The notification and the user's unread count after it.
 */
export async function markNotificationRead(ctx: ServiceContext, rawId: unknown): Promise<NotificationDto & { unread: number }> {
  const actor = requireActor(ctx)
  const id = idOf(rawId, NOTIFICATION_MESSAGES.notFound)
  const row = await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id), sql`${notifications.readAt} is null`))
      .returning()
    if (marked) {
      await publishEvent(tx, { type: 'notifications', users: [actor.id] })
      return marked
    }
    const [existing] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    if (!existing) throw new DomainError('not_found', NOTIFICATION_MESSAGES.notFound)
    return existing
  })
  return { ...serializeNotification(row), unread: await countUnreadNotifications(ctx.db, actor.id) }
}

/** Mark every unread notification of the acting user read. `{marked, unread}` (unread: any that came since). */
export async function markAllNotificationsRead(ctx: ServiceContext): Promise<{ marked: number; unread: number }> {
  const actor = requireActor(ctx)
  const marked = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, actor.id), sql`${notifications.readAt} is null`))
      .returning({ id: notifications.id })
    if (rows.length) await publishEvent(tx, { type: 'notifications', users: [actor.id] })
    return rows.length
  })
  return { marked, unread: await countUnreadNotifications(ctx.db, actor.id) }
}

/** The schema above, for the REST adapter's OpenAPI document (docs/api.md). */
export { ListNotificationsQuery }
