import { and, bookings, eq, rowsOf, sql, trips } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { Dec } from '../currencies/money.ts'
import { idOf, todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { requireBooker } from './access.ts'
import { answer, livePackage } from './book-shared.ts'
import { BOOKING_MESSAGES } from './messages.ts'
import { assertTripOpen } from './open-trip.ts'
import { insertBooking } from './record.ts'

/**
 * Book a trip as a package: the approved version of its most recently modified approved itinerary, whole, at that
 * version's total in the itinerary's currency, for the trip's travelers and dates; pending until staff confirm it.
 * Not for a trip already booked as a package, one with items booked singly, one started, completed or cancelled.
 * create_trips; another traveler's trip is not found.
 */
export async function bookTrip(ctx: ServiceContext, rawTripId: unknown) {
  const actor = requireBooker(ctx)
  const tripId = idOf(rawTripId, 'The requested trip was not found.')
  const id = await ctx.db.transaction(async (tx) => {
    const [trip] = await tx
      .select()
      .from(trips)
      .where(and(eq(trips.id, tripId), eq(trips.travelerId, actor.id)))
      .for('update')
    if (!trip) throw new DomainError('not_found', 'The requested trip was not found.')
    assertTripOpen(trip, 'non_field_errors')
    if (trip.startDate <= todayUtc()) throw DomainError.invalid({ non_field_errors: [BOOKING_MESSAGES.tripStarted] })
    const [plan] = rowsOf<{ itinerary_id: number; version: number; total: string | null; currency: string | null }>(
      await tx.execute(sql`
        select i.id as itinerary_id, i.approved_version as version, v.snapshot ->> 'total_cost' as total, v.snapshot -> 'budget' ->> 'currency' as currency
          from itineraries i join itinerary_versions v on v.itinerary_id = i.id and v.version = i.approved_version
         where i.trip_id = ${tripId}
         order by i.updated_at desc, i.id desc
         limit 1`),
    )
    if (!plan || plan.total === null || !/[1-9]/.test(plan.total) || !plan.currency)
      throw DomainError.invalid({ non_field_errors: [BOOKING_MESSAGES.noApprovedPlan] })
    const pkg = await livePackage(tx, tripId)
    if (pkg) throw new DomainError('conflict', BOOKING_MESSAGES.packageBooked(pkg.reference))
    const [single] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.tripId, tripId), sql`${bookings.status} <> 'cancelled'`, sql`${bookings.details} ->> 'item_key' is not null`))
      .limit(1)
    if (single) throw new DomainError('conflict', BOOKING_MESSAGES.packageHasItems)
    const row = await insertBooking(tx, {
      bookingType: 'trip',
      travelerId: actor.id,
      tripId,
      title: trip.title,
      serviceDate: trip.startDate,
      endDate: trip.endDate,
      partySize: trip.travelers,
      amount: new Dec(plan.total).toFixed(2, Dec.ROUND_HALF_UP),
      currency: plan.currency,
      details: { itinerary_id: plan.itinerary_id, itinerary_version: plan.version },
    })
    return row.id
  })
  return answer(ctx.db, actor, id)
}

/**
 * What booking a trip as a package would take: the traveler's own trip and the total of its approved itinerary (null
 * without one). create_trips; another's trip is not found. bookTrip decides whether it can be booked now.
 */
export async function packageToBook(ctx: ServiceContext, rawTripId: unknown) {
  const actor = requireBooker(ctx)
  const tripId = idOf(rawTripId, 'The requested trip was not found.')
  const [trip] = await ctx.db
    .select({ id: trips.id, title: trips.title, start_date: trips.startDate, end_date: trips.endDate, travelers: trips.travelers, status: trips.status })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.travelerId, actor.id)))
  if (!trip) throw new DomainError('not_found', 'The requested trip was not found.')
  const [plan] = rowsOf<{ itinerary_id: number; total: string | null; currency: string | null }>(
    await ctx.db.execute(sql`
      select i.id as itinerary_id, v.snapshot ->> 'total_cost' as total, v.snapshot -> 'budget' ->> 'currency' as currency
        from itineraries i join itinerary_versions v on v.itinerary_id = i.id and v.version = i.approved_version
       where i.trip_id = ${tripId}
       order by i.updated_at desc, i.id desc
       limit 1`),
  )
  return {
    trip,
    itinerary: plan && plan.total !== null && plan.currency ? { id: plan.itinerary_id, total: new Dec(plan.total).toFixed(2), currency: plan.currency } : null,
  }
}
