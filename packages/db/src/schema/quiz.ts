import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { users } from './users.ts'

export const QUIZ_TYPES = ['maldives', 'general', 'luxury', 'adventure'] as const
export const QUIZ_STATUSES = ['submitted', 'awaiting_specialist', 'reviewed'] as const

/** One answer of a quiz question, with what it tells matching (docs/matching.md). */
export interface QuizOptionDef {
  label: string
  /** Specialization tags this answer asks of an expert (adventure, luxury, culinary, ...). */
  specializations?: string[]
  /** ISO 3166-1 alpha-2 codes of the countries this answer names. */
  countries?: string[]
  /** The trip type this answer points to (romantic, family, adventure, business, solo, group). */
  trip_type?: string
}
export interface QuizQuestionDef {
  id: string
  question: string
  options: QuizOptionDef[]
}

/**
 * The quiz types and their questions, kept as data (seeded by migration 0013): the onboarding quiz is `general`.
 * country_codes and specializations are what the quiz type itself tells matching (maldives: MV).
 */
export const quizDefinitions = pgTable('quiz_definitions', {
  quizType: text('quiz_type', { enum: QUIZ_TYPES }).primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull(),
  position: integer('position').notNull().default(0),
  questions: jsonb('questions').$type<QuizQuestionDef[]>().notNull(),
  countryCodes: text('country_codes').array().notNull().default(sql`'{}'::text[]`),
  specializations: text('specializations').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
})

/** One ranked expert as the reviewer saw it (docs/matching.md). */
export interface StoredMatch {
  expert_id: number
  name: string
  score: number
  reasons: string[]
}

/**
 * A traveler's quiz answers, reviewed by a specialist who may assign an expert. A visitor's submission has no user
 * and stays `submitted` until the browser holding its claim signs in (claim_token_hash); then it awaits a specialist.
 */
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
    /** SHA-256 of the claim token a visitor's browser holds; null once claimed (or for a signed-in submission). */
    claimTokenHash: text('claim_token_hash'),
    /** The ranking the reviewer was shown and chose from, kept with the review. */
    ranking: jsonb('ranking').$type<StoredMatch[]>(),
    /** The answers' search form (lower case, no accents), for the Review Center's free-text search. */
    searchKey: text('search_key').generatedAlwaysAs(sql`meridian_quiz_answers_key(quiz_data)`),
    /** The queue shows what awaits a specialist first. */
    isAwaiting: boolean('is_awaiting').generatedAlwaysAs(sql`status = 'awaiting_specialist'`),
    ...timestamps,
  },
  (t) => [
    index('quiz_submissions_user_id_idx').on(t.userId),
    index('quiz_submissions_status_idx').on(t.status),
    // The Review Center queue (decision 021): awaiting first, then newest; one index per filter in that order.
    index('quiz_submissions_queue_idx')
      .on(t.isAwaiting.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'submitted'`),
    index('quiz_submissions_queue_status_idx')
      .on(t.status, t.isAwaiting.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'submitted'`),
    index('quiz_submissions_queue_type_idx')
      .on(t.quizType, t.isAwaiting.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'submitted'`),
    index('quiz_submissions_search_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    index('quiz_submissions_reviewed_at_idx').on(t.reviewedAt),
    index('quiz_submissions_unclaimed_idx').on(t.submittedAt).where(sql`${t.userId} is null`),
  ],
)

/** Staff notes on a traveler (Customer Profiles): every edit is a new row, so the history keeps author and time. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_traveler_idx').on(t.travelerId, t.createdAt.desc(), t.id.desc())],
)
