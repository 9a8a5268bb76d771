import type { DatabaseHandle } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { ONBOARDING_QUESTIONS, QUIZ_TYPES } from '@meridian/validators'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { answerErrors, getQuizDefinition, listQuizDefinitions } from './definitions.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

it('seeds the four quiz types, each with questions of its own and an icon', async () => {
  const all = await listQuizDefinitions(handle)
  expect(all.map((d) => [d.quiz_type, d.icon])).toEqual([
    ['general', 'compass'],
    ['maldives', 'island'],
    ['luxury', 'diamond'],
    ['adventure', 'mountain'],
  ])
  expect(new Set(all.map((d) => d.quiz_type))).toEqual(new Set(QUIZ_TYPES))
  for (const d of all) {
    expect(d.questions.length).toBeGreaterThanOrEqual(3)
    for (const q of d.questions) expect(q.options.length).toBeGreaterThanOrEqual(2)
  }
  // Each themed quiz asks something the others do not.
  const ids = (type: string) => new Set(all.find((d) => d.quiz_type === type)!.questions.map((q) => q.id))
  for (const type of ['maldives', 'luxury', 'adventure']) expect([...ids(type)].some((id) => !ids('general').has(id))).toBe(true)
})

it('keeps the onboarding quiz (general) exactly as the specification words it', async () => {
  const general = await getQuizDefinition(handle, 'general')
  expect(general!.questions.map((q) => ({ id: q.id, question: q.question, options: q.options.map((o) => o.label) }))).toEqual(
    ONBOARDING_QUESTIONS.map((q) => ({ id: q.id, question: q.question, options: [...q.options] })),
  )
})

it('names each unanswered or unknown question', async () => {
  const maldives = (await getQuizDefinition(handle, 'maldives'))!
  expect(answerErrors(maldives, { stay: 'Overwater villa', occasion: 'A cruise', extra: 'x' })).toEqual({
    'quiz_data.occasion': ['Please choose one of the options.'],
    'quiz_data.budget_range': ['Please choose one of the options.'],
    'quiz_data.group_size': ['Please choose one of the options.'],
    'quiz_data.extra': ['This question is not part of this quiz.'],
  })
  expect(await getQuizDefinition(handle, 'cruise')).toBeNull()
})
