import { sql } from 'drizzle-orm'
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * The notifications bell (1-platform-core §2 header; docs/notifications.md): real events for one user, each linking to
 * its place. New messages in a conversation fold into one unread notification (`subject_key`, `count`) until read.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['chat.message', 'assignment.new', 'assignment.answered', 'trip.status', 'quiz.reviewed', 'booking.status', 'proposal.sent', 'proposal.comment', 'proposal.changes', 'proposal.accepted', 'booking.reminder'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where it leads (a path of this site). */
    link: text('link').notNull().default(''),
    /** What it is about ('conversation:12'): unread notifications of one subject fold into one. */
    subjectKey: text('subject_key').notNull().default(''),
    /** Events folded into it (new messages while unread). */
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.updatedAt.desc().nullsLast(), t.id.desc().nullsLast()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_subject_idx').on(t.userId, t.subjectKey).where(sql`${t.readAt} is null and ${t.subjectKey} <> ''`),
  ],
)

/**
 * When each user was last connected (an open event stream, refreshed every minute by the process holding it, or a
 * page view). Someone unseen for 15 minutes is offline and gets mail about new messages (docs/chat.md).
 */
export const userPresence = pgTable('user_presence', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
})
