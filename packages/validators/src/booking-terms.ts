import * as v from 'valibot'
import { type CancellationPolicy, DEPOSIT_DUE_ON, type PaymentTerms } from './booking-constants.ts'

/*
 * Payment terms and cancellation policies as staff write them (the booking settings, a supplier, an activity, one
 * booking): docs/bookings.md "Payment schedules" and "Cancellation policies". Browser-safe.
 */

export const TERMS_MESSAGES = {
  percent: 'Enter a percentage from 0 to 100 with at most 2 decimals.',
  amount: 'Enter an amount of 0 or more with at most 2 decimals.',
  days: 'Enter a whole number of days from 0 to 365.',
  depositDue: `Choose one of: ${DEPOSIT_DUE_ON.join(', ')}.`,
  stepFee: 'Give each step a percentage or an amount, not both.',
  stepDays: 'Each step needs its own number of days before.',
  steps: 'A policy has at most 6 steps.',
  reminderDays: 'Enter 1 to 4 different numbers of days from 1 to 60.',
  timeZone: 'Choose a time zone such as Europe/Paris, or leave it blank for UTC.',
} as const

export const MAX_POLICY_STEPS = 6

const blankToNull = (x: unknown) => (x === undefined || x === '' || x === null ? null : x)

/** An exact decimal as text, from a number or text, at most 2 places and 12 digits before the point. */
const decimal = (message: string, max: number | null) =>
  v.pipe(
    v.unknown(),
    v.transform(blankToNull),
    v.nullable(
      v.pipe(
        v.union([v.string(message), v.number(message)], message),
        v.transform((x) => String(x).trim()),
        v.check((x) => /^\d{1,12}(\.\d{1,2})?$/.test(x) && (max === null || Number(x) <= max), message),
        v.transform((x) => x.replace(/^0+(?=\d)/, '')),
      ),
    ),
  )

const wholeDays = (message: string, min = 0, max = 365) =>
  v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\s*\d{1,4}\s*$/.test(x) ? Number(x) : Number.NaN)),
    v.check((x) => Number.isInteger(x) && x >= min && x <= max, message),
  )

/**
 * Payment terms: a deposit (a percentage, or a fixed amount which then counts instead of the percentage, or none),
 * when it falls due, and the balance's days before.
 */
export const PaymentTermsInput = v.pipe(
  v.object({
    deposit_percent: v.optional(decimal(TERMS_MESSAGES.percent, 100), null),
    deposit_amount: v.optional(decimal(TERMS_MESSAGES.amount, null), null),
    deposit_due: v.optional(v.picklist(DEPOSIT_DUE_ON, TERMS_MESSAGES.depositDue), 'acceptance'),
    balance_days: wholeDays(TERMS_MESSAGES.days),
  }),
  v.transform((t): PaymentTerms => ({ deposit_percent: t.deposit_percent, deposit_amount: t.deposit_amount, deposit_due: t.deposit_due, balance_days: t.balance_days })),
)

const StepInput = v.pipe(
  v.object({
    days_before: wholeDays(TERMS_MESSAGES.days),
    percent: v.optional(decimal(TERMS_MESSAGES.percent, 100), null),
    amount: v.optional(decimal(TERMS_MESSAGES.amount, null), null),
  }),
  v.check((s) => (s.percent === null) !== (s.amount === null), TERMS_MESSAGES.stepFee),
)

/** A cancellation policy: up to 6 steps, each from a number of days before (all different) with its fee. */
export const CancellationPolicyInput = v.pipe(
  v.object({ steps: v.pipe(v.array(StepInput, TERMS_MESSAGES.steps), v.maxLength(MAX_POLICY_STEPS, TERMS_MESSAGES.steps)) }),
  v.forward(
    v.check((p) => new Set(p.steps.map((s) => s.days_before)).size === p.steps.length, TERMS_MESSAGES.stepDays),
    ['steps'],
  ),
  v.transform((p): CancellationPolicy => ({
    steps: [...p.steps].sort((a, b) => b.days_before - a.days_before).map((s) => ({ days_before: s.days_before, percent: s.percent, amount: s.amount })),
  })),
)

