import { type SQL, sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { countries } from './destinations.ts'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { API_SYNC_STATUSES, SUPPLIER_STATUSES, SUPPLIER_TYPES } from '@meridian/validators/catalogue-constants'


/** A partner that provides activities, transport or stays (spec 2 §3 Supplier). rating and total_reviews are read-only. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    supplierType: text('supplier_type', { enum: SUPPLIER_TYPES }).notNull().default('other'),
    status: text('status', { enum: SUPPLIER_STATUSES }).notNull().default('active'),
    companyName: text('company_name').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    stateProvince: text('state_province').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    licenseNumber: text('license_number').notNull().default(''),
    description: text('description').notNull().default(''),
    servicesOffered: jsonb('services_offered').$type<string[]>().notNull().default([]),
    operatingLocations: jsonb('operating_locations').$type<string[]>().notNull().default([]),
    languagesSupported: jsonb('languages_supported').$type<string[]>().notNull().default([]),
    verified: boolean('verified').notNull().default(false),
    paymentTerms: text('payment_terms').notNull().default(''),
    /** Its deposit and balance terms, where they differ from the settings' (docs/bookings.md "Payment schedules"). */
    scheduleTerms: jsonb('schedule_terms').$type<PaymentTerms>(),
    /** Its cancellation policy, where it differs from the settings' (docs/bookings.md "Cancellation policies"). */
    cancellationTerms: jsonb('cancellation_terms').$type<CancellationPolicy>(),
    /** The IANA time zone its deadlines fall in ('' for UTC). */
    timeZone: text('time_zone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    externalApiIds: jsonb('external_api_ids').$type<Record<string, string>>().notNull().default({}),
    apiSyncStatus: text('api_sync_status', { enum: API_SYNC_STATUSES }).notNull().default('not_synced'),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    totalReviews: integer('total_reviews').notNull().default(0),
    /** What the list's search compares (name, company, contact, e-mail, city; lower case, no accents), trigram-indexed. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`meridian_search_key(${suppliers.name} || ' ' || ${suppliers.companyName} || ' ' || ${suppliers.contactPerson} || ' ' || ${suppliers.email} || ' ' || ${suppliers.city})`,
    ),
    ...timestamps,
  },
  (t) => [
    // The list by name, and each filter followed by that order (decision 021).
    index('suppliers_name_idx').on(t.name, t.id),
    index('suppliers_type_name_idx').on(t.supplierType, t.name, t.id),
    index('suppliers_status_name_idx').on(t.status, t.name, t.id),
    index('suppliers_verified_name_idx').on(t.verified, t.name, t.id),
    index('suppliers_country_name_idx').on(t.countryId, t.name, t.id),
    index('suppliers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Search & Discovery's places to stay: their name and city only (docs/discovery.md).
    index('suppliers_stay_search_trgm_idx')
      .using('gin', sql`meridian_search_key(${t.name} || ' ' || ${t.city}) gin_trgm_ops`)
      .where(sql`supplier_type = 'accommodation'`),
  ],
)
