/**
 * Proposals (docs/proposals.md): the expert sends the approved itinerary to the traveler as a round with a note and a
 * quote expiry; the traveler reads it, weighs its options, comments, asks for changes, and accepts a price that then
 * holds. Rounds, their reading and their list are here; comments in comments.ts, acceptance in accept.ts.
 */
import { and, asc, desc, eq, getTableColumns, inArray, itineraries, itineraryVersions, proposals, sql, trips, users } from '@meridian/db'
import {
  type Choices,
  DEFAULT_QUOTE_DAYS,
  MAX_QUOTE_DAYS,
  PROPOSAL_MESSAGES,
  PROPOSAL_STATUSES,
  PublishProposalInput,
  proposalTotals,
  recommendedChoices,
  resolveChoices,
  slotsOf,
} from '@meridian/validators'
import * as v from 'valibot'
import { displayName } from '../auth/serialize-user.ts'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { requireItineraryEditor, visibleItinerary } from '../itineraries/access.ts'
import type { ItineraryDto } from '../itineraries/serialize.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { hasPermission as can } from '@meridian/auth'
import { parseInput } from '../validation.ts'
import { type ProposalAccess, type ProposalRow, visibleProposal } from './access.ts'
import { roundChanges } from './changes.ts'
import { notifyProposalSent } from './notify.ts'
import { defaultIncluded, type Plan, payersOf, planTotal, pricePlan } from './plan.ts'
import { openThreadCount, threadsOf } from './threads.ts'
import { addDays } from '../bookings/book-shared.ts'
import { requireActor } from '../access.ts'
import { filterChoice, filterId } from '../lists/filters.ts'

/** Whether a round's quote has run out: after its expiry day (UTC), unless it was accepted. */
export const isExpired = (row: Pick<ProposalRow, 'expiresOn' | 'status'>, today = todayUtc()) => row.status !== 'accepted' && today > row.expiresOn

/** Whether the traveler can still answer a round: it is the latest and not accepted. */
export const isOpen = (row: Pick<ProposalRow, 'status'>) => row.status === 'sent' || row.status === 'changes_requested'

/**
 * POST /api/itineraries/{id}/proposals/ `{note?, expires_on? | valid_days?, included?, not_included?}`: send the
 * approved version to the traveler as a new round, priced today. Earlier open rounds are superseded; an itinerary whose
 * proposal was accepted takes no new round (its prices are frozen). The trip's accepted expert and staff with
 * manage_trips; the traveler is told (bell and mail).
 */
export async function publishProposal(ctx: ServiceContext, rawItineraryId: unknown, input: unknown) {
  requireItineraryEditor(ctx)
  const { actor, row, access } = await visibleItinerary(ctx, rawItineraryId)
  if (!access.edit) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  const data = parseInput(PublishProposalInput, input ?? {})
  const today = todayUtc()
  const expiresOn = data.expires_on || addDays(today, data.valid_days ?? DEFAULT_QUOTE_DAYS)
  if (expiresOn <= today || expiresOn > addDays(today, MAX_QUOTE_DAYS)) throw DomainError.invalid({ expires_on: [PROPOSAL_MESSAGES.expiryRange] })
  if (row.approvedVersion === null) throw new DomainError('conflict', PROPOSAL_MESSAGES.notApproved)
  const [kept] = await ctx.db
    .select({ snapshot: itineraryVersions.snapshot })
    .from(itineraryVersions)
    .where(and(eq(itineraryVersions.itineraryId, row.id), eq(itineraryVersions.version, row.approvedVersion)))
  const plan = await pricePlan(ctx.db, kept!.snapshot as unknown as ItineraryDto, today)
  const total = planTotal(plan)
  const id = await ctx.db.transaction(async (tx) => {
    // The itinerary row orders rounds: two sends at once number theirs one after the other.
    await tx.select({ id: itineraries.id }).from(itineraries).where(eq(itineraries.id, row.id)).for('update')
    const rounds = await tx.select({ round: proposals.round, status: proposals.status }).from(proposals).where(eq(proposals.itineraryId, row.id))
    const accepted = rounds.find((r) => r.status === 'accepted')
    if (accepted) throw new DomainError('conflict', `Round ${accepted.round} of this proposal was accepted: its prices are frozen.`)
    await tx
      .update(proposals)
      .set({ status: 'superseded' })
      .where(and(eq(proposals.itineraryId, row.id), inArray(proposals.status, ['sent', 'changes_requested'])))
    const round = rounds.reduce((n, r) => Math.max(n, r.round), 0) + 1
    const [made] = await tx
      .insert(proposals)
      .values({
        itineraryId: row.id,
        tripId: row.tripId,
        round,
        version: row.approvedVersion!,
        note: data.note,
        expiresOn,
        currency: plan.currency,
        plan: plan as unknown as Record<string, unknown>,
        total,
        included: data.included ?? defaultIncluded(plan),
        notIncluded: data.not_included ?? [],
        sentById: actor.id,
      })
      .returning()
    await notifyProposalSent(tx, { ...made!, total }, actor.id)
    return made!.id
  })
  return getProposal(ctx, id)
}

