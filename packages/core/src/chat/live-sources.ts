import { and, asc, chatMessages, chatParticipants, type Database, eq, gt, inArray, isNull, notifications, sql, userPresence } from '@meridian/db'
import { endedCredentials, type SignInCredential } from '../auth/sign-in-credentials.ts'
import type { LiveSources } from '../events/hub.ts'
import { type ChatMessageDto, messagesWithSenders } from './conversation-messages.ts'

/**
 * What the event hub streams, read from this database: chat messages with their senders, unread notification counts,
 * whether sign-ins still hold, and presence (docs/chat.md "Real time"). The hub knows none of these features.
 */
export function liveSources(db: Database): LiveSources<ChatMessageDto, SignInCredential> {
  return {
    async newestMessageId() {
      const [row] = await db
        .select({
          max: sql<number>`coalesce(max(${chatMessages.id}), 0)`.mapWith(Number),
        })
        .from(chatMessages)
      return row?.max ?? 0
    },
    async messagesAfter(userId, after, limit) {
      const rows = await db
        .select({ message: chatMessages })
        .from(chatMessages)
        .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, userId)))
        .where(gt(chatMessages.id, after))
        .orderBy(asc(chatMessages.id))
        .limit(limit)
      return messagesWithSenders(
        db,
        rows.map((r) => r.message),
      )
    },
    async message(id) {
      const rows = await db.select().from(chatMessages).where(eq(chatMessages.id, id))
      return (await messagesWithSenders(db, rows))[0]
    },
    async unreadNotifications(userIds) {
      const rows = await db
        .select({
          userId: notifications.userId,
          n: sql<number>`count(*)`.mapWith(Number),
        })
        .from(notifications)
        .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
        .groupBy(notifications.userId)
      return new Map(rows.map((r) => [r.userId, r.n]))
    },
    endedCredentials: (credentials) => endedCredentials(db, credentials),
    async touchPresence(userIds) {
      await db
        .insert(userPresence)
        .values(userIds.map((userId) => ({ userId, lastSeenAt: sql`now()` })))
        .onConflictDoUpdate({
          target: userPresence.userId,
          set: { lastSeenAt: sql`now()` },
        })
    },
  }
}
