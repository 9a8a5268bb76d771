/** The Analytics Dashboard's periods (2-catalogue-content.md "Analytics Dashboard"). Browser-safe: no imports. */
export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '1y'] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]

export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
}

/** Whole UTC days each period covers, today included. */
export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 }

export const ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load analytics data',
  errorTitle: 'Error Loading Analytics',
  period: `Select a valid period: ${ANALYTICS_PERIODS.join(', ')}.`,
} as const
