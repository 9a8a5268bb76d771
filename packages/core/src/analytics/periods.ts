import { ANALYTICS_MESSAGES, ANALYTICS_PERIOD_DAYS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '@meridian/validators/analytics-constants'
import { DomainError } from '../errors.ts'

/** A half-open span of time, [from, to), as UTC instants. */
export interface Span {
  from: Date
  to: Date
}

export interface PeriodWindow {
  period: AnalyticsPeriod
  /** The period: whole UTC days, the last of them today, up to the end of today. */
  current: Span
  /** The span of the same length just before it, for the change shown on each card. */
  previous: Span
  /** The days of the current span, 'YYYY-MM-DD', oldest first. */
  days: string[]
}

const DAY = 86_400_000

/** The period asked for ('30d' when none), or a field error in the spec's words. */
export function parsePeriod(raw: unknown): AnalyticsPeriod {
  const value = raw === undefined || raw === null || raw === '' ? '30d' : raw
  if (typeof value !== 'string' || !(ANALYTICS_PERIODS as readonly string[]).includes(value)) {
    throw DomainError.invalid({ period: [ANALYTICS_MESSAGES.period] })
  }
  return value as AnalyticsPeriod
}

/**
 * The window of a period at `now`: the last N whole days in UTC, today included (so "Last 7 days" on a Wednesday runs
 * from Thursday 00:00 UTC to Thursday 00:00 UTC after today), and the N days before it.
 */
export function periodWindow(period: AnalyticsPeriod, now: Date = new Date()): PeriodWindow {
  const n = ANALYTICS_PERIOD_DAYS[period]
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY
  const start = end - n * DAY
  return {
    period,
    current: { from: new Date(start), to: new Date(end) },
    previous: { from: new Date(start - n * DAY), to: new Date(start) },
    days: Array.from({ length: n }, (_, i) => new Date(start + i * DAY).toISOString().slice(0, 10)),
  }
}

/**
 * The change of a figure against the previous period, in percent with one decimal: null when there is nothing to
 * compare with (the previous figure is zero or unknown).
 */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10
}
