import { activityEvents, desc, eq, or, users } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { isStaff } from '../staff.ts'

export interface ActivityDto {
  id: number
  action: string
  summary: string
  subject_type: string
  subject_id: string
  actor: { id: number; username: string } | null
  created_at: string
}

/** Recent changes: staff see the platform's feed; a traveler sees what they did themselves. */
export async function listRecentActivity(ctx: ServiceContext, limit = 8): Promise<ActivityDto[]> {
  const actor = requireActor(ctx)
  const mine = eq(activityEvents.actorId, actor.id)
  const rows = await ctx.db
    .select({
      id: activityEvents.id,
      action: activityEvents.action,
      summary: activityEvents.summary,
      subjectType: activityEvents.subjectType,
      subjectId: activityEvents.subjectId,
      actorId: users.id,
      actorUsername: users.username,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorId))
    .where(isStaff(actor) ? or(eq(activityEvents.visibility, 'staff'), mine) : mine)
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(Math.min(Math.max(limit, 1), 50))
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    summary: r.summary,
    subject_type: r.subjectType,
    subject_id: r.subjectId,
    actor: r.actorId ? { id: r.actorId, username: r.actorUsername! } : null,
    created_at: new Date(r.createdAt).toISOString(),
  }))
}
