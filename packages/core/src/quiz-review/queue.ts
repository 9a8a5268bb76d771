import { and, count, type Database, eq, getTableColumns, gte, inArray, isNull, quizSubmissions, sql, travelerExperts, tripAssignments, users } from '@meridian/db'
import { QuizQueueFilters } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { escapeLike, normalizeSearch } from '../catalogue/shared.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { displayName } from '../auth/serialize-user.ts'
import { parseInput } from '../validation.ts'
import { requireQuizReviewer } from './access.ts'

type SubmissionRow = typeof quizSubmissions.$inferSelect
interface PersonRef {
  id: number
  name: string
}

/** A submission as the Review Center lists it: the answers, who took it, who reviewed it, the expert chosen. */
export interface QueueItemDto {
  id: number
  quiz_type: string
  status: string
  submitted_at: string
  score: number | null
  quiz_data: Record<string, string>
  reviewed_at: string | null
  traveler: (PersonRef & { username: string; email: string }) | null
  reviewer: PersonRef | null
  expert_assignment: PersonRef | null
}

/** The people a page of submissions names, in one statement. */
async function peopleOf(db: Pick<Database, 'select'>, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))]
  if (wanted.length === 0) return new Map<number, { id: number; name: string; username: string; email: string }>()
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted))
  return new Map(rows.map((r) => [r.id, { id: r.id, name: displayName(r), username: r.username, email: r.email }]))
}

export async function serializeQueue(db: Pick<Database, 'select'>, rows: SubmissionRow[]): Promise<QueueItemDto[]> {
  const people = await peopleOf(db, rows.flatMap((r) => [r.userId, r.reviewedBy, r.expertAssignment]))
  const ref = (id: number | null) => {
    const p = id === null ? undefined : people.get(id)
    return p ? { id: p.id, name: p.name } : null
  }
  return rows.map((r) => ({
    id: r.id,
    quiz_type: r.quizType,
    status: r.status,
    submitted_at: r.submittedAt.toISOString(),
    score: r.score === null ? null : Number(r.score),
    quiz_data: r.quizData,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    traveler: r.userId === null ? null : (people.get(r.userId) ?? null),
    reviewer: ref(r.reviewedBy),
    expert_assignment: ref(r.expertAssignment),
  }))
}

/** The queue: awaiting a specialist first, then newest (decision 021); a visitor's unclaimed submission is not in it. */
const queueList = pagedList({
  name: 'quiz_queue',
  table: quizSubmissions,
  id: quizSubmissions.id,
  keys: [
    { expr: quizSubmissions.isAwaiting, type: 'bool' },
    { expr: quizSubmissions.submittedAt, type: 'timestamp' },
    { expr: quizSubmissions.id, type: 'int' },
  ],
  direction: 'desc',
  where: sql`${quizSubmissions.status} <> 'submitted'`,
  filters: {
    status: (p) => sql`${quizSubmissions.status} = ${p()}`,
    quiz_type: (p) => sql`${quizSubmissions.quizType} = ${p()}`,
    search: (p) => sql`${quizSubmissions.searchKey} like ${p()}`,
  },
  rows: (db, page) => {
    const { searchKey: _s, isAwaiting: _a, ...columns } = getTableColumns(quizSubmissions)
    return db.select({ ...columns, ...page.cursor }).from(page.from).innerJoin(quizSubmissions, eq(quizSubmissions.id, page.id))
  },
})

/** GET /users/api/specialist/quiz-reviews/: filters status, quiz_type, search (over the answers). Reviewers only. */
export async function listQuizQueue(ctx: ServiceContext, query: unknown, page: PageWindow) {
  requireQuizReviewer(ctx)
  const f = parseInput(QuizQueueFilters, query)
  const key = normalizeSearch(f.search)
  const { count: total, rows, next_cursor } = await queueList.page(
    ctx.db,
    { status: f.status || undefined, quiz_type: f.quiz_type || undefined, search: key ? `%${escapeLike(key)}%` : undefined },
    page,
  )
  return { count: total, results: await serializeQueue(ctx.db, rows as unknown as SubmissionRow[]), next_cursor }
}

/** Midnight UTC today, and Monday midnight UTC of this week. */
export function periodStarts(now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const week = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000)
  return { today, week }
}

/**
 * GET /users/api/specialist/dashboard/: the team's queue figures. completed_today and reviewed_this_week count
 * reviews since midnight UTC and Monday; expert_assignments_this_week counts the trip assignments made since Monday
 * (by a review, assign-expert or by hand); average_score is over every review, rounded half up to one decimal.
 */
export async function getSpecialistDashboard(ctx: ServiceContext, now = new Date()) {
  requireQuizReviewer(ctx)
  const { today, week } = periodStarts(now)
  const [[queue], [assignments], [matched]] = await Promise.all([
    ctx.db
      .select({
        pending: sql<number>`count(*) filter (where ${quizSubmissions.status} = 'awaiting_specialist')`.mapWith(Number),
        today: sql<number>`count(*) filter (where ${quizSubmissions.reviewedAt} >= ${today.toISOString()}::timestamptz)`.mapWith(Number),
        week: sql<number>`count(*) filter (where ${quizSubmissions.reviewedAt} >= ${week.toISOString()}::timestamptz)`.mapWith(Number),
        average: sql<string | null>`round(avg(${quizSubmissions.score}), 1)::text`,
      })
      .from(quizSubmissions)
      .where(sql`${quizSubmissions.status} <> 'submitted'`),
    ctx.db.select({ n: count() }).from(tripAssignments).where(gte(tripAssignments.createdAt, week)),
    ctx.db
      .select({ n: count() })
      .from(travelerExperts)
      .where(and(gte(travelerExperts.updatedAt, week), isNull(travelerExperts.tripType))),
  ])
  return {
    pending_reviews: queue?.pending ?? 0,
    completed_today: queue?.today ?? 0,
    reviewed_this_week: queue?.week ?? 0,
    // Rounded half up by the database, exactly; one decimal reads back the same as a JSON number.
    average_score: queue?.average === null || queue?.average === undefined ? null : Number(queue.average),
    expert_assignments_this_week: assignments?.n ?? 0,
    travelers_matched_this_week: matched?.n ?? 0,
  }
}
