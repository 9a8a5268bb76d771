import * as v from 'valibot'
import { QUEUE_STATUSES, QUIZ_TYPES, CUSTOMER_ORDERINGS, CUSTOMER_STATUSES, CUSTOMER_NOTE_MAX, QUIZ_REVIEW_MESSAGES, readScore } from './quiz-constants.ts'
import { TRIP_TYPES } from './trip-constants.ts'
import { choiceMessage, filterChoice, reference } from './trips.ts'

export * from './quiz-constants.ts'

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

export const QUIZ_ANSWER_MESSAGE = 'Please choose one of the options.'

/**
 * POST /api/onboarding/quiz/: `{quiz_type?, quiz_data: {question id: option label}}`. The answers are checked
 * against the quiz type's definition (data) by the service; here only their shape.
 */
export const SubmitQuizInput = v.object({
  quiz_type: v.optional(v.picklist(QUIZ_TYPES, QUIZ_REVIEW_MESSAGES.quizUnknown), 'general'),
  quiz_data: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(64)), v.nullish(v.pipe(v.string(QUIZ_ANSWER_MESSAGE), v.maxLength(200, QUIZ_ANSWER_MESSAGE))), 'Expected an object of answers.'),
    v.check((x) => Object.keys(x).length <= 20, 'Too many answers.'),
    // A question left out or answered null is the service's to report, with the others, against the definition.
    v.transform((x) => Object.fromEntries(Object.entries(x).filter((e): e is [string, string] => typeof e[1] === 'string'))),
  ),
})
export type SubmitQuizInput = v.InferOutput<typeof SubmitQuizInput>

/** The Review Center's filters: status (awaiting_specialist, reviewed), quiz type, free text over the answers. */
export const QuizQueueFilters = v.object({
  status: filterChoice(QUEUE_STATUSES),
  quiz_type: filterChoice(QUIZ_TYPES),
  search: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')), ''),
})

const SCORE_ERRORS = {
  invalid: QUIZ_REVIEW_MESSAGES.scoreInvalid,
  places: QUIZ_REVIEW_MESSAGES.scorePlaces,
  min: QUIZ_REVIEW_MESSAGES.scoreMin,
  max: QUIZ_REVIEW_MESSAGES.scoreMax,
} as const

/**
 * A review score: 0 to 100 with at most two decimal places, as a JSON number or text (a form's). It comes out as
 * exact decimal text ("87.5"), never as a float, for the numeric(5,2) column; one message for what is wrong first.
 */
export const ReviewScore = v.pipe(
  v.custom<number | string>((x) => x !== undefined && x !== null && x !== '', 'This field is required.'),
  v.union([v.number(QUIZ_REVIEW_MESSAGES.scoreInvalid), v.string(QUIZ_REVIEW_MESSAGES.scoreInvalid)], QUIZ_REVIEW_MESSAGES.scoreInvalid),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const read = readScore(dataset.value)
    if (read.ok) return read.text
    addIssue({ message: SCORE_ERRORS[read.error] })
    return NEVER
  }),
)

/** POST /users/api/specialist/quiz-reviews/{id}/: `{score, expert_assignment}` (an expert id, or absent for none). */
export const ReviewQuizInput = v.object({
  score: ReviewScore,
  expert_assignment: v.optional(reference(QUIZ_REVIEW_MESSAGES.expertInvalid), null),
})
export type ReviewQuizInput = v.InferOutput<typeof ReviewQuizInput>

/**
 * POST /users/api/specialist/assign-expert/: `{customer_id, expert_id, trip_type}`. trip_type names one trip type;
 * absent, null or '' means every trip type.
 */
export const AssignTravelerExpertInput = v.object({
  customer_id: v.pipe(reference(QUIZ_REVIEW_MESSAGES.customerInvalid), v.check((x) => x !== null, 'This field is required.')),
  expert_id: v.pipe(reference(QUIZ_REVIEW_MESSAGES.expertInvalid), v.check((x) => x !== null, 'This field is required.')),
  trip_type: v.optional(
    v.nullable(
      v.pipe(
        v.string(`Choose one of: ${TRIP_TYPES.join(', ')}.`),
        v.trim(),
        v.check((x) => x === '' || (TRIP_TYPES as readonly string[]).includes(x), (issue) => choiceMessage(TRIP_TYPES, issue.input)),
      ),
    ),
    null,
  ),
})

/** The customers list: status (active, pending, inactive) and search over name, username and e-mail. */
export const CustomerFilters = v.object({
  status: filterChoice(CUSTOMER_STATUSES),
  ordering: filterChoice(CUSTOMER_ORDERINGS),
  search: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')), ''),
})

/** A staff note on a traveler; an empty note clears it (the history keeps what it said). */
export const CustomerNoteInput = v.object({
  body: v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(CUSTOMER_NOTE_MAX, `Ensure this field has no more than ${CUSTOMER_NOTE_MAX} characters.`)),
})
