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
  depositBoth: 'Give a deposit as a percentage or as an amount, not both.',
  depositDue: `Choose one of: ${DEPOSIT_DUE_ON.join(', ')}.`,
  stepFee: 'Give each step a percentage or an amount, not both.',
  stepDays: 'Each step needs its own number of days before.',
  steps: 'A policy has at most 6 steps.',
  reminderDays: 'Enter 1 to 4 different numbers of days from 1 to 60.',
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

/** Payment terms: a deposit (a percentage or an amount, or none), when it falls due, and the balance's days before. */
export const PaymentTermsInput = v.pipe(
  v.object({
    deposit_percent: v.optional(decimal(TERMS_MESSAGES.percent, 100), null),
    deposit_amount: v.optional(decimal(TERMS_MESSAGES.amount, null), null),
    deposit_due: v.optional(v.picklist(DEPOSIT_DUE_ON, TERMS_MESSAGES.depositDue), 'acceptance'),
    balance_days: wholeDays(TERMS_MESSAGES.days),
  }),
  v.forward(
    v.check((t) => t.deposit_percent === null || t.deposit_amount === null, TERMS_MESSAGES.depositBoth),
    ['deposit_amount'],
  ),
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
