import { and, asc, chatConversations, chatMessages, chatParticipants, type Database, desc, eq, gt, inArray, lt, sql, users } from '@meridian/db'
import { MessageListQuery, PostMessageInput } from '@meridian/validators'
import { MESSAGE_PAGE_SIZE } from '@meridian/validators/chat-constants'
import { displayName } from '../auth/serialize-user.ts'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'
import { publishEvent } from '../events/publish.ts'
import { markSubjectRead, notify, recipients } from '../notifications/notify.ts'
import { ownConversation } from './access.ts'

/** Thrown inside a send's transaction when its client key was used already: rolls back what it wrote. */
class RetriedSend extends Error {}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Held by each message's transaction while it is written (docs/chat.md "Delivery guarantees"). */
const MESSAGE_ORDER_LOCK = 7_260_413

type MessageRow = typeof chatMessages.$inferSelect

/** The bell's subject of a conversation: its new messages fold into one notification until it is read. */
export const chatSubject = (conversationId: number) => `conversation:${conversationId}`

/** A message as the calls answer it. */
export function serializeMessage(m: MessageRow, sender: { id: number; firstName: string; lastName: string; username: string } | undefined) {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    content: m.content,
    sender: sender ? { id: sender.id, name: displayName(sender) } : null,
    sender_id: m.senderId,
    client_key: m.clientKey,
    created_at: m.createdAt.toISOString(),
  }
}
export type ChatMessageDto = ReturnType<typeof serializeMessage>

/** Messages as the calls answer them, with their senders' names (one statement for all the senders). */
export async function messagesWithSenders(db: Database, rows: MessageRow[]) {
  const ids = [...new Set(rows.map((r) => r.senderId).filter((x): x is number => x !== null))]
  const people = ids.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(inArray(users.id, ids))
    : []
  return rows.map((r) => serializeMessage(r, people.find((p) => p.id === r.senderId)))
}

/**
 * POST /api/chat/conversations/{id}/messages/ `{content, client_key?}`: a message from a participant (others 404).
 * Empty or whitespace-only content is refused (§5). A retried send with the same client key finds the message the
 * first one made instead of making another (`created` false). The sender has read up to their own message.
 */
/**
 * Inside the caller's transaction: one message added to a conversation (none when its client key was used already),
 * the conversation's last message set, the sender's read mark moved past it, and its live announcement to the sender
 * and `others` at commit. Messages are written one at a time, so they commit in id order: a client resuming after id N
 * misses none.
 */
export async function appendMessage(tx: Tx, conversationId: number, senderId: number, content: string, clientKey: string | null, others: readonly number[]) {
  await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`)
  const [row] = await tx.insert(chatMessages).values({ conversationId, senderId, content, clientKey }).onConflictDoNothing().returning()
  if (!row) return undefined
  await tx.update(chatConversations).set({ lastMessageId: row.id, lastMessageAt: row.createdAt }).where(eq(chatConversations.id, conversationId))
  await tx
    .update(chatParticipants)
    .set({ lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${row.id})` })
    .where(and(eq(chatParticipants.conversationId, conversationId), eq(chatParticipants.userId, senderId)))
  await publishEvent(tx, { type: 'message', conversation_id: conversationId, message_id: row.id, users: [senderId, ...others] })
  return row
}

export async function postMessage(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const { actor, conversation } = await ownConversation(ctx, rawId)
  const data = parseInput(PostMessageInput, input)
  let others: number[] = []
  const made = await ctx.db
    .transaction(async (tx) => {
      // First what needs no message id, so the lock below is held as briefly as possible: the conversation moves up
      // every participant's list, and the others' bells get one notification per conversation while unread.
      const people = await tx
        .update(chatParticipants)
        .set({ activityAt: sql`now()` })
        .where(eq(chatParticipants.conversationId, conversation.id))
        .returning({ userId: chatParticipants.userId })
      others = recipients(
        people.map((p) => p.userId),
        actor.id,
      )
      const preview = data.content.trim().replace(/\s+/g, ' ')
      await notify(tx, others, {
        kind: 'chat.message',
        title: `New message from ${displayName(actor)}`,
        body: preview.length > 140 ? `${preview.slice(0, 139)}…` : preview,
        link: `/dashboard/chat/${conversation.id}`,
        subjectKey: chatSubject(conversation.id),
      })
      const row = await appendMessage(tx, conversation.id, actor.id, data.content, data.client_key ?? null, others)
      // A retried send: undo the above (nothing changes) and answer the message the first one made.
      if (!row) throw new RetriedSend()
      return row
    })
    .catch((error: unknown) => {
      if (error instanceof RetriedSend) return null
      throw error
    })
  const created = made !== null
  const row =
    made ??
    (
      await ctx.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.senderId, actor.id), eq(chatMessages.clientKey, data.client_key!)))
    )[0]!
  const [message] = await messagesWithSenders(ctx.db, [row])
  return { message: message!, created }
}

