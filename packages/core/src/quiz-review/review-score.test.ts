import type { RoleName } from '@meridian/auth'
import { type DatabaseHandle, eq, quizSubmissions } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { getQuizSubmission } from '../quiz/get-quiz-submission.ts'
import { submitOnboardingQuiz } from '../quiz/submit-onboarding-quiz.ts'
import { domainErrorOf } from '../trips/test-bed.ts'
import { insertUser } from '../users/insert-user.ts'
import { getSpecialistDashboard } from './queue.ts'
import { getQuizReview, reviewQuiz } from './review.ts'

let handle: DatabaseHandle
let traveler: ServiceContext
let specialist: ServiceContext

const ANSWERS = { travel_style: 'Food & Wine', budget_range: 'Premium ($3000-5000)', group_size: 'Couple' }

beforeAll(async () => {
  handle = await createTestDatabase()
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const make = async (username: string, role: RoleName) => {
    const id = await insertUser(handle.db, { username, email: `${username}@example.test`, password: 'a-long-password-1', role })
    return serviceContext(app, await loadActor(handle.db, id), { ipAddress: '', userAgent: '' })
  }
  traveler = await make('decimal-traveler', 'traveler')
  specialist = await make('decimal-specialist', 'specialist')
})

afterAll(async () => {
  await handle?.close()
})

const newQuiz = async () => (await submitOnboardingQuiz(traveler, { quiz_data: ANSWERS })).id
const storedScore = async (id: number) =>
  (await handle.db.select({ score: quizSubmissions.score }).from(quizSubmissions).where(eq(quizSubmissions.id, id)))[0]!.score

describe('the review score', () => {
  it('takes a decimal, stores it exactly and reads it back the same everywhere', async () => {
    const id = await newQuiz()
    const reviewed = await reviewQuiz(specialist, id, { score: 87.5 })
    expect(reviewed.score).toBe(87.5)
    expect(await storedScore(id)).toBe('87.50')
    expect((await getQuizReview(specialist, id)).submission.score).toBe(87.5)
    expect((await getQuizSubmission(traveler, id)).score).toBe(87.5)

    // A form's text keeps its two places; 0.01 steps are not rounded on the way.
    const text = await newQuiz()
    expect((await reviewQuiz(specialist, text, { score: '99.99' })).score).toBe(99.99)
    expect(await storedScore(text)).toBe('99.99')
  })

  it('still takes whole numbers and the limits themselves', async () => {
    for (const [score, stored] of [
      [64, '64.00'],
      ['100', '100.00'],
      [0, '0.00'],
    ] as const) {
      const id = await newQuiz()
      await reviewQuiz(specialist, id, { score })
      expect(await storedScore(id)).toBe(stored)
    }
  })

  it('refuses what is not a score from 0 to 100 with two decimal places at most, and changes nothing', async () => {
    const id = await newQuiz()
    for (const [score, message] of [
      [100.01, 'Ensure this value is less than or equal to 100.'],
      ['101', 'Ensure this value is less than or equal to 100.'],
      [-1, 'Ensure this value is greater than or equal to 0.'],
      ['-0.5', 'Ensure this value is greater than or equal to 0.'],
      ['abc', 'A valid number is required.'],
      ['12,5', 'A valid number is required.'],
      [true, 'A valid number is required.'],
      ['87.125', 'Ensure that there are no more than 2 decimal places.'],
      [0.1 + 0.2, 'Ensure that there are no more than 2 decimal places.'],
      ['', 'This field is required.'],
    ] as const) {
      const error = await domainErrorOf(reviewQuiz(specialist, id, { score }))
      expect(error.fields, String(score)).toEqual({ score: [message] })
    }
    expect(await storedScore(id)).toBeNull()
    expect((await getQuizReview(specialist, id)).submission.status).toBe('awaiting_specialist')
  })

  it('averages the decimals exactly, rounded half up to one decimal', async () => {
    // The reviews above (87.5, 99.99, 64, 100, 0) and two of 70.13: 491.75 / 7 = 70.25 exactly, shown as 70.3.
    for (const score of ['70.13', 70.13]) await reviewQuiz(specialist, await newQuiz(), { score })
    const reviewed = await handle.db.select({ score: quizSubmissions.score }).from(quizSubmissions).where(eq(quizSubmissions.status, 'reviewed'))
    expect(reviewed.map((r) => r.score).sort()).toEqual(['0.00', '100.00', '64.00', '70.13', '70.13', '87.50', '99.99'])
    expect((await getSpecialistDashboard(specialist)).average_score).toBe(70.3)
  })
})
