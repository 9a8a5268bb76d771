import { and, bookings, type Database, eq, rowsOf, sql, trips } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { readActivity } from '../activities/activities.ts'
import type { computePrice } from '../activities/pricing.ts'
import { idOf, todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { requireBooker } from './access.ts'
import { answer, details, livePackage, priceFor, type Tx } from './book-shared.ts'
import { BookItemInput } from '@meridian/validators'
import { BOOKING_MESSAGES } from './messages.ts'
import { openTrip } from './open-trip.ts'
import { insertBooking } from './record.ts'

interface ApprovedItem {
  itinerary_id: number
  trip_id: number
  version: number
  date: string
  item: { id: number; key: string; type: string; title: string; activity_id: number | null }
  travelers: { adults?: number; children?: number } | null
  live: boolean
}

/** An item of the approved version of one of the traveler's itineraries, by its id; null when there is none. */
async function approvedItem(db: Database, travelerId: number, itemId: number): Promise<ApprovedItem | null> {
  const [row] = rowsOf<ApprovedItem & { item: ApprovedItem['item'] | string; travelers: ApprovedItem['travelers'] | string }>(
    await db.execute(sql`
      select i.id as itinerary_id, i.trip_id, i.approved_version as version, d.day ->> 'date' as date, it.item,
             v.snapshot -> 'travelers' as travelers,
             exists (select 1 from itinerary_items x where x.id = ${itemId}) as live
        from itineraries i
        join trips t on t.id = i.trip_id and t.traveler_id = ${travelerId}
        join itinerary_versions v on v.itinerary_id = i.id and v.version = i.approved_version
        cross join lateral jsonb_array_elements(coalesce(v.snapshot -> 'days', '[]'::jsonb)) as d(day)
        cross join lateral jsonb_array_elements(coalesce(d.day -> 'items', '[]'::jsonb)) as it(item)
       where it.item ->> 'id' = ${String(itemId)}
       limit 1`),
  )
  if (!row) return null
  const json = <T>(x: T | string): T => (typeof x === 'string' ? (JSON.parse(x) as T) : x)
  return { ...row, item: json(row.item), travelers: row.travelers === null ? null : json(row.travelers), live: Boolean(row.live) }
}

/** The live booking of an itinerary item (by its id or its key within the trip), if any. */
async function liveItemBooking(tx: Tx, tripId: number, item: { id: number; key: string }) {
  const [row] = await tx
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(
      and(
        eq(bookings.tripId, tripId),
        sql`${bookings.status} <> 'cancelled'`,
        sql`(${bookings.itineraryItemId} = ${item.id} or ${bookings.details} ->> 'item_key' = ${item.key})`,
      ),
    )
    .limit(1)
  return row ?? null
}

/**
 * Book an activity item of the approved itinerary of one of the traveler's trips: on the item's day, for the
 * itinerary's travelers (adults and children) unless `participants` says otherwise, priced by the pricing engine
 * now. An item is booked once while its booking lives; a trip booked as a package has its items covered. create_trips.
 */
export async function bookItineraryItem(ctx: ServiceContext, rawItemId: unknown, input: unknown) {
  const actor = requireBooker(ctx)
  const itemId = idOf(rawItemId, BOOKING_MESSAGES.itemNotFound)
  const found = await approvedItem(ctx.db, actor.id, itemId)
  if (!found) throw new DomainError('not_found', BOOKING_MESSAGES.itemNotFound)
  const data = parseInput(BookItemInput, input ?? {})
  if (found.item.type !== 'activity' || found.item.activity_id === null) throw DomainError.invalid({ non_field_errors: [BOOKING_MESSAGES.itemNotActivity] })
  if (found.date < todayUtc()) throw DomainError.invalid({ non_field_errors: [BOOKING_MESSAGES.itemPast] })
  const activity = await readActivity(ctx.db, found.item.activity_id).catch(() => null)
  if (!activity?.is_active) throw DomainError.invalid({ non_field_errors: [BOOKING_MESSAGES.itemNotActivity] })
  const participants = data.participants ?? Math.max(1, (found.travelers?.adults ?? 1) + (found.travelers?.children ?? 0))
  let price: ReturnType<typeof computePrice>
  try {
    price = priceFor(activity, found.date, participants)
  } catch (error) {
    // The day is the itinerary's: its problem is the item's, not a field the traveler typed.
    if (error instanceof DomainError && error.fields?.date) throw DomainError.invalid({ non_field_errors: error.fields.date })
    throw error
  }
  const id = await ctx.db.transaction(async (tx) => {
    await openTrip(tx, actor.id, found.trip_id, 'non_field_errors')
    const pkg = await livePackage(tx, found.trip_id)
    if (pkg) throw new DomainError('conflict', BOOKING_MESSAGES.packageBooked(pkg.reference))
    const booked = await liveItemBooking(tx, found.trip_id, found.item)
    if (booked) throw new DomainError('conflict', BOOKING_MESSAGES.itemBooked(booked.reference))
    const row = await insertBooking(tx, {
      bookingType: 'activity',
      travelerId: actor.id,
      tripId: found.trip_id,
      activityId: activity.id,
      supplierId: activity.supplier_id,
      itineraryItemId: found.live ? itemId : null,
      title: activity.name,
      serviceDate: found.date,
      partySize: participants,
      amount: price.total,
      currency: activity.pricing.currency,
      details: { ...details(activity, price, participants), itinerary_id: found.itinerary_id, itinerary_version: found.version, item_key: found.item.key },
      status: activity.instant_confirmation ? 'confirmed' : 'pending',
    })
    return row.id
  })
  return answer(ctx.db, actor, id)
}

/**
 * What the traveler may book on an itinerary they read (the approved version of their own trip's): by item key, the
 * item's id and its live booking, if any; and the trip's live package booking. Empty for anyone else.
 */
export async function itineraryBookables(ctx: ServiceContext, itineraryId: number) {
  const actor = ctx.actor
  const none = {
    trip_id: null as number | null,
    items: {} as Record<string, { item_id: number; booking: { id: number; reference: string; status: string } | null }>,
    package: null as null | { id: number; reference: string },
    /** Whether the trip can be booked as a package now: not started, no package, no item booked singly. */
    can_book_package: false,
  }
  if (!actor) return none
  const [plan] = rowsOf<{ trip_id: number; start_date: string; snapshot: unknown }>(
    await ctx.db.execute(sql`
      select i.trip_id, t.start_date::text as start_date, v.snapshot from itineraries i
        join trips t on t.id = i.trip_id and t.traveler_id = ${actor.id} and t.status not in ('completed', 'cancelled')
        join itinerary_versions v on v.itinerary_id = i.id and v.version = i.approved_version
       where i.id = ${itineraryId}`),
  )
  if (!plan) return none
  const snapshot = (typeof plan.snapshot === 'string' ? JSON.parse(plan.snapshot) : plan.snapshot) as {
    days?: { date: string; items?: { id: number; key: string; type: string; activity_id: number | null }[] }[]
  }
  const live = await ctx.db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      type: bookings.bookingType,
      itemId: bookings.itineraryItemId,
      key: sql<string | null>`${bookings.details} ->> 'item_key'`,
    })
    .from(bookings)
    .where(and(eq(bookings.tripId, plan.trip_id), sql`${bookings.status} <> 'cancelled'`))
  const today = todayUtc()
  const pkg = live.find((b) => b.type === 'trip')
  const items: typeof none.items = {}
  for (const day of snapshot.days ?? []) {
    if (day.date < today) continue
    for (const item of day.items ?? []) {
      if (item.type !== 'activity' || item.activity_id === null) continue
      const b = live.find((x) => x.itemId === item.id || x.key === item.key)
      items[item.key] = { item_id: item.id, booking: b ? { id: b.id, reference: b.reference, status: b.status } : null }
    }
  }
  const single = live.some((b) => b.key !== null)
  return {
    trip_id: plan.trip_id,
    items,
    package: pkg ? { id: pkg.id, reference: pkg.reference } : null,
    can_book_package: !pkg && !single && plan.start_date > today,
  }
}

/**
 * An approved itinerary item the traveler may book: its title, day, trip, activity and the group it would be booked
 * for (the itinerary's adults and children). 404 for an item of no itinerary of theirs (or not approved).
 */
export async function itemToBook(ctx: ServiceContext, rawItemId: unknown) {
  const actor = requireBooker(ctx)
  const found = await approvedItem(ctx.db, actor.id, idOf(rawItemId, BOOKING_MESSAGES.itemNotFound))
  if (!found) throw new DomainError('not_found', BOOKING_MESSAGES.itemNotFound)
  const [trip] = await ctx.db.select({ title: trips.title }).from(trips).where(eq(trips.id, found.trip_id))
  return {
    item_id: found.item.id,
    title: found.item.title,
    date: found.date,
    activity_id: found.item.activity_id,
    itinerary_id: found.itinerary_id,
    participants: Math.max(1, (found.travelers?.adults ?? 1) + (found.travelers?.children ?? 0)),
    trip: { id: found.trip_id, title: trip?.title ?? '' },
  }
}
