import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { users } from './users.ts'

/** Error reports posted by browsers (spec 1 §3 Error report), readable by staff in diagnostics. */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: serial('id').primaryKey(),
    errorId: text('error_id').notNull().default(''),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    componentStack: text('component_stack').notNull().default(''),
    url: text('url').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull().default(''),
    retryCount: integer('retry_count').notNull().default(0),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    ipAddress: text('ip_address').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('client_error_reports_created_idx').on(t.createdAt)],
)