/** The choices a read names: `choices` as an object or as `group:key,group:key`, and a form's `choice.{group}` fields. */
export function sentChoices(query: unknown): Record<string, unknown> {
  const q = (typeof query === 'object' && query !== null && !Array.isArray(query) ? query : {}) as Record<string, unknown>
  const out: Record<string, unknown> = {}
  const raw = q.choices
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) Object.assign(out, raw)
  else if (typeof raw === 'string' && raw.trim()) {
    for (const pair of raw.split(',')) {
      const at = pair.indexOf(':')
      if (at > 0) out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim()
      else out[pair.trim()] = ''
    }
  } else if (raw !== undefined && raw !== '' && raw !== null) throw DomainError.invalid({ choices: ['Expected an object of slot: option.'] })
  for (const [k, x] of Object.entries(q)) if (k.startsWith('choice.') && k.length > 7) out[k.slice(7)] = x
  return out
}

/** The plan's slots and the totals for these choices (the recommended ones where none is named); field errors when wrong. */
export function quote(plan: Plan, sent: Record<string, unknown>) {
  const slots = slotsOf(plan.days)
  const { choices, errors } = resolveChoices(slots, sent)
  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  return { slots, choices, totals: proposalTotals(plan.days, choices, payersOf(plan), plan.places) }
}

const personOf = (u: { id: number; firstName: string; lastName: string; username: string } | null | undefined) =>
  u ? { id: u.id, name: displayName(u) } : null

