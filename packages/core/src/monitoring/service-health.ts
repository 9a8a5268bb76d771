import type { Database } from '@meridian/db'
import { type RequestSummary, requestDaySummary, requestSummary, uptimePercent } from './request-figures.ts'

/** The overall state of the service (docs/analytics.md "System Health"). */
export type HealthState = 'operational' | 'degraded' | 'down'

export const HEALTH_LABELS: Record<HealthState, string> = { operational: 'Operational', degraded: 'Degraded', down: 'Down' }

/**
 * The thresholds of the overall state, written out in docs/analytics.md: every figure at or better than `operational`
 * is Operational; any worse than `degraded` is Down; in between, Degraded. A figure with nothing measured counts as good.
 */
export const HEALTH_THRESHOLDS = {
  operational: { uptimeMin: 99.5, errorRateMax: 1, p95MaxMs: 500 },
  degraded: { uptimeMin: 95, errorRateMax: 5, p95MaxMs: 2500 },
} as const

export interface ServiceHealth {
  state: HealthState
  label: string
  /** Minutes the service ran and could write, in percent of the span (two decimals); null before anything was measured. */
  uptime_percent: number | null
  /** The 95th percentile of response time over the span, ms (at the resolution of the buckets). */
  api_p95_ms: number | null
  /** Answers with a 5xx status, percent of all. */
  error_rate: number | null
  /** Mean response time, ms. */
  api_mean_ms: number | null
  requests: number
}

const RANK: Record<HealthState, number> = { operational: 0, degraded: 1, down: 2 }

/** The state the three figures put the service in, made no better than the worst live check (a database not answering is Down). */
export function healthState(figures: { uptime: number | null; errorRate: number | null; p95: number | null }, live: HealthState = 'operational'): HealthState {
  const byFigures = figuresState(figures)
  return RANK[live] > RANK[byFigures] ? live : byFigures
}

function figuresState(figures: { uptime: number | null; errorRate: number | null; p95: number | null }): HealthState {
  const within = (t: { uptimeMin: number; errorRateMax: number; p95MaxMs: number }) =>
    (figures.uptime === null || figures.uptime >= t.uptimeMin) &&
    (figures.errorRate === null || figures.errorRate <= t.errorRateMax) &&
    (figures.p95 === null || figures.p95 <= t.p95MaxMs)
  if (within(HEALTH_THRESHOLDS.operational)) return 'operational'
  if (within(HEALTH_THRESHOLDS.degraded)) return 'degraded'
  return 'down'
}

/** The worst state among live checks (platformStatus), operational when there are none. */
export function worstCheck(checks: readonly { status: HealthState }[]): HealthState {
  return checks.reduce<HealthState>((worst, c) => (RANK[c.status] > RANK[worst] ? c.status : worst), 'operational')
}

function healthOf(summary: RequestSummary, uptime: number | null, live: HealthState): ServiceHealth {
  const state = healthState({ uptime, errorRate: summary.error_rate, p95: summary.p95_ms }, live)
  return {
    state,
    label: HEALTH_LABELS[state],
    uptime_percent: uptime,
    api_p95_ms: summary.p95_ms,
    error_rate: summary.error_rate,
    api_mean_ms: summary.mean_ms,
    requests: summary.requests,
  }
}

/** The health of the service over [from, to) (whole UTC days read the daily sums, other spans the minutes), no better than `live`. */
export async function serviceHealth(db: Database, span: { from: Date; to: Date }, options: { now?: Date; live?: HealthState } = {}): Promise<ServiceHealth> {
  const wholeDays = span.from.getTime() % 86_400_000 === 0 && span.to.getTime() % 86_400_000 === 0
  const [summary, uptime] = await Promise.all([
    wholeDays ? requestDaySummary(db, span.from.toISOString().slice(0, 10), span.to.toISOString().slice(0, 10)) : requestSummary(db, span.from, span.to),
    uptimePercent(db, span.from, span.to, options.now),
  ])
  return healthOf(summary, uptime, options.live ?? 'operational')
}
