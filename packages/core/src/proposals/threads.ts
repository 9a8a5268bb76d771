/**
 * Comment threads on a proposal (docs/proposals.md "Comments"): on an item, by the key it keeps across rounds, or on
 * the whole proposal. The threads are the itinerary's, so a thread started on round 1 is still there on round 2.
 */
import { and, asc, chatConversations, chatParticipants, type Database, eq, inArray, proposalComments, proposals, sql, users } from '@meridian/db'
import { PROPOSAL_MESSAGES, ProposalCommentInput, ResolveThreadInput } from '@meridian/validators'
import { displayName } from '../auth/serialize-user.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { appendMessage } from '../chat/conversation-messages.ts'
import { recipients } from '../notifications/notify.ts'
import { parseInput } from '../validation.ts'
import { type ProposalAccess, visibleProposal } from './access.ts'
import { notifyProposalComment, proposalLink } from './notify.ts'
import type { Plan } from './plan.ts'

type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export interface ThreadDto {
  id: number
  item_key: string | null
  /** The item's title in the round read (null for the whole proposal, or an item no longer in it). */
  item_title: string | null
  round: number
  open: boolean
  resolved_at: string | null
  comments: { id: number; author: { id: number; name: string } | null; from_traveler: boolean; body: string; created_at: string }[]
}

/** Every thread of an itinerary, oldest first, each with its comments. */
export async function threadsOf(db: Db, itineraryId: number, plan: Plan, _access: ProposalAccess): Promise<ThreadDto[]> {
  const rows = await db
    .select({
      comment: proposalComments,
      round: proposals.round,
      travelerId: sql<number>`(select t.traveler_id from trips t where t.id = ${proposals.tripId})`.mapWith(Number),
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
    })
    .from(proposalComments)
    .innerJoin(proposals, eq(proposals.id, proposalComments.proposalId))
    .leftJoin(users, eq(users.id, proposalComments.authorId))
    .where(eq(proposalComments.itineraryId, itineraryId))
    .orderBy(asc(proposalComments.id))
  const titles = new Map(plan.days.flatMap((d) => d.items.map((i) => [i.key, i.title] as const)))
  const threads = new Map<number, ThreadDto>()
  for (const r of rows) {
    const c = r.comment
    const line = {
      id: c.id,
      author: r.author?.id ? { id: r.author.id, name: displayName(r.author) } : null,
      from_traveler: c.authorId === r.travelerId,
      body: c.body,
      created_at: c.createdAt.toISOString(),
    }
    if (c.threadId === null) {
      threads.set(c.id, {
        id: c.id,
        item_key: c.itemKey,
        item_title: c.itemKey ? (titles.get(c.itemKey) ?? null) : null,
        round: r.round,
        open: c.resolvedAt === null,
        resolved_at: c.resolvedAt?.toISOString() ?? null,
        comments: [line],
      })
    } else threads.get(c.threadId)?.comments.push(line)
  }
  return [...threads.values()]
}

/** The trip's conversation between its traveler and the author, if they have one (the chat links to new threads). */
async function conversationOf(db: Db, authorId: number, otherId: number | null) {
  if (otherId === null) return null
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .innerJoin(chatParticipants, and(eq(chatParticipants.conversationId, chatConversations.id), eq(chatParticipants.userId, authorId)))
    .where(sql`exists (select 1 from chat_participants o where o.conversation_id = ${chatConversations.id} and o.user_id = ${otherId})`)
    .limit(1)
  return row?.id ?? null
}

/**
 * POST /api/proposals/{id}/comments/ `{body, item_key?, thread?}`: a comment on an item of the round (or the whole
 * proposal), starting a thread or answering one. The other side is told; a new thread is also linked from the chat
 * between the traveler and their expert. The traveler and the trip's planners; answers 201 with the thread.
 */
