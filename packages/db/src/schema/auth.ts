import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { users } from './users.ts'

/** Browser sessions (lucia). The id is the SHA-256 of the cookie token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

/** Refresh tokens handed to REST and tRPC clients; rotated on every use, revoked by family on reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    jti: text('jti').notNull().unique(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('refresh_tokens_user_id_idx').on(t.userId), index('refresh_tokens_family_id_idx').on(t.familyId)],
)

/**
 * Every sign-in attempt, kept in the database so several app processes throttle together. A row is written
 * before the password is checked (succeeded null: in flight) and given its outcome after, so attempts in flight
 * count like failures. account_key is `user:<id>` for a known account, whichever of its names was typed, else
 * `name:<typed text, lowercased>`.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: serial('id').primaryKey(),
    /** What was typed, lowercased. */
    username: text('username').notNull(),
    accountKey: text('account_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    /** null while the password is being checked. */
    succeeded: boolean('succeeded'),
    ...timestamps,
  },
  (t) => [
    index('sign_in_attempts_ip_created_idx').on(t.ipAddress, t.createdAt),
    index('sign_in_attempts_key_ip_created_idx').on(t.accountKey, t.ipAddress, t.createdAt),
    index('sign_in_attempts_key_created_idx').on(t.accountKey, t.createdAt),
    index('sign_in_attempts_known_address_idx').on(t.userId, t.ipAddress, t.createdAt).where(sql`${t.succeeded}`),
  ],
)

/** Password-reset requests, counted per address and per e-mail typed (whether or not an account has it). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    /** The e-mail typed, lowercased. */
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    /** Whether a reset mail was written for it (an active account has the address and the e-mail limit allowed it). */
    mailed: boolean('mailed').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('password_reset_requests_email_created_idx').on(t.email, t.createdAt),
    index('password_reset_requests_ip_created_idx').on(t.ipAddress, t.createdAt),
  ],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
)
