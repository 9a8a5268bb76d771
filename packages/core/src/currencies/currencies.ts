import { CreateCurrencyInput, CurrencyFilters, UpdateCurrencyInput } from '@meridian/validators'
import { and, asc, conversionRates, count, currencies, currencyConversions, type Database, eq, getTableColumns, or, sql, transfers } from '@meridian/db'
import * as v from 'valibot'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CURRENCY_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { canManageCurrencies } from './access.ts'
import { type CurrencyDto, serializeCurrency } from './serialize.ts'
import { idOf, inUse, pgCode, referencingTableOf } from './shared.ts'

type CurrencyRow = typeof currencies.$inferSelect
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Db = Database | Tx

const ORDER = [asc(currencies.displayOrder), asc(currencies.code)]

/** Currencies by display order and code (the id breaks no tie: codes are unique), decision 021. */
const currencyList = pagedList({
  name: 'currencies',
  table: currencies,
  id: currencies.id,
  keys: [
    { expr: currencies.displayOrder, type: 'int' },
    { expr: currencies.code, type: 'text' },
    { expr: currencies.id, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    is_active: (p) => sql`${currencies.isActive} = ${p()}`,
    // At most 17,576 rows (three capital letters), so the three ILIKEs read the table's few pages.
    search: (p) => sql`(${currencies.code} ilike ${p()} or ${currencies.name} ilike ${p()} or ${currencies.countries} ilike ${p()})`,
  },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(currencies), ...page.cursor })
      .from(page.from)
      .innerJoin(currencies, eq(currencies.id, page.id)),
})

const currencyFilterValues = (f: v.InferOutput<typeof CurrencyFilters>) => ({
  is_active: f.is_active,
  search: f.search ? `%${f.search.replace(/[\\%_]/g, '\\$&')}%` : undefined,
})

/** Currencies by display order and code; filters search (code, name, countries) and is_active. Needs manage_currencies. */
export async function listCurrencies(ctx: ServiceContext, query: unknown, page: PageWindow) {
  canManageCurrencies(ctx)
  const { count, rows, next_cursor } = await currencyList.page(ctx.db, currencyFilterValues(parseInput(CurrencyFilters, query)), page)
  return { count, results: rows.map(serializeCurrency), next_cursor }
}

/** The list's statements for these filters (plan checks in tests). */
export const currencyListQueries = (db: Database, query: unknown, page: PageWindow) =>
  currencyList.queries(db, currencyFilterValues(parseInput(CurrencyFilters, query)), page)

/** GET /api/v1/currencies/public/: the active currencies, for anyone (no sign-in). */
export async function listPublicCurrencies(ctx: ServiceContext) {
  const rows = await ctx.db.select().from(currencies).where(eq(currencies.isActive, true)).orderBy(...ORDER)
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, symbol: r.symbol, is_base_currency: r.isBaseCurrency, display_order: r.displayOrder }))
}

async function loadCurrency(db: Db, id: number): Promise<CurrencyRow> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id))
  if (!row) throw new DomainError('not_found', CURRENCY_MESSAGES.currencyNotFound)
  return row
}

export async function getCurrency(ctx: ServiceContext, rawId: unknown): Promise<CurrencyDto> {
  canManageCurrencies(ctx)
  return serializeCurrency(await loadCurrency(ctx.db, idOf(rawId, CURRENCY_MESSAGES.currencyNotFound)))
}

/**
 * A currency named by id or code, for a field of a request. Unknown answers `unknownCurrency` on that field;
 * `active` also refuses an inactive one (§5: only active currencies are offered).
 */
export async function currencyFor(db: Db, ref: number | string, field: string, active: boolean): Promise<CurrencyRow> {
  const [row] = await db
    .select()
    .from(currencies)
    .where(typeof ref === 'number' ? eq(currencies.id, ref) : eq(currencies.code, ref))
  if (!row) throw DomainError.invalid({ [field]: [CURRENCY_MESSAGES.unknownCurrency] })
  if (active && !row.isActive) throw DomainError.invalid({ [field]: [CURRENCY_MESSAGES.inactiveCurrency(row.code)] })
  return row
}

/** The base currency, if any. */
export async function baseCurrency(db: Db): Promise<CurrencyRow | null> {
  const [row] = await db.select().from(currencies).where(eq(currencies.isBaseCurrency, true))
  return row ?? null
}

/** The code of the base currency (USD when none is marked). */
export const baseCurrencyCode = async (db: Db) => (await baseCurrency(db))?.code ?? 'USD'

/** Make `id` the one base currency (in the caller's transaction): the old base loses the flag first. */
export async function makeBase(tx: Tx, id: number) {
  await tx.update(currencies).set({ isBaseCurrency: false }).where(and(eq(currencies.isBaseCurrency, true), sql`${currencies.id} <> ${id}`))
  await tx.update(currencies).set({ isBaseCurrency: true, isActive: true }).where(eq(currencies.id, id))
}

