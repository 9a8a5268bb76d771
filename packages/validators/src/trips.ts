/**
 * Trip requests, trips, assignments and status moves (1-platform-core.md §3, §5; docs/trips.md). Browser-safe: the
 * wizard and the trip forms run the same schemas as the service. Checks that need the clock or the database (dates
 * not before today, the destination active) are the service's.
 */
import * as v from 'valibot'
import {
  ACCESSIBILITY_NEEDS,
  ACCOMMODATION_TYPES,
  BUDGET_INCLUDES,
  DINING_PREFERENCES,
  DIETARY_RESTRICTIONS,
  PRIORITY_LEVELS,
  TRANSPORT_PREFERENCES,
  TRAVEL_STYLES,
  TRIP_ACTIVITIES,
  TRIP_STATUSES,
  TRIP_TYPES,
} from './trip-constants.ts'
import { MAX_RECORD_ID } from './ids.ts'

export const TRIP_FORM_MESSAGES = {
  required: 'This field is required.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  endBeforeStart: 'The return date cannot be before the departure date.',
  startInPast: 'The departure date cannot be in the past.',
  travelers: 'Enter a whole number of travelers, at least 1.',
  travelersMax: 'Ensure this value is less than or equal to 100.',
  budget: 'Enter a whole amount greater than 0.',
  budgetMax: 'Ensure this value is less than or equal to 1000000.',
  budgetOrder: 'The minimum budget cannot be above the maximum.',
  activities: 'Choose at least one activity.',
  destination: 'Select a valid destination.',
  location: 'Select a valid location in this destination.',
  money: 'Enter an amount with at most 2 decimal places, 0 or more.',
  title: 'Ensure this field has no more than 200 characters.',
  rating: 'Enter a whole number from 1 to 5.',
} as const

