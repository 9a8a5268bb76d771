import { type DatabaseHandle, eq, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { ONBOARDING_QUESTIONS } from '@meridian/validators'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '../users/insert-user.ts'
import { isCompleteAnswers, profileFromAnswers, rankExpertsByStyle, recommendForQuiz } from './quiz-profile.ts'

const ANSWERS = { travel_style: 'Food & Wine', budget_range: 'Luxury ($5000+)', group_size: 'Couple' } as const

describe('isCompleteAnswers', () => {
  it('needs each of the three questions answered with one of its options', () => {
    expect(isCompleteAnswers(ANSWERS)).toBe(true)
    expect(isCompleteAnswers({ ...ANSWERS, group_size: undefined })).toBe(false)
    expect(isCompleteAnswers({ ...ANSWERS, budget_range: 'Luxury' })).toBe(false)
    expect(isCompleteAnswers({})).toBe(false)
    expect(isCompleteAnswers(null)).toBe(false)
  })
})

describe('profileFromAnswers', () => {
  it('maps every option of every question', () => {
    for (const style of ONBOARDING_QUESTIONS[0].options) {
      for (const budget of ONBOARDING_QUESTIONS[1].options) {
        for (const group of ONBOARDING_QUESTIONS[2].options) {
          const profile = profileFromAnswers({ travel_style: style, budget_range: budget, group_size: group })
          expect(profile.style.activities.length).toBeGreaterThan(0)
          expect(profile.keywords.length).toBeGreaterThan(0)
          expect(profile.group.trip_type).toBeTruthy()
        }
      }
    }
  })

  it('turns the budget band into the wizard’s travel style and per-person range', () => {
    expect(profileFromAnswers(ANSWERS)).toMatchObject({
      style: { answer: 'Food & Wine', activities: ['food'] },
      budget: { travel_style: 'ultra_luxury', min_per_person: 5000, max_per_person: null },
      group: { trip_type: 'romantic', travelers: 2 },
    })
    expect(profileFromAnswers({ ...ANSWERS, budget_range: 'Budget-Friendly ($500-1500)' }).budget).toMatchObject({
      travel_style: 'budget',
      min_per_person: 500,
      max_per_person: 1500,
    })
    expect(profileFromAnswers({ ...ANSWERS, budget_range: "I'm flexible" }).budget.travel_style).toBeNull()
    expect(profileFromAnswers({ ...ANSWERS, group_size: 'Family with kids' }).group).toMatchObject({ trip_type: 'family', travelers: null })
  })
})

describe('rankExpertsByStyle', () => {
  const expert = (id: number, bio: string) => ({ id, display_name: `E${id}`, bio, city: '', country: '', countries: [], specializations: [], years_experience: 0 })

  it('puts experts whose bio mentions the style first, most matches first, and keeps the rest in order', () => {
    const ranked = rankExpertsByStyle(
      [expert(1, 'Mountains.'), expert(2, 'Culinary tours and wine tastings.'), expert(3, 'Street food.'), expert(4, '')],
      profileFromAnswers(ANSWERS),
      4,
    )
    expect(ranked.map((e) => e.id)).toEqual([2, 3, 1, 4])
    expect(ranked[0]!.matched_keywords).toEqual(['wine', 'culinary', 'tasting'])
    expect(ranked[2]!.matched_keywords).toEqual([])
  })

  it('answers at most `limit` experts', () => {
    expect(rankExpertsByStyle([expert(1, ''), expert(2, ''), expert(3, ''), expert(4, '')], profileFromAnswers(ANSWERS))).toHaveLength(3)
  })
})

describe('recommendForQuiz', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await createTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('ranks the platform’s active experts for the answers', async () => {
    const foodie = await insertUser(handle.db, { username: 'foodie', email: 'f@example.test', password: 'a-long-password-1', role: 'expert', firstName: 'Fay' })
    await insertUser(handle.db, { username: 'hiker', email: 'h@example.test', password: 'a-long-password-1', role: 'expert', firstName: 'Hal' })
    await handle.db.update(users).set({ bio: 'Food and wine journeys.' }).where(eq(users.id, foodie))
    const { profile, experts } = await recommendForQuiz({ db: handle.db }, ANSWERS)
    expect(profile.budget.travel_style).toBe('ultra_luxury')
    expect(experts.map((e) => e.display_name)).toEqual(['Fay', 'Hal'])
    expect(experts[0]!.matched_keywords).toEqual(['food', 'wine'])
  })
})
