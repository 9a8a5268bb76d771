import { and, asc, eq, inArray, quizDefinitions, quizSubmissions, type StoredMatch, sql, travelerExperts, trips, users } from '@meridian/db'
import { QUIZ_REVIEW_MESSAGES, ReviewQuizInput, type TripType } from '@meridian/validators'
import { recordActivity } from '../activity/record-activity.ts'
import type { ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { displayName } from '../auth/serialize-user.ts'
import { loadCandidates, needsForSubmission, OPEN_TRIP_STATUSES } from '../matching/candidates.ts'
import { notifyQuizReviewed } from '../notifications/events.ts'
import { type MatchNeeds, type RankedExpert, rankExperts } from '../matching/rank.ts'
import { getQuizDefinition, type QuizDefinitionDto, serializeDefinition } from '../quiz/definitions.ts'
import { activeExpert, assignOpenTrips, type Tx } from '../trips/assignments.ts'
import { parseInput } from '../validation.ts'
import { requireQuizReviewer } from './access.ts'
import { type QueueItemDto, serializeQueue } from './queue.ts'
import { setTravelerExpert } from './traveler-experts.ts'

/** How many of the ranking the review keeps (the chosen expert is kept too when ranked lower). */
export const STORED_RANKING = 10

type Db = ServiceContext['db'] | Tx

export interface QuizReviewDto {
  submission: QueueItemDto
  quiz: { title: string; icon: string; questions: { id: string; question: string; answer: string | null }[] } | null
  /** What matching read: the countries and specializations the traveler asks for. */
  needs: MatchNeeds
  /** Awaiting: every active expert, ranked now. Reviewed: the ranking the reviewer was shown, as stored. */
  ranking: (RankedExpert | StoredMatch)[]
  /** The traveler's experts now: for every trip type (trip_type null) or for one. */
  traveler_experts: { trip_type: TripType | null; expert: { id: number; name: string } }[]
  /** The traveler's open trips and how many have no expert yet (a review with an expert assigns those). */
  open_trips: { total: number; unassigned: number }
}

async function loadSubmission(db: Db, id: number, lock = false) {
  const query = db.select().from(quizSubmissions).where(eq(quizSubmissions.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new DomainError('not_found', QUIZ_REVIEW_MESSAGES.notFound)
  return row
}

function quizView(definition: QuizDefinitionDto | null, answers: Record<string, string>): QuizReviewDto['quiz'] {
  if (!definition) return null
  return {
    title: definition.title,
    icon: definition.icon,
    questions: definition.questions.map((q) => ({ id: q.id, question: q.question, answer: answers[q.id] ?? null })),
  }
}

/** The ranking for a submission now: every active expert, best first. */
export async function rankForSubmission(db: Db, row: typeof quizSubmissions.$inferSelect, definition: QuizDefinitionDto | null) {
  const [needs, candidates] = await Promise.all([needsForSubmission(db, row, definition), loadCandidates(db)])
  return { needs, ranking: rankExperts(needs, candidates) }
}

/**
 * One submission for the Review Center's side panel: the answers with their questions, the ranked experts with
 * their reasons, the traveler's experts and open trips. Reviewers only; a visitor's unclaimed submission is not found.
 */
export async function getQuizReview(ctx: ServiceContext, rawId: unknown): Promise<QuizReviewDto> {
  requireQuizReviewer(ctx)
  const id = idOf(rawId, QUIZ_REVIEW_MESSAGES.notFound)
  // The submission and its quiz's definition in one statement.
  const [found] = await ctx.db
    .select({ row: quizSubmissions, definition: quizDefinitions })
    .from(quizSubmissions)
    .leftJoin(quizDefinitions, eq(quizDefinitions.quizType, quizSubmissions.quizType))
    .where(eq(quizSubmissions.id, id))
  if (!found || found.row.status === 'submitted') throw new DomainError('not_found', QUIZ_REVIEW_MESSAGES.notFound)
  const { row } = found
  const definition = found.definition ? serializeDefinition(found.definition) : null
  const [[submission], matching, experts, open] = await Promise.all([
    serializeQueue(ctx.db, [row]),
    row.status === 'reviewed' && row.ranking
      ? needsForSubmission(ctx.db, row, definition).then((needs) => ({ needs, ranking: row.ranking as StoredMatch[] }))
      : rankForSubmission(ctx.db, row, definition),
    row.userId === null
      ? []
      : ctx.db
          .select({ tripType: travelerExperts.tripType, id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
          .from(travelerExperts)
          .innerJoin(users, eq(users.id, travelerExperts.expertId))
          .where(eq(travelerExperts.travelerId, row.userId))
          .orderBy(sql`${travelerExperts.tripType} is not null`, asc(travelerExperts.tripType)),
    row.userId === null
      ? [{ total: 0, unassigned: 0 }]
      : ctx.db
          .select({
            total: sql<number>`count(*)`.mapWith(Number),
            unassigned: sql<number>`count(*) filter (where ${trips.expertId} is null and ${trips.status} in ('planning', 'booked'))`.mapWith(Number),
          })
          .from(trips)
          .where(and(eq(trips.travelerId, row.userId), inArray(trips.status, [...OPEN_TRIP_STATUSES]))),
  ])
  return {
    submission: submission!,
    quiz: quizView(definition, row.quizData),
    needs: matching.needs,
    ranking: matching.ranking,
    traveler_experts: experts.map((e) => ({ trip_type: e.tripType, expert: { id: e.id, name: displayName(e) } })),
    open_trips: open[0] ?? { total: 0, unassigned: 0 },
  }
}

/** The ranking kept with a review: the first STORED_RANKING, and the chosen expert wherever they ranked. */
export function rankingToStore(ranking: RankedExpert[], chosen: number | null): StoredMatch[] {
  const keep = ranking.filter((r, i) => i < STORED_RANKING || r.expert_id === chosen)
  return keep.map((r) => ({ expert_id: r.expert_id, name: r.name, score: r.score, reasons: r.reasons }))
}

/**
 * POST /users/api/specialist/quiz-reviews/{id}/ `{score, expert_assignment}`. In one transaction: the submission
 * (locked) gets the score, reviewer, time, the ranking shown and the expert chosen, and becomes reviewed; with an
 * expert, that expert becomes the traveler's expert for every trip type and the traveler's open unassigned trips
 * are assigned to them. A submission already reviewed answers 409 and changes nothing.
 */
export async function reviewQuiz(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const actor = requireQuizReviewer(ctx)
  const id = idOf(rawId, QUIZ_REVIEW_MESSAGES.notFound)
  const data = parseInput(ReviewQuizInput, input)
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await loadSubmission(tx, id, true)
    if (row.status === 'reviewed') throw new DomainError('conflict', QUIZ_REVIEW_MESSAGES.alreadyReviewed)
    if (row.status !== 'awaiting_specialist' || row.userId === null) throw new DomainError('not_found', QUIZ_REVIEW_MESSAGES.notFound)
    const travelerId = row.userId
    let expertId: number | null = null
    if (data.expert_assignment !== null) {
      expertId = await activeExpert(tx, data.expert_assignment, 'expert_assignment')
      if (expertId === travelerId) throw DomainError.invalid({ expert_assignment: [QUIZ_REVIEW_MESSAGES.expertInvalid] })
    }
    const definition = await getQuizDefinition({ db: tx as ServiceContext['db'] }, row.quizType)
    const { ranking } = await rankForSubmission(tx, row, definition)
    const reviewedAt = new Date()
    await tx
      .update(quizSubmissions)
      .set({
        status: 'reviewed',
        score: data.score,
        reviewedAt,
        reviewedBy: actor.id,
        expertAssignment: expertId,
        ranking: rankingToStore(ranking, expertId),
      })
      .where(eq(quizSubmissions.id, id))
    let assigned: number[] = []
    if (expertId !== null) {
      await setTravelerExpert(tx, travelerId, expertId, null, actor.id)
      assigned = await assignOpenTrips(tx, travelerId, expertId, null, actor.id)
    }
    const [traveler] = await tx.select({ firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(eq(users.id, travelerId))
    const travelerName = traveler ? displayName(traveler) : 'the traveler'
    const expertName = expertId === null ? null : (ranking.find((r) => r.expert_id === expertId)?.name ?? null)
    const message = expertName ? QUIZ_REVIEW_MESSAGES.reviewedWithExpert(travelerName, expertName) : QUIZ_REVIEW_MESSAGES.reviewed(travelerName)
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'quiz.reviewed',
      subjectType: 'quiz_submission',
      subjectId: id,
      summary: `${message} Score ${data.score}.`,
    })
    await notifyQuizReviewed(tx, travelerId, actor.id, expertName)
    return { assigned, message }
  })
  const [row] = await ctx.db.select().from(quizSubmissions).where(eq(quizSubmissions.id, id))
  const [submission] = await serializeQueue(ctx.db, [row!])
  return { ...submission!, ranking: row!.ranking, assigned_trips: outcome.assigned, message: outcome.message }
}
