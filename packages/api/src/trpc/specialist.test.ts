import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMeridianClient } from '../client.ts'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let specialist: ReturnType<typeof createMeridianClient>
let traveler: ReturnType<typeof createMeridianClient>
let specialistToken: string
beforeAll(async () => {
  server = await startTestServer()
  specialistToken = (await server.login('specialist')).access
  specialist = createMeridianClient({ url: server.url, token: specialistToken })
  traveler = createMeridianClient({ url: server.url, token: (await server.login('traveler')).access })
})
afterAll(async () => {
  await server?.close()
})

describe('tRPC specialist procedures', () => {
  it('take a quiz of any type, find it in the queue and review it, with the REST shapes', async () => {
    const types = await createMeridianClient({ url: server.url }).quiz.definitions.query()
    expect(types.map((t) => t.quiz_type)).toEqual(['general', 'maldives', 'luxury', 'adventure'])
    const luxury = types.find((t) => t.quiz_type === 'luxury')!
    const answers = Object.fromEntries(luxury.questions.map((q) => [q.id, q.options[0]!.label]))
    const quiz = await traveler.quiz.submit.mutate({ quiz_type: 'luxury', quiz_data: answers })
    expect(quiz.status).toBe('awaiting_specialist')

    const queue = await specialist.specialist.quizReviews.query({ filters: { quiz_type: 'luxury' } })
    expect(queue.results.map((q) => q.id)).toContain(quiz.id)
    const rest = await server.request(`/users/api/specialist/quiz-reviews/?quiz_type=luxury`, { token: specialistToken })
    expect(rest.body.results).toEqual(queue.results)

    const panel = await specialist.specialist.quizReview.query({ id: quiz.id })
    expect(panel.quiz?.questions.map((q) => q.answer)).toEqual(Object.values(answers))
    await expect(specialist.specialist.review.mutate({ id: quiz.id, data: { score: 150 } })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', fields: { score: ['Ensure this value is less than or equal to 100.'] } },
    })
    for (const [score, message] of [
      [100.01, 'Ensure this value is less than or equal to 100.'],
      [-1, 'Ensure this value is greater than or equal to 0.'],
      ['abc', 'A valid number is required.'],
      [64.125, 'Ensure that there are no more than 2 decimal places.'],
    ] as const) {
      await expect(specialist.specialist.review.mutate({ id: quiz.id, data: { score } })).rejects.toMatchObject({
        data: { code: 'BAD_REQUEST', fields: { score: [message] } },
      })
    }
    const reviewed = await specialist.specialist.review.mutate({ id: quiz.id, data: { score: 64.5 } })
    expect(reviewed).toMatchObject({ status: 'reviewed', score: 64.5, expert_assignment: null })
    expect((await specialist.specialist.quizReview.query({ id: quiz.id })).submission.score).toBe(64.5)
    await expect(specialist.specialist.review.mutate({ id: quiz.id, data: { score: 70 } })).rejects.toMatchObject({ data: { code: 'CONFLICT', httpStatus: 409 } })
    expect((await specialist.specialist.dashboard.query()).completed_today).toBeGreaterThanOrEqual(1)

    // Whole numbers, as a number or as text, are still scores.
    const general = await traveler.quiz.submit.mutate({
      quiz_type: 'general',
      quiz_data: { travel_style: 'Food & Wine', budget_range: 'Premium ($3000-5000)', group_size: 'Couple' },
    })
    expect(await specialist.specialist.review.mutate({ id: general.id, data: { score: '80' } })).toMatchObject({ status: 'reviewed', score: 80 })
  })

  it('refuses a traveler before reading the input', async () => {
    await expect(traveler.specialist.dashboard.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } })
    await expect(traveler.specialist.customers.query({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } })
    await expect(traveler.specialist.assignExpert.mutate({ customer_id: 1, expert_id: 2 })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } })
  })
})
