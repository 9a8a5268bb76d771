import type { RoleName } from '@meridian/auth'
import { activityEvents, type DatabaseHandle, eq, quizSubmissions } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { loadActor } from '../auth/load-actor.ts'
import { insertUser } from '../users/insert-user.ts'
import { getLatestOwnQuiz, getQuizSubmission } from './get-quiz-submission.ts'
import { listQuizQueue } from '../quiz-review/queue.ts'
import { claimVisitorQuiz, submitOnboardingQuiz, submitVisitorQuiz } from './submit-onboarding-quiz.ts'

let handle: DatabaseHandle
const as: Partial<Record<'traveler' | 'otherTraveler' | 'specialist' | 'editor' | 'expert' | 'superadmin', ServiceContext>> = {}
let anonymous: ServiceContext

const ANSWERS = { travel_style: 'Food & Wine', budget_range: 'Premium ($3000-5000)', group_size: 'Couple' }
const ADVENTURE = { intensity: 'Full days of hiking', landscape: 'Mountains and glaciers', group_size: 'Couple', budget_range: 'Premium ($3000-5000)' }

beforeAll(async () => {
  handle = await createTestDatabase()
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const make = async (username: string, role: RoleName) => {
    const id = await insertUser(handle.db, { username, email: `${username}@example.test`, password: 'a-long-password-1', role })
    return serviceContext(app, await loadActor(handle.db, id), { ipAddress: '', userAgent: '' })
  }
  as.traveler = await make('tina', 'traveler')
  as.otherTraveler = await make('otto', 'traveler')
  as.specialist = await make('sana', 'specialist')
  as.editor = await make('eddie', 'editor')
  as.expert = await make('ezra', 'expert')
  as.superadmin = await make('sam', 'superadmin')
  anonymous = serviceContext(app, null, { ipAddress: '', userAgent: '' })
})

afterAll(async () => {
  await handle?.close()
})

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

describe('submitOnboardingQuiz', () => {
  it('saves a traveler’s answers awaiting a specialist, as a general quiz by default', async () => {
    const saved = await submitOnboardingQuiz(as.traveler!, { quiz_data: ANSWERS })
    expect(saved).toMatchObject({
      quiz_type: 'general',
      status: 'awaiting_specialist',
      quiz_data: ANSWERS,
      user_id: as.traveler!.actor!.id,
      score: null,
      expert_assignment: null,
      reviewed_at: null,
    })
    expect(Number.isNaN(Date.parse(saved.submitted_at))).toBe(false)
    const [row] = await handle.db.select().from(quizSubmissions).where(eq(quizSubmissions.id, saved.id))
    expect(row?.quizData).toEqual(ANSWERS)
    const events = await handle.db.select().from(activityEvents).where(eq(activityEvents.subjectId, String(saved.id)))
    expect(events.map((e) => e.action)).toContain('quiz.submitted')
  })

  it('keeps a quiz type given by the caller', async () => {
    const saved = await submitOnboardingQuiz(as.traveler!, { quiz_type: 'adventure', quiz_data: ADVENTURE })
    expect(saved.quiz_type).toBe('adventure')
  })

  it('answers field errors for an option that is not offered or a missing answer', async () => {
    const error = await errorOf(
      submitOnboardingQuiz(as.traveler!, { quiz_data: { ...ANSWERS, budget_range: '$1,000,000', group_size: undefined } }),
    )
    expect(error.code).toBe('invalid')
    expect(error.fields).toEqual({
      'quiz_data.budget_range': ['Please choose one of the options.'],
      'quiz_data.group_size': ['Please choose one of the options.'],
    })
    const unknownType = await errorOf(submitOnboardingQuiz(as.traveler!, { quiz_type: 'cruise', quiz_data: ANSWERS }))
    expect(unknownType.fields).toEqual({ quiz_type: ['Unknown quiz type.'] })
    // Each quiz type has its own questions: the general answers do not answer the Maldives quiz.
    const wrongQuiz = await errorOf(submitOnboardingQuiz(as.traveler!, { quiz_type: 'maldives', quiz_data: ANSWERS }))
    expect(wrongQuiz.fields).toEqual({
      'quiz_data.stay': ['Please choose one of the options.'],
      'quiz_data.occasion': ['Please choose one of the options.'],
      'quiz_data.travel_style': ['This question is not part of this quiz.'],
    })
  })

  it('refuses roles without access_trip_planning (403) and anonymous callers (401)', async () => {
    for (const ctx of [as.editor!, as.specialist!, as.expert!]) {
      const error = await errorOf(submitOnboardingQuiz(ctx, { quiz_data: ANSWERS }))
      expect(error.code).toBe('forbidden')
      expect(error.message).toBe("You don't have permission to perform this action.")
    }
    expect((await errorOf(submitOnboardingQuiz(anonymous, { quiz_data: ANSWERS }))).code).toBe('unauthenticated')
  })

  it('lets a superadmin submit (they hold every permission)', async () => {
    const saved = await submitOnboardingQuiz(as.superadmin!, { quiz_data: ANSWERS })
    expect(saved.user_id).toBe(as.superadmin!.actor!.id)
  })
})