/** A round as the screens and the calls read it (with `sent`, the choices asked for). */
export async function serializeRound(ctx: ServiceContext, row: ProposalRow, access: ProposalAccess, sent: Record<string, unknown>) {
  const plan = row.plan as unknown as Plan
  const accepted = row.accepted as { choices: Choices } | null
  // An accepted round reads with the choices it was accepted with, unless others are asked for.
  const { slots, choices, totals } = quote(plan, Object.keys(sent).length || !accepted ? sent : accepted.choices)
  // The rounds without their plans (each as large as this one): only the one compared with is read, below.
  const [rounds, people, threads] = await Promise.all([
    ctx.db
      .select({ id: proposals.id, round: proposals.round, status: proposals.status, sentAt: proposals.sentAt, seenAt: proposals.seenAt })
      .from(proposals)
      .where(eq(proposals.itineraryId, row.itineraryId))
      .orderBy(asc(proposals.round)),
    ctx.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(inArray(users.id, [row.sentById ?? 0, row.acceptedById ?? 0])),
    threadsOf(ctx.db, row.itineraryId, plan, access),
  ])
  // What changed since the last round the traveler opened before this one (for the planners: the round before).
  const earlier = rounds.filter((r) => r.round < row.round)
  const since = access.traveler ? earlier.filter((r) => r.seenAt !== null).at(-1) : earlier.at(-1)
  const [before] = since ? await ctx.db.select({ plan: proposals.plan }).from(proposals).where(eq(proposals.id, since.id)) : []
  const today = todayUtc()
  const expired = isExpired(row, today)
  const latest = rounds.at(-1)!
  const open = isOpen(row)
  return {
    id: row.id,
    itinerary_id: row.itineraryId,
    trip_id: row.tripId,
    round: row.round,
    version: row.version,
    status: row.status,
    expired,
    note: row.note,
    expires_on: row.expiresOn,
    currency: row.currency,
    places: plan.places,
    priced_on: plan.priced_on,
    sent_by: personOf(people.find((p) => p.id === row.sentById)),
    sent_at: row.sentAt.toISOString(),
    seen_at: row.seenAt?.toISOString() ?? null,
    changes_requested_at: row.changesRequestedAt?.toISOString() ?? null,
    changes_message: row.changesMessage,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    accepted_by: personOf(people.find((p) => p.id === row.acceptedById)),
    accepted_total: row.acceptedTotal,
    accepted: row.accepted,
    total: row.total,
    included: row.included,
    not_included: row.notIncluded,
    title: plan.title,
    description: plan.description,
    destination: plan.destination,
    start_date: plan.start_date,
    end_date: plan.end_date,
    travelers: plan.travelers,
    days: plan.days.map((d, i) => ({ ...d, total_cost: totals.days[i]!.total_cost, estimated_duration: totals.days[i]!.estimated_duration })),
    slots,
    choices,
    totals,
    changes: since && before ? roundChanges(since.round, before.plan as unknown as Plan, plan) : null,
    rounds: rounds.map((r) => ({ id: r.id, round: r.round, status: r.status, sent_at: r.sentAt.toISOString() })),
    latest_round: { id: latest.id, round: latest.round },
    threads,
    can: {
      accept: access.traveler && open && !expired,
      request_changes: access.traveler && open,
      comment: true,
      publish: access.planner && !rounds.some((r) => r.status === 'accepted'),
      resolve: true,
    },
  }
}
export type ProposalDto = Awaited<ReturnType<typeof serializeRound>>

/**
 * GET /api/proposals/{id}/ (`choices`): a round with its totals for the choices named (the recommended options where
 * none is; an accepted round its accepted choices). The traveler's first reading marks the round seen: the next round
 * then shows what changed since this one.
 */
export async function getProposal(ctx: ServiceContext, rawId: unknown, query: unknown = {}) {
  const { row, access } = await visibleProposal(ctx, rawId)
  const sent = sentChoices(query)
  let current = row
  if (access.traveler && row.seenAt === null) {
    const [seen] = await ctx.db
      .update(proposals)
      .set({ seenAt: sql`coalesce(${proposals.seenAt}, now())` })
      .where(eq(proposals.id, row.id))
      .returning()
    current = seen ?? row
  }
  return serializeRound(ctx, current, access, sent)
}

/** The list's filters: a trip, a state. */
const ProposalFilters = v.object({ trip: filterId, status: filterChoice(PROPOSAL_STATUSES) })
export { ProposalFilters }

const TRIP_ID = sql.raw('"proposals"."trip_id"')
const proposalList = pagedList({
  name: 'proposals',
  table: proposals,
  id: proposals.id,
  keys: [
    { expr: proposals.sentAt, type: 'timestamp' },
    { expr: proposals.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    trip: (p) => sql`${TRIP_ID} = ${p()}`,
    status: (p) => sql`"proposals"."status" = ${p()}`,
    traveler: (p) => sql`${TRIP_ID} in (select t.id from trips t where t.traveler_id = ${p()})`,
    // An expert's: the trips they plan (an accepted assignment).
    expert: (p) => sql`${TRIP_ID} in (select a.trip_id from trip_assignments a where a.expert_id = ${p()} and a.status = 'accepted')`,
  },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(proposals), ...page.cursor })
      .from(page.from)
      .innerJoin(proposals, eq(proposals.id, page.id)),
})

