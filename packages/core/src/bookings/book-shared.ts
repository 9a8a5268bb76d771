import { WEEKDAYS } from '@meridian/validators'
import { and, bookings, type Database, eq, sql } from '@meridian/db'
import type { Actor } from '../context.ts'
import { readActivity } from '../activities/activities.ts'
import { computePrice } from '../activities/pricing.ts'
import type { CatalogueActivityDto } from '../activities/serialize.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { bookingScope, rolesOnBooking } from './access.ts'
import { detailOf, loadBooking } from './bookings.ts'
import { BOOKING_MESSAGES } from './messages.ts'

/* What booking an activity, an itinerary item and a trip share (book-activity.ts, book-item.ts, book-trip.ts). */

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

const DAY = 86_400_000
/** How far ahead an activity can be booked. */
export const BOOKING_HORIZON_DAYS = 730
export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)
/** ISO weekday (Monday 1 … Sunday 7) of a YYYY-MM-DD date. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

/** The booking as its booker sees it right after the write. */
export async function answer(db: Database, actor: Actor, id: number) {
  const booking = await loadBooking(db, actor, id)
  return detailOf(db, booking, rolesOnBooking(actor, bookingScope(actor) ?? 'own', booking))
}

/** An active activity, or 404. */
export async function bookableActivity(db: Database, rawId: unknown): Promise<CatalogueActivityDto> {
  const activity = await readActivity(db, idOf(rawId, BOOKING_MESSAGES.activityNotFound))
  if (!activity.is_active) throw new DomainError('not_found', BOOKING_MESSAGES.activityNotFound)
  return activity
}

/** The activity's price for the group on the day: the day must be one it runs on, the group within its limits. */
export function priceFor(activity: CatalogueActivityDto, date: string, participants: number) {
  const weekday = isoWeekday(date)
  if (!activity.scheduling.availability.days_of_week.includes(weekday)) {
    throw DomainError.invalid({ date: [BOOKING_MESSAGES.notAvailableOn(WEEKDAYS[weekday - 1]!.label)] })
  }
  return computePrice(
    {
      pricing_model: activity.pricing.pricing_model,
      fixed_price: activity.pricing.fixed_price,
      pricing_tiers: activity.pricing.pricing_tiers,
      max_participants: activity.max_participants,
    },
    participants,
  )
}

/** Today or later, and within the booking horizon. */
export function checkDay(date: string, today: string, field = 'date') {
  if (date < today) throw DomainError.invalid({ [field]: [BOOKING_MESSAGES.datePast] })
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) throw DomainError.invalid({ [field]: [BOOKING_MESSAGES.dateTooFar] })
}

/** The live (not cancelled) package booking of a trip, if any. */
export async function livePackage(tx: Tx, tripId: number) {
  const [row] = await tx
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(and(eq(bookings.tripId, tripId), eq(bookings.bookingType, 'trip'), sql`${bookings.status} <> 'cancelled'`))
    .limit(1)
  return row ?? null
}

export const details = (activity: CatalogueActivityDto, price: ReturnType<typeof computePrice>, participants: number) => ({
  activity_id: activity.id,
  location: activity.location_summary,
  pricing_model: activity.pricing.pricing_model,
  basis: price.basis,
  tier: price.tier?.name ?? null,
  unit_price: price.unit_price,
  participants,
  duration_hours: activity.scheduling.duration.hours,
  cancellation_policy: activity.cancellation_policy,
})