export const MAX_TRAVELERS = 100
export const MAX_BUDGET_PER_PERSON = 1_000_000

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`
export const choiceMessage = (options: readonly string[], input: unknown) => `"${String(input)}" is not a valid choice. Choose one of: ${options.join(', ')}.`

/** One value of an enumeration. */
export function choice<T extends string>(options: readonly T[]) {
  return v.pipe(
    v.string(TRIP_FORM_MESSAGES.required),
    v.trim(),
    v.nonEmpty(TRIP_FORM_MESSAGES.required),
    v.metadata({ enum: [...options] }),
    v.check((x) => (options as readonly string[]).includes(x), (issue) => choiceMessage(options, issue.input)),
    v.transform((x) => x as T),
  )
}

/** A list of values of an enumeration: a JSON array, a form's repeated field or one value; duplicates dropped. */
function choices<T extends string>(options: readonly T[]) {
  return v.optional(
    v.pipe(
      v.union([v.array(v.string('Each value must be text.')), v.string()], 'Enter a list of values.'),
      v.transform((x) => (Array.isArray(x) ? x : x === '' ? [] : [x]).map((s) => s.trim()).filter(Boolean)),
      v.rawCheck(({ dataset, addIssue }) => {
        if (!dataset.typed) return
        const wrong = dataset.value.find((x) => !(options as readonly string[]).includes(x))
        if (wrong !== undefined) addIssue({ message: choiceMessage(options, wrong) })
      }),
      v.transform((x) => [...new Set(x)] as T[]),
    ),
    [],
  )
}

/** An ISO calendar date, YYYY-MM-DD. */
const isoDate = v.pipe(
  v.string(TRIP_FORM_MESSAGES.required),
  v.trim(),
  v.nonEmpty(TRIP_FORM_MESSAGES.required),
  v.check((x) => /^\d{4}-\d{2}-\d{2}$/.test(x) && new Date(`${x}T00:00:00Z`).toISOString().slice(0, 10) === x, TRIP_FORM_MESSAGES.date),
)

/** A whole number from a number or a form's text. */
export const wholeNumber = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\s*\d{1,12}\s*$/.test(x) ? Number(x) : Number.NaN)),
    v.check((x) => Number.isInteger(x), message),
  )

const travelers = v.pipe(wholeNumber(TRIP_FORM_MESSAGES.travelers), v.minValue(1, TRIP_FORM_MESSAGES.travelers), v.maxValue(MAX_TRAVELERS, TRIP_FORM_MESSAGES.travelersMax))
const budget = v.pipe(wholeNumber(TRIP_FORM_MESSAGES.budget), v.minValue(1, TRIP_FORM_MESSAGES.budget), v.maxValue(MAX_BUDGET_PER_PERSON, TRIP_FORM_MESSAGES.budgetMax))

/** A reference id from a number, text or `{id}`; '' and null are none. Out-of-range ids are invalid. */
export const reference = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.string(message), v.null(), v.object({ id: v.union([v.number(), v.string()]) })], message),
    v.transform((x) => {
      const raw = x !== null && typeof x === 'object' ? x.id : x
      if (raw === null || raw === '') return null
      return typeof raw === 'number' ? raw : /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
    }),
    v.check((x) => x === null || (Number.isInteger(x) && x >= 1 && x <= MAX_RECORD_ID), message),
  )

export const text = (max: number) => v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(max, tooLong(max))), '')

/** The trip request payload (§3), exactly as named; `location_id` narrows the destination to one place. */
export const TripRequestInput = v.pipe(
  v.object({
    destination_id: v.pipe(reference(TRIP_FORM_MESSAGES.destination), v.check((x) => x !== null, TRIP_FORM_MESSAGES.required)),
    location_id: v.optional(reference(TRIP_FORM_MESSAGES.location), null),
    start_date: isoDate,
    end_date: isoDate,
    travelers,
    travel_style: choice(TRAVEL_STYLES),
    trip_type: choice(TRIP_TYPES),
    accommodation_type: choices(ACCOMMODATION_TYPES),
    activities: v.pipe(choices(TRIP_ACTIVITIES), v.check((x) => x.length > 0, TRIP_FORM_MESSAGES.activities)),
    dining_preferences: choices(DINING_PREFERENCES),
    transport_preferences: choices(TRANSPORT_PREFERENCES),
    budget_min: budget,
    budget_max: budget,
    budget_includes: choices(BUDGET_INCLUDES),
    special_requests: text(2000),
    accessibility: choices(ACCESSIBILITY_NEEDS),
    dietary_restrictions: choices(DIETARY_RESTRICTIONS),
    priority_level: choice(PRIORITY_LEVELS),
    expert_preference: text(500),
  }),
  v.forward(
    v.check((x) => x.end_date >= x.start_date, TRIP_FORM_MESSAGES.endBeforeStart),
    ['end_date'],
  ),
  v.forward(
    v.check((x) => x.budget_min <= x.budget_max, TRIP_FORM_MESSAGES.budgetOrder),
    ['budget_min'],
  ),
)
export type TripRequestData = v.InferOutput<typeof TripRequestInput>

/** Which fields each wizard step holds (§2), for per-step checks and the draft. */
export const WIZARD_STEP_FIELDS = [
  ['destination_id', 'location_id', 'start_date', 'end_date'],
  ['travelers', 'travel_style', 'trip_type'],
  ['accommodation_type', 'activities', 'dining_preferences', 'transport_preferences'],
  ['budget_min', 'budget_max', 'budget_includes'],
  ['special_requests', 'accessibility', 'dietary_restrictions', 'priority_level', 'expert_preference'],
] as const satisfies readonly (readonly (keyof TripRequestData)[])[]

/** The list fields of the payload (a form sends them as repeated keys). */
export const TRIP_REQUEST_LIST_FIELDS = [
  'accommodation_type',
  'activities',
  'dining_preferences',
  'transport_preferences',
  'budget_includes',
  'accessibility',
  'dietary_restrictions',
] as const

/** An amount of money: up to 12 digits and 2 decimal places, 0 or more; kept as text (exact). */
const money = v.pipe(
  v.union([v.number(TRIP_FORM_MESSAGES.money), v.string(TRIP_FORM_MESSAGES.money)], TRIP_FORM_MESSAGES.money),
  v.transform((x) => (typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : x.trim())),
  v.check((x) => /^\d{1,12}(\.\d{1,2})?$/.test(x), TRIP_FORM_MESSAGES.money),
)

/** New Trip (2-catalogue-content.md My Trips): a title and dates, optionally the rest. */
export const CreateTripInput = v.pipe(
  v.object({
    title: v.pipe(v.string(TRIP_FORM_MESSAGES.required), v.trim(), v.nonEmpty(TRIP_FORM_MESSAGES.required), v.maxLength(200, TRIP_FORM_MESSAGES.title)),
    start_date: isoDate,
    end_date: isoDate,
    description: text(5000),
    destination_id: v.optional(reference(TRIP_FORM_MESSAGES.destination), null),
    location_id: v.optional(reference(TRIP_FORM_MESSAGES.location), null),
    travelers: v.optional(travelers, 1),
    budget_total: v.optional(money, '0'),
    currency: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code.')), 'USD'),
  }),
  v.forward(
    v.check((x) => x.end_date >= x.start_date, TRIP_FORM_MESSAGES.endBeforeStart),
    ['end_date'],
  ),
)

/** PATCH a trip: the editable fields and/or status (with an optional note). */
export const UpdateTripInput = v.object({
  title: v.optional(v.pipe(v.string(TRIP_FORM_MESSAGES.required), v.trim(), v.nonEmpty(TRIP_FORM_MESSAGES.required), v.maxLength(200, TRIP_FORM_MESSAGES.title))),
  description: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(5000, tooLong(5000)))),
  start_date: v.optional(isoDate),
  end_date: v.optional(isoDate),
  travelers: v.optional(travelers),
  budget_total: v.optional(money),
  currency: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code.'))),
  destination_id: v.optional(reference(TRIP_FORM_MESSAGES.destination)),
  location_id: v.optional(reference(TRIP_FORM_MESSAGES.location)),
  status: v.optional(choice(TRIP_STATUSES)),
  note: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(1000, tooLong(1000)))),
})

export const TripStatusInput = v.object({
  status: choice(TRIP_STATUSES),
  note: text(1000),
})

export const AssignExpertInput = v.object({
  expert_id: v.pipe(reference('Select a valid expert.'), v.check((x) => x !== null, TRIP_FORM_MESSAGES.required)),
})

export const RateTripInput = v.object({
  rating: v.pipe(wholeNumber(TRIP_FORM_MESSAGES.rating), v.minValue(1, TRIP_FORM_MESSAGES.rating), v.maxValue(5, TRIP_FORM_MESSAGES.rating)),
  comment: text(2000),
})

/** An optional filter value: '' (any) or one of the options. */
export const filterChoice = (options: readonly string[]) =>
  v.optional(
    v.pipe(
      v.string(`Choose one of: ${options.join(', ')}.`),
      v.trim(),
      v.check((x) => x === '' || options.includes(x), (issue) => choiceMessage(options, issue.input)),
    ),
    '',
  )

export const TripFilters = v.object({
  status: filterChoice(TRIP_STATUSES),
  search: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(200, tooLong(200))), ''),
})

export const AssignmentFilters = v.object({
  status: filterChoice(['pending', 'accepted', 'declined', 'withdrawn']),
})
