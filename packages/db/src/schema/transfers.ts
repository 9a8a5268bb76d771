import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { countries, locations } from './destinations.ts'
import { users } from './users.ts'
import { TRANSFER_TYPES } from '@meridian/validators/currency-constants'

/**
 * A way to get between two places (spec 3 §3 Transfer): a country and optionally a location at each end.
 * routes, pricing and schedules follow the structure in docs/transfers.md (checked by the service).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    type: text('type', { enum: TRANSFER_TYPES }).notNull().default('speedboat'),
    isActive: boolean('is_active').notNull().default(true),
    fromCountryId: integer('from_country_id').references(() => countries.id, { onDelete: 'restrict' }),
    toCountryId: integer('to_country_id').references(() => countries.id, { onDelete: 'restrict' }),
    fromLocationId: integer('from_location_id').references(() => locations.id, { onDelete: 'restrict' }),
    toLocationId: integer('to_location_id').references(() => locations.id, { onDelete: 'restrict' }),
    duration: text('duration').notNull().default(''),
    routes: jsonb('routes').$type<unknown[]>().notNull().default([]),
    pricing: jsonb('pricing').$type<Record<string, unknown>>().notNull().default({}),
    schedules: jsonb('schedules').$type<Record<string, unknown>>().notNull().default({}),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // The list by name, and each filter followed by that order (decision 021); search reads the trigram index.
    index('transfers_name_idx').on(t.name, t.id),
    index('transfers_type_name_idx').on(t.type, t.name, t.id),
    index('transfers_from_country_name_idx').on(t.fromCountryId, t.name, t.id),
    index('transfers_to_country_name_idx').on(t.toCountryId, t.name, t.id),
    index('transfers_active_name_idx').on(t.isActive, t.name, t.id),
    index('transfers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('transfers_from_location_idx').on(t.fromLocationId),
    index('transfers_to_location_idx').on(t.toLocationId),
  ],
)
