import { CreateTripInput, RateTripInput, TripFilters, TripStatusInput, UpdateTripInput } from '@meridian/validators'
import { and, countries, type Database, eq, getTableColumns, locations, sql, trips, tripStatusHistory, users } from '@meridian/db'
import { TRIP_STATUSES, type TripStatus } from '@meridian/validators/trip-constants'
import type * as v from 'valibot'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { escapeLike, normalizeSearch } from '../catalogue/shared.ts'
import { idOf } from '../currencies/shared.ts'
import { notifyTripStatus } from '../notifications/events.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { allowedMoves, canEditTrip, checkMove, requireExpert, requireTraveler, requireTripScope, rolesOn, type TripScope, visibleTo } from './access.ts'
import { expandTrips, type TripDto } from './serialize.ts'
import { type BookingToDecide, cancelTripBookings, confirmedTripBookings, refundTripBookings } from '../bookings/world-changes.ts'

type TripRow = typeof trips.$inferSelect
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Title, city or country containing the words (accents and case ignored): `p` is a placeholder or the pattern. */
const searchCondition = (p: ReturnType<typeof sql.placeholder> | string) =>
  sql`(${trips.searchTitle} like ${p}
    or ${trips.countryId} in (select ${countries.id} from ${countries} where meridian_search_key(${countries.name}) like ${p})
    or ${trips.locationId} in (select ${locations.id} from ${locations} where ${locations.searchName} like ${p}))`

// Every column but the search key, which no answer shows.
const { searchTitle: _searchTitle, ...tripColumns } = getTableColumns(trips)

