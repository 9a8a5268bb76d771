import { chatConversations, chatParticipants, quizSubmissions, roles, type SQL, sql, travelerExperts, trips, users } from '@meridian/db'
import { CHAT_MESSAGES } from '@meridian/validators/chat-constants'
import { ChatContactsQuery } from '@meridian/validators'
import { displayName } from '../auth/serialize-user.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { type ChatSide, chatSide, requireChat } from './access.ts'

/** Someone the actor may open a conversation with (New Chat), and the latest conversation they already have. */
export interface ChatContact {
  id: number
  name: string
  username: string
  /** What they are to the actor: one of their travelers, or the traveler's expert or specialist. */
  role: 'traveler' | 'expert' | 'specialist'
  /** The actor's most recent conversation with them (any trip), or null. */
  conversation_id: number | null
}

/** Contacts listed at most: New Chat is a picker with a search box, not a directory. */
export const CHAT_CONTACTS_LIMIT = 50

const ID = /^[1-9]\d{0,9}$/

interface Candidate {
  id: number
  firstName: string
  lastName: string
  username: string
  permissions: string[]
  isSuperuser: boolean
  /** Traveler side: whether they are the expert of one of the actor's trips or their standing expert. */
  asExpert: boolean
  /** Traveler side: whether they reviewed one of the actor's quizzes. */
  asReviewer: boolean
}

/**
 * Who works with whom, as `worksWith` in access.ts says it, as one bounded statement per side:
 * - an expert: the travelers of the trips assigned to them and those whose standing expert they are;
 * - a specialist: the travelers whose quiz they reviewed;
 * - the superadmin: any active traveler (newest first: the users' role index gives the first page without a sort);
 * - a traveler: the expert of one of their trips, their standing expert(s), the specialist(s) who reviewed them.
 * Only active accounts; `search` matches the name or username (or e-mail: the users' indexed search text).
 */
async function candidates(ctx: ServiceContext, actor: Actor, side: Exclude<ChatSide, 'admin'>, search: string, only: number | null): Promise<Candidate[]> {
  const me = actor.id
  const filters: SQL[] = [sql`${users.isActive}`, sql`${users.id} <> ${me}`]
  if (search) filters.push(sql`${users.searchText} like ${`%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`)
  if (only !== null) filters.push(sql`${users.id} = ${only}`)
  const expertOfMine = sql`(select ${trips.expertId} from ${trips} where ${trips.travelerId} = ${me} and ${trips.expertId} is not null
    union select ${travelerExperts.expertId} from ${travelerExperts} where ${travelerExperts.travelerId} = ${me})`
  const reviewerOfMine = sql`(select ${quizSubmissions.reviewedBy} from ${quizSubmissions} where ${quizSubmissions.userId} = ${me} and ${quizSubmissions.reviewedBy} is not null)`
  let order = sql`lower(${users.firstName}), lower(${users.lastName}), lower(${users.username}), ${users.id}`
  if (side === 'expert') {
    filters.push(sql`${users.id} in (select ${trips.travelerId} from ${trips} where ${trips.expertId} = ${me}
      union select ${travelerExperts.travelerId} from ${travelerExperts} where ${travelerExperts.expertId} = ${me})`)
  } else if (side === 'specialist') {
    filters.push(sql`${users.id} in (select ${quizSubmissions.userId} from ${quizSubmissions} where ${quizSubmissions.reviewedBy} = ${me})`)
  } else if (side === 'superadmin') {
    filters.push(sql`${users.roleId} = (select ${roles.id} from ${roles} where ${roles.name} = 'traveler')`)
    order = sql`${users.dateJoined} desc, ${users.id} desc`
  } else {
    filters.push(sql`(${users.id} in ${expertOfMine} or ${users.id} in ${reviewerOfMine})`)
  }
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      // Qualified by hand: in a one-table select drizzle leaves columns bare, and a bare role_id here is rp's own.
      permissions: sql<string[]>`coalesce((select array_agg(rp.permission) from role_permissions rp where rp.role_id = "users"."role_id"), '{}')`,
      isSuperuser: users.isSuperuser,
      asExpert: side === 'traveler' ? sql<boolean>`${users.id} in ${expertOfMine}` : sql<boolean>`false`,
      asReviewer: side === 'traveler' ? sql<boolean>`${users.id} in ${reviewerOfMine}` : sql<boolean>`false`,
    })
    .from(users)
    .where(sql.join(filters, sql` and `))
    .orderBy(order)
    .limit(CHAT_CONTACTS_LIMIT + 1)
  return rows
}

/** What a candidate is to the actor, when createConversation would accept the pair; null otherwise. */
function roleOf(side: Exclude<ChatSide, 'admin'>, c: Candidate): ChatContact['role'] | null {
  // chatSide reads the permissions only; a superuser flag grants everything, as loadActor says.
  const theirs = chatSide({ permissions: c.isSuperuser ? ['*', ...c.permissions] : c.permissions } as Actor)
  if (side !== 'traveler') return theirs === 'traveler' ? 'traveler' : null
  if (theirs === 'expert' && c.asExpert) return 'expert'
  if (theirs === 'specialist' && c.asReviewer) return 'specialist'
  return null
}

/** The actor's most recent conversation with each of these people. */
async function latestConversations(ctx: ServiceContext, actorId: number, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map()
  const rows = await ctx.db
    .select({ id: chatConversations.id, other: sql<number>`o.user_id`.mapWith(Number) })
    .from(chatConversations)
    .innerJoin(chatParticipants, sql`${chatParticipants.conversationId} = ${chatConversations.id} and ${chatParticipants.userId} = ${actorId}`)
    .innerJoin(sql`chat_participants o`, sql`o.conversation_id = ${chatConversations.id} and o.user_id in ${ids}`)
    .orderBy(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt}) desc`, sql`${chatConversations.id} desc`)
  const latest = new Map<number, number>()
  for (const r of rows) if (!latest.has(r.other)) latest.set(r.other, r.id)
  return latest
}

