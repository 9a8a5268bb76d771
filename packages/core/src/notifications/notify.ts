import { and, type Database, eq, notifications, sql } from '@meridian/db'
import { publishEvent } from '../events/publish.ts'

/** What a notification is about (docs/notifications.md). */
export type NotificationKind = (typeof notifications.kind.enumValues)[number]

/** A transaction or the database: anything that runs statements (notify and the read marks run in the caller's). */
type Db = Pick<Database, 'insert' | 'update' | 'select' | 'execute'>

export interface NotificationInput {
  kind: NotificationKind
  title: string
  body?: string
  /** A path of this site ('/dashboard/trips/12'). */
  link: string
  /**
   * What it is about ('conversation:12', 'trip-status:4'): while one of a user's notifications of this subject is
   * unread, the next one folds into it (count + 1, the new title, body and link, moved to the top) instead of adding
   * another row. Empty or absent: every event is its own notification.
   */
  subjectKey?: string
}

/** The people a notification goes to, once each: no one, nulls and repeats are left out. */
export function recipients(userIds: readonly (number | null | undefined)[], except?: number | null): number[] {
  return [...new Set(userIds.filter((id): id is number => typeof id === 'number' && id > 0 && id !== except))]
}

/**
 * Tell these users about an event, inside the caller's transaction: a notification each (or, with a subject, their
 * unread one of that subject bumped), then one live announcement to all of them, delivered at commit (never when the
 * transaction rolls back). Nobody to tell, nothing happens. The users notified.
 */
export function notify(tx: Db, userIds: readonly (number | null | undefined)[], input: NotificationInput): Promise<number[]> {
  return notifyEach(tx, [{ to: userIds, input }])
}

/**
 * Several events at once (one event's words for the traveler, others for the expert): one statement writes them all
 * and one announcement names everyone. Within one call a user gets one notification per subject (the last).
 */
export async function notifyEach(tx: Db, events: readonly { to: readonly (number | null | undefined)[]; input: NotificationInput }[]): Promise<number[]> {
  const rows = new Map<string, typeof notifications.$inferInsert>()
  let single = 0
  for (const { to, input } of events) {
    const subjectKey = input.subjectKey ?? ''
    for (const userId of recipients(to)) {
      const row = { userId, kind: input.kind, title: input.title, body: input.body ?? '', link: input.link, subjectKey }
      // Two rows of one unread subject in one statement would meet the index twice: the later words win.
      rows.set(subjectKey ? `${userId}:${subjectKey}` : `#${single++}`, row)
    }
  }
  if (rows.size === 0) return []
  await tx
    .insert(notifications)
    .values([...rows.values()])
    // notifications_subject_idx: one unread notification per user and non-empty subject. A row without a subject
    // never meets it; a second transaction folding into the same row waits for the first and then bumps its count.
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.subjectKey],
      targetWhere: sql`read_at is null and subject_key <> ''`,
      set: {
        count: sql`${notifications.count} + 1`,
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        link: sql`excluded.link`,
        updatedAt: sql`now()`,
      },
    })
  const users = recipients([...rows.values()].map((r) => r.userId))
  await publishEvent(tx, { type: 'notifications', users })
  return users
}

/**
 * Mark a user's unread notification of one subject read (chat: the conversation was read), inside the caller's
 * transaction; announced when something changed. Whether one was unread.
 */
export async function markSubjectRead(tx: Db, userId: number, subjectKey: string): Promise<boolean> {
  if (!subjectKey) return false
  const marked = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.subjectKey, subjectKey), sql`${notifications.readAt} is null`))
    .returning({ id: notifications.id })
  if (marked.length === 0) return false
  await publishEvent(tx, { type: 'notifications', users: [userId] })
  return true
}

const unreadStatements = new WeakMap<object, ReturnType<typeof prepareUnread>>()
const prepareUnread = (db: Database) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('user')), sql`${notifications.readAt} is null`))
    .prepare('notifications_unread_count')

/**
 * How many unread notifications a user has (the bell's badge; the event stream's `{unread}`). Reads the partial
 * index notifications_unread_idx; prepared once per database.
 */
export async function countUnreadNotifications(db: Database, userId: number): Promise<number> {
  let statement = unreadStatements.get(db)
  if (!statement) unreadStatements.set(db, (statement = prepareUnread(db)))
  const [row] = await statement.execute({ user: userId })
  return row?.n ?? 0
}
