import { hasPermission } from '@meridian/auth'
import { and, chatConversations, chatParticipants, type Database, eq, inArray, quizSubmissions, roles, sql, travelerExperts, trips, users } from '@meridian/db'
import { parseRecordId } from '@meridian/validators'
import { CHAT_MESSAGES } from '@meridian/validators/chat-constants'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'

/** How one takes part in chat: as a traveler, or as staff working with travelers (docs/chat.md "Who talks to whom"). */
export type ChatSide = 'traveler' | 'expert' | 'specialist' | 'superadmin' | 'admin'

/**
 * Chat is for travelers (create_trips), experts (manage_assigned_trips), specialists (review_quizzes), admins
 * (manage_trips, when asked in) and the superadmin; anyone else (the editor) is refused first.
 */
export function chatSide(actor: Actor): ChatSide | null {
  if (hasPermission(actor, '*')) return 'superadmin'
  if (hasPermission(actor, 'manage_assigned_trips')) return 'expert'
  if (hasPermission(actor, 'review_quizzes')) return 'specialist'
  if (hasPermission(actor, 'manage_trips')) return 'admin'
  if (hasPermission(actor, 'create_trips')) return 'traveler'
  return null
}

export function requireChat(ctx: ServiceContext): { actor: Actor; side: ChatSide } {
  const actor = requireActor(ctx)
  const side = chatSide(actor)
  if (!side) throw new DomainError('forbidden', CHAT_MESSAGES.denied)
  return { actor, side }
}

/**
 * Whether a staff member works with a traveler: the expert of one of their trips or their standing expert
 * (traveler_experts), or the specialist who reviewed one of their quizzes.
 */
export async function worksWith(db: Database, staffId: number, side: 'expert' | 'specialist', travelerId: number): Promise<boolean> {
  if (side === 'specialist') {
    const reviewed = await db
      .select({ id: quizSubmissions.id })
      .from(quizSubmissions)
      .where(and(eq(quizSubmissions.userId, travelerId), eq(quizSubmissions.reviewedBy, staffId)))
      .limit(1)
    return reviewed.length > 0
  }
  const [trip, standing] = await Promise.all([
    db.select({ id: trips.id }).from(trips).where(and(eq(trips.travelerId, travelerId), eq(trips.expertId, staffId))).limit(1),
    db.select({ id: travelerExperts.id }).from(travelerExperts).where(and(eq(travelerExperts.travelerId, travelerId), eq(travelerExperts.expertId, staffId))).limit(1),
  ])
  return trip.length > 0 || standing.length > 0
}

/** A conversation with the actor's read mark, found only through the actor's own participation; prepared once per database. */
const prepareOwn = (db: Database) =>
  db
    .select({ conversation: chatConversations, lastRead: chatParticipants.lastReadMessageId })
    .from(chatConversations)
    .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, sql.placeholder('user'))))
    .where(eq(chatConversations.id, sql.placeholder('id')))
    .prepare('chat_own_conversation')
const ownStatements = new WeakMap<Database, ReturnType<typeof prepareOwn>>()

/** The conversation, when the actor takes part in it; anyone else gets 404 (participants only). */
export async function ownConversation(ctx: ServiceContext, rawId: unknown, db: Database = ctx.db) {
  const { actor } = requireChat(ctx)
  const id = parseRecordId(rawId)
  if (id === null) throw new DomainError('not_found', CHAT_MESSAGES.notFound)
  let statement = ownStatements.get(db)
  if (!statement) ownStatements.set(db, (statement = prepareOwn(db)))
  const [row] = await statement.execute({ id, user: actor.id })
  if (!row) throw new DomainError('not_found', CHAT_MESSAGES.notFound)
  return { actor, conversation: row.conversation, lastRead: row.lastRead }
}

/**
 * Of these travelers, those the signed-in user may open a conversation with, as createConversation decides: any active
 * traveler for the superadmin; for an expert those they work with, for a specialist those whose quiz they reviewed;
 * nobody for admins, editors and travelers (admins join when a participant asks them in). Screens show a Chat action
 * only for these.
 */
export async function travelersToChatWith(ctx: ServiceContext, travelerIds: number[]): Promise<Set<number>> {
  const actor = ctx.actor
  const side = actor ? chatSide(actor) : null
  const ids = [...new Set(travelerIds)]
  if (!actor || !ids.length || (side !== 'superadmin' && side !== 'expert' && side !== 'specialist')) return new Set()
  const related =
    side === 'superadmin'
      ? sql`true`
      : side === 'specialist'
        ? sql`exists (select 1 from ${quizSubmissions} q where q.user_id = ${users.id} and q.reviewed_by = ${actor.id})`
        : sql`(exists (select 1 from ${trips} t where t.traveler_id = ${users.id} and t.expert_id = ${actor.id})
            or exists (select 1 from ${travelerExperts} te where te.traveler_id = ${users.id} and te.expert_id = ${actor.id}))`
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, ids), eq(users.isActive, true), eq(roles.name, 'traveler'), related))
  return new Set(rows.map((r) => r.id))
}
