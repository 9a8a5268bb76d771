import { ONBOARDING_QUESTIONS, type OnboardingAnswers } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { listPublicExperts, type PublicExpertDto } from '../experts/list-public-experts.ts'

// The option labels as literal types, so each table below must cover every option.
type TravelStyle = (typeof ONBOARDING_QUESTIONS)[0]['options'][number]
type BudgetRange = (typeof ONBOARDING_QUESTIONS)[1]['options'][number]
type GroupSize = (typeof ONBOARDING_QUESTIONS)[2]['options'][number]

/** Wizard values (spec 1 §3, trip request payload) that a set of quiz answers points to. */
export interface QuizProfile {
  style: { answer: TravelStyle; summary: string; activities: string[] }
  budget: {
    answer: BudgetRange
    /** The wizard's travel_style (budget, comfort, luxury, ultra_luxury); null when the traveler is flexible. */
    travel_style: 'budget' | 'comfort' | 'luxury' | 'ultra_luxury' | null
    min_per_person: number | null
    max_per_person: number | null
  }
  group: {
    answer: GroupSize
    trip_type: 'romantic' | 'family' | 'adventure' | 'business' | 'solo' | 'group'
    /** Only when the answer says how many: a solo, business or couple trip. */
    travelers: number | null
  }
  /** Words looked for in an expert's bio to match this style. */
  keywords: string[]
}

const STYLES: Record<TravelStyle, { summary: string; activities: string[]; keywords: string[] }> = {
  'Adventure & Exploration': {
    summary: 'Active days outdoors: trekking, diving, wildlife and places off the beaten path.',
    activities: ['adventure', 'nature'],
    keywords: ['adventure', 'hiking', 'trek', 'outdoor', 'expedition', 'safari', 'diving', 'climb', 'wildlife'],
  },
  'Relaxation & Wellness': {
    summary: 'Slow mornings, spa time, quiet beaches and retreats that leave you rested.',
    activities: ['wellness', 'nature'],
    keywords: ['wellness', 'spa', 'relax', 'beach', 'retreat', 'yoga', 'resort', 'island'],
  },
  'Culture & History': {
    summary: 'Museums, heritage sites, local guides and the stories behind each place.',
    activities: ['culture', 'sightseeing'],
    keywords: ['culture', 'cultural', 'history', 'heritage', 'museum', 'art', 'architecture'],
  },
  'Food & Wine': {
    summary: 'Markets, tastings, cooking classes and tables worth travelling for.',
    activities: ['food'],
    keywords: ['food', 'wine', 'culinary', 'gastronomy', 'cuisine', 'tasting', 'chef'],
  },
  'Urban & City Life': {
    summary: 'Neighbourhoods, design, shopping and evenings out in great cities.',
    activities: ['sightseeing', 'shopping', 'nightlife'],
    keywords: ['city', 'cities', 'urban', 'nightlife', 'shopping', 'design', 'metropolitan'],
  },
}

const BUDGETS: Record<BudgetRange, Omit<QuizProfile['budget'], 'answer'>> = {
  'Budget-Friendly ($500-1500)': { travel_style: 'budget', min_per_person: 500, max_per_person: 1500 },
  'Comfortable ($1500-3000)': { travel_style: 'comfort', min_per_person: 1500, max_per_person: 3000 },
  'Premium ($3000-5000)': { travel_style: 'luxury', min_per_person: 3000, max_per_person: 5000 },
  'Luxury ($5000+)': { travel_style: 'ultra_luxury', min_per_person: 5000, max_per_person: null },
  "I'm flexible": { travel_style: null, min_per_person: null, max_per_person: null },
}

const GROUPS: Record<GroupSize, Omit<QuizProfile['group'], 'answer'>> = {
  'Solo traveler': { trip_type: 'solo', travelers: 1 },
  Couple: { trip_type: 'romantic', travelers: 2 },
  'Family with kids': { trip_type: 'family', travelers: null },
  'Group of friends': { trip_type: 'group', travelers: null },
  'Business/work travel': { trip_type: 'business', travelers: 1 },
}

/** Complete answers only: each of the three questions answered with one of its options. */
export function isCompleteAnswers(answers: Partial<Record<string, unknown>> | null | undefined): answers is OnboardingAnswers {
  if (!answers) return false
  return ONBOARDING_QUESTIONS.every((q) => (q.options as readonly unknown[]).includes(answers[q.id]))
}

/** What complete answers lead to: the style, budget band and trip type a trip request would start from. Pure. */
export function profileFromAnswers(answers: OnboardingAnswers): QuizProfile {
  const travelStyle = answers.travel_style as TravelStyle
  const budget = answers.budget_range as BudgetRange
  const group = answers.group_size as GroupSize
  const style = STYLES[travelStyle]
  if (!style || !BUDGETS[budget] || !GROUPS[group]) throw new TypeError('profileFromAnswers needs validated answers')
  return {
    style: { answer: travelStyle, summary: style.summary, activities: [...style.activities] },
    budget: { answer: budget, ...BUDGETS[budget] },
    group: { answer: group, ...GROUPS[group] },
    keywords: [...style.keywords],
  }
}

export interface MatchedExpertDto extends PublicExpertDto {
  /** The style words found in the expert's bio; empty when the expert was listed without a match. */
  matched_keywords: string[]
}

/** Experts whose bio mentions the style first (most words matched), then the others; at most `limit`. Pure. */
export function rankExpertsByStyle(experts: PublicExpertDto[], profile: QuizProfile, limit = 3): MatchedExpertDto[] {
  return experts
    .map((expert, index) => {
      const text = expert.bio.toLowerCase()
      const matched = profile.keywords.filter((word) => new RegExp(`\\b${word}`).test(text))
      return { expert: { ...expert, matched_keywords: matched }, index }
    })
    .sort((a, b) => b.expert.matched_keywords.length - a.expert.matched_keywords.length || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.expert)
}

/**
 * The quiz results page's recommendations for complete answers: the profile and the experts who fit it best.
 * Anyone may call it (visitors see their own unsaved answers); changes nothing.
 */
export async function recommendForQuiz(ctx: Pick<ServiceContext, 'db'>, answers: OnboardingAnswers) {
  const profile = profileFromAnswers(answers)
  const experts = rankExpertsByStyle(await listPublicExperts(ctx), profile)
  return { profile, experts }
}
