import { ConversionRateInput, RateFilters, UpdateConversionRateInput } from '@meridian/validators'
import { alias, and, conversionRates, currencies, type Database, desc, eq, getTableColumns, inArray, sql } from '@meridian/db'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CURRENCY_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { canManageCurrencies } from './access.ts'
import { currencyFor } from './currencies.ts'
import type { RateLookup, RateRow } from './money.ts'
import { type CurrencyRef, currencyRef, type RateDto, serializeRate } from './serialize.ts'
import { idOf, pgCode, todayUtc } from './shared.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Db = Database | Tx
type RateRowDb = typeof conversionRates.$inferSelect

/**
 * The rate in force for each pair among `ids` on `date`: the latest active rate whose effective date is on or
 * before it (a later id wins a tie, which the unique pair-and-date index makes impossible anyway).
 */
export async function ratesInForce(db: Db, date: string, ids?: number[]): Promise<RateRow[]> {
  const rows = await db
    .selectDistinctOn([conversionRates.fromCurrencyId, conversionRates.toCurrencyId], {
      id: conversionRates.id,
      from: conversionRates.fromCurrencyId,
      to: conversionRates.toCurrencyId,
      rate: conversionRates.rate,
      effectiveDate: conversionRates.effectiveDate,
    })
    .from(conversionRates)
    .where(
      and(
        eq(conversionRates.isActive, true),
        sql`${conversionRates.effectiveDate} <= ${date}`,
        ids ? inArray(conversionRates.fromCurrencyId, ids) : undefined,
        ids ? inArray(conversionRates.toCurrencyId, ids) : undefined,
      ),
    )
    .orderBy(conversionRates.fromCurrencyId, conversionRates.toCurrencyId, desc(conversionRates.effectiveDate), desc(conversionRates.id))
  return rows
}

export function lookupOf(rows: RateRow[]): RateLookup {
  const map = new Map(rows.map((r) => [`${r.from}:${r.to}`, r]))
  return (from, to) => map.get(`${from}:${to}`)
}

async function expand(db: Db, rows: RateRowDb[]): Promise<RateDto[]> {
  if (!rows.length) return []
  const ids = [...new Set(rows.flatMap((r) => [r.fromCurrencyId, r.toCurrencyId]))]
  const [refs, current] = await Promise.all([
    db.select({ id: currencies.id, code: currencies.code, symbol: currencies.symbol }).from(currencies).where(inArray(currencies.id, ids)),
    ratesInForce(db, todayUtc(), ids),
  ])
  const byId = new Map<number, CurrencyRef>(refs.map((r) => [r.id, currencyRef(r)]))
  const currentIds = new Set(current.map((r) => r.id))
  return rows.map((r) => serializeRate(r, byId, currentIds.has(r.id)))
}

const fromCurrency = alias(currencies, 'from_currency')
const toCurrency = alias(currencies, 'to_currency')
const later = alias(conversionRates, 'later')

/**
 * Rates by pair (the codes kept on each rate by triggers), newest effective date first, newest id first: as
 * ascending expressions, which conversion_rates_list_idx holds, so that a cursor is one row comparison. The
 * pair's currencies and whether the rate is the one in force today (no later active rate of the pair up to
 * today, one probe of the pair-and-date index) are read for the page's rows only (decision 021).
 */
