import { bookings, inArray, sql } from '@meridian/db'
import { serializeBooking } from '../bookings/record.ts'
import type { ServiceContext } from '../context.ts'
import { Dec } from '../currencies/money.ts'
import { DomainError } from '../errors.ts'
import { requireFlightBooker } from './access.ts'
import { type BookableFlight, bookableFlight, bookingInput, bookSeats } from './book-flight.ts'
import { expandFlights, loadFlight } from './manage-flights.ts'
import { FLIGHT_MESSAGES } from './messages.ts'
import { MAX_LEGS, MIN_LEGS } from './search-flights.ts'

/** The flights of an itinerary, one a leg in order: a list of ids, or text with the ids separated by commas. */
function legIds(input: unknown): number[] {
  const q = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>
  const raw = q.flights
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').filter((s) => s.trim()) : typeof raw === 'number' ? [raw] : []
  const ids = items.map((x) => (typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,10}$/.test(x.trim()) ? Number(x.trim()) : Number.NaN))
  if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) throw DomainError.invalid({ flights: [FLIGHT_MESSAGES.legIds] })
  if (ids.length < MIN_LEGS || ids.length > MAX_LEGS) throw DomainError.invalid({ flights: [FLIGHT_MESSAGES.legCount] })
  if (new Set(ids).size !== ids.length) throw DomainError.invalid({ flights: [FLIGHT_MESSAGES.legTwice] })
  return ids
}

/** Leg n's refusal names the leg and its flight: "Leg 2 (AF276): This flight is sold out." */
const onLeg = (i: number, offer: { flightNumber: string }, message: string) => `Leg ${i + 1} (${offer.flightNumber}): ${message}`

/**
 * POST /api/flights/book/: a multi-city itinerary, one flight a leg (2 to 5, in order, each leaving after the one before
 * it lands), booked together for the same passengers and trip: every leg's seats and pending booking are written in
 * one transaction, so either all legs are booked or none is (a sold-out leg refuses the whole itinerary and writes
 * nothing). The bookings share the first one's reference as details.itinerary. Travelers (create_trips), for themselves.
 */
export async function bookFlightItinerary(ctx: ServiceContext, input: unknown) {
  const actor = requireFlightBooker(ctx)
  const ids = legIds(input)
  for (const id of ids) await loadFlight(ctx.db, id)
  const data = bookingInput(input)
  const offers: BookableFlight[] = []
  for (const [i, id] of ids.entries()) {
    try {
      offers.push(await bookableFlight(ctx.db, id))
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'conflict') throw error
      const row = await loadFlight(ctx.db, id)
      throw new DomainError('conflict', onLeg(i, row, error.message))
    }
  }
  for (let i = 1; i < offers.length; i++) {
    if (offers[i]!.flight.departureAt <= offers[i - 1]!.flight.arrivalAt) throw DomainError.invalid({ flights: [FLIGHT_MESSAGES.legOrder(i + 1, i)] })
  }
  const written = await ctx.db.transaction(async (tx) => {
    const out = []
    for (const [i, offer] of offers.entries()) {
      try {
        out.push(await bookSeats(tx, actor.id, offer, data, { itinerary: { leg: i + 1, legs: offers.length } }))
      } catch (error) {
        if (error instanceof DomainError && error.code === 'conflict') throw new DomainError('conflict', onLeg(i, offer.flight, error.message))
        throw error
      }
    }
    // The itinerary is known by its first leg's reference, which exists only once that booking is written.
    const reference = out[0]!.booking.reference
    const rows = await tx
      .update(bookings)
      .set({ details: sql`jsonb_set(${bookings.details}, '{itinerary,reference}', to_jsonb(${reference}::text))`, packageReference: reference })
      .where(
        inArray(
          bookings.id,
          out.map((o) => o.booking.id),
        ),
      )
      .returning()
    const byId = new Map(rows.map((r) => [r.id, r]))
    return { reference, out: out.map((o) => ({ booking: byId.get(o.booking.id)!, taken: o.taken })) }
  })
  const flights = await expandFlights(
    ctx.db,
    written.out.map((w) => w.taken),
  )
  const legs = written.out.map((w, i) => ({ ...serializeBooking(w.booking), flight: flights[i]! }))
  const totals = new Map<string, Dec>()
  for (const b of legs) totals.set(b.currency, (totals.get(b.currency) ?? new Dec(0)).plus(b.amount))
  return {
    reference: written.reference,
    legs: legs.length,
    passengers: data.passengers,
    totals: [...totals].map(([currency, amount]) => ({ currency, amount: amount.toFixed(2) })),
    bookings: legs,
    message: FLIGHT_MESSAGES.itineraryBooked(written.reference, legs.length),
  }
}
