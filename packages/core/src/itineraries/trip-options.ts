import { hasPermission } from '@meridian/auth'
import { and, asc, desc, eq, inArray, itineraries, sql, trips } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { requireTripScope } from '../trips/access.ts'

/** How many trips each select of the itineraries screen offers at most (the newest; `?trip=` is always added). */
export const TRIP_OPTIONS_LIMIT = 200

export interface TripOption {
  id: number
  title: string
  currency: string
}

/**
 * The trips the itineraries screen offers, in the actor's trip scope:
 * - `trips` (the trip filter): those with an itinerary the actor may see (a traveler's, once approved), most recently
 *   planned first, and the trip named by `trip` when the actor may see it (arriving from a trip);
 * - `plannable` (New itinerary): open trips (planning, booked, active) the actor may plan, i.e. staff with
 *   manage_trips any, an expert those they have accepted, that have no itinerary yet. Empty for anyone who may not
 *   create itineraries (`can_create` false).
 */
export async function itineraryTripOptions(ctx: ServiceContext, query: { trip?: number | null } = {}) {
  const { actor, scope } = requireTripScope(ctx)
  const staff = hasPermission(actor, 'manage_trips')
  const canCreate = staff || hasPermission(actor, 'manage_assigned_trips')
  const inScope = scope === 'own' ? eq(trips.travelerId, actor.id) : scope === 'assigned' ? eq(trips.expertId, actor.id) : undefined
  // Spelled out in the subqueries: Drizzle writes a one-table query's columns unqualified.
  const tripId = sql.raw('"trips"."id"')
  const columns = { id: trips.id, title: trips.title, currency: trips.currency }
  const [planned, named, plannable] = await Promise.all([
    ctx.db
      .select(columns)
      .from(trips)
      .innerJoin(itineraries, eq(itineraries.tripId, trips.id))
      .where(and(inScope, scope === 'own' ? sql`${itineraries.approvedVersion} is not null` : undefined))
      .groupBy(trips.id)
      .orderBy(desc(sql`max(${itineraries.updatedAt})`), desc(trips.id))
      .limit(TRIP_OPTIONS_LIMIT),
    query.trip
      ? ctx.db
          .select(columns)
          .from(trips)
          .where(and(eq(trips.id, query.trip), inScope))
      : [],
    canCreate
      ? ctx.db
          .select(columns)
          .from(trips)
          .where(
            and(
              inArray(trips.status, ['planning', 'booked', 'active']),
              staff
                ? undefined
                : sql`${trips.expertId} = ${actor.id} and exists (select 1 from trip_assignments a where a.trip_id = ${tripId} and a.expert_id = ${actor.id} and a.status = 'accepted')`,
              sql`not exists (select 1 from itineraries i where i.trip_id = ${tripId})`,
            ),
          )
          // The trip named by `trip` first (arriving from it), then the soonest.
          .orderBy(...(query.trip ? [desc(sql`${trips.id} = ${query.trip}`)] : []), asc(trips.startDate), asc(trips.id))
          .limit(TRIP_OPTIONS_LIMIT)
      : [],
  ])
  const tripList = [...named.filter((n) => !planned.some((p) => p.id === n.id)), ...planned]
  return { trips: tripList as TripOption[], plannable: plannable as TripOption[], can_create: canCreate }
}
