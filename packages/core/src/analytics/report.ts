import { rowsOf, sql } from '@meridian/db'
import { ANALYTICS_PERIOD_LABELS, type AnalyticsPeriod } from '@meridian/validators/analytics-constants'
import { assertCanAny } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { platformStatus } from '../dashboard/platform-status.ts'
import { type ServiceHealth, serviceHealth, worstCheck } from '../monitoring/service-health.ts'
import { baseCurrencyCode } from '../currencies/currencies.ts'
import { type AnalyticsFigures, analyticsFigures, type Figure } from './figures.ts'
import { type DailyFigures, dailySeries, type Funnel, quizFunnel, type RoleShare, roleDistribution, type TopDestination, topDestinations } from './panels.ts'
import { changePercent, parsePeriod, type PeriodWindow, periodWindow } from './periods.ts'
import { type ProposalFigures, proposalFigures } from './proposals.ts'

/** Who may read analytics (1-platform-core.md §6): view_analytics, or '*'. */
export const ANALYTICS_DENIED = 'You do not have permission to view analytics.'

export function requireAnalytics(ctx: ServiceContext) {
  return assertCanAny(ctx, ['view_analytics'], ANALYTICS_DENIED)
}

export interface AnalyticsReport {
  period: AnalyticsPeriod
  label: string
  range: { from: string; to: string }
  previous_range: { from: string; to: string }
  generated_at: string
  currency: string
  cards: AnalyticsCards
  /** The System Health panel: uptime, API response, error rate and the overall state over the period. */
  system_health: ServiceHealth
  daily: DailyFigures[]
  roles: RoleShare[]
  top_destinations: TopDestination[]
  funnel: Funnel
  /** Proposal rounds sent in the period and what became of their trips, overall and by the person who sent them. */
  proposals: ProposalFigures
}

export interface AnalyticsCards extends AnalyticsFigures {
  /** Uptime in percent over the period, with the overall state (docs/analytics.md "System Health"). */
  system_health: Figure & { state: ServiceHealth['state']; label: string }
  /** The 95th percentile of response time over the period, ms. */
  api_response: Figure
}

const compare = (value: number | null, previous: number | null): Figure => ({ value, previous, change: changePercent(value, previous) })

/** The cards of a window with the System Health panel (the admin dashboard shows these alone). */
export async function analyticsCards(
  ctx: ServiceContext,
  window: PeriodWindow,
  currency: string,
  now: Date,
): Promise<{ cards: AnalyticsCards; system_health: ServiceHealth }> {
  const checks = await platformStatus(ctx)
  const live = worstCheck(checks)
  const [figures, health, before] = await Promise.all([
    analyticsFigures(ctx.db, window, currency),
    serviceHealth(ctx.db, window.current, { now, live }),
    serviceHealth(ctx.db, window.previous, { now }),
  ])
  const cards: AnalyticsCards = {
    ...figures,
    system_health: { ...compare(health.uptime_percent, before.uptime_percent), state: health.state, label: health.label },
    api_response: compare(health.api_p95_ms, before.api_p95_ms),
  }
  return { cards, system_health: health }
}

/**
 * The analytics of a period (docs/analytics.md): the cards with their change against the span before, the System
 * Health panel, the daily series, users by role, the top destinations, the quiz funnel and the proposals by expert,
 * all from the records.
 */
export async function analyticsReport(ctx: ServiceContext, input: { period?: unknown } = {}, now: Date = new Date()): Promise<AnalyticsReport> {
  requireAnalytics(ctx)
  const period = parsePeriod(input.period)
  const window = periodWindow(period, now)
  const currency = await baseCurrencyCode(ctx.db)
  const [{ cards, system_health }, daily, roles, top, funnel, proposals] = await Promise.all([
    analyticsCards(ctx, window, currency, now),
    dailySeries(ctx.db, window, currency),
    roleDistribution(ctx.db),
    topDestinations(ctx.db, window, currency),
    quizFunnel(ctx.db, window),
    proposalFigures(ctx.db, window),
  ])
  const range = (s: { from: Date; to: Date }) => ({ from: s.from.toISOString(), to: s.to.toISOString() })
  return {
    period,
    label: ANALYTICS_PERIOD_LABELS[period],
    range: range(window.current),
    previous_range: range(window.previous),
    generated_at: now.toISOString(),
    currency,
    cards,
    system_health,
    daily,
    roles,
    top_destinations: top,
    funnel,
    proposals,
  }
}

/** The Export file's name: the period and the report's day, `meridian-analytics-30d-2026-11-28.json`. */
export function analyticsExportName(report: Pick<AnalyticsReport, 'period' | 'generated_at'>): string {
  return `meridian-analytics-${report.period}-${report.generated_at.slice(0, 10)}.json`
}

/** How long a computed report is shown before it is computed again (docs/analytics.md "Freshness"). */
export const ANALYTICS_FRESH_MS = 60_000

/**
 * The report of a period as the screen, the export and the API show it: the last one computed for that period when it
 * is under ANALYTICS_FRESH_MS old and of the same day (every process and every admin share it, through the database);
 * otherwise, or with `refresh`, computed now and kept for the next.
 */
export async function currentAnalyticsReport(
  ctx: ServiceContext,
  input: { period?: unknown; refresh?: boolean } = {},
  now: Date = new Date(),
): Promise<AnalyticsReport> {
  requireAnalytics(ctx)
  const period = parsePeriod(input.period)
  if (!input.refresh) {
    const [kept] = rowsOf<{ report: AnalyticsReport | string; computed_at: string | Date }>(
      await ctx.db.execute(sql`select report, computed_at from analytics_reports where period = ${period}`),
    )
    if (kept) {
      const report = (typeof kept.report === 'string' ? JSON.parse(kept.report) : kept.report) as AnalyticsReport
      const age = now.getTime() - new Date(kept.computed_at).getTime()
      // A copy kept by a version without the proposal figures (the minute after an upgrade) is computed again.
      const current = report.proposals !== undefined
      if (current && age >= 0 && age < ANALYTICS_FRESH_MS && report.range.from === periodWindow(period, now).current.from.toISOString()) return report
    }
  }
  const report = await analyticsReport(ctx, { period }, now)
  await ctx.db.execute(sql`
    insert into analytics_reports (period, report, computed_at) values (${period}, ${JSON.stringify(report)}::jsonb, ${now.toISOString()}::timestamptz)
    on conflict (period) do update set report = excluded.report, computed_at = excluded.computed_at`)
  return report
}