/** Each message with its sender's name, in one statement; prepared once per database. */
const historyPage = (db: Database) =>
  db
    .select({ message: chatMessages, sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username } })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
const prepareHistory = (db: Database) => ({
  before: historyPage(db)
    .where(and(eq(chatMessages.conversationId, sql.placeholder('conversation')), lt(chatMessages.id, sql.placeholder('before'))))
    .orderBy(desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare('chat_history_before'),
  after: historyPage(db)
    .where(and(eq(chatMessages.conversationId, sql.placeholder('conversation')), gt(chatMessages.id, sql.placeholder('after'))))
    .orderBy(asc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare('chat_history_after'),
})
const historyStatements = new WeakMap<Database, ReturnType<typeof prepareHistory>>()

/**
 * GET /api/chat/conversations/{id}/messages/: a page of the history, oldest first (newest last).
 * - no cursor: the newest page;
 * - `before=N`: the page just older than message N (scrolling back);
 * - `after=N`: every message after N, oldest first, a page at a time (a reconnecting client's gap: no gaps, no
 *   duplicates, since ids only grow).
 */
export async function listMessages(ctx: ServiceContext, rawId: unknown, query: unknown) {
  const { conversation } = await ownConversation(ctx, rawId)
  const q = parseInput(MessageListQuery, query ?? {})
  const size = q.page_size === '' ? MESSAGE_PAGE_SIZE : Math.min(Math.max(q.page_size, 1), 200)
  let statements = historyStatements.get(ctx.db)
  if (!statements) historyStatements.set(ctx.db, (statements = prepareHistory(ctx.db)))
  // One prepared statement per page, reading chat_messages_conversation_idx in order: forwards from `after`, or
  // backwards from `before` (the newest page reads backwards from the end).
  const found =
    q.after !== ''
      ? await statements.after.execute({ conversation: conversation.id, after: q.after, limit: size + 1 })
      : await statements.before.execute({ conversation: conversation.id, before: q.before === '' ? Number.MAX_SAFE_INTEGER : q.before, limit: size + 1 })
  const hasMore = found.length > size
  const rows = q.after !== '' ? found.slice(0, size) : found.slice(0, size).reverse()
  return { results: rows.map((r) => serializeMessage(r.message, r.sender ?? undefined)), has_more: hasMore }
}

/** POST …/read/ `{message_id?}`: the actor has read up to that message (by default the newest); never backwards. */
export async function markConversationRead(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const { actor, conversation, lastRead } = await ownConversation(ctx, rawId)
  const raw = (input as { message_id?: unknown } | null)?.message_id
  const upTo = Math.min(typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : Number.MAX_SAFE_INTEGER, conversation.lastMessageId ?? 0)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatParticipants)
      .set({ lastReadMessageId: sql`greatest(${chatParticipants.lastReadMessageId}, ${upTo})` })
      .where(and(eq(chatParticipants.conversationId, conversation.id), eq(chatParticipants.userId, actor.id)))
      .returning({ last: chatParticipants.lastReadMessageId })
    await markSubjectRead(tx, actor.id, chatSubject(conversation.id))
    if (row!.last > lastRead) {
      const people = await tx.select({ userId: chatParticipants.userId }).from(chatParticipants).where(eq(chatParticipants.conversationId, conversation.id))
      await publishEvent(tx, { type: 'read', conversation_id: conversation.id, user_id: actor.id, last_read_message_id: row!.last, users: people.map((p) => p.userId) })
    }
    return { last_read_message_id: row!.last }
  })
}

/** The schemas above, for the REST adapter's OpenAPI document (docs/api.md). */
