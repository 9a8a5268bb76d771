import { and, bookings, countries, type Database, desc, eq, inArray, locations, mediaItems, or, sql, tripAssignments, trips, users } from '@meridian/db'
import { tripDays, type TripStatus } from '@meridian/validators/trip-constants'
import type { Actor } from '../context.ts'
import { conversionFor, sumIn } from '../bookings/money.ts'
import { todayUtc } from '../currencies/shared.ts'
import { mediaFileUrl } from '../media/serialize-media.ts'

type TripRow = typeof trips.$inferSelect

interface PersonRef {
  id: number
  name: string
  initial: string
}

/** What a trip's money and plan add up to: from its confirmed bookings (docs/bookings.md "Trip figures"). */
export interface TripFigures {
  budget_spent: string
  flights_count: number
  accommodations_count: number
  activities_count: number
}

const NO_FIGURES: TripFigures = { budget_spent: '0.00', flights_count: 0, accommodations_count: 0, activities_count: 0 }

/**
 * Spent and the counts of flights, accommodations (hotel bookings) and activities of these trips, from their
 * confirmed bookings: spent is each currency's exact sum converted into the trip's currency (docs/currency.md: the
 * rates in force today, with the margin) and rounded once, half up, to 2 places; an amount in a currency with no rate
 * in force is left out. A trip package counts in spent, not in the counts. The same for every viewer who sees the
 * trip. One statement for the page, and one for the rates when a booking is in another currency than its trip.
 */
export async function tripFigures(db: Database, rows: Pick<TripRow, 'id' | 'currency'>[], _viewer?: Actor | null): Promise<Map<number, TripFigures>> {
  const out = new Map(rows.map((r) => [r.id, NO_FIGURES]))
  if (rows.length === 0) return out
  const found = await db
    .select({
      tripId: bookings.tripId,
      currency: bookings.currency,
      flights: sql<number>`count(*) filter (where ${bookings.bookingType} = 'flight')`.mapWith(Number),
      hotels: sql<number>`count(*) filter (where ${bookings.bookingType} = 'hotel')`.mapWith(Number),
      activities: sql<number>`count(*) filter (where ${bookings.bookingType} = 'activity')`.mapWith(Number),
      spent: sql<string>`sum(${bookings.amount})::text`,
    })
    .from(bookings)
    .where(and(inArray(bookings.tripId, rows.map((r) => r.id)), eq(bookings.status, 'confirmed')))
    .groupBy(bookings.tripId, bookings.currency)
  if (found.length === 0) return out
  const currencyOf = new Map(rows.map((r) => [r.id, r.currency]))
  // Rates are read only when a booking is in another currency than its trip.
  const foreign = found.filter((f) => currencyOf.get(f.tripId!) !== f.currency)
  const convert = await conversionFor(db, foreign.length ? foreign.flatMap((f) => [f.currency, currencyOf.get(f.tripId!)!]) : [], todayUtc())
  for (const r of rows) {
    const mine = found.filter((f) => f.tripId === r.id)
    if (mine.length === 0) continue
    const sum = (pick: (f: (typeof mine)[number]) => number) => mine.reduce((n, f) => n + pick(f), 0)
    out.set(r.id, {
      budget_spent: sumIn(mine.map((f) => ({ currency: f.currency, amount: f.spent })), currencyOf.get(r.id)!, convert).total,
      flights_count: sum((f) => f.flights),
      accommodations_count: sum((f) => f.hotels),
      activities_count: sum((f) => f.activities),
    })
  }
  return out
}