function codeTaken(error: unknown, code: string | undefined): DomainError | undefined {
  const { code: pg, constraint } = pgCode(error)
  if (pg === '23505' && constraint === 'currencies_code_key') return DomainError.invalid({ code: [CURRENCY_MESSAGES.codeTaken(code ?? '')] })
  return undefined
}

/** Add a currency; the first currency, or one sent with is_base_currency, becomes the base. Needs manage_currencies. */
export async function createCurrency(ctx: ServiceContext, input: unknown): Promise<CurrencyDto> {
  canManageCurrencies(ctx)
  const data = parseInput(CreateCurrencyInput, input)
  if (data.is_base_currency && data.is_active === false) throw DomainError.invalid({ is_active: [CURRENCY_MESSAGES.baseStaysActive] })
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(currencies)
        .values({
          code: data.code,
          name: data.name,
          symbol: data.symbol,
          isActive: data.is_active ?? true,
          displayOrder: data.display_order ?? 0,
          countries: data.countries ?? '',
        })
        .returning()
      if (data.is_base_currency || !(await baseCurrency(tx))) await makeBase(tx, created!.id)
      return loadCurrency(tx, created!.id)
    })
    return serializeCurrency(row)
  } catch (error) {
    throw codeTaken(error, data.code) ?? error
  }
}

/**
 * Change a currency (PUT: every form field; PATCH: some). Setting is_base_currency moves the base here; the base
 * cannot be unflagged or deactivated directly (exactly one base). Needs manage_currencies.
 */
export async function updateCurrency(ctx: ServiceContext, rawId: unknown, input: unknown, partial = true): Promise<CurrencyDto> {
  canManageCurrencies(ctx)
  const id = idOf(rawId, CURRENCY_MESSAGES.currencyNotFound)
  const data = parseInput(partial ? UpdateCurrencyInput : CreateCurrencyInput, input)
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update')
      if (!current) throw new DomainError('not_found', CURRENCY_MESSAGES.currencyNotFound)
      const willBeBase = data.is_base_currency ?? current.isBaseCurrency
      if (current.isBaseCurrency && data.is_base_currency === false) throw DomainError.invalid({ is_base_currency: [CURRENCY_MESSAGES.oneBase] })
      if (willBeBase && data.is_active === false) throw DomainError.invalid({ is_active: [CURRENCY_MESSAGES.baseStaysActive] })
      const values: Partial<typeof currencies.$inferInsert> = {}
      if (data.code !== undefined) values.code = data.code
      if (data.name !== undefined) values.name = data.name
      if (data.symbol !== undefined) values.symbol = data.symbol
      if (data.is_active !== undefined) values.isActive = data.is_active
      if (data.display_order !== undefined) values.displayOrder = data.display_order
      if (data.countries !== undefined) values.countries = data.countries
      if (Object.keys(values).length) await tx.update(currencies).set(values).where(eq(currencies.id, id))
      if (data.is_base_currency && !current.isBaseCurrency) await makeBase(tx, id)
      return loadCurrency(tx, id)
    })
    return serializeCurrency(row)
  } catch (error) {
    throw codeTaken(error, data.code) ?? error
  }
}

/** What refers to a currency: rates, transfers pricing in it, recorded conversions. */
export async function currencyUsage(db: Db, row: Pick<CurrencyRow, 'id' | 'code'>) {
  const [[rates], [transferRows], [conversions]] = await Promise.all([
    db
      .select({ n: count() })
      .from(conversionRates)
      .where(or(eq(conversionRates.fromCurrencyId, row.id), eq(conversionRates.toCurrencyId, row.id))),
    db
      .select({ n: count() })
      .from(transfers)
      .where(sql`upper(${transfers.pricing}->>'currency') = ${row.code}`),
    db
      .select({ n: count() })
      .from(currencyConversions)
      .where(or(eq(currencyConversions.fromCurrencyId, row.id), eq(currencyConversions.toCurrencyId, row.id))),
  ])
  return { 'conversion rate': rates?.n ?? 0, transfer: transferRows?.n ?? 0, 'recorded conversion': conversions?.n ?? 0 }
}

/**
 * Delete a currency: refused for the base currency and while rates, transfers, recorded conversions or other
 * records (activities) refer to it. Needs manage_currencies.
 */
export async function deleteCurrency(ctx: ServiceContext, rawId: unknown): Promise<void> {
  canManageCurrencies(ctx)
  const id = idOf(rawId, CURRENCY_MESSAGES.currencyNotFound)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update')
    if (!row) throw new DomainError('not_found', CURRENCY_MESSAGES.currencyNotFound)
    if (row.isBaseCurrency) throw new DomainError('conflict', CURRENCY_MESSAGES.baseNotDeletable)
    const usage = await currencyUsage(tx, row)
    if (Object.values(usage).some((n) => n > 0)) throw inUse('currency', usage)
    try {
      await tx.delete(currencies).where(eq(currencies.id, id))
    } catch (error) {
      const table = referencingTableOf(error)
      if (table) throw inUse('currency', {}, table)
      throw error
    }
  })
}
