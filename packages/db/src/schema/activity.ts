import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { users } from './users.ts'

/** The platform's activity feed: changes recorded by the services as they make them. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Dotted verb, e.g. user.registered, quiz.submitted. */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull().default(''),
    subjectId: text('subject_id').notNull().default(''),
    summary: text('summary').notNull(),
    /** staff: every staff member sees it; private: only the actor. */
    visibility: text('visibility', { enum: ['staff', 'private'] }).notNull().default('staff'),
    /** Where the change came from (audit trail of user management). */
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** What changed, for the audit trail: e.g. {from: 'traveler', to: 'expert'}. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('activity_events_created_idx').on(t.createdAt),
    index('activity_events_actor_idx').on(t.actorId),
    index('activity_events_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
  ],
)