export async function commentOnProposal(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<ThreadDto> {
  const threadId = await ctx.db.transaction(async (tx) => {
    // Whose round it is first: another person's answers 404 whatever the comment says.
    const { actor, row, trip, access } = await visibleProposal(ctx, rawId, { db: tx })
    const data = parseInput(ProposalCommentInput, input ?? {})
    const plan = row.plan as unknown as Plan
    const item = data.item_key ? plan.days.flatMap((d) => d.items).find((i) => i.key === data.item_key) : null
    if (data.item_key && !item) throw DomainError.invalid({ item_key: [PROPOSAL_MESSAGES.unknownItem(data.item_key)] })
    let root: typeof proposalComments.$inferSelect | undefined
    if (data.thread !== null) {
      ;[root] = await tx
        .select()
        .from(proposalComments)
        .where(and(eq(proposalComments.id, data.thread), eq(proposalComments.itineraryId, row.itineraryId), sql`${proposalComments.threadId} is null`))
        .for('update')
      if (!root) throw DomainError.invalid({ thread: [PROPOSAL_MESSAGES.unknownThread] })
    }
    const [made] = await tx
      .insert(proposalComments)
      .values({
        itineraryId: row.itineraryId,
        proposalId: row.id,
        threadId: root?.id ?? null,
        itemKey: root ? root.itemKey : (data.item_key ?? null),
        authorId: actor.id,
        body: data.body,
      })
      .returning()
    const thread = root?.id ?? made!.id
    // An answer reopens a resolved thread: someone has more to say.
    if (root?.resolvedAt) await tx.update(proposalComments).set({ resolvedAt: null, resolvedById: null }).where(eq(proposalComments.id, root.id))
    const fromTraveler = access.traveler && !access.planner
    await notifyProposalComment(tx, row, actor.id, !fromTraveler, thread, data.body)
    if (!root) {
      // The chat shows a link to the new thread, in the conversation between the traveler and their expert.
      const conversation = await conversationOf(tx, actor.id, fromTraveler ? trip.expertId : trip.travelerId)
      if (conversation !== null) {
        const about = item ? `“${item.title}”` : 'the whole proposal'
        const people = await tx.select({ userId: chatParticipants.userId }).from(chatParticipants).where(eq(chatParticipants.conversationId, conversation))
        const content = `New comment on ${about} (round ${row.round}): ${proposalLink(row.id, `#thread-${thread}`)}`
        await appendMessage(
          tx,
          conversation,
          actor.id,
          content,
          `proposal-thread-${thread}`,
          recipients(
            people.map((p) => p.userId),
            actor.id,
          ),
        )
      }
    }
    return thread
  })
  return (await threadById(ctx, rawId, threadId))!
}

async function threadById(ctx: ServiceContext, rawId: unknown, threadId: number) {
  const { row, access } = await visibleProposal(ctx, rawId)
  return (await threadsOf(ctx.db, row.itineraryId, row.plan as unknown as Plan, access)).find((t) => t.id === threadId)
}

/** GET /api/proposals/{id}/comments/: the threads of the proposal (every round's), oldest first. */
export async function listProposalComments(ctx: ServiceContext, rawId: unknown) {
  const { row, access } = await visibleProposal(ctx, rawId)
  const threads = await threadsOf(ctx.db, row.itineraryId, row.plan as unknown as Plan, access)
  return { count: threads.length, open: threads.filter((t) => t.open).length, results: threads }
}

/** POST /api/proposals/{id}/comments/{thread}/resolve/ `{resolved?}`: a thread resolved (or reopened), by either side. */
export async function resolveProposalThread(ctx: ServiceContext, rawId: unknown, rawThread: unknown, input: unknown): Promise<ThreadDto> {
  const data = parseInput(ResolveThreadInput, input ?? {})
  const { actor, row } = await visibleProposal(ctx, rawId)
  if (rawThread === undefined || rawThread === null || rawThread === '') throw DomainError.invalid({ thread: ['This field is required.'] })
  const threadId = typeof rawThread === 'number' ? rawThread : /^[1-9]\d{0,9}$/.test(String(rawThread)) ? Number(rawThread) : Number.NaN
  if (!Number.isInteger(threadId)) throw new DomainError('not_found', PROPOSAL_MESSAGES.unknownThread)
  const [done] = await ctx.db
    .update(proposalComments)
    .set(
      data.resolved ? { resolvedAt: sql`coalesce(${proposalComments.resolvedAt}, now())`, resolvedById: actor.id } : { resolvedAt: null, resolvedById: null },
    )
    .where(and(eq(proposalComments.id, threadId), eq(proposalComments.itineraryId, row.itineraryId), sql`${proposalComments.threadId} is null`))
    .returning({ id: proposalComments.id })
  if (!done) throw new DomainError('not_found', PROPOSAL_MESSAGES.unknownThread)
  return (await threadById(ctx, row.id, threadId))!
}

/** How many threads of an itinerary are open. */
export async function openThreadCount(db: Db, itineraryIds: number[]): Promise<Map<number, number>> {
  if (!itineraryIds.length) return new Map()
  const rows = await db
    .select({ id: proposalComments.itineraryId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(proposalComments)
    .where(and(inArray(proposalComments.itineraryId, itineraryIds), sql`${proposalComments.threadId} is null`, sql`${proposalComments.resolvedAt} is null`))
    .groupBy(proposalComments.itineraryId)
  return new Map(rows.map((r) => [r.id, r.n]))
}
