import { SubmitQuizInput } from '@meridian/validators'
import { quizSubmissions } from '@meridian/db'
import { assertCan } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { parseInput } from '../validation.ts'
import { recordActivity } from '../activity/record-activity.ts'
import { type QuizSubmissionDto, serializeQuiz } from './serialize-quiz.ts'

/**
 * Save a traveler's onboarding answers as a quiz submission awaiting a specialist's review.
 * Needs access_trip_planning (travelers; superadmins hold everything). Records an activity event.
 */
export async function submitOnboardingQuiz(ctx: ServiceContext, input: unknown): Promise<QuizSubmissionDto> {
  const actor = assertCan(ctx, 'access_trip_planning')
  const data = parseInput(SubmitQuizInput, input)
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
      summary: `${actor.username} completed the onboarding quiz (${data.quiz_data.travel_style}, ${data.quiz_data.group_size})`,
    })
    return serializeQuiz(row!)
  })
}
