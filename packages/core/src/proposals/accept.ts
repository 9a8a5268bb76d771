/**
 * The traveler's answers to a round (docs/proposals.md): ask for changes, or accept it. Accepting freezes the round's
 * chosen lines (each price, currency, conversion rate and margin as the plan holds them) and their total, and books
 * them as pending bookings at those prices, all in one transaction: a flight option whose seats ran out since refuses
 * the whole acceptance and nothing is booked.
 */
import { eq, proposalComments, proposals, sql } from '@meridian/db'
import { AcceptProposalInput, isChosen, PROPOSAL_MESSAGES, RequestChangesInput } from '@meridian/validators'
import { openTrip } from '../bookings/open-trip.ts'
import { insertBookings, type NewBooking } from '../bookings/record.ts'
import type { ServiceContext } from '../context.ts'
import { Dec } from '../currencies/money.ts'
import { pgCode, todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { bookableFlight, bookSeats } from '../flights/book-flight.ts'
import { parseInput } from '../validation.ts'
import { requireProposalTraveler, visibleProposal } from './access.ts'
import { notifyChangesRequested, notifyProposalAccepted } from './notify.ts'
import { type Plan, payersOf } from './plan.ts'
import { getProposal, isExpired, quote, serializeRound } from './proposals.ts'
import { openThreadCount } from './threads.ts'
import { addDays } from '../bookings/book-shared.ts'

type Tx = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0]

/** Why a closed round cannot be answered: accepted, or a newer round was sent (naming it). */
async function refuseClosed(tx: Tx, row: { itineraryId: number; status: string }) {
  if (row.status === 'accepted') throw new DomainError('conflict', PROPOSAL_MESSAGES.alreadyAccepted)
  const [latest] = await tx
    .select({ round: sql<number>`max(${proposals.round})`.mapWith(Number) })
    .from(proposals)
    .where(eq(proposals.itineraryId, row.itineraryId))
  throw new DomainError('conflict', PROPOSAL_MESSAGES.superseded(latest?.round ?? 0))
}

/**
 * POST /api/proposals/{id}/request-changes/ `{message?}`: the round goes back to the expert with its open threads (the
 * message, when written, opens a thread on the whole proposal). Also the way to ask for a new quote once one expired.
 * The trip's traveler; the expert is told (bell and mail).
 */
export async function requestProposalChanges(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const id = await ctx.db.transaction(async (tx) => {
    const { actor, row, access } = await visibleProposal(ctx, rawId, { db: tx, lock: true })
    requireProposalTraveler(access)
    const data = parseInput(RequestChangesInput, input ?? {})
    if (row.status !== 'sent' && row.status !== 'changes_requested') await refuseClosed(tx, row)
    await tx
      .update(proposals)
      .set({ status: 'changes_requested', changesRequestedAt: new Date(), changesMessage: data.message })
      .where(eq(proposals.id, row.id))
    if (data.message) await tx.insert(proposalComments).values({ itineraryId: row.itineraryId, proposalId: row.id, authorId: actor.id, body: data.message })
    const open = await openThreadCount(tx, [row.itineraryId])
    await notifyChangesRequested(tx, row, actor.id, open.get(row.itineraryId) ?? 0, data.message)
    return row.id
  })
  return getProposal(ctx, id)
}

/** A chosen line as acceptance freezes it. */
interface FrozenLine {
  key: string
  day: string
  type: string
  title: string
  option_group: string | null
  cost: string | null
  currency: string | null
  converted_cost: string | null
  pricing: Record<string, unknown>
  booking: string | null
}

/**
 * POST /api/proposals/{id}/accept/ `{choices?, round?}`: the traveler accepts the round with the options chosen (the
 * recommended ones where none is named). Refused (409) when the round was accepted already, replaced by a newer one,
 * or past its quote expiry; `round`, when sent, must be this round's number. In one transaction with the round
 * locked: the accepted lines and total are frozen, and each line that books (an activity, a stay with its
 * accommodation, a transfer, a flight) becomes a pending booking of the trip at its frozen price. The expert and the
 * specialist who matched them are told.
 */