/** Trips newest first (decision 021): the traveler's, the expert's or all, by status and search. */
const tripList = pagedList({
  name: 'trips',
  table: trips,
  id: trips.id,
  keys: [
    { expr: trips.createdAt, type: 'timestamp' },
    { expr: trips.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    traveler: (p) => sql`${trips.travelerId} = ${p()}`,
    expert: (p) => sql`${trips.expertId} = ${p()}`,
    status: (p) => sql`${trips.status} = ${p()}`,
    search: (p) => searchCondition(p()),
  },
  rows: (db, page) => db.select({ ...tripColumns, ...page.cursor }).from(page.from).innerJoin(trips, eq(trips.id, page.id)),
})

/** The list filters the scope imposes: a traveler sees their own trips, an expert theirs, staff every trip. */
function scopeFilters(actor: Actor, scope: TripScope) {
  return scope === 'own' ? { traveler: actor.id } : scope === 'assigned' ? { expert: actor.id } : {}
}

const searchValue = (search: string) => {
  const key = normalizeSearch(search)
  return key ? `%${escapeLike(key)}%` : undefined
}

/**
 * Trips newest first: a traveler's own, an expert's assigned, or (staff, specialists) every trip; filters status
 * and search (title, city, country). Staff may narrow to one traveler or expert.
 */
export async function listTrips(ctx: ServiceContext, query: unknown, page: PageWindow) {
  const { actor, scope } = requireTripScope(ctx)
  const f = parseInput(TripFilters, query)
  const raw = (query ?? {}) as Record<string, unknown>
  const extra: { traveler?: number; expert?: number } = {}
  if (scope === 'all') {
    if (raw.traveler !== undefined && raw.traveler !== '') extra.traveler = idOf(raw.traveler, TRIP_MESSAGES.notFound)
    if (raw.expert !== undefined && raw.expert !== '') extra.expert = idOf(raw.expert, TRIP_MESSAGES.notFound)
  }
  const { count, rows, next_cursor } = await tripList.page(
    ctx.db,
    { ...extra, ...scopeFilters(actor, scope), status: f.status || undefined, search: searchValue(f.search) },
    page,
  )
  return { count, results: await expandTrips(ctx.db, rows as TripRow[], ctx.actor), next_cursor }
}

/** My Trips' tab counts for the same scope and search: all and per status. */
export async function tripStatusCounts(ctx: ServiceContext, query: unknown): Promise<Record<'all' | TripStatus, number>> {
  const { actor, scope } = requireTripScope(ctx)
  const f = parseInput(TripFilters, query)
  const where = [sql`true`]
  if (scope === 'own') where.push(sql`${trips.travelerId} = ${actor.id}`)
  if (scope === 'assigned') where.push(sql`${trips.expertId} = ${actor.id}`)
  const search = searchValue(f.search)
  if (search) where.push(searchCondition(search))
  const rows = await ctx.db
    .select({ status: trips.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(trips)
    .where(and(...where))
    .groupBy(trips.status)
  const out = Object.fromEntries([['all', 0], ...TRIP_STATUSES.map((s) => [s, 0])]) as Record<'all' | TripStatus, number>
  for (const r of rows) {
    out[r.status as TripStatus] = r.n
    out.all += r.n
  }
  return out
}

/** The trip row with whether its expert has accepted, or 404. */
export async function loadTrip(db: Database | Tx, id: number, options: { lock?: boolean } = {}) {
  const query = db
    // Spelled out: Drizzle writes a one-table query's columns unqualified, and an unqualified "id" inside the
    // subquery would be the assignment's own.
    .select({ trip: trips, accepted: sql<boolean>`exists (select 1 from trip_assignments a where a.trip_id = trips.id and a.status = 'accepted')` })
    .from(trips)
    .where(eq(trips.id, id))
  const [row] = options.lock ? await query.for('update', { of: trips }) : await query
  if (!row) throw new DomainError('not_found', TRIP_MESSAGES.notFound)
  return { ...row.trip, accepted: Boolean(row.accepted) }
}

const parties = (t: TripRow & { accepted: boolean }) => ({ travelerId: t.travelerId, expertId: t.expertId, accepted: t.accepted })

/** A trip the actor may see (else 404: another person's trip is not revealed). */
async function visibleTrip(ctx: ServiceContext, rawId: unknown, options: { lock?: boolean; db?: Database | Tx } = {}) {
  const { actor, scope } = requireTripScope(ctx)
  const trip = await loadTrip(options.db ?? ctx.db, idOf(rawId, TRIP_MESSAGES.notFound), options)
  if (!visibleTo(actor, scope, parties(trip))) throw new DomainError('not_found', TRIP_MESSAGES.notFound)
  return { actor, trip }
}

async function tripHistory(db: Database, tripId: number) {
  const rows = await db
    .select({
      id: tripStatusHistory.id,
      from_status: tripStatusHistory.fromStatus,
      to_status: tripStatusHistory.toStatus,
      note: tripStatusHistory.note,
      at: tripStatusHistory.createdAt,
      by_id: users.id,
      by_first: users.firstName,
      by_last: users.lastName,
      by_username: users.username,
    })
    .from(tripStatusHistory)
    .leftJoin(users, eq(users.id, tripStatusHistory.changedById))
    .where(eq(tripStatusHistory.tripId, tripId))
    .orderBy(tripStatusHistory.createdAt, tripStatusHistory.id)
    .limit(500)
  return rows.map((r) => ({
    id: r.id,
    from_status: r.from_status,
    to_status: r.to_status,
    note: r.note,
    changed_at: r.at.toISOString(),
    changed_by: r.by_id === null ? null : { id: r.by_id, name: [r.by_first, r.by_last].filter(Boolean).join(' ') || r.by_username! },
  }))
}

export type TripDetail = TripDto & { history: Awaited<ReturnType<typeof tripHistory>>; bookings_to_decide: BookingToDecide[]; can: { edit: boolean; moves: TripStatus[]; rate: boolean } }

/** One trip with its status history and what the actor may do with it. */
export async function getTrip(ctx: ServiceContext, rawId: unknown): Promise<TripDetail> {
  const { actor, trip } = await visibleTrip(ctx, rawId)
  return detail(ctx.db, actor, trip)
}

async function detail(db: Database, actor: Actor, trip: TripRow & { accepted: boolean }): Promise<TripDetail> {
  const [[dto], history] = await Promise.all([expandTrips(db, [trip], actor), tripHistory(db, trip.id)])
  const roles = rolesOn(actor, parties(trip))
  const moves = allowedMoves(actor, parties(trip), trip.status as TripStatus)
  const open = trip.status !== 'completed' && trip.status !== 'cancelled'
  return {
    ...dto!,
    history,
    // A cancelled trip's confirmed bookings are left for staff to cancel or keep.
    bookings_to_decide: trip.status === 'cancelled' ? await confirmedTripBookings(db, trip.id) : [],
    can: { edit: open && canEditTrip(roles), moves, rate: trip.status === 'completed' && trip.rating === null && trip.travelerId === actor.id },
  }
}

/** The catalogue place a trip points at: an active country and, optionally, an active location inside it. */
export async function checkDestination(db: Database | Tx, countryId: number | null, locationId: number | null, fields = { country: 'destination_id', location: 'location_id' }) {
  if (countryId === null) {
    if (locationId !== null) throw DomainError.invalid({ [fields.country]: ['This field is required.'] })
    return { country: null, location: null }
  }
  const [country] = await db.select({ id: countries.id, name: countries.name }).from(countries).where(and(eq(countries.id, countryId), eq(countries.isActive, true)))
  if (!country) throw DomainError.invalid({ [fields.country]: ['Select a valid destination.'] })
  if (locationId === null) return { country, location: null }
  const [location] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.countryId, countryId), eq(locations.isActive, true)))
  if (!location) throw DomainError.invalid({ [fields.location]: ['Select a valid location in this destination.'] })
  return { country, location }
}

