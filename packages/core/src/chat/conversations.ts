import { and, chatConversations, chatMessages, chatParticipants, type Database, eq, inArray, isNull, roles, sql, trips, users } from '@meridian/db'
import { CHAT_MESSAGES } from '@meridian/validators/chat-constants'
import { ConversationListQuery, CreateConversationInput, InviteParticipantInput } from '@meridian/validators'
import { loadActor } from '../auth/load-actor.ts'
import { displayName } from '../auth/serialize-user.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { notify } from '../notifications/notify.ts'
import { chatSide, ownConversation, requireChat, worksWith } from './access.ts'
import { chatSubject } from './conversation-messages.ts'

type Role = (typeof chatParticipants.$inferInsert)['role']

/**
 * POST /api/chat/conversations/ `{traveler_id | staff_id, trip_id?, title?}`: a conversation between a traveler and
 * one member of staff who works with them (docs/chat.md "Who talks to whom"):
 * - an expert or a specialist names one of their travelers (New Chat);
 * - a traveler names their expert or the specialist who reviewed them, or one of their trips with an expert;
 * - the superadmin may open one with any traveler; admins take part when asked in.
 * The same two people on the same trip (or none) find the conversation they already have (`created` false).
 */
export async function createConversation(ctx: ServiceContext, input: unknown) {
  const { actor, side } = requireChat(ctx)
  if (side === 'admin') throw new DomainError('forbidden', CHAT_MESSAGES.denied)
  const data = parseInput(CreateConversationInput, input ?? {})
  let travelerId: number
  let staff: { id: number; role: Role }
  if (side === 'traveler') {
    travelerId = actor.id
    let staffId = data.staff_id
    if (staffId === null && data.trip_id !== null) {
      const [trip] = await ctx.db.select({ expertId: trips.expertId }).from(trips).where(and(eq(trips.id, data.trip_id), eq(trips.travelerId, actor.id)))
      if (!trip) throw DomainError.invalid({ trip_id: [CHAT_MESSAGES.trip] })
      staffId = trip.expertId
    }
    if (staffId === null) throw DomainError.invalid({ staff_id: [CHAT_MESSAGES.noStaff] })
    const other = await loadActor(ctx.db, staffId).catch(() => null)
    const otherSide = other ? chatSide(other) : null
    if (!other || (otherSide !== 'expert' && otherSide !== 'specialist') || !(await worksWith(ctx.db, staffId, otherSide, travelerId))) {
      throw DomainError.invalid({ staff_id: [CHAT_MESSAGES.notYourStaff] })
    }
    staff = { id: staffId, role: otherSide }
  } else {
    if (data.traveler_id === null) throw DomainError.invalid({ traveler_id: [CHAT_MESSAGES.notYours] })
    travelerId = data.traveler_id
    const traveler = await loadActor(ctx.db, travelerId).catch(() => null)
    const related = side === 'superadmin' ? true : await worksWith(ctx.db, actor.id, side, travelerId)
    if (!traveler || chatSide(traveler) !== 'traveler' || !related) throw DomainError.invalid({ traveler_id: [CHAT_MESSAGES.notYours] })
    staff = { id: actor.id, role: side === 'superadmin' ? 'admin' : side }
  }
  if (data.trip_id !== null) {
    const [trip] = await ctx.db.select({ id: trips.id }).from(trips).where(and(eq(trips.id, data.trip_id), eq(trips.travelerId, travelerId)))
    if (!trip) throw DomainError.invalid({ trip_id: [CHAT_MESSAGES.trip] })
  }

  const { conversationId, created } = await ctx.db.transaction(async (tx) => {
    // One conversation per traveler, member of staff and trip: serialised per traveler so two clicks make one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chat'), ${travelerId}::int)`)
    const [existing] = await tx
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, staff.id)))
      .where(and(eq(chatConversations.travelerId, travelerId), data.trip_id === null ? isNull(chatConversations.tripId) : eq(chatConversations.tripId, data.trip_id)))
      .limit(1)
    if (existing) return { conversationId: existing.id, created: false }
    const [row] = await tx
      .insert(chatConversations)
      .values({ travelerId, tripId: data.trip_id, title: data.title, createdById: actor.id })
      .returning({ id: chatConversations.id })
    await tx.insert(chatParticipants).values([
      { conversationId: row!.id, userId: travelerId, role: 'traveler', addedById: actor.id },
      { conversationId: row!.id, userId: staff.id, role: staff.role, addedById: actor.id },
    ])
    return { conversationId: row!.id, created: true }
  })
  return { conversation: await getConversation(ctx, conversationId), created }
}