/** Exact money subtraction on 2-decimal strings (no floats): total − spent, as text. */
export function remaining(total: string, spent: string): string {
  const cents = (s: string) => {
    const [whole, frac = ''] = s.split('.')
    const sign = whole!.startsWith('-') ? -1n : 1n
    return sign * (BigInt(whole!.replace('-', '') || '0') * 100n + BigInt((frac + '00').slice(0, 2)))
  }
  const c = cents(total) - cents(spent)
  const abs = c < 0n ? -c : c
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

const displayName = (u: { firstName: string; lastName: string; username: string }) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username
const person = (u: { id: number; firstName: string; lastName: string; username: string } | undefined): PersonRef | null =>
  u ? { id: u.id, name: displayName(u), initial: (u.firstName || u.username).slice(0, 1).toUpperCase() } : null

/**
 * The related data of a page of trips, one statement per relation: people, places, images, live assignments and
 * figures (tripFigures: from the confirmed bookings), for these trips only.
 */
export async function expandTrips(db: Database, rows: TripRow[], viewer: Actor | null) {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const peopleIds = [...new Set(rows.flatMap((r) => [r.travelerId, r.expertId]).filter((x): x is number => x !== null))]
  const countryIds = [...new Set(rows.map((r) => r.countryId).filter((x): x is number => x !== null))]
  const locationIds = [...new Set(rows.map((r) => r.locationId).filter((x): x is number => x !== null))]
  const [people, cs, ls, live, figures, images] = await Promise.all([
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(inArray(users.id, peopleIds)),
    countryIds.length ? db.select({ id: countries.id, name: countries.name }).from(countries).where(inArray(countries.id, countryIds)) : [],
    locationIds.length ? db.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.id, locationIds)) : [],
    db
      .select({ id: tripAssignments.id, tripId: tripAssignments.tripId, status: tripAssignments.status, createdAt: tripAssignments.createdAt })
      .from(tripAssignments)
      .where(and(inArray(tripAssignments.tripId, ids), sql`${tripAssignments.status} in ('pending', 'accepted')`)),
    tripFigures(db, rows, viewer),
    placeImages(db, countryIds, locationIds),
  ])
  const byPerson = new Map(people.map((p) => [p.id, p]))
  const countryName = new Map(cs.map((c) => [c.id, c.name]))
  const locationName = new Map(ls.map((l) => [l.id, l.name]))
  const liveByTrip = new Map(live.map((a) => [a.tripId, a]))
  return rows.map((r) => {
    const f = figures.get(r.id) ?? NO_FIGURES
    const a = liveByTrip.get(r.id)
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      destination: r.countryId === null ? null : { id: r.countryId, name: countryName.get(r.countryId) ?? '' },
      location: r.locationId === null ? null : { id: r.locationId, name: locationName.get(r.locationId) ?? '' },
      city: r.locationId === null ? '' : (locationName.get(r.locationId) ?? ''),
      country: r.countryId === null ? '' : (countryName.get(r.countryId) ?? ''),
      image: (r.locationId !== null ? images.get(`l${r.locationId}`) : undefined) ?? (r.countryId !== null ? images.get(`c${r.countryId}`) : undefined) ?? null,
      start_date: r.startDate,
      end_date: r.endDate,
      days: tripDays(r.startDate, r.endDate),
      travelers: r.travelers,
      status: r.status as TripStatus,
      trip_type: r.tripType,
      budget_total: r.budgetTotal,
      currency: r.currency,
      ...f,
      budget_remaining: remaining(r.budgetTotal, f.budget_spent),
      traveler: person(byPerson.get(r.travelerId)),
      expert: r.expertId === null ? null : person(byPerson.get(r.expertId)),
      assignment: a ? { id: a.id, status: a.status, assigned_at: a.createdAt.toISOString() } : null,
      rating: r.rating,
      rating_comment: r.ratingComment,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }
  })
}
export type TripDto = Awaited<ReturnType<typeof expandTrips>>[number]

/** The featured (else first) ready image of each place: `c{id}` for countries, `l{id}` for locations. */
export async function placeImages(db: Database, countryIds: number[], locationIds: number[]): Promise<Map<string, string>> {
  if (countryIds.length === 0 && locationIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([mediaItems.contentType, mediaItems.objectId], {
      contentType: mediaItems.contentType,
      objectId: mediaItems.objectId,
      id: mediaItems.id,
      version: mediaItems.version,
      variants: mediaItems.variants,
    })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.status, 'ready'),
        eq(mediaItems.mediaType, 'photo'),
        or(
          countryIds.length ? and(eq(mediaItems.contentType, 'core.country'), inArray(mediaItems.objectId, countryIds)) : undefined,
          locationIds.length ? and(eq(mediaItems.contentType, 'core.location'), inArray(mediaItems.objectId, locationIds)) : undefined,
        ),
      ),
    )
    .orderBy(mediaItems.contentType, mediaItems.objectId, desc(mediaItems.isFeatured), mediaItems.displayOrder, mediaItems.id)
  const out = new Map<string, string>()
  for (const r of rows) {
    const variant = r.variants.thumbnail_large ? 'thumbnail_large' : r.variants.thumbnail_medium ? 'thumbnail_medium' : r.variants.preview ? 'preview' : null
    if (!variant) continue
    out.set(`${r.contentType === 'core.country' ? 'c' : 'l'}${r.objectId}`, mediaFileUrl(r, variant))
  }
  return out
}
