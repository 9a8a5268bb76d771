import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { ASSIGNMENT_STATUSES, PRIORITY_LEVELS, TRAVEL_STYLES, TRIP_STATUSES, TRIP_TYPES } from '@meridian/validators/trip-constants'
import { timestamps } from './columns.ts'
import { countries, locations } from './destinations.ts'
import { users } from './users.ts'

/**
 * A trip (2-catalogue-content.md §3 Trip, docs/trips.md): where, when, how many, its status and budget, the traveler
 * it belongs to and the expert assigned to it (the expert of its live assignment). Spent and the counts of flights,
 * accommodations and activities are derived from bookings and itinerary items, not stored.
 */
export const trips = pgTable(
  'trips',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    travelers: integer('travelers').notNull().default(1),
    status: text('status', { enum: TRIP_STATUSES }).notNull().default('planning'),
    budgetTotal: numeric('budget_total', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    tripType: text('trip_type', { enum: TRIP_TYPES }),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating'),
    ratingComment: text('rating_comment').notNull().default(''),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The title's search form (lower case, no accents); city and country are searched through their own. */
    searchTitle: text('search_title').generatedAlwaysAs(sql`meridian_search_key(title)`),
    ...timestamps,
  },
  (t) => [
    // My Trips: the traveler's trips newest first, and by status (decision 021).
    index('trips_traveler_created_idx').on(t.travelerId, t.createdAt.desc(), t.id.desc()),
    index('trips_traveler_status_created_idx').on(t.travelerId, t.status, t.createdAt.desc(), t.id.desc()),
    // The expert's trips, and the staff board and unassigned queue.
    index('trips_expert_created_idx').on(t.expertId, t.createdAt.desc(), t.id.desc()),
    index('trips_expert_status_created_idx').on(t.expertId, t.status, t.createdAt.desc(), t.id.desc()),
    index('trips_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('trips_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('trips_unassigned_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.expertId} is null and ${t.status} in ('planning', 'booked')`),
    index('trips_search_title_trgm_idx').using('gin', t.searchTitle.op('gin_trgm_ops')),
    index('trips_country_idx').on(t.countryId),
    index('trips_location_idx').on(t.locationId),
    index('trips_start_date_idx').on(t.startDate),
    check('trips_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('trips_travelers_check', sql`${t.travelers} >= 1`),
    check('trips_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
)

/** A traveler's trip request (1-platform-core.md §3), every field as named; the trip it created. */
export const tripRequests = pgTable(
  'trip_requests',
  {
    id: serial('id').primaryKey(),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    destinationId: integer('destination_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    travelers: integer('travelers').notNull(),
    travelStyle: text('travel_style', { enum: TRAVEL_STYLES }).notNull(),
    tripType: text('trip_type', { enum: TRIP_TYPES }).notNull(),
    accommodationType: jsonb('accommodation_type').$type<string[]>().notNull().default([]),
    activities: jsonb('activities').$type<string[]>().notNull().default([]),
    diningPreferences: jsonb('dining_preferences').$type<string[]>().notNull().default([]),
    transportPreferences: jsonb('transport_preferences').$type<string[]>().notNull().default([]),
    budgetMin: numeric('budget_min', { precision: 12, scale: 2 }).notNull(),
    budgetMax: numeric('budget_max', { precision: 12, scale: 2 }).notNull(),
    budgetIncludes: jsonb('budget_includes').$type<string[]>().notNull().default([]),
    specialRequests: text('special_requests').notNull().default(''),
    accessibility: jsonb('accessibility').$type<string[]>().notNull().default([]),
    dietaryRestrictions: jsonb('dietary_restrictions').$type<string[]>().notNull().default([]),
    priorityLevel: text('priority_level', { enum: PRIORITY_LEVELS }).notNull().default('standard'),
    expertPreference: text('expert_preference').notNull().default(''),
    tripId: integer('trip_id').references(() => trips.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('trip_requests_traveler_created_idx').on(t.travelerId, t.createdAt.desc(), t.id.desc()), index('trip_requests_trip_idx').on(t.tripId)],
)

/** The wizard's unfinished request, one per traveler, so a reload or another browser resumes it. */
export const tripRequestDrafts = pgTable('trip_request_drafts', {
  id: serial('id').primaryKey(),
  travelerId: integer('traveler_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: smallint('step').notNull().default(0),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
})

/**
 * An expert asked to plan a trip. At most one live (pending or accepted) assignment per trip; a reassignment
 * withdraws the live one, so the history stays.
 */
export const tripAssignments = pgTable(
  'trip_assignments',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedById: integer('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ASSIGNMENT_STATUSES }).notNull().default('pending'),
    /** Pending first in the expert's queue. */
    isPending: boolean('is_pending')
      .notNull()
      .generatedAlwaysAs(sql`status = 'pending'`),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('trip_assignments_live_idx')
      .on(t.tripId)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    index('trip_assignments_trip_idx').on(t.tripId, t.createdAt.desc()),
    index('trip_assignments_expert_queue_idx').on(t.expertId, t.isPending.desc(), t.createdAt.desc(), t.id.desc()),
    index('trip_assignments_expert_status_queue_idx').on(t.expertId, t.status, t.isPending.desc(), t.createdAt.desc(), t.id.desc()),
  ],
)

/** Every status move of a trip: from (null when created), to, who, when, an optional note. */
export const tripStatusHistory = pgTable(
  'trip_status_history',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: TRIP_STATUSES }),
    toStatus: text('to_status', { enum: TRIP_STATUSES }).notNull(),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('trip_status_history_trip_idx').on(t.tripId, t.createdAt, t.id)],
)

/**
 * The expert a traveler works with, for one trip type or (trip_type null) for all: set by the quiz review and the
 * specialist's assign-expert call. A new trip request of that type is assigned to this expert at once.
 */
export const travelerExperts = pgTable(
  'traveler_experts',
  {
    id: serial('id').primaryKey(),
    travelerId: integer('traveler_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertId: integer('expert_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tripType: text('trip_type', { enum: TRIP_TYPES }),
    assignedById: integer('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('traveler_experts_traveler_type_idx').on(t.travelerId, sql`coalesce(${t.tripType}, '*')`), index('traveler_experts_expert_idx').on(t.expertId)],
)

/**
 * The people of a trip's party, by name (docs/traveler-app.md "Per traveler"): an item of its plan can be for some of
 * them only. The traveler who owns the trip is not listed: an item for nobody in particular is for everyone.
 */
export const tripPartyMembers = pgTable(
  'trip_party_members',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trip_party_members_trip_idx').on(t.tripId, t.id)],
)
