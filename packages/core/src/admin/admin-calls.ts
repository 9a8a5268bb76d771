import { desc, users } from '@meridian/db'
import { baseCurrencyCode } from '../currencies/currencies.ts'
import { periodWindow } from '../analytics/periods.ts'
import { type AnalyticsCards, analyticsCards, type AnalyticsReport, currentAnalyticsReport, requireAnalytics } from '../analytics/report.ts'
import { HEALTH_THRESHOLDS, type HealthState, type ServiceHealth, serviceHealth, worstCheck } from '../monitoring/service-health.ts'
import type { ServiceContext } from '../context.ts'
import { listRecentActivity, type ActivityDto } from '../activity/list-recent-activity.ts'
import { platformStatus, type StatusCheck } from '../dashboard/platform-status.ts'
import { displayName } from '../auth/serialize-user.ts'
import { queryUserPage, queryUserStats, type UserPage, type UserStats } from '../users/list-users.ts'
import { requireAdmin } from '../users/user-access.ts'

/** The admin calls of 1-platform-core.md §7, for admins and superadmins. */

export interface AdminDashboard {
  users: UserStats
  recent_users: { id: number; username: string; full_name: string; date_joined: string }[]
  recent_activity: ActivityDto[]
  /** The analytics cards of the last 30 days, in the base currency, with the System Health panel. */
  analytics: { period: '30d'; currency: string; cards: AnalyticsCards; system_health: ServiceHealth }
}

export async function adminDashboard(ctx: ServiceContext, now: Date = new Date()): Promise<AdminDashboard> {
  requireAdmin(ctx)
  requireAnalytics(ctx)
  const currency = await baseCurrencyCode(ctx.db)
  const [stats, recent, activity, figures] = await Promise.all([
    queryUserStats(ctx.db),
    ctx.db
      .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, dateJoined: users.dateJoined })
      .from(users)
      .orderBy(desc(users.dateJoined), desc(users.id))
      .limit(5),
    listRecentActivity(ctx, 10),
    analyticsCards(ctx, periodWindow('30d', now), currency, now),
  ])
  return {
    users: stats,
    recent_users: recent.map((u) => ({ id: u.id, username: u.username, full_name: displayName(u), date_joined: new Date(u.dateJoined).toISOString() })),
    recent_activity: activity,
    analytics: { period: '30d', currency, ...figures },
  }
}

export async function adminListUsers(ctx: ServiceContext, input: unknown): Promise<UserPage> {
  requireAdmin(ctx)
  return queryUserPage(ctx.db, input)
}

/** GET /users/api/admin/analytics/?period=&refresh=: the Analytics Dashboard's report as it shows it (docs/analytics.md). */
export function adminAnalytics(ctx: ServiceContext, input: { period?: unknown; refresh?: boolean } = {}): Promise<AnalyticsReport> {
  return currentAnalyticsReport(ctx, input)
}

export interface SystemHealth extends ServiceHealth {
  /** The overall state (operational, degraded, down): the last 24 hours' figures and the live checks together. */
  status: HealthState
  checks: StatusCheck[]
  /** The span the figures cover: the last 24 hours. */
  range: { from: string; to: string }
  thresholds: typeof HEALTH_THRESHOLDS
  checked_at: string
}

/** GET /users/api/admin/system-health/: the live checks and the last 24 hours of request figures, with the overall state. */
export async function systemHealth(ctx: ServiceContext, now: Date = new Date()): Promise<SystemHealth> {
  requireAnalytics(ctx)
  const checks = await platformStatus(ctx)
  const span = { from: new Date(now.getTime() - 86_400_000), to: now }
  const health = await serviceHealth(ctx.db, span, { now, live: worstCheck(checks) })
  return {
    status: health.state,
    ...health,
    checks,
    range: { from: span.from.toISOString(), to: span.to.toISOString() },
    thresholds: HEALTH_THRESHOLDS,
    checked_at: now.toISOString(),
  }
}
