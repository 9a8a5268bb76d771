import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { users } from './users.ts'
import { RATE_SOURCES } from '@meridian/validators/currency-constants'

/**
 * A currency prices can be kept and shown in (spec 3 §3 Currency). At most one row is the base currency (a partial
 * unique index); the services keep exactly one.
 */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isBaseCurrency: boolean('is_base_currency').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    /** Free text: where the currency is used. */
    countries: text('countries').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('currencies_code_key').on(t.code),
    uniqueIndex('currencies_one_base_key').on(t.isBaseCurrency).where(sql`${t.isBaseCurrency}`),
    // The list's order with its tie-breaker, and the active filter followed by it (decision 021).
    index('currencies_order_idx').on(t.displayOrder, t.code, t.id),
    index('currencies_active_order_idx').on(t.isActive, t.displayOrder, t.code, t.id),
    check('currencies_code_check', sql`${t.code} ~ '^[A-Z]{3}$'`),
  ],
)

/**
 * One unit of from_currency is worth `rate` units of to_currency from effective_date on, until a later active rate
 * of the same pair takes over (docs/currency.md). Rates are never overwritten by a newer day, so past quotes can be
 * recomputed.
 */
export const conversionRates = pgTable(
  'conversion_rates',
  {
    id: serial('id').primaryKey(),
    fromCurrencyId: integer('from_currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    toCurrencyId: integer('to_currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    source: text('source', { enum: RATE_SOURCES }).notNull().default('manual'),
    isActive: boolean('is_active').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The pair's codes, which the list is ordered by: set by triggers from currencies (migration 0011), never by hand. */
    fromCode: text('from_code').notNull().default(''),
    toCode: text('to_code').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('conversion_rates_pair_date_key').on(t.fromCurrencyId, t.toCurrencyId, t.effectiveDate),
    // The list: pairs by code, newest effective date first, newest id first, as ascending expressions so that a
    // cursor is one row comparison (decision 021); and the filters followed by that order. The columns of the
    // expressions come last, so that a page is read from the index alone (an index-only scan).
    index('conversion_rates_list_idx').on(t.fromCode, t.toCode, sql`(date '2000-01-01' - ${t.effectiveDate})`, sql`(- ${t.id})`, t.effectiveDate, t.id),
    index('conversion_rates_active_list_idx').on(
      t.isActive,
      t.fromCode,
      t.toCode,
      sql`(date '2000-01-01' - ${t.effectiveDate})`,
      sql`(- ${t.id})`,
      t.effectiveDate,
      t.id,
    ),
    index('conversion_rates_from_list_idx').on(
      t.fromCurrencyId,
      t.fromCode,
      t.toCode,
      sql`(date '2000-01-01' - ${t.effectiveDate})`,
      sql`(- ${t.id})`,
      t.effectiveDate,
      t.id,
    ),
    index('conversion_rates_to_list_idx').on(t.toCurrencyId, t.fromCode, t.toCode, sql`(date '2000-01-01' - ${t.effectiveDate})`, sql`(- ${t.id})`, t.effectiveDate, t.id),
    check('conversion_rates_rate_check', sql`${t.rate} > 0`),
    check('conversion_rates_pair_check', sql`${t.fromCurrencyId} <> ${t.toCurrencyId}`),
  ],
)

/** The one row of currency settings (id 1). The base currency is the currency flagged is_base_currency. */
export const currencySettings = pgTable(
  'currency_settings',
  {
    id: integer('id').primaryKey().default(1),
    globalMarginPercentage: numeric('global_margin_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    autoUpdateRates: boolean('auto_update_rates').notNull().default(false),
    externalApiProvider: text('external_api_provider').notNull().default(''),
    /** Where a downloading provider reads its rates file (http or https). */
    providerUrl: text('provider_url').notNull().default(''),
    defaultDecimalPlaces: integer('default_decimal_places').notNull().default(2),
    showCurrencySymbols: boolean('show_currency_symbols').notNull().default(true),
    /** When the provider last ran, and what it said (success or the reason it failed). */
    lastRateUpdateAt: timestamp('last_rate_update_at', { withTimezone: true }),
    lastRateUpdateMessage: text('last_rate_update_message').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('currency_settings_singleton', sql`${t.id} = 1`),
    check('currency_settings_margin_check', sql`${t.globalMarginPercentage} between 0 and 50`),
    check('currency_settings_places_check', sql`${t.defaultDecimalPlaces} between 0 and 4`),
  ],
)

/** Each recorded conversion (POST convert), for audit: the figures, the rates used and who asked. */
export const currencyConversions = pgTable(
  'currency_conversions',
  {
    id: serial('id').primaryKey(),
    fromCurrencyId: integer('from_currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    toCurrencyId: integer('to_currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
    amount: numeric('amount').notNull(),
    convertedAmount: numeric('converted_amount').notNull(),
    rate: numeric('rate').notNull(),
    marginPercentage: numeric('margin_percentage', { precision: 5, scale: 2 }).notNull(),
    decimalPlaces: integer('decimal_places').notNull(),
    path: text('path', { enum: ['direct', 'inverse', 'cross'] }).notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    /** The conversion_rates rows used, with their figures at the time. */
    ratesUsed: jsonb('rates_used').$type<unknown[]>().notNull().default([]),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('currency_conversions_created_idx').on(t.createdAt)],
)