/** Record one status move (from null when the trip is created). */
export async function recordMove(db: Database | Tx, tripId: number, from: TripStatus | null, to: TripStatus, by: number, note = '') {
  await db.insert(tripStatusHistory).values({ tripId, fromStatus: from, toStatus: to, changedById: by, note })
}

/** New Trip on My Trips: the traveler's own trip, in planning. create_trips. */
export async function createTrip(ctx: ServiceContext, input: unknown): Promise<TripDetail> {
  const actor = requireTraveler(ctx)
  const data = parseInput(CreateTripInput, input)
  const id = await ctx.db.transaction(async (tx) => {
    await checkDestination(tx, data.destination_id ?? null, data.location_id ?? null)
    const [row] = await tx
      .insert(trips)
      .values({
        title: data.title,
        description: data.description,
        countryId: data.destination_id ?? null,
        locationId: data.location_id ?? null,
        startDate: data.start_date,
        endDate: data.end_date,
        travelers: data.travelers,
        budgetTotal: data.budget_total,
        currency: data.currency,
        travelerId: actor.id,
      })
      .returning({ id: trips.id })
    await recordMove(tx, row!.id, null, 'planning', actor.id)
    return row!.id
  })
  return detail(ctx.db, actor, await loadTrip(ctx.db, id))
}

/**
 * PATCH a trip: its editable fields (owner, accepted expert, manage_trips; not once completed or cancelled) and/or
 * its status (the status table). One transaction, the trip row locked, every move in the history.
 */
