import type { CancellationPolicy } from '@meridian/validators/booking-constants'
import { sql } from 'drizzle-orm'
import { boolean, customType, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { currencies } from './currencies.ts'
import { countries, locations } from './destinations.ts'
import { suppliers } from './suppliers.ts'
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_DIFFICULTIES,
  EXPERIENCE_TYPES,
  PRICING_MODELS,
} from '@meridian/validators/activity-constants'

/** PostgreSQL's text-search document type (drizzle has no column type of its own for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * An activity of the catalogue (spec 2 §3 Activity). Its tiers and tags are rows of their own tables; its photos
 * and videos are media items attached as core.activity. country_id is always the location's country.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: ACTIVITY_CATEGORIES }).notNull().default('adventure'),
    difficulty: text('difficulty', { enum: ACTIVITY_DIFFICULTIES }).notNull().default('easy'),
    experienceType: text('experience_type', { enum: EXPERIENCE_TYPES }).notNull().default('guided'),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    /** The supplier's name when one is chosen, else the name typed for a supplier not in the catalogue. */
    supplierName: text('supplier_name').notNull().default(''),
    pricingModel: text('pricing_model', { enum: PRICING_MODELS }).notNull().default('tiered'),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    fixedPrice: numeric('fixed_price', { precision: 12, scale: 2 }),
    durationHours: numeric('duration_hours', { precision: 5, scale: 1 }).notNull().default('3'),
    durationDescription: text('duration_description').notNull().default(''),
    /** ISO weekdays, Monday 1 … Sunday 7. */
    daysOfWeek: jsonb('days_of_week').$type<number[]>().notNull().default([1, 2, 3, 4, 5, 6, 7]),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    includedServices: jsonb('included_services').$type<string[]>().notNull().default([]),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    equipmentItems: jsonb('equipment_items').$type<string[]>().notNull().default([]),
    bringYourself: jsonb('bring_yourself').$type<string[]>().notNull().default([]),
    tagWeights: jsonb('tag_weights').$type<Record<string, number>>().notNull().default({}),
    includesText: text('includes_text').notNull().default(''),
    excludesText: text('excludes_text').notNull().default(''),
    maxParticipants: integer('max_participants'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    requiresWaiver: boolean('requires_waiver').notNull().default(false),
    instantConfirmation: boolean('instant_confirmation').notNull().default(true),
    /** Its cancellation policy, where it differs from its supplier's (docs/bookings.md "Cancellation policies"). */
    cancellationTerms: jsonb('cancellation_terms').$type<CancellationPolicy>(),
    cancellationPolicy: text('cancellation_policy').notNull().default(''),
    equipmentProvided: boolean('equipment_provided').notNull().default(false),
    seasonDependent: boolean('season_dependent').notNull().default(false),
    bookingRequired: boolean('booking_required').notNull().default(true),
    /** The name as search compares it (lower case, no accents), kept by PostgreSQL and trigram-indexed. */
    searchName: text('search_name').generatedAlwaysAs(sql`meridian_search_key(name)`),
    /** Name and description as a text-search document, accents and case folded: Search & Discovery's full text. */
    searchDoc: tsvector('search_doc').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, meridian_search_key(name || ' ' || description))`),
    ...timestamps,
  },
  (t) => [
    index('activities_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('activities_category_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
    // Each filter with the list's order, so a page is read from the index and stops after 12 (no sort of all matches).
    index('activities_difficulty_idx').on(t.difficulty, t.createdAt.desc(), t.id.desc()),
    index('activities_supplier_idx').on(t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('activities_location_idx').on(t.locationId, t.createdAt.desc(), t.id.desc()),
    index('activities_country_idx').on(t.countryId, t.createdAt.desc(), t.id.desc()),
    index('activities_featured_idx').on(t.isFeatured, t.createdAt.desc(), t.id.desc()),
    index('activities_active_idx').on(t.isActive, t.createdAt.desc(), t.id.desc()),
    index('activities_currency_idx').on(t.currencyId),
    // The stats chips count the filtered set from this index alone (an index-only scan), never from the wide rows.
    index('activities_stats_idx').on(t.category, t.difficulty, t.isActive, t.isFeatured, t.supplierId, t.countryId, t.locationId),
    index('activities_search_doc_idx').using('gin', t.searchDoc),
  ],
)

/** One price band of a tiered activity (spec 2 §3 Pricing tier): max_quantity null is unlimited. */
export const activityPricingTiers = pgTable(
  'activity_pricing_tiers',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull().default(''),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity'),
    pricePerUnit: numeric('price_per_unit', { precision: 12, scale: 2 }).notNull(),
    fixedPrice: numeric('fixed_price', { precision: 12, scale: 2 }),
    ...timestamps,
  },
  (t) => [index('activity_pricing_tiers_activity_idx').on(t.activityId, t.position)],
)

/** A tag, shared by the activities that carry it; names are unique regardless of case. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`)],
)

export const activityTags = pgTable(
  'activity_tags',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.tagId] }), index('activity_tags_tag_idx').on(t.tagId)],
)
