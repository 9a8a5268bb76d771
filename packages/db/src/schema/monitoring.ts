import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core'
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

/**
 * Request figures of one app process for one minute and one route (docs/analytics.md "System Health"): how many
 * answered with each status class, how long they took in all, and how many fell in each duration bucket
 * (REQUEST_BUCKETS_MS; the last counts the slower ones). Kept 90 days.
 */
export const requestMinutes = pgTable(
  'request_minutes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    process: text('process').notNull(),
    route: text('route').notNull(),
    /** 2, 3, 4 or 5: the first digit of the status. */
    statusClass: smallint('status_class').notNull(),
    count: integer('count').notNull(),
    durationMsSum: doublePrecision('duration_ms_sum').notNull(),
    buckets: integer('buckets').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.process, t.route, t.statusClass] }), index('request_minutes_minute_idx').on(t.minute)],
)

/**
 * The same request figures summed per UTC day and status class over every process and route, written with the minutes
 * (docs/analytics.md "Request figures"): the analytics periods up to a year read these few rows. Kept as long as the
 * platform runs (a row a day per class).
 */
export const requestDays = pgTable(
  'request_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    statusClass: smallint('status_class').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    durationMsSum: doublePrecision('duration_ms_sum').notNull(),
    buckets: bigint('buckets', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.statusClass] })],
)

/**
 * The minutes in which at least one app process was running and could write to the database (docs/analytics.md
 * "Uptime"): every process marks the minutes it lived through when it writes its figures. Kept 90 days.
 */
export const serviceMinutes = pgTable('service_minutes', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
})

/** Those minutes counted per UTC day, with the first minute ever marked that day; kept as long as the platform runs. */
export const serviceDays = pgTable('service_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  minutes: integer('minutes').notNull(),
  firstMinute: timestamp('first_minute', { withTimezone: true }).notNull(),
})

/**
 * The last Analytics Dashboard report of each period (docs/analytics.md "Freshness"): shown while under a minute old and
 * of the same day, so every admin's view and every process share one computation; Refresh computes it again.
 */
export const analyticsReports = pgTable('analytics_reports', {
  period: text('period').primaryKey(),
  report: jsonb('report').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
})
