import * as v from 'valibot'

/** The onboarding quiz (spec 1 §2): three single-choice questions; the answer value is the option label. */
export const ONBOARDING_QUESTIONS = [
  {
    id: 'travel_style',
    question: "What's your ideal travel style?",
    options: ['Adventure & Exploration', 'Relaxation & Wellness', 'Culture & History', 'Food & Wine', 'Urban & City Life'],
  },
  {
    id: 'budget_range',
    question: "What's your typical travel budget per person?",
    options: ['Budget-Friendly ($500-1500)', 'Comfortable ($1500-3000)', 'Premium ($3000-5000)', 'Luxury ($5000+)', "I'm flexible"],
  },
  {
    id: 'group_size',
    question: 'Who do you usually travel with?',
    options: ['Solo traveler', 'Couple', 'Family with kids', 'Group of friends', 'Business/work travel'],
  },
] as const

export type QuizQuestionId = (typeof ONBOARDING_QUESTIONS)[number]['id']
export const QUIZ_TYPES = ['maldives', 'general', 'luxury', 'adventure'] as const

const answer = (index: number) => {
  const q = ONBOARDING_QUESTIONS[index]!
  return v.picklist(q.options as unknown as string[], 'Please choose one of the options.')
}

export const OnboardingAnswers = v.object({
  travel_style: answer(0),
  budget_range: answer(1),
  group_size: answer(2),
})
export type OnboardingAnswers = v.InferOutput<typeof OnboardingAnswers>

/** POST /api/onboarding/quiz/: `{quiz_type?, quiz_data: {travel_style, budget_range, group_size}}`. */
export const SubmitQuizInput = v.object({
  quiz_type: v.optional(v.picklist(QUIZ_TYPES, 'Unknown quiz type.'), 'general'),
  quiz_data: OnboardingAnswers,
})
export type SubmitQuizInput = v.InferOutput<typeof SubmitQuizInput>