/** The IANA zone as the runtime spells it ('europe/paris' → 'Europe/Paris'), '' for blank, or null when it does not know it. */
export function canonicalZone(zone: string): string | null {
  const z = zone.trim()
  if (!z) return ''
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: z }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** A supplier's time zone: an IANA zone the runtime knows, or '' (blank) for UTC. */
export const TimeZoneInput = v.pipe(
  v.string(TERMS_MESSAGES.timeZone),
  v.maxLength(64, TERMS_MESSAGES.timeZone),
  v.check((x) => canonicalZone(x) !== null, TERMS_MESSAGES.timeZone),
  v.transform((x) => canonicalZone(x) ?? ''),
)

/** The IANA zones the runtime knows, for a form's choice (empty where the runtime cannot list them). */
export function timeZoneChoices(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] }
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : []
}

/** The days before a due date or deadline on which travelers are reminded: 1 to 4 different numbers from 1 to 60. */
export const ReminderDaysInput = v.pipe(
  v.array(wholeDays(TERMS_MESSAGES.reminderDays, 1, 60), TERMS_MESSAGES.reminderDays),
  v.check((d) => d.length >= 1 && d.length <= 4 && new Set(d).size === d.length, TERMS_MESSAGES.reminderDays),
  v.transform((d) => [...d].sort((a, b) => b - a)),
)

/** A policy in words, for screens and vouchers: "Free until 30 days before; from 30 days: 25%; from 14 days: 100%". */
export function describePolicy(policy: CancellationPolicy, currency = ''): string {
  if (!policy.steps.length) return 'Free cancellation until the day of the service.'
  const steps = [...policy.steps].sort((a, b) => b.days_before - a.days_before)
  const fee = (s: (typeof steps)[number]) => (s.amount !== null ? `${s.amount}${currency ? ` ${currency}` : ''}` : `${s.percent}%`)
  const when = (days: number) => (days === 0 ? 'on the day' : `${days} day${days === 1 ? '' : 's'} before`)
  return [`Free until ${when(steps[0]!.days_before)}`, ...steps.map((s) => `from ${when(s.days_before)}: ${fee(s)}`)].join('; ') + '.'
}

/** Payment terms in words: "Deposit 30% on acceptance, balance 42 days before". */
export function describeTerms(terms: PaymentTerms, currency = ''): string {
  const deposit =
    terms.deposit_amount !== null
      ? `Deposit ${terms.deposit_amount}${currency ? ` ${currency}` : ''}`
      : terms.deposit_percent !== null && Number(terms.deposit_percent) > 0
        ? `Deposit ${terms.deposit_percent}%`
        : null
  const balance = `${deposit ? 'balance' : 'Paid in full'} ${terms.balance_days} day${terms.balance_days === 1 ? '' : 's'} before`
  return deposit ? `${deposit} on ${terms.deposit_due}, ${balance}.` : `${balance}.`
}

/** An exact decimal as the calls answer it ("30.00"), or null. */
const decimalText = v.nullable(v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,2})?$/)))

/** PATCH /api/bookings/settings/: any of the fields (a fixed deposit amount, when set, counts instead of the percentage). */
export const BookingSettingsBody = v.object({
  deposit_percent: v.optional(decimalText),
  deposit_amount: v.optional(decimalText),
  deposit_due: v.optional(v.picklist(DEPOSIT_DUE_ON)),
  balance_days: v.optional(v.number()),
  cancellation_policy: v.optional(CancellationPolicyInput),
  reminder_days: v.optional(ReminderDaysInput),
})

/** POST /api/bookings/{id}/terms/: a booking's own schedule terms, cancellation policy, or both, over what it has. */
export const BookingTermsBody = v.object({
  deposit_percent: v.optional(decimalText),
  deposit_amount: v.optional(decimalText),
  deposit_due: v.optional(v.picklist(DEPOSIT_DUE_ON)),
  balance_days: v.optional(v.number()),
  cancellation_policy: v.optional(CancellationPolicyInput),
})

