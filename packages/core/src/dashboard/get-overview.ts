import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { type ActivityDto, listRecentActivity } from '../activity/list-recent-activity.ts'
import { overviewStats, type StatTile } from './overview-stats.ts'
import { platformStatus, type StatusCheck } from './platform-status.ts'
import { isStaff } from '../staff.ts'

export interface DashboardOverview {
  stats: StatTile[]
  platform_status: StatusCheck[]
  recent_updates: ActivityDto[]
}

const PUBLIC_DETAIL: Record<StatusCheck['status'], string> = {
  operational: 'Working normally',
  degraded: 'Slower than usual',
  down: 'Unavailable',
}

/**
 * The home dashboard's figures for the signed-in user's role (3 queries plus the status probes). Travelers see
 * each check's state but not its internals (engine, queue sizes), which are for staff.
 */
export async function getDashboardOverview(ctx: ServiceContext): Promise<DashboardOverview> {
  const actor = requireActor(ctx)
  const [stats, status, updates] = await Promise.all([
    overviewStats(ctx, actor),
    platformStatus(ctx),
    listRecentActivity(ctx, 8),
  ])
  const platform_status = isStaff(actor) ? status : status.map((check) => ({ ...check, detail: PUBLIC_DETAIL[check.status] }))
  return { stats, platform_status, recent_updates: updates }
}
