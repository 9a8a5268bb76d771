import { ANALYTICS_PERIOD_LABELS, type AnalyticsPeriod } from '@meridian/validators/analytics-constants'
import { assertCanAny } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { type AnalyticsFigures, analyticsFigures, baseCurrencyCode } from './figures.ts'
import { type DailyFigures, dailySeries, type Funnel, quizFunnel, type RoleShare, roleDistribution, type TopDestination, topDestinations } from './panels.ts'
import { parsePeriod, periodWindow } from './periods.ts'

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
  cards: AnalyticsFigures
  daily: DailyFigures[]
  roles: RoleShare[]
  top_destinations: TopDestination[]
  funnel: Funnel
}

/**
 * The analytics of a period (docs/analytics.md): the cards with their change against the span before, the daily
 * series, users by role, the top destinations and the quiz funnel, all from the records.
 */
export async function analyticsReport(ctx: ServiceContext, input: { period?: unknown } = {}, now: Date = new Date()): Promise<AnalyticsReport> {
  requireAnalytics(ctx)
  const period = parsePeriod(input.period)
  const window = periodWindow(period, now)
  const currency = await baseCurrencyCode(ctx.db)
  const [cards, daily, roles, top, funnel] = await Promise.all([
    analyticsFigures(ctx.db, window, currency),
    dailySeries(ctx.db, window, currency),
    roleDistribution(ctx.db),
    topDestinations(ctx.db, window, currency),
    quizFunnel(ctx.db, window),
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
    daily,
    roles,
    top_destinations: top,
    funnel,
  }
}
