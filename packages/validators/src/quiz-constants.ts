/** Quiz types, statuses and the review's score labels (1-platform-core.md §3, §5, §9). Browser-safe. */

export const QUIZ_TYPES = ['maldives', 'general', 'luxury', 'adventure'] as const
export type QuizType = (typeof QUIZ_TYPES)[number]
export const QUIZ_STATUSES = ['submitted', 'awaiting_specialist', 'reviewed'] as const
export type QuizStatus = (typeof QUIZ_STATUSES)[number]

/** The statuses a specialist's queue holds (a visitor's unclaimed submission is not in it). */
export const QUEUE_STATUSES = ['awaiting_specialist', 'reviewed'] as const

export const QUIZ_TYPE_LABELS: Record<QuizType, string> = {
  general: 'General',
  maldives: 'Maldives',
  luxury: 'Luxury',
  adventure: 'Adventure',
}

export const QUIZ_STATUS_LABELS: Record<QuizStatus, string> = {
  submitted: 'Submitted',
  awaiting_specialist: 'Awaiting specialist',
  reviewed: 'Reviewed',
}

/** Score thresholds (§9): 80 and above Excellent (green), 60 to 79 Good (amber), below 60 Needs Improvement (red). */
export const SCORE_THRESHOLDS = { excellent: 80, good: 60 } as const
export function scoreLabel(score: number): { label: string; color: 'green' | 'yellow' | 'red' } {
  if (score >= SCORE_THRESHOLDS.excellent) return { label: 'Excellent', color: 'green' }
  if (score >= SCORE_THRESHOLDS.good) return { label: 'Good', color: 'yellow' }
  return { label: 'Needs Improvement', color: 'red' }
}

/** A review score's decimal places at most (the column is numeric(5,2)). */
export const SCORE_PLACES = 2

export type ScoreReading = { ok: true; text: string; hundredths: number } | { ok: false; error: 'invalid' | 'places' | 'min' | 'max' }

/**
 * A review score read exactly, without floating point: a decimal spelling (a JSON number's shortest spelling, or
 * text; an exponent is read too) from 0 to 100 with at most two decimal places. `text` is its plain spelling
 * ("87.5", "100", "0.25"), `hundredths` the whole number of hundredths (8750). The first problem found is named, in
 * the order a decimal field checks them: not a number, too many decimal places, below 0, above 100.
 */
export function readScore(raw: number | string): ScoreReading {
  const spelled = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim()
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,6}))?$/i.exec(spelled)
  if (!m || `${m[2]}${m[3] ?? ''}` === '') return { ok: false, error: 'invalid' }
  // The digits and where the point falls among them, then without leading and trailing zeros.
  let digits = `${m[2]}${m[3] ?? ''}`
  let point = m[2]!.length + Number(m[4] ?? 0)
  const lead = digits.length - digits.replace(/^0+/, '').length
  digits = digits.slice(lead).replace(/0+$/, '')
  point -= lead
  if (digits === '') return { ok: true, text: '0', hundredths: 0 }
  if (digits.length - point > SCORE_PLACES) return { ok: false, error: 'places' }
  if (m[1] === '-') return { ok: false, error: 'min' }
  if (point > 3) return { ok: false, error: 'max' }
  const hundredths = Number(digits.padEnd(point + SCORE_PLACES, '0'))
  if (hundredths > 100 * 100) return { ok: false, error: 'max' }
  const whole = Math.floor(hundredths / 100)
  const cents = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return { ok: true, text: cents ? `${whole}.${cents}` : String(whole), hundredths }
}

/** Customer status (docs/customers.md). */
export const CUSTOMER_STATUSES = ['active', 'pending', 'inactive'] as const
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number]

/** How Customer Profiles are ordered: newest first (the default) or by what they have spent, most first. */
export const CUSTOMER_ORDERINGS = ['-date_joined', '-total_spent'] as const

export const QUIZ_QUEUE_PAGE_SIZE = 20
export const CUSTOMERS_PAGE_SIZE = 20
/** The longest customer note kept. */
export const CUSTOMER_NOTE_MAX = 5000

/** Review Center texts (§2, §8). */
export const QUIZ_REVIEW_MESSAGES = {
  loadFailed: 'Failed to load quiz data. Please try again.',
  loadFailedTitle: 'Error Loading Quiz Data',
  reviewFailed: 'Failed to review quiz. Please try again.',
  notFound: 'The requested quiz was not found.',
  alreadyReviewed: 'This quiz has already been reviewed.',
  notAwaiting: 'This quiz is not awaiting a specialist yet.',
  reviewed: (name: string) => `Review saved for ${name}.`,
  reviewedWithExpert: (name: string, expert: string) => `Review saved: ${name} now works with ${expert}.`,
  scoreMin: 'Ensure this value is greater than or equal to 0.',
  scoreMax: 'Ensure this value is less than or equal to 100.',
  scoreInvalid: 'A valid number is required.',
  scorePlaces: 'Ensure that there are no more than 2 decimal places.',
  expertInvalid: 'Select an active expert.',
  customerInvalid: 'Select an active traveler.',
  customerNotFound: 'The requested customer was not found.',
  expertNotFound: 'The requested expert was not found.',
  expertSet: (traveler: string, expert: string, tripType: string | null) =>
    tripType ? `${expert} is now ${traveler}'s expert for ${tripType} trips.` : `${expert} is now ${traveler}'s expert.`,
  noteSaved: 'Note saved.',
  empty: 'No Quizzes Found',
  quizUnknown: 'Unknown quiz type.',
} as const
