import { activityEvents, type Database } from '@meridian/db'

export interface ActivityInput {
  actorId: number | null
  action: string
  subjectType?: string
  subjectId?: string | number
  summary: string
  visibility?: 'staff' | 'private'
  /** Where the change came from (audit trail). */
  ipAddress?: string
  userAgent?: string
  /** What changed, e.g. {from: 'traveler', to: 'expert'}. */
  details?: Record<string, unknown>
}

/** Append to the activity feed, inside the caller's transaction when there is one. */
export async function recordActivity(db: Database, event: ActivityInput): Promise<void> {
  await db.insert(activityEvents).values({
    actorId: event.actorId,
    action: event.action,
    subjectType: event.subjectType ?? '',
    subjectId: event.subjectId === undefined ? '' : String(event.subjectId),
    summary: event.summary.slice(0, 500),
    visibility: event.visibility ?? 'staff',
    ipAddress: event.ipAddress ?? '',
    userAgent: (event.userAgent ?? '').slice(0, 500),
    details: event.details ?? {},
  })
}