export async function acceptProposal(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const accepted = await ctx.db
    .transaction(async (tx) => {
      const { actor, row, trip, access } = await visibleProposal(ctx, rawId, { db: tx, lock: true })
      requireProposalTraveler(access)
      const data = parseInput(AcceptProposalInput, input ?? {})
      if (row.status !== 'sent' && row.status !== 'changes_requested') await refuseClosed(tx, row)
      if (data.round !== undefined && data.round !== row.round) throw new DomainError('conflict', PROPOSAL_MESSAGES.staleRound(data.round, row.round))
      if (isExpired(row)) throw new DomainError('conflict', PROPOSAL_MESSAGES.expired(row.expiresOn))
      const plan = row.plan as unknown as Plan
      const { choices, totals } = quote(plan, data.choices)
      // A completed or cancelled trip takes no bookings; the trip stays locked until this commits.
      await openTrip(tx, trip.travelerId, trip.id)
      const lines: FrozenLine[] = []
      // The lines booked from the catalogue, written together once every line is known (insertBookings).
      const toBook: { line: FrozenLine; booking: NewBooking }[] = []
      const participants = payersOf(plan)
      const everyone = plan.travelers.adults + plan.travelers.children + plan.travelers.infants
      for (const day of plan.days) {
        for (const item of day.items) {
          if (!isChosen(item, choices)) continue
          const amount = item.details.converted_cost === null ? null : new Dec(item.details.converted_cost).toFixed(2)
          const frozen = { proposal: { id: row.id, round: row.round, item_key: item.key }, item_key: item.key, pricing: item.pricing }
          const common = { travelerId: trip.travelerId, tripId: trip.id, title: item.title, currency: plan.currency, details: frozen }
          let booking: NewBooking | null = null
          let reference: string | null = null
          if (amount !== null && item.type === 'activity' && item.activity_id !== null) {
            booking = { ...common, bookingType: 'activity', activityId: item.activity_id, serviceDate: day.date, partySize: participants, amount }
          } else if (amount !== null && item.type === 'accommodation') {
            const nights = item.nights ?? 1
            booking = {
              ...common,
              bookingType: 'hotel',
              supplierId: item.supplier_id ?? null,
              serviceDate: day.date,
              endDate: addDays(day.date, nights),
              partySize: Math.max(1, everyone),
              rooms: 1,
              amount,
            }
          } else if (amount !== null && item.type === 'transport' && item.flight_id !== null) {
            const seats = Number(item.pricing.seats ?? participants)
            try {
              const offer = await bookableFlight(tx, item.flight_id)
              const { booking: flight } = await bookSeats(tx, trip.travelerId, offer, { passengers: seats, tripId: trip.id, passengerNames: [] }, frozen)
              // The frozen fare, not today's: the accepted total never moves.
              await tx.execute(sql`update bookings set amount = ${amount}, currency = ${plan.currency} where id = ${flight.id}`)
              reference = flight.reference
            } catch (error) {
              if (error instanceof DomainError && (error.code === 'conflict' || error.code === 'not_found')) {
                throw new DomainError('conflict', PROPOSAL_MESSAGES.flightSeats(String(item.pricing.flight_number ?? item.title), error.message))
              }
              throw error
            }
          } else if (amount !== null && item.type === 'transport' && item.transfer_id !== null) {
            booking = {
              ...common,
              bookingType: 'transfer',
              serviceDate: day.date,
              partySize: Math.max(1, everyone),
              amount,
              details: { ...frozen, transfer_id: item.transfer_id },
            }
          }
          const line: FrozenLine = {
            key: item.key,
            day: day.date,
            type: item.type,
            title: item.title,
            option_group: item.option_group,
            cost: item.details.cost,
            currency: item.details.currency,
            converted_cost: item.details.converted_cost,
            pricing: item.pricing,
            booking: reference,
          }
          lines.push(line)
          if (booking) toBook.push({ line, booking })
        }
      }
      const made = await insertBookings(
        tx,
        // The bookings of one accepted proposal are paid and cancelled together (docs/bookings.md).
        toBook.map((b) => ({ ...b.booking, packageReference: `P-${row.id}` })),
      )
      made.forEach((row, i) => (toBook[i]!.line.booking = row.reference))
      const bookings = lines.flatMap((l) => (l.booking ? [l.booking] : []))
      const total = totals.total
      const now = new Date()
      // Accepting is reading: the round is seen, as getProposal marks it.
      const done = {
        status: 'accepted' as const,
        acceptedAt: now,
        acceptedById: actor.id,
        acceptedTotal: total,
        accepted: { choices, lines, bookings, total, per_person: totals.per_person, currency: plan.currency, accepted_on: todayUtc() },
        seenAt: row.seenAt ?? now,
      }
      await tx.update(proposals).set(done).where(eq(proposals.id, row.id))
      await notifyProposalAccepted(tx, { ...row, total }, actor.id)
      return { row: { ...row, ...done }, access }
    })
    .catch((error: unknown) => {
      // Two acceptances at once of two rounds: the second meets the one-accepted-round index.
      if (pgCode(error).constraint === 'proposals_accepted_key') throw new DomainError('conflict', PROPOSAL_MESSAGES.alreadyAccepted)
      throw error
    })
  // The round as it now stands, read from what was written rather than fetched again.
  return serializeRound(ctx, accepted.row, accepted.access, {})
}