/**
 * GET /api/proposals/ (filters trip, status): the rounds the user may read, newest first: a traveler those of their
 * trips, an expert those of the trips they plan, staff with manage_trips every one; anyone else none.
 */
export async function listProposals(ctx: ServiceContext, query: unknown, page: PageWindow) {
  const actor = requireActor(ctx)
  const f = parseInput(ProposalFilters, query ?? {})
  const staff = can(actor, 'manage_trips')
  const planner = can(actor, 'manage_assigned_trips')
  const { count, rows, next_cursor } = await proposalList.page(
    ctx.db,
    {
      trip: f.trip === '' ? undefined : f.trip,
      status: f.status === '' ? undefined : f.status,
      ...(staff ? {} : planner ? { expert: actor.id } : { traveler: actor.id }),
    },
    page,
  )
  const list = rows as unknown as ProposalRow[]
  const today = todayUtc()
  const [open, titles] = await Promise.all([
    openThreadCount(ctx.db, [...new Set(list.map((r) => r.itineraryId))]),
    list.length
      ? ctx.db
          .select({ id: trips.id, title: trips.title })
          .from(trips)
          .where(inArray(trips.id, [...new Set(list.map((r) => r.tripId))]))
      : [],
  ])
  const results = list.map((r) => {
    const plan = r.plan as unknown as Plan
    return {
      id: r.id,
      itinerary_id: r.itineraryId,
      trip_id: r.tripId,
      trip_title: titles.find((t) => t.id === r.tripId)?.title ?? '',
      title: plan.title,
      destination: plan.destination,
      start_date: plan.start_date,
      end_date: plan.end_date,
      round: r.round,
      status: r.status,
      expired: isExpired(r, today),
      expires_on: r.expiresOn,
      currency: r.currency,
      total: r.total,
      accepted_total: r.acceptedTotal,
      options: slotsOf(plan.days).length,
      open_threads: open.get(r.itineraryId) ?? 0,
      sent_at: r.sentAt.toISOString(),
      seen_at: r.seenAt?.toISOString() ?? null,
      accepted_at: r.acceptedAt?.toISOString() ?? null,
    }
  })
  return { count, results, next_cursor }
}

/**
 * GET /api/itineraries/{id}/proposals/: an itinerary's rounds, newest first, and its comment threads (the builder shows
 * them beside their items). Those who plan the trip, and its traveler (the rounds they were sent).
 */
export async function listItineraryProposals(ctx: ServiceContext, rawItineraryId: unknown) {
  const { row, access } = await visibleItinerary(ctx, rawItineraryId)
  const planner = access.edit
  if (!planner && !access.travelerOnly) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  const rounds = await ctx.db.select().from(proposals).where(eq(proposals.itineraryId, row.id)).orderBy(desc(proposals.round))
  const today = todayUtc()
  const latest = rounds[0]
  const threads = latest ? await threadsOf(ctx.db, row.id, latest.plan as unknown as Plan, { traveler: access.travelerOnly, planner }) : []
  return {
    itinerary_id: row.id,
    approved_version: row.approvedVersion,
    can_publish: planner && row.approvedVersion !== null && !rounds.some((r) => r.status === 'accepted'),
    results: rounds.map((r) => ({
      id: r.id,
      round: r.round,
      version: r.version,
      status: r.status,
      expired: isExpired(r, today),
      expires_on: r.expiresOn,
      currency: r.currency,
      total: r.total,
      accepted_total: r.acceptedTotal,
      note: r.note,
      sent_at: r.sentAt.toISOString(),
      seen_at: r.seenAt?.toISOString() ?? null,
      changes_requested_at: r.changesRequestedAt?.toISOString() ?? null,
      changes_message: r.changesMessage,
      accepted_at: r.acceptedAt?.toISOString() ?? null,
    })),
    threads,
    recommended: latest ? recommendedChoices(slotsOf((latest.plan as unknown as Plan).days)) : {},
  }
}