export async function updateTrip(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<TripDetail> {
  const actor = requireTripScope(ctx).actor
  const { id, cancelled } = await ctx.db.transaction(async (tx) => {
    // Who and which trip first (401, 403, 404), then the input (400).
    const { trip } = await visibleTrip(ctx, rawId, { lock: true, db: tx })
    const data = parseInput(UpdateTripInput, input)
    const roles = rolesOn(actor, parties(trip))
    const from = trip.status as TripStatus
    const { status, note, ...fields } = data
    const editing = Object.values(fields).some((x) => x !== undefined)
    if (editing) {
      if (!canEditTrip(roles)) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
      if (from === 'completed' || from === 'cancelled') throw new DomainError('conflict', TRIP_MESSAGES.closed(from))
      const start = fields.start_date ?? trip.startDate
      const end = fields.end_date ?? trip.endDate
      if (end < start) throw DomainError.invalid({ end_date: ['The return date cannot be before the departure date.'] })
      const countryId = fields.destination_id !== undefined ? fields.destination_id : trip.countryId
      const locationId = fields.location_id !== undefined ? fields.location_id : fields.destination_id !== undefined && fields.destination_id !== trip.countryId ? null : trip.locationId
      if (fields.destination_id !== undefined || fields.location_id !== undefined) await checkDestination(tx, countryId, locationId)
      await tx
        .update(trips)
        .set({
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          ...(fields.travelers !== undefined ? { travelers: fields.travelers } : {}),
          ...(fields.budget_total !== undefined ? { budgetTotal: fields.budget_total } : {}),
          ...(fields.currency !== undefined ? { currency: fields.currency } : {}),
          startDate: start,
          endDate: end,
          countryId,
          locationId,
        })
        .where(eq(trips.id, trip.id))
    }
    const cancelled = status !== undefined && status !== from ? await moveTrip(tx, trip.id, roles, from, status, actor.id, note ?? '') : []
    return { id: trip.id, cancelled }
  })
  await refundTripBookings(ctx, cancelled)
  return detail(ctx.db, actor, await loadTrip(ctx.db, id))
}

/**
 * A status move, in the caller's transaction. Cancelling a trip cancels its pending bookings, each with its policy's
 * fee (docs/bookings.md "When a trip is cancelled or a flight withdrawn"): answers their ids, to refund after commit.
 */
async function moveTrip(tx: Tx, tripId: number, roles: ReturnType<typeof rolesOn>, from: TripStatus, to: TripStatus, by: number, note: string): Promise<number[]> {
  checkMove(roles, from, to)
  const [moved] = await tx
    .update(trips)
    .set({ status: to, ...(to === 'completed' ? { completedAt: new Date() } : {}) })
    .where(eq(trips.id, tripId))
    .returning({ expertId: trips.expertId })
  await recordMove(tx, tripId, from, to, by, note)
  await notifyTripStatus(tx, tripId, to, by, note)
  return to === 'cancelled' ? cancelTripBookings(tx, tripId, by, moved?.expertId ?? null) : []
}

/** A status move with an optional note (the expert's update-trip-status call and the screens' status buttons). */
export async function changeTripStatus(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<TripDetail> {
  const actor = requireTripScope(ctx).actor
  const { id, cancelled } = await ctx.db.transaction(async (tx) => {
    const { trip } = await visibleTrip(ctx, rawId, { lock: true, db: tx })
    const data = parseInput(TripStatusInput, input)
    const from = trip.status as TripStatus
    if (data.status === from) throw new DomainError('conflict', TRIP_MESSAGES.illegalMove(from, data.status))
    const cancelled = await moveTrip(tx, trip.id, rolesOn(actor, parties(trip)), from, data.status, actor.id, data.note)
    return { id: trip.id, cancelled }
  })
  await refundTripBookings(ctx, cancelled)
  return detail(ctx.db, actor, await loadTrip(ctx.db, id))
}

/** One rating (1 to 5, optional comment) by the traveler of a completed trip. */
export async function rateTrip(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<TripDetail> {
  const actor = requireTraveler(ctx)
  const id = await ctx.db.transaction(async (tx) => {
    const { trip } = await visibleTrip(ctx, rawId, { lock: true, db: tx })
    if (trip.travelerId !== actor.id) throw new DomainError('not_found', TRIP_MESSAGES.notFound)
    const data = parseInput(RateTripInput, input)
    if (trip.status !== 'completed') throw new DomainError('conflict', TRIP_MESSAGES.ratingOnlyCompleted)
    if (trip.rating !== null) throw new DomainError('conflict', TRIP_MESSAGES.alreadyRated)
    await tx.update(trips).set({ rating: data.rating, ratingComment: data.comment, ratedAt: new Date() }).where(eq(trips.id, trip.id))
    return trip.id
  })
  return detail(ctx.db, actor, await loadTrip(ctx.db, id))
}

/** GET /users/api/expert/trips/: the trips assigned to the acting expert, newest first; filters status, search. */
export async function listExpertTrips(ctx: ServiceContext, query: unknown, page: PageWindow) {
  const actor = requireExpert(ctx)
  const f = parseInput(TripFilters, query)
  const { count, rows, next_cursor } = await tripList.page(ctx.db, { expert: actor.id, status: f.status || undefined, search: searchValue(f.search) }, page)
  return { count, results: await expandTrips(ctx.db, rows as TripRow[], ctx.actor), next_cursor }
}

/** POST /users/api/expert/update-trip-status/{id}/: the expert's desk (manage_assigned_trips), then the status table. */
export async function expertUpdateTripStatus(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<TripDetail> {
  requireExpert(ctx)
  return changeTripStatus(ctx, rawId, input)
}

/** The moves the actor may make on a listed trip (its live assignment tells whether its expert has accepted). */
export function tripMoves(actor: Actor, trip: TripDto): TripStatus[] {
  const accepted = trip.assignment?.status === 'accepted'
  return allowedMoves(actor, { travelerId: trip.traveler?.id ?? 0, expertId: trip.expert?.id ?? null, accepted }, trip.status)
}