/** The conversations' participants, trips and unread counts for `viewerId`, in a few statements whatever their number. */
async function describe(ctx: ServiceContext, viewerId: number, rows: (typeof chatConversations.$inferSelect)[]) {
  const ids = rows.map((r) => r.id)
  if (!ids.length) return []
  const lastIds = rows.map((r) => r.lastMessageId).filter((x): x is number => x !== null)
  const [people, tripRows, unread, last] = await Promise.all([
    ctx.db
      .select({
        conversationId: chatParticipants.conversationId,
        id: users.id,
        role: chatParticipants.role,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        lastRead: chatParticipants.lastReadMessageId,
      })
      .from(chatParticipants)
      .innerJoin(users, eq(users.id, chatParticipants.userId))
      .where(inArray(chatParticipants.conversationId, ids)),
    ctx.db
      .select({ id: trips.id, title: trips.title })
      .from(trips)
      .where(inArray(trips.id, [...new Set(rows.map((r) => r.tripId).filter((x): x is number => x !== null))].concat([0]))),
    ctx.db
      .select({ conversationId: chatMessages.conversationId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(chatMessages)
      .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, viewerId)))
      .where(
        and(
          inArray(chatMessages.conversationId, ids),
          sql`${chatMessages.id} > ${chatParticipants.lastReadMessageId}`,
          sql`${chatMessages.senderId} is distinct from ${viewerId}`,
        ),
      )
      .groupBy(chatMessages.conversationId),
    lastIds.length ? ctx.db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : [],
  ])
  return rows.map((r) => {
    const members = people.filter((p) => p.conversationId === r.id)
    const others = members.filter((p) => p.id !== viewerId)
    const trip = tripRows.find((t) => t.id === r.tripId)
    const latest = last.find((m) => m.id === r.lastMessageId)
    return {
      id: r.id,
      title: r.title || others.map((p) => displayName(p)).join(', ') || 'Conversation',
      trip: trip ? { id: trip.id, title: trip.title } : null,
      traveler_id: r.travelerId,
      participants: members.map((p) => ({ id: p.id, name: displayName(p), role: p.role })),
      last_message: latest ? { id: latest.id, content: latest.content, sender_id: latest.senderId, created_at: latest.createdAt.toISOString() } : null,
      unread: unread.find((u) => u.conversationId === r.id)?.n ?? 0,
      updated_at: (r.lastMessageAt ?? r.createdAt).toISOString(),
    }
  })
}

/** One conversation of the actor's (others 404). */
export async function getConversation(ctx: ServiceContext, rawId: unknown) {
  const { actor, conversation } = await ownConversation(ctx, rawId)
  const [described] = await describe(ctx, actor.id, [conversation])
  return described!
}

/** Unread messages in all the user's conversations: those after their read mark, sent by others. */
export async function unreadTotal(ctx: ServiceContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatMessages)
    .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatMessages.conversationId), eq(chatParticipants.userId, userId)))
    .where(and(sql`${chatMessages.id} > ${chatParticipants.lastReadMessageId}`, sql`${chatMessages.senderId} is distinct from ${userId}`))
  return row?.n ?? 0
}

/**
 * One user's conversations, the latest activity first, cut from chat_participants_list_idx (user_id, activity_at desc,
 * conversation_id desc): each participant row keeps its conversation's latest activity (docs/decisions/021).
 */
