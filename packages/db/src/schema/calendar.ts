import { pgTable, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * A traveler's calendar subscription (docs/traveler-app.md "Calendar feed"): the secret token of their feed's address.
 * One per traveler; replacing it makes a new token (the old address stops at once), revoking deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 32 random bytes, base64url: the address's only credential. */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a calendar last fetched the feed (at most one write a minute). */
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.token)],
)