/** A policy's steps as a form's text area shows them, one a line, the earliest first: `30 days: 25%`, `7 days: 150.00`. */
export function stepsText(policy: CancellationPolicy | null | undefined): string {
  return [...(policy?.steps ?? [])]
    .sort((a, b) => b.days_before - a.days_before)
    .map((s) => `${s.days_before} days: ${s.percent !== null ? `${s.percent}%` : s.amount}`)
    .join('\n')
}

const STEP_LINE = /^\s*(\d{1,4})\s*(?:days?)?\s*(?:before)?\s*[:=,]?\s*(\d{1,12}(?:\.\d{1,2})?)\s*(%)?\s*$/i

/**
 * The steps a form's text area gives (one a line, as stepsText writes them; blank lines skipped), for
 * CancellationPolicyInput to check. A line it cannot read is a field error naming it.
 */
export function parseStepsText(text: string): { steps: { days_before: number; percent: string | null; amount: string | null }[] } | { error: string } {
  const steps = []
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim()) continue
    const m = STEP_LINE.exec(line)
    if (!m) return { error: `Line ${i + 1}: write a step as “30 days: 25%” or “7 days: 150.00”.` }
    steps.push({ days_before: Number(m[1]), percent: m[3] ? m[2]! : null, amount: m[3] ? null : m[2]! })
  }
  return { steps }
}

/**
 * The terms a form sends (the booking settings, a booking's terms, a supplier), as the calls take them: the schedule's
 * fields as they are, and `cancellation_policy` from the `cancellation_steps` text area when it is there. A text area
 * it cannot read answers `stepsError`.
 */
export function termsFromForm(values: Record<string, string | undefined>): Record<string, unknown> & { stepsError?: string } {
  const out: Record<string, unknown> & { stepsError?: string } = {}
  for (const key of ['deposit_percent', 'deposit_amount', 'deposit_due', 'balance_days'] as const) if (values[key] !== undefined) out[key] = values[key]
  if (values.cancellation_steps !== undefined) {
    const parsed = parseStepsText(values.cancellation_steps)
    if ('error' in parsed) out.stepsError = parsed.error
    else out.cancellation_policy = { steps: parsed.steps }
  }
  return out
}

/** The form fields of a supplier's or an activity's own terms, beside their ScheduleFields / PolicyField ones. */
export const OWN_TERMS_FORM_FIELDS = ['schedule_default', 'deposit_percent', 'deposit_amount', 'deposit_due', 'balance_days', 'policy_default', 'cancellation_steps', 'time_zone'] as const

/**
 * A supplier's or an activity's own terms from a form (docs/bookings.md "Terms of a supplier or an activity"): a ticked
 * "Use the default …" box (`schedule_default`, `policy_default`: 'true') gives null; otherwise the fields, as
 * termsFromForm reads them. Only the parts the form has are answered.
 */
export function ownTermsFromForm(values: Record<string, string | undefined>): Record<string, unknown> & { stepsError?: string } {
  const { stepsError, cancellation_policy, ...schedule } = termsFromForm(values)
  const out: Record<string, unknown> & { stepsError?: string } = {}
  if (values.schedule_default !== undefined) out.schedule_terms = values.schedule_default === 'true' ? null : schedule
  if (values.policy_default !== undefined) {
    if (values.policy_default === 'true') out.cancellation_terms = null
    else if (stepsError) out.stepsError = stepsError
    else out.cancellation_terms = cancellation_policy ?? { steps: [] }
  }
  if (values.time_zone !== undefined) out.time_zone = values.time_zone
  return out
}

/** A supplier's or an activity's own terms as their form shows them (a null part: its "Use the default …" box ticked). */
export function ownTermsFormValues(own: { schedule_terms?: PaymentTerms | null; cancellation_terms?: CancellationPolicy | null; time_zone?: string }): Record<string, string> {
  const s = own.schedule_terms ?? null
  return {
    schedule_default: s ? 'false' : 'true',
    deposit_percent: s?.deposit_percent ?? '',
    deposit_amount: s?.deposit_amount ?? '',
    deposit_due: s?.deposit_due ?? 'acceptance',
    balance_days: String(s?.balance_days ?? 42),
    policy_default: own.cancellation_terms ? 'false' : 'true',
    cancellation_steps: stepsText(own.cancellation_terms),
    time_zone: own.time_zone ?? '',
  }
}
