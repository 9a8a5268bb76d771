import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { users } from './users.ts'

export const QUIZ_TYPES = ['maldives', 'general', 'luxury', 'adventure'] as const
export const QUIZ_STATUSES = ['submitted', 'awaiting_specialist', 'reviewed'] as const

/** A traveler's quiz answers, reviewed by a specialist who may assign an expert. */
export const quizSubmissions = pgTable(
  'quiz_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    quizType: text('quiz_type', { enum: QUIZ_TYPES }).notNull().default('general'),
    status: text('status', { enum: QUIZ_STATUSES }).notNull().default('awaiting_specialist'),
    quizData: jsonb('quiz_data').$type<Record<string, string>>().notNull(),
    score: numeric('score', { precision: 5, scale: 2 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    expertAssignment: integer('expert_assignment').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('quiz_submissions_user_id_idx').on(t.userId), index('quiz_submissions_status_idx').on(t.status)],
)
