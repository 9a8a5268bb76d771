import { and, eq, notInArray, trips } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { requireBooker } from './access.ts'
import { answer, bookableActivity, checkDay, details, livePackage, priceFor } from './book-shared.ts'
import { BookActivityInput } from '@meridian/validators'
import { BOOKING_MESSAGES } from './messages.ts'
import { CLOSED_TRIP_STATUSES, openTrip } from './open-trip.ts'
import { insertBooking } from './record.ts'

export { BOOKING_HORIZON_DAYS } from './book-shared.ts'

/**
 * POST /api/activities/{id}/book/ `{date, participants, trip_id?}`: the traveler books an active activity for a
 * group on a day it runs (today to two years ahead), priced by the pricing engine in the activity's currency,
 * optionally for one of their open trips. An activity marked instant confirmation is confirmed at once; any other
 * waits for staff. create_trips.
 */
export async function bookActivity(ctx: ServiceContext, rawActivityId: unknown, input: unknown) {
  const actor = requireBooker(ctx)
  const activity = await bookableActivity(ctx.db, rawActivityId)
  const data = parseInput(BookActivityInput, input ?? {})
  checkDay(data.date, todayUtc())
  const price = priceFor(activity, data.date, data.participants)
  const id = await ctx.db.transaction(async (tx) => {
    if (data.trip_id !== null) {
      await openTrip(tx, actor.id, data.trip_id)
      const pkg = await livePackage(tx, data.trip_id)
      if (pkg) throw new DomainError('conflict', BOOKING_MESSAGES.packageBooked(pkg.reference))
    }
    const row = await insertBooking(tx, {
      bookingType: 'activity',
      travelerId: actor.id,
      tripId: data.trip_id,
      activityId: activity.id,
      supplierId: activity.supplier_id,
      title: activity.name,
      serviceDate: data.date,
      partySize: data.participants,
      amount: price.total,
      currency: activity.pricing.currency,
      details: details(activity, price, data.participants),
      status: activity.instant_confirmation ? 'confirmed' : 'pending',
    })
    return row.id
  })
  return answer(ctx.db, actor, id)
}

/** The traveler's trips a booking may belong to: their own, not completed or cancelled, soonest first. */
export async function bookableTrips(ctx: ServiceContext) {
  const actor = requireBooker(ctx)
  return ctx.db
    .select({ id: trips.id, title: trips.title, start_date: trips.startDate, end_date: trips.endDate })
    .from(trips)
    .where(and(eq(trips.travelerId, actor.id), notInArray(trips.status, [...CLOSED_TRIP_STATUSES])))
    .orderBy(trips.startDate, trips.id)
    .limit(100)
}

/**
 * What the booking form of an activity shows a traveler: the active activity (name, place, description, pricing,
 * days it runs, group limit, whether it confirms at once) and their open trips. create_trips; 404 for an activity
 * that is not there or not active.
 */
export async function activityToBook(ctx: ServiceContext, rawActivityId: unknown) {
  requireBooker(ctx)
  const a = await bookableActivity(ctx.db, rawActivityId)
  return {
    activity: {
      id: a.id,
      name: a.name,
      description: a.description,
      location: a.location_summary,
      pricing: a.pricing,
      days_of_week: a.scheduling.availability.days_of_week,
      duration_hours: a.scheduling.duration.hours,
      max_participants: a.max_participants,
      min_age: a.min_age,
      instant_confirmation: a.instant_confirmation,
      cancellation_policy: a.cancellation_policy,
    },
    trips: await bookableTrips(ctx),
  }
}
