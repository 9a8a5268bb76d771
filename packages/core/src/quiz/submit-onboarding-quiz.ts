import { createHash, randomBytes } from 'node:crypto'
import { and, type Database, eq, isNull, lt, quizSubmissions } from '@meridian/db'
import { QUIZ_REVIEW_MESSAGES, SubmitQuizInput } from '@meridian/validators'
import { assertCan } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { recordActivity } from '../activity/record-activity.ts'
import { assertAnswers, getQuizDefinition, type QuizDefinitionDto } from './definitions.ts'
import { type QuizSubmissionDto, serializeQuiz } from './serialize-quiz.ts'

/** Parse a submission and check its answers against its quiz type's definition. */
async function validSubmission(db: Database, input: unknown): Promise<{ data: SubmitQuizInput; definition: QuizDefinitionDto }> {
  const data = parseInput(SubmitQuizInput, input)
  const definition = await getQuizDefinition({ db }, data.quiz_type)
  if (!definition) throw DomainError.invalid({ quiz_type: [QUIZ_REVIEW_MESSAGES.quizUnknown] })
  assertAnswers(definition, data.quiz_data)
  return { data, definition }
}

/**
 * Save a traveler's quiz answers (any quiz type, checked against its definition) as a submission awaiting a
 * specialist's review. Needs access_trip_planning (travelers; superadmins hold everything). Records an activity event.
 */
export async function submitOnboardingQuiz(ctx: ServiceContext, input: unknown): Promise<QuizSubmissionDto> {
  const actor = assertCan(ctx, 'access_trip_planning')
  const { data, definition } = await validSubmission(ctx.db, input)
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizSubmissions)
      .values({ userId: actor.id, quizType: data.quiz_type, quizData: data.quiz_data, status: 'awaiting_specialist' })
      .returning()
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'quiz.submitted',
      subjectType: 'quiz_submission',
      subjectId: row!.id,
      summary:
        data.quiz_type === 'general'
          ? `${actor.username} completed the onboarding quiz (${data.quiz_data.travel_style}, ${data.quiz_data.group_size})`
          : `${actor.username} completed the ${definition.title} quiz`,
    })
    return serializeQuiz(row!)
  })
}

/** A visitor's claim on their submission: its id and the token only their browser holds. */
export interface QuizClaim {
  id: number
  token: string
}

/** Unclaimed visitor submissions are kept this long. */
export const VISITOR_QUIZ_DAYS = 30

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A visitor's completed quiz: stored as `submitted`, with no user, until the browser holding the claim signs in or
 * registers. A browser that already holds a claim on an unclaimed submission replaces its answers (one per browser).
 * Unclaimed submissions older than VISITOR_QUIZ_DAYS are dropped on the way.
 */
export async function submitVisitorQuiz(ctx: Pick<ServiceContext, 'db'>, input: unknown, claim: QuizClaim | null): Promise<QuizClaim> {
  const { data } = await validSubmission(ctx.db, input)
  return ctx.db.transaction(async (tx) => {
    await tx
      .delete(quizSubmissions)
      .where(and(isNull(quizSubmissions.userId), lt(quizSubmissions.submittedAt, new Date(Date.now() - VISITOR_QUIZ_DAYS * 86_400_000))))
    if (claim) {
      const [kept] = await tx
        .update(quizSubmissions)
        .set({ quizType: data.quiz_type, quizData: data.quiz_data, submittedAt: new Date() })
        .where(and(eq(quizSubmissions.id, claim.id), isNull(quizSubmissions.userId), eq(quizSubmissions.claimTokenHash, hashToken(claim.token))))
        .returning({ id: quizSubmissions.id })
      if (kept) return claim
    }
    const token = randomBytes(24).toString('base64url')
    const [row] = await tx
      .insert(quizSubmissions)
      .values({ userId: null, quizType: data.quiz_type, quizData: data.quiz_data, status: 'submitted', claimTokenHash: hashToken(token) })
      .returning({ id: quizSubmissions.id })
    return { id: row!.id, token }
  })
}

/**
 * At sign-in or registration in the browser that holds the claim: the visitor's submission becomes the user's and
 * joins the specialists' queue (awaiting_specialist). Only a user who may take the quiz claims it; a wrong or used
 * claim changes nothing. The claimed submission, or null.
 */
export async function claimVisitorQuiz(ctx: ServiceContext, claim: QuizClaim): Promise<QuizSubmissionDto | null> {
  const actor = assertCan(ctx, 'access_trip_planning')
  if (!Number.isInteger(claim.id) || claim.id < 1 || claim.id > 2_147_483_647 || typeof claim.token !== 'string') return null
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(quizSubmissions)
      .set({ userId: actor.id, status: 'awaiting_specialist', claimTokenHash: null })
      .where(and(eq(quizSubmissions.id, claim.id), isNull(quizSubmissions.userId), eq(quizSubmissions.claimTokenHash, hashToken(claim.token))))
      .returning()
    if (!row) return null
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'quiz.submitted',
      subjectType: 'quiz_submission',
      subjectId: row.id,
      summary: `${actor.username} signed in with the quiz they took as a visitor`,
    })
    return serializeQuiz(row)
  })
}
