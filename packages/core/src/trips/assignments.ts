import { AssignExpertInput, AssignmentFilters } from '@meridian/validators'
import { and, asc, type Database, eq, getTableColumns, inArray, roles, sql, tripAssignments, trips, users } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { idOf } from '../currencies/shared.ts'
import { notifyAssignmentAnswered, notifyTripAssigned } from '../notifications/events.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { parseInput } from '../validation.ts'
import { requireAssigner, requireExpert } from './access.ts'
import { expandTrips, type TripDto } from './serialize.ts'
import { loadTrip } from './trips.ts'

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type AssignmentRow = typeof tripAssignments.$inferSelect

/** An active user whose role is expert, or a field error on `field`. */
export async function activeExpert(db: Database | Tx, id: number, field = 'expert_id') {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), eq(users.isActive, true), eq(roles.name, 'expert')))
  if (!row) throw DomainError.invalid({ [field]: [TRIP_MESSAGES.expertInvalid] })
  return row.id
}

function serializeAssignment(a: AssignmentRow, trip: TripDto | undefined) {
  return {
    id: a.id,
    trip_id: a.tripId,
    expert_id: a.expertId,
    assigned_by_id: a.assignedById,
    status: a.status,
    note: a.note,
    assigned_at: a.createdAt.toISOString(),
    responded_at: a.respondedAt?.toISOString() ?? null,
    trip: trip ?? null,
  }
}
export type AssignmentDto = ReturnType<typeof serializeAssignment>

async function withTrips(db: Database, rows: AssignmentRow[], viewer: Actor | null) {
  const tripRows = rows.length ? await db.select().from(trips).where(inArray(trips.id, [...new Set(rows.map((r) => r.tripId))])) : []
  const dtos = new Map((await expandTrips(db, tripRows, viewer)).map((t) => [t.id, t]))
  return rows.map((r) => serializeAssignment(r, dtos.get(r.tripId)))
}

/**
 * Assign an active expert to a trip in planning or booked: specialists, admins, superadmin. The live assignment, if
 * any, is withdrawn (the history stays); assigning the same expert again changes nothing.
 */
export async function assignExpert(ctx: ServiceContext, rawTripId: unknown, input: unknown): Promise<AssignmentDto> {
  const actor = requireAssigner(ctx)
  const tripId = idOf(rawTripId, TRIP_MESSAGES.notFound)
  const { expert_id } = parseInput(AssignExpertInput, input)
  const id = await ctx.db.transaction(async (tx) => {
    const trip = await loadTrip(tx, tripId, { lock: true })
    if (trip.status !== 'planning' && trip.status !== 'booked') throw new DomainError('conflict', TRIP_MESSAGES.closed(trip.status))
    const expertId = await activeExpert(tx, expert_id!)
    if (expertId === trip.travelerId) throw DomainError.invalid({ expert_id: [TRIP_MESSAGES.expertInvalid] })
    return assignInTransaction(tx, tripId, expertId, actor.id)
  })
  return getAssignment(ctx.db, id, ctx.actor)
}

/**
 * Inside a caller's transaction, with the trip locked and the expert checked: the live assignment is withdrawn (the
 * history stays) and a pending one made for this expert; the same expert again changes nothing. The assignment id.
 */
export async function assignInTransaction(tx: Tx, tripId: number, expertId: number, assignedById: number | null): Promise<number> {
  const [live] = await tx
    .select()
    .from(tripAssignments)
    .where(and(eq(tripAssignments.tripId, tripId), sql`${tripAssignments.status} in ('pending', 'accepted')`))
  if (live?.expertId === expertId) return live.id
  if (live) await tx.update(tripAssignments).set({ status: 'withdrawn', respondedAt: new Date() }).where(eq(tripAssignments.id, live.id))
  const [row] = await tx.insert(tripAssignments).values({ tripId, expertId, assignedById }).returning({ id: tripAssignments.id })
  await tx.update(trips).set({ expertId }).where(eq(trips.id, tripId))
  await notifyTripAssigned(tx, tripId, assignedById)
  return row!.id
}

/**
 * The traveler's open trips that have no expert (planning or booked), of one trip type or of every type, assigned
 * to this expert inside the caller's transaction (locked in id order). The trips assigned.
 */
export async function assignOpenTrips(tx: Tx, travelerId: number, expertId: number, tripType: string | null, assignedById: number | null): Promise<number[]> {
  const open = await tx
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.travelerId, travelerId),
        sql`${trips.expertId} is null`,
        sql`${trips.status} in ('planning', 'booked')`,
        tripType === null ? undefined : eq(trips.tripType, tripType as (typeof trips.tripType.enumValues)[number]),
      ),
    )
    .orderBy(asc(trips.id))
    .for('update')
  for (const trip of open) await assignInTransaction(tx, trip.id, expertId, assignedById)
  return open.map((t) => t.id)
}

