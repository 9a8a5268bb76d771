import { and, asc, type Database, desc, eq, gte, inArray, quizSubmissions, roles, sql, tripAssignments, trips, users } from '@meridian/db'
import { TRIP_STATUSES, type TripStatus } from '@meridian/validators/trip-constants'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { idOf } from '../currencies/shared.ts'
import { canSeeAllPerformance, requireExpert, requirePerformanceReader, requireTraveler, requireTripScope } from './access.ts'
import { expandTrips } from './serialize.ts'
import { listTripRequests } from './trip-requests.ts'

export interface ExpertFigures {
  expert: { id: number; name: string }
  assignments: { total: number; pending: number; accepted: number; declined: number; withdrawn: number }
  /** accepted / (accepted + declined), in percent with one decimal; null before any answer. */
  acceptance_rate: number | null
  /** Mean hours from assignment to acceptance, one decimal; null before any acceptance. */
  response_time_hours: number | null
  trips_by_status: Record<TripStatus, number>
  /** The last 12 calendar months (UTC), oldest first: trips completed in each. */
  completed_per_month: { month: string; completed: number }[]
  rating: { average: number | null; count: number }
}

const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10)

function lastMonths(now: Date, n = 12): string[] {
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))
    out.push(d.toISOString().slice(0, 7))
  }
  return out
}

/** The figures of these experts, one grouped statement per figure (never one per expert). */
export async function figuresFor(db: Database, experts: { id: number; name: string }[], now = new Date()): Promise<ExpertFigures[]> {
  if (experts.length === 0) return []
  const ids = experts.map((e) => e.id)
  const months = lastMonths(now)
  const since = new Date(`${months[0]}-01T00:00:00Z`)
  const [answers, byStatus, completed, ratings] = await Promise.all([
    db
      .select({
        expertId: tripAssignments.expertId,
        status: tripAssignments.status,
        n: sql<number>`count(*)`.mapWith(Number),
        hours: sql<number | null>`avg(extract(epoch from (${tripAssignments.respondedAt} - ${tripAssignments.createdAt})) / 3600) filter (where ${tripAssignments.status} = 'accepted')`.mapWith((x) => (x === null ? null : Number(x))),
      })
      .from(tripAssignments)
      .where(inArray(tripAssignments.expertId, ids))
      .groupBy(tripAssignments.expertId, tripAssignments.status),
    db
      .select({ expertId: trips.expertId, status: trips.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(trips)
      .where(inArray(trips.expertId, ids))
      .groupBy(trips.expertId, trips.status),
    db
      .select({ expertId: trips.expertId, month: sql<string>`to_char(${trips.completedAt} at time zone 'UTC', 'YYYY-MM')`, n: sql<number>`count(*)`.mapWith(Number) })
      .from(trips)
      .where(and(inArray(trips.expertId, ids), eq(trips.status, 'completed'), gte(trips.completedAt, since)))
      .groupBy(trips.expertId, sql`2`),
    db
      .select({ expertId: trips.expertId, avg: sql<string | null>`avg(${trips.rating})`, n: sql<number>`count(${trips.rating})`.mapWith(Number) })
      .from(trips)
      .where(and(inArray(trips.expertId, ids), sql`${trips.rating} is not null`))
      .groupBy(trips.expertId),
  ])
  return experts.map((expert) => {
    const mine = answers.filter((a) => a.expertId === expert.id)
    const count = (s: string) => mine.find((a) => a.status === s)?.n ?? 0
    const accepted = count('accepted')
    const declined = count('declined')
    const statuses = Object.fromEntries(TRIP_STATUSES.map((s) => [s, 0])) as Record<TripStatus, number>
    for (const r of byStatus) if (r.expertId === expert.id) statuses[r.status as TripStatus] = r.n
    const done = new Map(completed.filter((c) => c.expertId === expert.id).map((c) => [c.month, c.n]))
    const rating = ratings.find((r) => r.expertId === expert.id)
    return {
      expert,
      assignments: { total: mine.reduce((s, a) => s + a.n, 0), pending: count('pending'), accepted, declined, withdrawn: count('withdrawn') },
      acceptance_rate: accepted + declined > 0 ? round1((accepted / (accepted + declined)) * 100) : null,
      response_time_hours: round1(mine.find((a) => a.status === 'accepted')?.hours ?? null),
      trips_by_status: statuses,
      completed_per_month: months.map((month) => ({ month, completed: done.get(month) ?? 0 })),
      rating: { average: rating?.avg ? round1(Number(rating.avg)) : null, count: rating?.n ?? 0 },
    }
  })
}

const nameOf = (u: { firstName: string; lastName: string; username: string }) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username

async function experts(db: Database, only?: number) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'expert'), only === undefined ? eq(users.isActive, true) : eq(users.id, only)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(500)
  return rows.map((r) => ({ id: r.id, name: nameOf(r) }))
}

/**
 * GET /users/api/expert/performance/: the expert's own figures; specialists, admins and superadmin may name another
 * expert (?expert_id=). An expert naming someone else is refused.
 */
