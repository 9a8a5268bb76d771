import { activityEvents, and, type Database, desc, eq, users } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'

export type UserAuditAction =
  | 'user.created'
  | 'user.updated'
  | 'user.role_changed'
  | 'user.activated'
  | 'user.deactivated'
  | 'user.password_set'

export interface UserAuditEvent {
  action: UserAuditAction
  subject: { id: number; username: string }
  summary: string
  details?: Record<string, unknown>
}

/**
 * Record changes to users in the activity feed (who, whom, what, when, from where), inside the caller's
 * transaction, in one insert however many there are.
 */
export async function auditUsers(tx: Database, ctx: ServiceContext, actor: Actor, events: UserAuditEvent[]): Promise<void> {
  if (events.length === 0) return
  await tx.insert(activityEvents).values(
    events.map((e) => ({
      actorId: actor.id,
      action: e.action,
      subjectType: 'user',
      subjectId: String(e.subject.id),
      summary: e.summary.slice(0, 500),
      visibility: 'staff' as const,
      ipAddress: ctx.request.ipAddress,
      userAgent: ctx.request.userAgent.slice(0, 500),
      details: e.details ?? {},
    })),
  )
}

export interface AuditEntryDto {
  id: number
  action: string
  summary: string
  actor: { id: number; username: string } | null
  ip_address: string
  user_agent: string
  details: Record<string, unknown>
  created_at: string
}

/** The latest audit entries about one user, newest first. */
export async function listUserAudit(db: Database, userId: number, limit = 50): Promise<AuditEntryDto[]> {
  const rows = await db
    .select({
      id: activityEvents.id,
      action: activityEvents.action,
      summary: activityEvents.summary,
      actorId: users.id,
      actorUsername: users.username,
      ipAddress: activityEvents.ipAddress,
      userAgent: activityEvents.userAgent,
      details: activityEvents.details,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorId))
    .where(and(eq(activityEvents.subjectType, 'user'), eq(activityEvents.subjectId, String(userId))))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit)
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    summary: r.summary,
    actor: r.actorId ? { id: r.actorId, username: r.actorUsername! } : null,
    ip_address: r.ipAddress,
    user_agent: r.userAgent,
    details: r.details,
    created_at: new Date(r.createdAt).toISOString(),
  }))
}
