import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

import { CONTINENTS, DESTINATION_CATEGORIES, LOCATION_TYPES } from '@meridian/validators/catalogue-constants'


/**
 * A country as a destination (spec 2 §3 Country). Names are unique regardless of case and accents; the search
 * indexes on meridian_search_key(name) are written by hand in the migration (drizzle-kit cannot express them).
 */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2 of reference data; empty for countries made by hand. */
    code: text('code').notNull().default(''),
    continent: text('continent', { enum: CONTINENTS }).notNull(),
    capital: text('capital').notNull().default(''),
    currency: text('currency').notNull().default(''),
    language: text('language').notNull().default(''),
    population: bigint('population', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isPromotedDestination: boolean('is_promoted_destination').notNull().default(false),
    destinationCategory: text('destination_category', { enum: DESTINATION_CATEGORIES }),
    whyVisit: text('why_visit').notNull().default(''),
    highlights: text('highlights').notNull().default(''),
    bestTimeToVisit: text('best_time_to_visit').notNull().default(''),
    visaRequirements: text('visa_requirements').notNull().default(''),
    entryRequirements: text('entry_requirements').notNull().default(''),
    safetyInfo: text('safety_info').notNull().default(''),
    healthRequirements: text('health_requirements').notNull().default(''),
    localCustoms: text('local_customs').notNull().default(''),
    tippingGuide: text('tipping_guide').notNull().default(''),
    transportationOverview: text('transportation_overview').notNull().default(''),
    travelSeasons: jsonb('travel_seasons').$type<Record<string, unknown>>().notNull().default({}),
    emergencyContacts: jsonb('emergency_contacts').$type<Record<string, unknown>>().notNull().default({}),
    mainAirports: jsonb('main_airports').$type<string[]>().notNull().default([]),
    mainPorts: jsonb('main_ports').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('countries_name_key').on(sql`lower(${t.name})`),
    // Lists in their order, and each filter followed by it (decision 021).
    index('countries_name_idx').on(t.name, t.id),
    index('countries_continent_name_idx').on(t.continent, t.name, t.id),
    index('countries_category_name_idx').on(t.destinationCategory, t.name, t.id),
    index('countries_active_name_idx').on(t.isActive, t.name, t.id),
    index('countries_promoted_name_idx').on(t.isPromotedDestination, t.name, t.id),
    // Public destinations: active countries, promoted first (`not promoted` ascending), then by name. The flag itself
    // last: PostgreSQL reads a page from an expression index alone only when the column is in it too.
    index('countries_destinations_idx')
      .on(sql`(not ${t.isPromotedDestination})`, t.name, t.id, t.isPromotedDestination)
      .where(sql`${t.isActive}`),
    index('countries_code_idx').on(t.code),
  ],
)

/** A first-level division of a country (state, province, region); optional on a location. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** GeoNames code of reference data (e.g. FR.11); empty for regions made by hand. */
    code: text('code').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('regions_country_name_idx').on(t.countryId, t.name), index('regions_code_idx').on(t.code)],
)

/** A place within a country (spec 2 §3 Location). Its name is unique within its country. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    locationType: text('location_type', { enum: LOCATION_TYPES }).notNull().default('city'),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    timezone: text('timezone').notNull().default(''),
    localTransportation: text('local_transportation').notNull().default(''),
    travelerTips: text('traveler_tips').notNull().default(''),
    bestTimeToVisit: text('best_time_to_visit').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    airportCode: text('airport_code').notNull().default(''),
    population: bigint('population', { mode: 'number' }),
    /** The name as search compares it (lower case, no accents), kept by PostgreSQL: indexed, never computed per row. */
    searchName: text('search_name').generatedAlwaysAs(sql`meridian_search_key(name)`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('locations_country_name_key').on(t.countryId, sql`lower(${t.name})`),
    index('locations_name_idx').on(t.name, t.id),
    index('locations_country_name_idx').on(t.countryId, t.name, t.id),
    index('locations_region_name_idx').on(t.regionId, t.name, t.id),
    index('locations_type_name_idx').on(t.locationType, t.name, t.id),
    index('locations_active_name_idx').on(t.isActive, t.name, t.id),
    index('locations_featured_name_idx').on(t.isFeatured, t.name, t.id),
  ],
)
