import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { type ActivityDto, listRecentActivity } from '../activity/list-recent-activity.ts'
import { overviewStats, type StatTile } from './overview-stats.ts'
import { platformStatus, type StatusCheck } from './platform-status.ts'

export interface DashboardOverview {
  stats: StatTile[]
  platform_status: StatusCheck[]
  recent_updates: ActivityDto[]
}

/** The home dashboard's figures for the signed-in user's role (3 queries plus the status probes). */
export async function getDashboardOverview(ctx: ServiceContext): Promise<DashboardOverview> {
  const actor = requireActor(ctx)
  const [stats, status, updates] = await Promise.all([
    overviewStats(ctx, actor),
    platformStatus(ctx),
    listRecentActivity(ctx, 8),
  ])
  return { stats, platform_status: status, recent_updates: updates }
}