describe('getQuizSubmission', () => {
  it('answers the owner and anyone who reviews quizzes', async () => {
    const saved = await submitOnboardingQuiz(as.traveler!, { quiz_data: ANSWERS })
    expect(await getQuizSubmission(as.traveler!, saved.id)).toEqual(saved)
    expect(await getQuizSubmission(as.specialist!, saved.id)).toEqual(saved)
    expect(await getQuizSubmission(as.superadmin!, saved.id)).toEqual(saved)
  })

  it('hides a submission from another traveler and from staff who do not review quizzes (not found)', async () => {
    const saved = await submitOnboardingQuiz(as.traveler!, { quiz_data: ANSWERS })
    for (const ctx of [as.otherTraveler!, as.editor!, as.expert!]) {
      const error = await errorOf(getQuizSubmission(ctx, saved.id))
      expect(error.code).toBe('not_found')
      expect(error.message).toBe('The requested resource was not found.')
    }
  })

  it('answers not found for ids that do not exist or are not ids', async () => {
    for (const id of [999_999, 0, -1, 1.5, Number.NaN, 2 ** 40]) {
      expect((await errorOf(getQuizSubmission(as.specialist!, id))).code).toBe('not_found')
    }
  })

  it('needs a signed-in caller', async () => {
    expect((await errorOf(getQuizSubmission(anonymous, 1))).code).toBe('unauthenticated')
  })
})

describe('getLatestOwnQuiz', () => {
  it('answers the caller’s newest submission, or null', async () => {
    expect(await getLatestOwnQuiz(as.otherTraveler!)).toBeNull()
    await submitOnboardingQuiz(as.otherTraveler!, { quiz_data: ANSWERS })
    const newest = await submitOnboardingQuiz(as.otherTraveler!, { quiz_data: { ...ANSWERS, group_size: 'Solo traveler' } })
    expect(await getLatestOwnQuiz(as.otherTraveler!)).toEqual(newest)
  })
})

describe('a visitor’s quiz', () => {
  const queueIds = async () => (await listQuizQueue(as.specialist!, {}, { limit: 500 })).results.map((q) => q.id)

  it('is stored as submitted, out of the queue, until the browser holding the claim signs in', async () => {
    const claim = await submitVisitorQuiz(anonymous, { quiz_data: ANSWERS }, null)
    const [row] = await handle.db.select().from(quizSubmissions).where(eq(quizSubmissions.id, claim.id))
    expect(row).toMatchObject({ userId: null, status: 'submitted', quizData: ANSWERS })
    expect(await queueIds()).not.toContain(claim.id)
    // Nobody reads it by id before it is claimed, not even a reviewer.
    expect((await errorOf(getQuizSubmission(as.specialist!, claim.id))).code).toBe('not_found')

    // Completing the quiz again in the same browser replaces the answers; it does not add a submission.
    const again = await submitVisitorQuiz(anonymous, { quiz_data: { ...ANSWERS, group_size: 'Solo traveler' } }, claim)
    expect(again).toEqual(claim)

    // A wrong token claims nothing; the right one makes it the traveler's, awaiting a specialist.
    expect(await claimVisitorQuiz(as.otherTraveler!, { id: claim.id, token: 'guess' })).toBeNull()
    const claimed = await claimVisitorQuiz(as.traveler!, claim)
    expect(claimed).toMatchObject({ id: claim.id, status: 'awaiting_specialist', user_id: as.traveler!.actor!.id, quiz_data: { ...ANSWERS, group_size: 'Solo traveler' } })
    expect(await queueIds()).toContain(claim.id)
    // A used claim claims nothing a second time.
    expect(await claimVisitorQuiz(as.otherTraveler!, claim)).toBeNull()
  })

  it('checks a visitor’s answers like anyone’s, and only a traveler claims', async () => {
    expect((await errorOf(submitVisitorQuiz(anonymous, { quiz_data: { ...ANSWERS, travel_style: 'Space' } }, null))).fields).toEqual({
      'quiz_data.travel_style': ['Please choose one of the options.'],
    })
    const claim = await submitVisitorQuiz(anonymous, { quiz_data: ANSWERS }, null)
    expect((await errorOf(claimVisitorQuiz(as.editor!, claim))).code).toBe('forbidden')
  })
})
