import { and, asc, chatConversations, chatMessages, chatParticipants, type Database, desc, eq, gt, inArray, lt, sql, users } from '@meridian/db'
import { CHAT_MESSAGES, MAX_CLIENT_KEY_LENGTH, MAX_MESSAGE_LENGTH, MESSAGE_PAGE_SIZE } from '@meridian/validators/chat-constants'
import * as v from 'valibot'
import { displayName } from '../auth/serialize-user.ts'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'
import { publishEvent } from '../events/publish.ts'
import { ownConversation } from './access.ts'

/** Held by each message's transaction while it is written (docs/chat.md "Delivery guarantees"). */
const MESSAGE_ORDER_LOCK = 7_260_413

type MessageRow = typeof chatMessages.$inferSelect

const PostInput = v.object({
  content: v.pipe(
    v.string(CHAT_MESSAGES.blank),
    v.check((x) => x.trim() !== '', CHAT_MESSAGES.blank),
    v.maxLength(MAX_MESSAGE_LENGTH, CHAT_MESSAGES.tooLong),
  ),
  client_key: v.optional(
    v.nullable(v.pipe(v.string(CHAT_MESSAGES.clientKey), v.trim(), v.minLength(1, CHAT_MESSAGES.clientKey), v.maxLength(MAX_CLIENT_KEY_LENGTH, CHAT_MESSAGES.clientKey))),
    null,
  ),
})

const cursor = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Enter a message id.'), v.transform(Number)), v.pipe(v.number(), v.integer('Enter a message id.'), v.minValue(0, 'Enter a message id.'))], 'Enter a message id.'),
  '',
)
const ListQuery = v.object({
  after: cursor,
  before: cursor,
  page_size: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Enter a page size from 1 to 200.'), v.transform(Number)), v.number()], 'Enter a page size from 1 to 200.'),
    '',
  ),
})

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
export async function postMessage(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const { actor, conversation } = await ownConversation(ctx, rawId)
  const data = parseInput(PostInput, input)
  const { row, created } = await ctx.db.transaction(async (tx) => {
    // Messages are written one at a time, so they commit in id order: a client resuming after id N misses none.
    await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`)
    const [made] = await tx
      .insert(chatMessages)
      .values({ conversationId: conversation.id, senderId: actor.id, content: data.content, clientKey: data.client_key })
      .onConflictDoNothing()
      .returning()
    if (!made) {
      const [kept] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.senderId, actor.id), eq(chatMessages.clientKey, data.client_key!)))
      return { row: kept!, created: false }
    }
    await tx.update(chatConversations).set({ lastMessageId: made.id, lastMessageAt: made.createdAt }).where(eq(chatConversations.id, conversation.id))
    const people = await tx
      .update(chatParticipants)
      .set({
        activityAt: made.createdAt,
        lastReadMessageId: sql`case when ${chatParticipants.userId} = ${actor.id} then greatest(${chatParticipants.lastReadMessageId}, ${made.id}) else ${chatParticipants.lastReadMessageId} end`,
      })
      .where(eq(chatParticipants.conversationId, conversation.id))
      .returning({ userId: chatParticipants.userId })
    await publishEvent(tx, { type: 'message', conversation_id: conversation.id, message_id: made.id, users: people.map((p) => p.userId) })
    return { row: made, created: true }
  })
  const [message] = await messagesWithSenders(ctx.db, [row])
  return { message: message!, created }
}

/**
 * GET /api/chat/conversations/{id}/messages/: a page of the history, oldest first (newest last).
 * - no cursor: the newest page;
 * - `before=N`: the page just older than message N (scrolling back);
 * - `after=N`: every message after N, oldest first, a page at a time (a reconnecting client's gap: no gaps, no
 *   duplicates, since ids only grow).
 */
export async function listMessages(ctx: ServiceContext, rawId: unknown, query: unknown) {
  const { conversation } = await ownConversation(ctx, rawId)
  const q = parseInput(ListQuery, query ?? {})
  const size = q.page_size === '' ? MESSAGE_PAGE_SIZE : Math.min(Math.max(q.page_size, 1), 200)
  const mine = eq(chatMessages.conversationId, conversation.id)
  let rows: MessageRow[]
  let hasMore: boolean
  if (q.after !== '') {
    const found = await ctx.db.select().from(chatMessages).where(and(mine, gt(chatMessages.id, q.after))).orderBy(asc(chatMessages.id)).limit(size + 1)
    hasMore = found.length > size
    rows = found.slice(0, size)
  } else {
    const found = await ctx.db
      .select()
      .from(chatMessages)
      .where(q.before === '' ? mine : and(mine, lt(chatMessages.id, q.before)))
      .orderBy(desc(chatMessages.id))
      .limit(size + 1)
    hasMore = found.length > size
    rows = found.slice(0, size).reverse()
  }
  return { results: await messagesWithSenders(ctx.db, rows), has_more: hasMore }
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
    if (row!.last > lastRead) {
      const people = await tx.select({ userId: chatParticipants.userId }).from(chatParticipants).where(eq(chatParticipants.conversationId, conversation.id))
      await publishEvent(tx, { type: 'read', conversation_id: conversation.id, user_id: actor.id, last_read_message_id: row!.last, users: people.map((p) => p.userId) })
    }
    return { last_read_message_id: row!.last }
  })
}