const conversationList = pagedList({
  name: 'chat_conversations',
  table: chatParticipants,
  id: chatParticipants.conversationId,
  keys: [
    { expr: chatParticipants.activityAt, type: 'timestamp' },
    { expr: chatParticipants.conversationId, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    user: (p) => sql`${chatParticipants.userId} = ${p()}`,
    // The title, another participant's name or username, or the trip's title.
    search: (p) => sql`(exists (select 1 from chat_conversations c left join trips t on t.id = c.trip_id
        where c.id = "chat_participants"."conversation_id" and (c.title ilike ${p('like')} or t.title ilike ${p('like')}))
      or exists (select 1 from chat_participants o join users u on u.id = o.user_id
        where o.conversation_id = "chat_participants"."conversation_id" and o.user_id <> ${p('user')}
          and ((u.first_name || ' ' || u.last_name) ilike ${p('like')} or u.username ilike ${p('like')})))`,
  },
  rows: (db, page) =>
    db
      .select({ conversation: chatConversations, ...page.cursor })
      .from(page.from)
      .innerJoin(chatConversations, eq(chatConversations.id, page.id)),
})

/** A page's statements for one user's conversations (the plan checks). */
export const conversationListQueries = (db: Database, userId: number, search: string, page: PageWindow) =>
  conversationList.queries(db, { user: userId, search: search ? { like: `%${search}%`, user: userId } : undefined }, page)

/**
 * GET /api/chat/conversations/ (`search`, paged; cursor pages for tRPC and loaders): the actor's conversations, the
 * latest message first, each with its participants, trip, last message and unread count; `counters.unread_total`
 * counts every conversation's. Search matches the title, another participant's name or the trip's title.
 */
export async function listConversations(ctx: ServiceContext, query: unknown, page: PageWindow = { limit: 20 }) {
  const { actor } = requireChat(ctx)
  const q = parseInput(ConversationListQuery, query ?? {})
  const like = `%${q.search.replace(/[\\%_]/g, '\\$&')}%`
  const [listed, unread_total] = await Promise.all([
    conversationList.page(ctx.db, { user: actor.id, search: q.search ? { like, user: actor.id } : undefined }, page),
    unreadTotal(ctx, actor.id),
  ])
  const results = await describe(
    ctx,
    actor.id,
    listed.rows.map((r) => r.conversation),
  )
  return { count: listed.count, results, next_cursor: listed.next_cursor, counters: { unread_total } }
}

/**
 * The administrators a participant may ask into a conversation (admins and the superadmin, active), by name; an
 * admin already in it is left out.
 */
export async function listChatAdmins(ctx: ServiceContext, rawId: unknown) {
  const { conversation } = await ownConversation(ctx, rawId)
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.isActive, true),
        sql`(${roles.name} in ('admin', 'superadmin') or ${users.isSuperuser})`,
        sql`not exists (select 1 from chat_participants p where p.conversation_id = ${conversation.id} and p.user_id = ${users.id})`,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(100)
  return rows.map((r) => ({ id: r.id, name: displayName(r), role: r.role }))
}

/**
 * POST /api/chat/conversations/{id}/participants/ `{user_id}`: a participant asks an administrator in (1 §1: admins
 * take part when asked). They read the whole history from then on; their unread count starts at what comes next, and
 * their bell tells them. 201 when added, 200 when already in.
 */
export async function addParticipant(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const { actor, conversation } = await ownConversation(ctx, rawId)
  const data = parseInput(InviteParticipantInput, input ?? {})
  const invitee = data.user_id === null ? null : await loadActor(ctx.db, data.user_id).catch(() => null)
  const side = invitee ? chatSide(invitee) : null
  if (!invitee || !invitee.isActive || (side !== 'admin' && side !== 'superadmin')) throw DomainError.invalid({ user_id: [CHAT_MESSAGES.notAdmin] })
  const [described] = await describe(ctx, invitee.id, [conversation])
  const added = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatParticipants)
      .values({ conversationId: conversation.id, userId: invitee.id, role: 'admin', addedById: actor.id, lastReadMessageId: conversation.lastMessageId ?? 0 })
      .onConflictDoNothing()
      .returning({ userId: chatParticipants.userId })
    if (!row) return false
    await notify(tx, [invitee.id], {
      kind: 'chat.message',
      title: `${displayName(actor)} asked you into a conversation`,
      body: described!.title,
      link: `/dashboard/chat/${conversation.id}`,
      subjectKey: chatSubject(conversation.id),
    })
    return true
  })
  return { conversation: await getConversation(ctx, conversation.id), created: added }
}

/** The schemas above, for the REST adapter's OpenAPI document (docs/api.md). */
