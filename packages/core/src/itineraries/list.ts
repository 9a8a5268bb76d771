import { and, eq, getTableColumns, inArray, itineraries, itineraryDays, itineraryItems, itineraryVersions, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { requireTripScope } from '../trips/access.ts'
import { parseInput } from '../validation.ts'
import { filterChoice, filterId } from '../lists/filters.ts'
import * as v from 'valibot'
import { ITINERARY_STATUSES } from '@meridian/validators'
import type { ItineraryDto } from './serialize.ts'

/** Raw SQL here spells "itineraries"."trip_id": the count statement renders a one-table query's columns unqualified. */
const TRIP_ID = sql.raw('"itineraries"."trip_id"')

/** Itineraries, last modified first (decision 021): by trip, status, and the scope's traveler or expert. */
const itineraryList = pagedList({
  name: 'itineraries',
  table: itineraries,
  id: itineraries.id,
  keys: [
    { expr: itineraries.updatedAt, type: 'timestamp' },
    { expr: itineraries.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    trip: (p) => sql`${TRIP_ID} = ${p()}`,
    status: (p) => sql`"itineraries"."status" = ${p()}`,
    // A traveler's: on their trips, once a version is approved.
    traveler: (p) => sql`(${TRIP_ID} in (select t.id from trips t where t.traveler_id = ${p()}) and "itineraries"."approved_version" is not null)`,
    expert: (p) => sql`${TRIP_ID} in (select t.id from trips t where t.expert_id = ${p()})`,
  },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(itineraries), ...page.cursor })
      .from(page.from)
      .innerJoin(itineraries, eq(itineraries.id, page.id)),
})

const ItineraryFilters = v.object({ trip: filterId, status: filterChoice(ITINERARY_STATUSES) })

/**
 * GET /api/itineraries/ (filters trip, status): what the signed-in user may see, last modified first. Staff and
 * specialists see every itinerary; an expert those of the trips assigned to them; a traveler those of their own trips
 * that have an approved version, as approved.
 */
export async function listItineraries(ctx: ServiceContext, query: unknown, page: PageWindow) {
  const { actor, scope } = requireTripScope(ctx)
  const f = parseInput(ItineraryFilters, query)
  const { count, rows, next_cursor } = await itineraryList.page(
    ctx.db,
    {
      trip: f.trip === '' ? undefined : f.trip,
      status: f.status === '' ? undefined : f.status,
      ...(scope === 'own' ? { traveler: actor.id } : scope === 'assigned' ? { expert: actor.id } : {}),
    },
    page,
  )
  const list = rows as unknown as (typeof itineraries.$inferSelect)[]
  const ids = list.map((r) => r.id)
  const [sums, dayCounts, approved] = await Promise.all([
    ids.length
      ? ctx.db
          .select({
            id: itineraryItems.itineraryId,
            // A slot's options other than its recommended one count nowhere (docs/proposals.md).
            total: sql<string>`round(coalesce(sum(${itineraryItems.convertedCost}) filter (where ${itineraryItems.optionGroup} is null or ${itineraryItems.recommended}), 0), 2)::text`,
            items: sql<number>`count(*)`.mapWith(Number),
          })
          .from(itineraryItems)
          .where(inArray(itineraryItems.itineraryId, ids))
          .groupBy(itineraryItems.itineraryId)
      : [],
    ids.length
      ? ctx.db
          .select({ id: itineraryDays.itineraryId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(itineraryDays)
          .where(inArray(itineraryDays.itineraryId, ids))
          .groupBy(itineraryDays.itineraryId)
      : [],
    scope === 'own' && ids.length
      ? ctx.db
          .select({ id: itineraryVersions.itineraryId, snapshot: itineraryVersions.snapshot })
          .from(itineraryVersions)
          .innerJoin(itineraries, and(eq(itineraries.id, itineraryVersions.itineraryId), eq(itineraries.approvedVersion, itineraryVersions.version)))
          .where(inArray(itineraryVersions.itineraryId, ids))
      : [],
  ])
  const results = list.map((r) => {
    const seen = approved.find((a) => a.id === r.id)?.snapshot as unknown as ItineraryDto | undefined
    if (seen) {
      return {
        id: r.id,
        trip_id: r.tripId,
        title: r.title,
        destination: seen.destination,
        start_date: seen.start_date,
        end_date: seen.end_date,
        total_days: seen.total_days,
        travelers: seen.travelers,
        budget: { total: seen.budget.total, currency: seen.budget.currency },
        total_cost: seen.total_cost,
        items_count: seen.days.reduce((n, d) => n + d.items.length, 0),
        status: 'approved',
        version: seen.version,
        last_modified: r.updatedAt.toISOString(),
      }
    }
    const sum = sums.find((s) => s.id === r.id)
    const days = dayCounts.find((d) => d.id === r.id)?.n ?? 0
    return {
      id: r.id,
      trip_id: r.tripId,
      title: r.title,
      destination: r.destination,
      start_date: r.startDate,
      end_date: r.endDate,
      total_days: days,
      travelers: { adults: r.adults, children: r.children, infants: r.infants },
      budget: { total: r.budgetTotal, currency: r.currency },
      total_cost: sum?.total ?? '0.00',
      items_count: sum?.items ?? 0,
      status: r.status,
      version: r.version,
      last_modified: r.updatedAt.toISOString(),
    }
  })
  return { count, results, next_cursor }
}

/** The schema above, for the REST adapter's OpenAPI document (docs/api.md). */
export { ItineraryFilters }
