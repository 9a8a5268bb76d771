import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { ITEM_TYPES, ITINERARY_STATUSES } from '@meridian/validators/itinerary-constants'
import { activities } from './activities.ts'
import { flights } from './flights.ts'
import { timestamps } from './columns.ts'
import { suppliers } from './suppliers.ts'
import { transfers } from './transfers.ts'
import { trips } from './trips.ts'
import { users } from './users.ts'

/**
 * A day-by-day plan for a trip (2-catalogue-content.md §3 Itinerary, docs/itineraries.md). `version` is the number of
 * the latest saved version (itinerary_versions holds each one); a save names the version it was based on.
 */
export const itineraries = pgTable(
  'itineraries',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    destination: text('destination').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    adults: integer('adults').notNull().default(1),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    /** The budget in `currency`; null when none was set. */
    budgetTotal: numeric('budget_total', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    preferences: jsonb('preferences').$type<{ pace?: string; interests?: string[]; accessibility?: string[]; dietary?: string[] }>().notNull().default({}),
    /** The destination's IANA time zone the plan's times are in; '' takes the trip's location's (docs/traveler-app.md). */
    timeZone: text('time_zone').notNull().default(''),
    status: text('status', { enum: ITINERARY_STATUSES }).notNull().default('draft'),
    version: integer('version').notNull().default(1),
    /** The version a reviewer approved (what the traveler sees); null before any approval. */
    approvedVersion: integer('approved_version'),
    /** Who approved `approvedVersion`, and when. */
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    lastModifiedById: integer('last_modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('itineraries_trip_idx').on(t.tripId, t.updatedAt.desc(), t.id.desc()),
    index('itineraries_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('itineraries_status_updated_idx').on(t.status, t.updatedAt.desc(), t.id.desc()),
    check('itineraries_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('itineraries_travelers_check', sql`${t.adults} >= 0 and ${t.children} >= 0 and ${t.infants} >= 0 and ${t.adults} + ${t.children} >= 1`),
  ],
)

/** One day of an itinerary, in order. */
export const itineraryDays = pgTable(
  'itinerary_days',
  {
    id: serial('id').primaryKey(),
    itineraryId: integer('itinerary_id')
      .notNull()
      .references(() => itineraries.id, { onDelete: 'cascade' }),
    /** A key that stays the same across saves (versions are compared by it). */
    key: text('key').notNull(),
    position: integer('position').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    theme: text('theme').notNull().default(''),
  },
  (t) => [uniqueIndex('itinerary_days_key_idx').on(t.itineraryId, t.key), index('itinerary_days_position_idx').on(t.itineraryId, t.position)],
)

/**
 * One item of a day (§3 Item). `cost` is in the item's own `currency`; `converted_cost` in the itinerary's, through
 * the currency service (rate in force, margin included). The catalogue record it came from, when any, is kept.
 */
export const itineraryItems = pgTable(
  'itinerary_items',
  {
    id: serial('id').primaryKey(),
    itineraryId: integer('itinerary_id')
      .notNull()
      .references(() => itineraries.id, { onDelete: 'cascade' }),
    dayId: integer('day_id')
      .notNull()
      .references(() => itineraryDays.id, { onDelete: 'cascade' }),
    /** A key that stays the same across saves and moves (versions are compared by it). */
    key: text('key').notNull(),
    position: integer('position').notNull(),
    type: text('type', { enum: ITEM_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startTime: text('start_time'),
    endTime: text('end_time'),
    locationName: text('location_name').notNull().default(''),
    locationAddress: text('location_address').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    cost: numeric('cost', { precision: 16, scale: 4 }),
    currency: text('currency'),
    convertedCost: numeric('converted_cost', { precision: 16, scale: 4 }),
    bookingRequired: boolean('booking_required').notNull().default(false),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    media: jsonb('media').$type<{ images?: string[]; videos?: string[]; documents?: string[] }>().notNull().default({}),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('draft'),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    transferId: integer('transfer_id').references(() => transfers.id, { onDelete: 'set null' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** Accommodation: nights at the entered nightly price. */
    nights: integer('nights'),
    /** The price the expert entered (a night, a meal), in `currency`. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }),
    /** How the cost was found (engine basis, tier, conversion rate and date), for the pricing path shown. */
    pricing: jsonb('pricing').$type<Record<string, unknown>>().notNull().default({}),
    /** Transport: a catalogue flight, priced at its fare (docs/proposals.md). */
    flightId: integer('flight_id').references(() => flights.id, { onDelete: 'set null' }),
    /** The slot this item is an option of (items of one day sharing it are alternatives); null: always in the plan. */
    optionGroup: text('option_group'),
    /** The option of its slot the expert recommends (counted in the itinerary's totals). */
    recommended: boolean('recommended').notNull().default(false),
    /** The party members (trip_party_members ids) it is for; empty: everyone. */
    party: integer('party').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    // Saves write only what changed, upserting by key; positions are renumbered by the service (0..n-1 in each day).
    uniqueIndex('itinerary_items_key_idx').on(t.itineraryId, t.key),
    index('itinerary_items_position_idx').on(t.dayId, t.position),
    index('itinerary_items_itinerary_idx').on(t.itineraryId),
    index('itinerary_items_activity_idx').on(t.activityId),
    index('itinerary_items_transfer_idx').on(t.transferId),
    index('itinerary_items_supplier_idx').on(t.supplierId),
    index('itinerary_items_flight_idx').on(t.flightId),
  ],
)

/** Each saved state of an itinerary, whole, so versions can be compared and restored. */
export const itineraryVersions = pgTable(
  'itinerary_versions',
  {
    id: serial('id').primaryKey(),
    itineraryId: integer('itinerary_id')
      .notNull()
      .references(() => itineraries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    summary: text('summary').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('itinerary_versions_version_idx').on(t.itineraryId, t.version.desc())],
)