async function getAssignment(db: Database, id: number, viewer: Actor | null): Promise<AssignmentDto> {
  const [row] = await db.select().from(tripAssignments).where(eq(tripAssignments.id, id))
  if (!row) throw new DomainError('not_found', TRIP_MESSAGES.assignmentNotFound)
  return (await withTrips(db, [row], viewer))[0]!
}

/** The expert's answer to their own assignment: idempotent; another expert's assignment is not revealed (404). */
async function answer(ctx: ServiceContext, rawId: unknown, to: 'accepted' | 'declined'): Promise<AssignmentDto> {
  const actor = requireExpert(ctx)
  const id = idOf(rawId, TRIP_MESSAGES.assignmentNotFound)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tripAssignments).where(eq(tripAssignments.id, id)).for('update')
    if (!row || row.expertId !== actor.id) throw new DomainError('not_found', TRIP_MESSAGES.assignmentNotFound)
    if (row.status === to) return
    if (row.status !== 'pending') throw new DomainError('conflict', TRIP_MESSAGES.assignmentAnswered(row.status))
    await tx.update(tripAssignments).set({ status: to, respondedAt: new Date() }).where(eq(tripAssignments.id, id))
    // A declined trip goes back to the unassigned queue.
    if (to === 'declined') await tx.update(trips).set({ expertId: null }).where(and(eq(trips.id, row.tripId), eq(trips.expertId, actor.id)))
    await notifyAssignmentAnswered(tx, row.tripId, actor.id, row.assignedById, to === 'accepted')
  })
  return getAssignment(ctx.db, id, ctx.actor)
}

/** POST /users/api/expert/accept-assignment/{id}/ */
export const acceptAssignment = (ctx: ServiceContext, rawId: unknown) => answer(ctx, rawId, 'accepted')
/** POST /users/api/expert/decline-assignment/{id}/ */
export const declineAssignment = (ctx: ServiceContext, rawId: unknown) => answer(ctx, rawId, 'declined')

/** The expert's queue: pending first, then newest (decision 021). */
const assignmentList = pagedList({
  name: 'assignments',
  table: tripAssignments,
  id: tripAssignments.id,
  keys: [
    { expr: tripAssignments.isPending, type: 'bool' },
    { expr: tripAssignments.createdAt, type: 'timestamp' },
    { expr: tripAssignments.id, type: 'int' },
  ],
  direction: 'desc',
  filters: {
    expert: (p) => sql`${tripAssignments.expertId} = ${p()}`,
    status: (p) => sql`${tripAssignments.status} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(tripAssignments), ...page.cursor })
      .from(page.from)
      .innerJoin(tripAssignments, eq(tripAssignments.id, page.id)),
})

/** GET /users/api/expert/assignments/: the expert's own assignments, pending first; filter status. */
export async function listExpertAssignments(ctx: ServiceContext, query: unknown, page: PageWindow) {
  const actor = requireExpert(ctx)
  const f = parseInput(AssignmentFilters, query)
  const { count, rows, next_cursor } = await assignmentList.page(ctx.db, { expert: actor.id, status: f.status || undefined }, page)
  return { count, results: await withTrips(ctx.db, rows as AssignmentRow[], ctx.actor), next_cursor }
}

/** Trips in planning or booked with no live assignment, newest first (the partial index's order). */
const unassignedList = pagedList({
  name: 'unassigned_trips',
  table: trips,
  id: trips.id,
  keys: [
    { expr: trips.createdAt, type: 'timestamp' },
    { expr: trips.id, type: 'int' },
  ],
  direction: 'desc',
  where: sql`${trips.expertId} is null and ${trips.status} in ('planning', 'booked')`,
  filters: {},
  rows: (db, page) => {
    const { searchTitle: _s, ...columns } = getTableColumns(trips)
    return db.select({ ...columns, ...page.cursor }).from(page.from).innerJoin(trips, eq(trips.id, page.id))
  },
})

/** The unassigned queue: specialists, admins, superadmin. */
export async function listUnassignedTrips(ctx: ServiceContext, page: PageWindow) {
  requireAssigner(ctx)
  const { count, rows, next_cursor } = await unassignedList.page(ctx.db, {}, page)
  return { count, results: await expandTrips(ctx.db, rows as (typeof trips.$inferSelect)[], ctx.actor), next_cursor }
}

/** The expert picker: active experts by name, with how many live assignments each holds. */
export async function expertChoices(ctx: ServiceContext) {
  requireAssigner(ctx)
  const rows = await ctx.db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      username: users.username,
      // Spelled out: an unqualified "id" inside the subquery would not be the user's (see loadTrip).
      live: sql<number>`(select count(*) from trip_assignments a where a.expert_id = users.id and a.status in ('pending', 'accepted'))`.mapWith(Number),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.isActive, true), eq(roles.name, 'expert')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500)
  return rows.map((r) => ({ id: r.id, name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.username, live_assignments: r.live }))
}
