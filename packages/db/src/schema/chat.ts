import { bigint, bigserial, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from './columns.ts'
import { trips } from './trips.ts'
import { users } from './users.ts'

/**
 * A conversation between a traveler and the staff working with them (1-platform-core §7 Chat; docs/chat.md): their
 * expert, the specialist who reviewed them, an admin asked in. It may belong to one of the traveler's trips.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The newest message's id and time (null before the first), for the list's order and its preview. */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('chat_conversations_traveler_idx').on(t.travelerId), index('chat_conversations_trip_idx').on(t.tripId)],
)

/** Who takes part, with the last message each has read (their unread count is what came after it). */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Why they are in it: traveler, expert, specialist, admin. */
    role: text('role', { enum: ['traveler', 'expert', 'specialist', 'admin'] }).notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The conversation's latest activity (its newest message, or when they joined), kept here so one's list is an index range. */
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message an offline-mail has told them about: one mail per conversation while they stay away. */
    mailedUpToMessageId: bigint('mailed_up_to_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_participants_user_idx').on(t.userId),
    index('chat_participants_list_idx').on(t.userId, t.activityAt.desc().nullsLast(), t.conversationId.desc().nullsLast()),
  ],
)

/**
 * A message. Ids only grow, so "everything after id N" is a reconnecting client's gap, with no duplicates. A sender's
 * `client_key` (an idempotency key) is unique in the conversation: a retried send finds the message it already made.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client_key_idx').on(t.conversationId, t.senderId, t.clientKey).where(sql`${t.clientKey} is not null`),
  ],
)