/** Those who start conversations: not admins, who take part only when asked in (nor the editor, who has no chat). */
function requireStarter(ctx: ServiceContext): { actor: Actor; side: Exclude<ChatSide, 'admin'> } {
  const { actor, side } = requireChat(ctx)
  if (side === 'admin') throw new DomainError('forbidden', CHAT_MESSAGES.denied)
  return { actor, side }
}

async function contacts(ctx: ServiceContext, search: string, only: number | null) {
  const { actor, side } = requireStarter(ctx)
  const found = await candidates(ctx, actor, side, search, only)
  const kept = found.slice(0, CHAT_CONTACTS_LIMIT).flatMap((c) => {
    const role = roleOf(side, c)
    return role ? [{ c, role }] : []
  })
  const latest = await latestConversations(
    ctx,
    actor.id,
    kept.map((k) => k.c.id),
  )
  const results: ChatContact[] = kept.map(({ c, role }) => ({
    id: c.id,
    name: displayName(c),
    username: c.username,
    role,
    conversation_id: latest.get(c.id) ?? null,
  }))
  return { results, has_more: found.length > CHAT_CONTACTS_LIMIT }
}

/**
 * The people the actor may open a conversation with (New Chat), `search` on name or username, at most 50: an
 * expert's travelers (their trips', and those whose standing expert they are), a specialist's (whose quiz they
 * reviewed), any active traveler for the superadmin; a traveler's expert(s) and specialist(s). Each with the latest
 * conversation they already have. Admins and the editor: forbidden.
 */
export async function listChatContacts(ctx: ServiceContext, query: unknown) {
  const q = parseInput(ChatContactsQuery, query ?? {})
  return contacts(ctx, q.search, null)
}

/** One person the actor may talk to (`?with=` on the chat screen), or null when they are no contact of theirs. */
export async function getChatContact(ctx: ServiceContext, rawId: unknown): Promise<ChatContact | null> {
  const text = typeof rawId === 'number' ? String(rawId) : typeof rawId === 'string' ? rawId.trim() : ''
  const id = ID.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null
  if (id === null) {
    requireStarter(ctx)
    return null
  }
  const { results } = await contacts(ctx, '', id)
  return results[0] ?? null
}
