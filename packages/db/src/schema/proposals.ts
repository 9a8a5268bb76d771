import { sql } from 'drizzle-orm'
import { bigserial, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { PROPOSAL_STATUSES } from '@meridian/validators/proposal-constants'
import { itineraries } from './itineraries.ts'
import { trips } from './trips.ts'
import { users } from './users.ts'

/**
 * A round of a proposal (docs/proposals.md): the approved version of an itinerary, priced when it was sent, sent to the
 * trip's traveler with a note and a quote expiry. Each republish is a new round; the earlier ones stay readable. The
 * round's plan (`plan`) never changes after it is sent; accepting freezes the options chosen, every line's price and
 * rate and the total (`accepted`, `accepted_total`).
 */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    itineraryId: integer('itinerary_id')
      .notNull()
      .references(() => itineraries.id, { onDelete: 'cascade' }),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    /** The itinerary version sent. */
    version: integer('version').notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('sent'),
    note: text('note').notNull().default(''),
    /** The last day (UTC) the quote can be accepted. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    /** The plan as sent: days, items (with options, prices, rates and photos), travelers, places. */
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    /** The total on the recommended options, when sent. */
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    included: jsonb('included').$type<string[]>().notNull().default([]),
    notIncluded: jsonb('not_included').$type<string[]>().notNull().default([]),
    sentById: integer('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the traveler first opened this round. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    changesRequestedAt: timestamp('changes_requested_at', { withTimezone: true }),
    changesMessage: text('changes_message').notNull().default(''),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: integer('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** What acceptance froze: the choices, each line with its price and rate, and the booking references. */
    accepted: jsonb('accepted').$type<Record<string, unknown>>(),
    acceptedTotal: numeric('accepted_total', { precision: 16, scale: 2 }),
  },
  (t) => [
    uniqueIndex('proposals_round_key').on(t.itineraryId, t.round),
    // One accepted round per itinerary, whatever two tabs do at once.
    uniqueIndex('proposals_accepted_key')
      .on(t.itineraryId)
      .where(sql`${t.status} = 'accepted'`),
    index('proposals_trip_idx').on(t.tripId, t.sentAt.desc(), t.id.desc()),
    index('proposals_sent_idx').on(t.sentAt.desc(), t.id.desc()),
    check('proposals_round_check', sql`${t.round} >= 1`),
  ],
)

/**
 * A comment on a proposal: on one item (by its key, which stays across rounds) or on the whole proposal. The first
 * comment of a thread has no `thread_id`; answers name it. A thread is open until one side resolves it.
 */
export const proposalComments = pgTable(
  'proposal_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itineraryId: integer('itinerary_id')
      .notNull()
      .references(() => itineraries.id, { onDelete: 'cascade' }),
    /** The round it was written on. */
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id'),
    itemKey: text('item_key'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_comments_itinerary_idx').on(t.itineraryId, t.id), index('proposal_comments_thread_idx').on(t.threadId, t.id)],
)