export async function getExpertPerformance(ctx: ServiceContext, query: unknown): Promise<ExpertFigures> {
  const actor = requirePerformanceReader(ctx)
  const raw = ((query ?? {}) as Record<string, unknown>).expert_id
  const wanted = raw === undefined || raw === '' ? actor.id : idOf(raw, 'The requested expert was not found.')
  if (wanted !== actor.id && !canSeeAllPerformance(actor)) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  const found = await experts(ctx.db, wanted)
  if (found.length === 0) {
    if (wanted !== actor.id) throw new DomainError('not_found', 'The requested expert was not found.')
    found.push({ id: actor.id, name: nameOf(actor) })
  }
  return (await figuresFor(ctx.db, found))[0]!
}

/** Every active expert's figures: specialists, admins, superadmin. */
export async function listExpertsPerformance(ctx: ServiceContext): Promise<ExpertFigures[]> {
  const actor = requirePerformanceReader(ctx)
  if (!canSeeAllPerformance(actor)) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  return figuresFor(ctx.db, await experts(ctx.db))
}

const today = () => new Date().toISOString().slice(0, 10)
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** GET /users/api/expert/dashboard/: the expert's queue and trips at a glance. */
export async function getExpertDashboard(ctx: ServiceContext) {
  const actor = requireExpert(ctx)
  const [figures, upcomingRows, pendingRows, departingRows] = await Promise.all([
    figuresFor(ctx.db, [{ id: actor.id, name: nameOf(actor) }]),
    ctx.db
      .select()
      .from(trips)
      .where(and(eq(trips.expertId, actor.id), sql`${trips.status} in ('planning', 'booked', 'active')`, gte(trips.endDate, today())))
      .orderBy(asc(trips.startDate), asc(trips.id))
      .limit(5),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tripAssignments)
      .where(and(eq(tripAssignments.expertId, actor.id), eq(tripAssignments.status, 'pending'))),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(trips)
      .where(and(eq(trips.expertId, actor.id), sql`${trips.status} in ('planning', 'booked')`, gte(trips.startDate, today()), sql`${trips.startDate} <= ${inDays(30)}`)),
  ])
  const f = figures[0]!
  const s = f.trips_by_status
  return {
    pending_assignments: pendingRows[0]?.n ?? 0,
    active_trips: s.planning + s.booked + s.active,
    completed_trips: s.completed,
    departures_next_30_days: departingRows[0]?.n ?? 0,
    acceptance_rate: f.acceptance_rate,
    response_time_hours: f.response_time_hours,
    rating: f.rating,
    upcoming_trips: await expandTrips(ctx.db, upcomingRows, ctx.actor),
  }
}

/** /dashboard/trip-planning for experts and specialists: trips by status, each column its count and newest 10. */
export async function getTripBoard(ctx: ServiceContext) {
  const { actor, scope } = requireTripScope(ctx)
  if (scope === 'own') throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  const mine = scope === 'assigned' ? sql`${trips.expertId} = ${actor.id}` : sql`true`
  // Each column's newest 10 (from the status index) and one grouped count; the page's people and places once.
  const [newest, counts] = await Promise.all([
    Promise.all(
      TRIP_STATUSES.map((status) => ctx.db.select().from(trips).where(and(mine, eq(trips.status, status))).orderBy(desc(trips.createdAt), desc(trips.id)).limit(10)),
    ),
    ctx.db.select({ status: trips.status, n: sql<number>`count(*)`.mapWith(Number) }).from(trips).where(mine).groupBy(trips.status),
  ])
  const expanded = new Map((await expandTrips(ctx.db, newest.flat(), actor)).map((t) => [t.id, t]))
  const columns = TRIP_STATUSES.map((status, i) => ({
    status,
    count: counts.find((c) => c.status === status)?.n ?? 0,
    trips: newest[i]!.map((r) => expanded.get(r.id)!),
  }))
  return { scope, columns }
}

/** /dashboard/trip-planning for travelers: their quiz, requests and trips (upcoming first, then the rest). */
export async function getTravelerPlanning(ctx: ServiceContext) {
  const actor = requireTraveler(ctx)
  const [quiz, requests, tripRows] = await Promise.all([
    ctx.db
      .select({ id: quizSubmissions.id, status: quizSubmissions.status, quiz_type: quizSubmissions.quizType, submitted_at: quizSubmissions.submittedAt })
      .from(quizSubmissions)
      .where(eq(quizSubmissions.userId, actor.id))
      .orderBy(desc(quizSubmissions.submittedAt), desc(quizSubmissions.id))
      .limit(1),
    listTripRequests(ctx),
    ctx.db
      .select()
      .from(trips)
      .where(eq(trips.travelerId, actor.id))
      .orderBy(sql`${trips.status} in ('completed', 'cancelled')`, asc(trips.startDate), asc(trips.id))
      .limit(50),
  ])
  const q = quiz[0]
  return {
    quiz: q ? { id: q.id, status: q.status, quiz_type: q.quiz_type, submitted_at: q.submitted_at.toISOString() } : null,
    requests,
    trips: await expandTrips(ctx.db, tripRows, actor),
  }
}
