import type { CancellationPolicy, CancellationStep, PaymentTerms, ScheduleLineKind } from '@meridian/validators/booking-constants'
import { Dec } from '../currencies/money.ts'
import { localParts, zonedInstant } from '../flights/time.ts'
import { minorDigits } from '../payments/money.ts'

/*
 * The arithmetic of the booking lifecycle (docs/bookings.md "Payment schedules", "Cancellation policies"), pure and
 * exact: no database, no floats. The services in schedule.ts and cancellation.ts store and apply what these answer.
 */

const DAY = 86_400_000
const shiftDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)

/** The day a balance falls due: `balance_days` before the service date. */
export const balanceDueOn = (serviceDate: string, terms: Pick<PaymentTerms, 'balance_days'>) => shiftDays(serviceDate, -terms.balance_days)

/** The places a schedule line is cut at: the currency's minor unit, at most the 2 an amount is stored with. */
export const linePlaces = (currency: string) => Math.min(2, minorDigits(currency))

export interface CutLine {
  position: number
  kind: ScheduleLineKind
  amount: string
  currency: string
  dueOn: string
}

/**
 * A booking's schedule: the deposit (a percentage of the amount, or the fixed amount, never above the amount; rounded
 * half up at the currency's minor unit, so a yen deposit is whole yen) due `depositDueOn`, and the rest due `balance_days` before the service date.
 * One `full` line when there is nothing to split: no deposit, a deposit of the whole amount, or a balance that would
 * fall due on or before the deposit. The lines always add up to the amount exactly; a 0.00 amount (a stay not yet
 * quoted) has no lines.
 */
export function cutSchedule(input: { amount: string; currency: string; terms: PaymentTerms; depositDueOn: string; serviceDate: string }): CutLine[] {
  const total = new Dec(input.amount)
  if (total.lte(0)) return []
  const { terms, currency } = input
  const places = linePlaces(currency)
  let deposit = new Dec(0)
  if (terms.deposit_amount !== null) deposit = Dec.min(new Dec(terms.deposit_amount), total).toDecimalPlaces(places, Dec.ROUND_HALF_UP)
  else if (terms.deposit_percent !== null) deposit = total.times(terms.deposit_percent).div(100).toDecimalPlaces(places, Dec.ROUND_HALF_UP)
  const balanceDue = balanceDueOn(input.serviceDate, terms)
  const full = (): CutLine[] => [{ position: 1, kind: 'full', amount: total.toFixed(2), currency, dueOn: input.depositDueOn }]
  if (deposit.lte(0) || deposit.gte(total) || balanceDue <= input.depositDueOn) return full()
  return [
    { position: 1, kind: 'deposit', amount: deposit.toFixed(2), currency, dueOn: input.depositDueOn },
    { position: 2, kind: 'balance', amount: total.minus(deposit).toFixed(2), currency, dueOn: balanceDue },
  ]
}

/** The instant a step starts: midnight at the start of its day (`days_before` before the service date) in the zone. */
export function stepDeadline(step: Pick<CancellationStep, 'days_before'>, serviceDate: string, zone: string): Date {
  return zonedInstant(shiftDays(serviceDate, -step.days_before), '00:00', zone)
}

/** The steps, earliest deadline first (the most days before first). */
const ordered = (policy: CancellationPolicy) => [...policy.steps].sort((a, b) => b.days_before - a.days_before)

/** Until when cancelling costs nothing: the first step's deadline; null when the policy has no step (always free). */
export function freeCancelUntil(policy: CancellationPolicy, serviceDate: string, zone: string): Date | null {
  const first = ordered(policy)[0]
  return first ? stepDeadline(first, serviceDate, zone) : null
}

export interface CancellationQuote {
  /** The fee, exact, 2 places, never above the amount. */
  fee: string
  /** The step in force (null: free). */
  step: CancellationStep | null
  /** Until when it is free (null: always). */
  freeUntil: Date | null
  /** When the next, dearer step starts (null: none comes). */
  nextStepAt: Date | null
}

/**
 * What cancelling costs at an instant: the fee of the latest step whose deadline has passed (a percentage of the
 * amount rounded half up at the currency's minor unit, or a fixed amount), capped at the amount. The deadlines fall at
 * midnight in the policy's zone (the supplier's); the traveler's own zone changes how they are shown, never the fee.
 */
export function quoteCancellation(input: {
  policy: CancellationPolicy
  amount: string
  currency: string
  serviceDate: string
  zone: string
  at: Date
}): CancellationQuote {
  const steps = ordered(input.policy)
  const total = new Dec(input.amount)
  let step: CancellationStep | null = null
  let nextStepAt: Date | null = null
  for (const candidate of steps) {
    const deadline = stepDeadline(candidate, input.serviceDate, input.zone)
    if (deadline.getTime() <= input.at.getTime()) step = candidate
    else if (nextStepAt === null || deadline < nextStepAt) nextStepAt = deadline
  }
  let fee = new Dec(0)
  if (step?.amount != null) fee = new Dec(step.amount)
  else if (step?.percent != null) fee = total.times(step.percent).div(100).toDecimalPlaces(linePlaces(input.currency), Dec.ROUND_HALF_UP)
  fee = Dec.min(Dec.max(fee, 0), total)
  return { fee: fee.toFixed(2), step, freeUntil: steps[0] ? stepDeadline(steps[0], input.serviceDate, input.zone) : null, nextStepAt }
}

/** An instant as a person in a zone reads it: `2027-03-01 00:00 (Europe/Paris)`. */
export function inZone(at: Date, zone: string): string {
  const local = localParts(at, zone)
  return `${local.date} ${local.time} (${zone})`
}
