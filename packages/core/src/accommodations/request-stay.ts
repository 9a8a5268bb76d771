import { hasPermission } from '@meridian/auth'
import { and, asc, eq, inArray, trips } from '@meridian/db'
import { nightsBetween, StayRequestInput, STAY_MESSAGES } from '@meridian/validators'
import { requireActor } from '../access.ts'
import { openTrip } from '../bookings/open-trip.ts'
import { insertBooking, serializeBooking, type SerializedBooking } from '../bookings/record.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { ACCOMMODATION_MESSAGES, loadAccommodation } from './accommodations.ts'

/** A stay request is 'to be quoted': amount 0.00 until staff confirm it with the hotel's price (docs/bookings.md). */
export const STAY_QUOTE_AMOUNT = '0.00'
export const STAY_QUOTE_CURRENCY = 'USD'

/** Requesting stays: create_trips (travelers; the superadmin through '*'). */
export function requireStayRequester(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!hasPermission(actor, 'create_trips')) throw new DomainError('forbidden', ACCOMMODATION_MESSAGES.travelersOnly)
  return actor
}

/**
 * POST /api/accommodations/{id}/book/: a pending hotel booking for the traveler (check-in from today, at most 60
 * nights, 1–10 rooms, 1–20 guests and at least one a room, optionally for one of their own open trips), priced 0.00 USD
 * until staff confirm it with the quoted amount. Needs create_trips. Writes one booking.
 */
export async function requestStay(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<SerializedBooking> {
  const actor = requireStayRequester(ctx)
  const { supplier, country } = await loadAccommodation(ctx.db, rawId)
  const stay = parseInput(StayRequestInput, input ?? {})
  if (stay.check_in < todayUtc()) throw DomainError.invalid({ check_in: [STAY_MESSAGES.checkInPast] })
  const nights = nightsBetween(stay.check_in, stay.check_out)
  const row = await ctx.db.transaction(async (tx) => {
    if (stay.trip_id != null) await openTrip(tx, actor.id, stay.trip_id)
    return insertBooking(tx, {
      bookingType: 'hotel',
      travelerId: actor.id,
      tripId: stay.trip_id,
      supplierId: supplier.id,
      title: `Stay at ${supplier.name}`,
      serviceDate: stay.check_in,
      endDate: stay.check_out,
      partySize: stay.guests,
      rooms: stay.rooms,
      amount: STAY_QUOTE_AMOUNT,
      currency: STAY_QUOTE_CURRENCY,
      details: {
        nights,
        quote: 'pending',
        accommodation: { id: supplier.id, name: supplier.name, city: supplier.city, country: country?.name ?? '' },
      },
      notes: stay.notes,
    })
  })
  return serializeBooking(row)
}

/** The traveler's open trips (planning, booked, active) a stay can be for, soonest first; none for other roles. */
export async function stayTripOptions(ctx: ServiceContext): Promise<{ id: number; title: string; start_date: string; end_date: string }[]> {
  if (!ctx.actor || !hasPermission(ctx.actor, 'create_trips')) return []
  return ctx.db
    .select({ id: trips.id, title: trips.title, start_date: trips.startDate, end_date: trips.endDate })
    .from(trips)
    .where(and(eq(trips.travelerId, ctx.actor.id), inArray(trips.status, ['planning', 'booked', 'active'])))
    .orderBy(asc(trips.startDate), asc(trips.id))
    .limit(50)
}
