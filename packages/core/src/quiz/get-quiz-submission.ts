import { desc, eq, quizSubmissions } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { STATUS_MESSAGES } from '../messages.ts'
import { canReadQuizzes } from '../quiz-review/access.ts'
import { type QuizSubmissionDto, serializeQuiz } from './serialize-quiz.ts'

/**
 * One submission: its owner, or the staff who work with travelers' quizzes (reviewers, and the customer staff who see
 * them on a customer's profile). Others get not_found (its existence is not revealed).
 */
export async function getQuizSubmission(ctx: ServiceContext, id: number): Promise<QuizSubmissionDto> {
  const actor = requireActor(ctx)
  const notFound = new DomainError('not_found', STATUS_MESSAGES[404])
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound
  const [row] = await ctx.db.select().from(quizSubmissions).where(eq(quizSubmissions.id, id))
  // A visitor's unclaimed submission belongs to no one yet: it is not revealed, not even to reviewers.
  if (!row || row.userId === null || (row.userId !== actor.id && !canReadQuizzes(actor))) throw notFound
  return serializeQuiz(row)
}

/** The signed-in user's latest submission, or null. */
export async function getLatestOwnQuiz(ctx: ServiceContext): Promise<QuizSubmissionDto | null> {
  const actor = requireActor(ctx)
  const [row] = await ctx.db
    .select()
    .from(quizSubmissions)
    .where(eq(quizSubmissions.userId, actor.id))
    .orderBy(desc(quizSubmissions.submittedAt), desc(quizSubmissions.id))
    .limit(1)
  return row ? serializeQuiz(row) : null
}
