import { desc, gte, sql, users } from '@meridian/db'
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
}

export async function adminDashboard(ctx: ServiceContext): Promise<AdminDashboard> {
  requireAdmin(ctx)
  const [stats, recent, activity] = await Promise.all([
    queryUserStats(ctx.db),
    ctx.db
      .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, dateJoined: users.dateJoined })
      .from(users)
      .orderBy(desc(users.dateJoined), desc(users.id))
      .limit(5),
    listRecentActivity(ctx, 10),
  ])
  return {
    users: stats,
    recent_users: recent.map((u) => ({ id: u.id, username: u.username, full_name: displayName(u), date_joined: new Date(u.dateJoined).toISOString() })),
    recent_activity: activity,
  }
}

export async function adminListUsers(ctx: ServiceContext, input: unknown): Promise<UserPage> {
  requireAdmin(ctx)
  return queryUserPage(ctx.db, input)
}

export interface AdminAnalytics {
  period_days: number
  signups_by_day: { date: string; count: number }[]
  signups_in_period: number
  active_last_7_days: number
  active_last_30_days: number
  users: UserStats
}

/** Sign-ups per day over the last 30 days and how many users signed in lately. */
export async function adminAnalytics(ctx: ServiceContext): Promise<AdminAnalytics> {
  requireAdmin(ctx)
  const days = 30
  const since = new Date(Date.now() - days * 86_400_000)
  const [byDay, [recent], stats] = await Promise.all([
    ctx.db
      .select({ day: sql<string>`to_char(date_trunc('day', ${users.dateJoined} at time zone 'UTC'), 'YYYY-MM-DD')`, count: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(gte(users.dateJoined, since))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    ctx.db
      .select({
        week: sql<number>`count(*) filter (where ${users.lastLogin} >= now() - interval '7 days')`.mapWith(Number),
        month: sql<number>`count(*) filter (where ${users.lastLogin} >= now() - interval '30 days')`.mapWith(Number),
      })
      .from(users),
    queryUserStats(ctx.db),
  ])
  const counts = new Map(byDay.map((r) => [r.day, r.count]))
  const signups: { date: string; count: number }[] = []
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10)
    signups.push({ date, count: counts.get(date) ?? 0 })
  }
  return {
    period_days: days,
    signups_by_day: signups,
    signups_in_period: signups.reduce((n, d) => n + d.count, 0),
    active_last_7_days: recent?.week ?? 0,
    active_last_30_days: recent?.month ?? 0,
    users: stats,
  }
}

export interface SystemHealth {
  status: 'operational' | 'degraded' | 'down'
  checks: StatusCheck[]
  checked_at: string
}

export async function systemHealth(ctx: ServiceContext): Promise<SystemHealth> {
  requireAdmin(ctx)
  const checks = await platformStatus(ctx)
  const status = checks.some((c) => c.status === 'down') ? 'down' : checks.some((c) => c.status === 'degraded') ? 'degraded' : 'operational'
  return { status, checks, checked_at: new Date().toISOString() }
}
