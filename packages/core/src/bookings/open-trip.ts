import { and, type Database, eq, trips } from '@meridian/db'
import { DomainError } from '../errors.ts'
import { BOOKING_MESSAGES } from './messages.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Statuses of a trip that is over: it takes no more bookings. */
export const CLOSED_TRIP_STATUSES = ['completed', 'cancelled'] as const

/**
 * The one rule of every booking call (activity, itinerary item, trip package, flight, multi-city itinerary, stay): a
 * completed or cancelled trip takes no booking, a field error on `field` (400).
 */
export function assertTripOpen(trip: { status: string }, field = 'trip_id') {
  if ((CLOSED_TRIP_STATUSES as readonly string[]).includes(trip.status)) throw DomainError.invalid({ [field]: [BOOKING_MESSAGES.tripClosed] })
}

/**
 * The traveler's own trip, open for bookings, locked for the rest of the caller's transaction (so it cannot be
 * completed or cancelled while the booking is written). Another's trip, or none, is the same field error.
 */
export async function openTrip(tx: Tx | Database, travelerId: number, tripId: number, field = 'trip_id') {
  const [trip] = await tx
    .select()
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.travelerId, travelerId)))
    .for('update')
  if (!trip) throw DomainError.invalid({ [field]: ['Choose one of your own trips.'] })
  assertTripOpen(trip, field)
  return trip
}