const rateList = pagedList({
  name: 'rates',
  table: conversionRates,
  id: conversionRates.id,
  keys: [
    { expr: conversionRates.fromCode, type: 'text' },
    { expr: conversionRates.toCode, type: 'text' },
    { expr: sql`(date '2000-01-01' - ${conversionRates.effectiveDate})`, type: 'int' },
    { expr: sql`(- ${conversionRates.id})`, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    from: (p) => sql`${conversionRates.fromCurrencyId} = ${p()}`,
    to: (p) => sql`${conversionRates.toCurrencyId} = ${p()}`,
    is_active: (p) => sql`${conversionRates.isActive} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({
        ...getTableColumns(conversionRates),
        fromRef: { id: fromCurrency.id, code: fromCurrency.code, symbol: fromCurrency.symbol },
        toRef: { id: toCurrency.id, code: toCurrency.code, symbol: toCurrency.symbol },
        current: sql<boolean>`(${conversionRates.isActive} and ${conversionRates.effectiveDate} <= (now() at time zone 'utc')::date and not exists (
          select 1 from ${conversionRates} as ${sql.identifier('later')} where ${later.fromCurrencyId} = ${conversionRates.fromCurrencyId} and ${later.toCurrencyId} = ${conversionRates.toCurrencyId}
            and ${later.isActive} and ${later.effectiveDate} <= (now() at time zone 'utc')::date
            and (${later.effectiveDate}, ${later.id}) > (${conversionRates.effectiveDate}, ${conversionRates.id})))`,
        ...page.cursor,
      })
      .from(page.from)
      .innerJoin(conversionRates, eq(conversionRates.id, page.id))
      .innerJoin(fromCurrency, eq(fromCurrency.id, conversionRates.fromCurrencyId))
      .innerJoin(toCurrency, eq(toCurrency.id, conversionRates.toCurrencyId)),
})

/**
 * Conversion rates, newest effective date first within each pair (pairs by currency code); filters from_currency,
 * to_currency (id or code) and is_active. Needs manage_currencies.
 */
export async function listRates(ctx: ServiceContext, query: unknown, page: PageWindow) {
  canManageCurrencies(ctx)
  const values = await rateFilterValues(ctx.db, query)
  const { count, rows, next_cursor } = await rateList.page(ctx.db, values, page)
  const results = rows.map(({ fromRef, toRef, current, ...r }) =>
    serializeRate(r, new Map([[fromRef.id, currencyRef(fromRef)], [toRef.id, currencyRef(toRef)]]), current),
  )
  return { count, results, next_cursor }
}

async function rateFilterValues(db: Database, query: unknown) {
  const f = parseInput(RateFilters, query)
  const idFor = async (ref: number | string | undefined, field: string) => (ref === undefined ? undefined : (await currencyFor(db, ref, field, false)).id)
  const [from, to] = await Promise.all([idFor(f.from_currency, 'from_currency'), idFor(f.to_currency, 'to_currency')])
  return { from, to, is_active: f.is_active }
}

/** The list's statements for these filters (plan checks in tests). */
export const rateListQueries = async (db: Database, query: unknown, page: PageWindow) => rateList.queries(db, await rateFilterValues(db, query), page)

async function loadRate(db: Db, id: number) {
  const [row] = await db.select().from(conversionRates).where(eq(conversionRates.id, id))
  if (!row) throw new DomainError('not_found', CURRENCY_MESSAGES.rateNotFound)
  return row
}

export async function getRate(ctx: ServiceContext, rawId: unknown): Promise<RateDto> {
  canManageCurrencies(ctx)
  const row = await loadRate(ctx.db, idOf(rawId, CURRENCY_MESSAGES.rateNotFound))
  return (await expand(ctx.db, [row]))[0]!
}

function duplicate(error: unknown): DomainError | undefined {
  const { code, constraint } = pgCode(error)
  if (code === '23505' && constraint === 'conversion_rates_pair_date_key') return DomainError.invalid({ effective_date: [CURRENCY_MESSAGES.rateExists] })
  return undefined
}

/** Both currencies of a rate, active, and different once resolved (an id and a code may name the same one). */
async function pair(db: Db, from: number | string, to: number | string) {
  const [a, b] = await Promise.all([currencyFor(db, from, 'from_currency', true), currencyFor(db, to, 'to_currency', true)])
  if (a.id === b.id) throw DomainError.invalid({ to_currency: [CURRENCY_MESSAGES.sameCurrencyText] })
  return [a, b] as const
}

/** POST create_conversion_rate: a new rate between two active currencies. Needs manage_currencies. */
export async function createRate(ctx: ServiceContext, input: unknown): Promise<RateDto> {
  const actor = canManageCurrencies(ctx)
  const data = parseInput(ConversionRateInput, input)
  const [from, to] = await pair(ctx.db, data.from_currency, data.to_currency)
  try {
    const [row] = await ctx.db
      .insert(conversionRates)
      .values({
        fromCurrencyId: from.id,
        toCurrencyId: to.id,
        rate: data.rate,
        effectiveDate: data.effective_date,
        source: data.source,
        isActive: data.is_active,
        createdById: actor.id,
      })
      .returning()
    return (await expand(ctx.db, [row!]))[0]!
  } catch (error) {
    throw duplicate(error) ?? error
  }
}

/**
 * PUT (the whole form) or PATCH (some fields) of a rate. A currency that is changed must be active; one that stays
 * may have been deactivated since. Needs manage_currencies.
 */
export async function updateRate(ctx: ServiceContext, rawId: unknown, input: unknown, partial = false): Promise<RateDto> {
  canManageCurrencies(ctx)
  const id = idOf(rawId, CURRENCY_MESSAGES.rateNotFound)
  const data = parseInput(partial ? UpdateConversionRateInput : ConversionRateInput, input)
  const current = await loadRate(ctx.db, id)
  const ref = async (value: number | string | undefined, currentId: number, field: string) => {
    if (value === undefined) return currentId
    const row = await currencyFor(ctx.db, value, field, false)
    if (row.id !== currentId && !row.isActive) throw DomainError.invalid({ [field]: [CURRENCY_MESSAGES.inactiveCurrency(row.code)] })
    return row.id
  }
  const from = await ref(data.from_currency, current.fromCurrencyId, 'from_currency')
  const to = await ref(data.to_currency, current.toCurrencyId, 'to_currency')
  if (from === to) throw DomainError.invalid({ to_currency: [CURRENCY_MESSAGES.sameCurrencyText] })
  try {
    const [row] = await ctx.db
      .update(conversionRates)
      .set({
        fromCurrencyId: from,
        toCurrencyId: to,
        ...(data.rate !== undefined ? { rate: data.rate } : {}),
        ...(data.effective_date !== undefined ? { effectiveDate: data.effective_date } : {}),
        ...(data.source !== undefined ? { source: data.source } : {}),
        ...(data.is_active !== undefined ? { isActive: data.is_active } : {}),
      })
      .where(eq(conversionRates.id, id))
      .returning()
    if (!row) throw new DomainError('not_found', CURRENCY_MESSAGES.rateNotFound)
    return (await expand(ctx.db, [row]))[0]!
  } catch (error) {
    throw duplicate(error) ?? error
  }
}

/** Delete a rate. Recorded conversions keep the figures they used. Needs manage_currencies. */
export async function deleteRate(ctx: ServiceContext, rawId: unknown): Promise<void> {
  canManageCurrencies(ctx)
  const id = idOf(rawId, CURRENCY_MESSAGES.rateNotFound)
  const deleted = await ctx.db.delete(conversionRates).where(eq(conversionRates.id, id)).returning({ id: conversionRates.id })
  if (!deleted.length) throw new DomainError('not_found', CURRENCY_MESSAGES.rateNotFound)
}
