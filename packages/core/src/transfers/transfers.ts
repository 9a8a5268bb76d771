import { CreateTransferInput, pricingProblems, routesProblems, schedulesProblems, TransferFilters, type TransferInput } from '@meridian/validators'
import { alias, and, asc, countries, currencies, type Database, eq, getTableColumns, ilike, inArray, locations, type SQL, sql, transfers } from '@meridian/db'
import * as v from 'valibot'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { TRANSFER_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { idOf } from '../currencies/shared.ts'
import { canManageTransfers } from './access.ts'

type TransferRow = typeof transfers.$inferSelect
type TransferFilters = v.InferOutput<typeof TransferFilters>

type Names = { fromCountryName: string | null; toCountryName: string | null; fromLocationName: string | null; toLocationName: string | null }

function serialize(r: TransferRow & Names) {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    is_active: r.isActive,
    from_country: r.fromCountryId,
    to_country: r.toCountryId,
    from_location: r.fromLocationId,
    to_location: r.toLocationId,
    from_country_name: r.fromCountryName,
    to_country_name: r.toCountryName,
    from_location_name: r.fromLocationName,
    to_location_name: r.toLocationName,
    duration: r.duration,
    routes: r.routes,
    pricing: r.pricing,
    schedules: r.schedules,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }
}
export type TransferDto = ReturnType<typeof serialize>

const fromCountry = alias(countries, 'from_country')
const toCountry = alias(countries, 'to_country')
const fromLocation = alias(locations, 'from_location')
const toLocation = alias(locations, 'to_location')
const names = { fromCountryName: fromCountry.name, toCountryName: toCountry.name, fromLocationName: fromLocation.name, toLocationName: toLocation.name }
const joinNames = <Q extends { leftJoin: (...args: any[]) => any }>(query: Q): Q =>
  query
    .leftJoin(fromCountry, eq(fromCountry.id, transfers.fromCountryId))
    .leftJoin(toCountry, eq(toCountry.id, transfers.toCountryId))
    .leftJoin(fromLocation, eq(fromLocation.id, transfers.fromLocationId))
    .leftJoin(toLocation, eq(toLocation.id, transfers.toLocationId))

/** One transfer with the names of its ends. */
async function expandOne(db: Database, id: number): Promise<TransferDto> {
  const [row] = await joinNames(db.select({ ...getTableColumns(transfers), ...names }).from(transfers)).where(eq(transfers.id, id))
  if (!row) throw new DomainError('not_found', TRANSFER_MESSAGES.notFound)
  return serialize(row)
}
const expand = async (db: Database, rows: TransferRow[]) => Promise.all(rows.map((r) => expandOne(db, r.id)))

function conditions(f: { type?: string; from_country?: number | null; to_country?: number | null; is_active?: boolean; search?: string }): SQL[] {
  const where: SQL[] = []
  if (f.type) where.push(eq(transfers.type, f.type as TransferRow['type']))
  if (f.from_country) where.push(eq(transfers.fromCountryId, f.from_country))
  if (f.to_country) where.push(eq(transfers.toCountryId, f.to_country))
  if (f.is_active !== undefined) where.push(eq(transfers.isActive, f.is_active))
  if (f.search) where.push(ilike(transfers.name, `%${f.search.replace(/[\\%_]/g, '\\$&')}%`))
  return where
}

/** Transfers by name, with the names of their ends joined after the page is cut (decision 021). */
const transferList = pagedList({
  name: 'transfers',
  table: transfers,
  id: transfers.id,
  keys: [
    { expr: transfers.name, type: 'text' },
    { expr: transfers.id, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    type: (p) => sql`${transfers.type} = ${p()}`,
    from_country: (p) => sql`${transfers.fromCountryId} = ${p()}`,
    to_country: (p) => sql`${transfers.toCountryId} = ${p()}`,
    is_active: (p) => sql`${transfers.isActive} = ${p()}`,
    search: (p) => sql`${transfers.name} ilike ${p()}`,
  },
  rows: (db, page) =>
    joinNames(
      db
        .select({ ...getTableColumns(transfers), ...names, ...page.cursor })
        .from(page.from)
        .innerJoin(transfers, eq(transfers.id, page.id)),
    ),
})

const transferFilterValues = (f: TransferFilters) => ({
  type: f.type || undefined,
  from_country: f.from_country || undefined,
  to_country: f.to_country || undefined,
  is_active: f.is_active,
  search: f.search ? `%${f.search.replace(/[\\%_]/g, '\\$&')}%` : undefined,
})

/** Transfers by name; filters type, from_country, to_country, is_active, search. Superadmin, admin, expert. */
export async function listTransfers(ctx: ServiceContext, query: unknown, page: PageWindow) {
  canManageTransfers(ctx)
  const { count, rows, next_cursor } = await transferList.page(ctx.db, transferFilterValues(parseInput(TransferFilters, query)), page)
  return { count, results: rows.map(serialize), next_cursor }
}

/** The list's statements for these filters (plan checks in tests). */
export const transferListQueries = (db: Database, query: unknown, page: PageWindow) =>
  transferList.queries(db, transferFilterValues(parseInput(TransferFilters, query)), page)

/** `{id, name, type, from_country, to_country}` of active transfers (unless is_active says otherwise), at most 500. */
export async function transferOptions(ctx: ServiceContext, query: unknown) {
  canManageTransfers(ctx)
  const f = parseInput(TransferFilters, query)
  return ctx.db
    .select({ id: transfers.id, name: transfers.name, type: transfers.type, from_country: transfers.fromCountryId, to_country: transfers.toCountryId })
    .from(transfers)
    .where(and(...conditions({ ...f, is_active: f.is_active ?? true })))
    .orderBy(asc(transfers.name), asc(transfers.id))
    .limit(500)
}

async function load(db: Database, id: number) {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, id))
  if (!row) throw new DomainError('not_found', TRANSFER_MESSAGES.notFound)
  return row
}

export async function getTransfer(ctx: ServiceContext, rawId: unknown): Promise<TransferDto> {
  canManageTransfers(ctx)
  return (await expand(ctx.db, [await load(ctx.db, idOf(rawId, TRANSFER_MESSAGES.notFound))]))[0]!
}

type Ends = { fromCountry: number | null; toCountry: number | null; fromLocation: number | null; toLocation: number | null }

/**
 * The checks past the input schema: countries and locations exist, a location lies in its end's country (a
 * location alone brings its country), and routes, pricing and schedules follow docs/transfers.md.
 */
async function checkTransfer(db: Database, data: TransferInput, ends: Ends): Promise<Ends> {
  const errors: FieldErrors = {}
  const add = (field: string, messages: string[]) => {
    if (messages.length) (errors[field] ??= []).push(...messages)
  }
  const countryIds = [ends.fromCountry, ends.toCountry].filter((x): x is number => x !== null)
  const locationIds = [ends.fromLocation, ends.toLocation].filter((x): x is number => x !== null)
  const [cs, ls, active] = await Promise.all([
    countryIds.length ? db.select({ id: countries.id }).from(countries).where(inArray(countries.id, countryIds)) : [],
    locationIds.length ? db.select({ id: locations.id, countryId: locations.countryId }).from(locations).where(inArray(locations.id, locationIds)) : [],
    data.pricing !== undefined ? db.select({ code: currencies.code }).from(currencies).where(eq(currencies.isActive, true)) : [],
  ])
  const knownCountries = new Set(cs.map((c) => c.id))
  const locationCountry = new Map(ls.map((l) => [l.id, l.countryId]))
  const out = { ...ends }
  for (const side of ['from', 'to'] as const) {
    const countryKey = `${side}Country` as const
    const locationKey = `${side}Location` as const
    const c = out[countryKey]
    const l = out[locationKey]
    if (c !== null && !knownCountries.has(c)) add(`${side}_country`, ['Select a valid country.'])
    if (l !== null) {
      const lc = locationCountry.get(l)
      if (lc === undefined) add(`${side}_location`, ['Select a valid location.'])
      else if (c === null) out[countryKey] = lc
      else if (c !== lc) add(`${side}_location`, [TRANSFER_MESSAGES.locationOutsideCountry])
    }
  }
  if (data.routes !== undefined) add('routes', routesProblems(data.routes as unknown[]))
  if (data.pricing !== undefined) add('pricing', pricingProblems(data.pricing as Record<string, unknown>, new Set(active.map((a) => a.code))))
  if (data.schedules !== undefined) add('schedules', schedulesProblems(data.schedules as Record<string, unknown>))
  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  return out
}

/** Pricing's currency code as stored: upper case, so currency deletion finds it. */
const normalisePricing = (pricing: Record<string, unknown>) =>
  typeof pricing.currency === 'string' ? { ...pricing, currency: pricing.currency.trim().toUpperCase() } : pricing

/** §3: a new transfer is a speedboat, active, with an empty name unless told otherwise. Superadmin, admin, expert. */
export async function createTransfer(ctx: ServiceContext, input: unknown): Promise<TransferDto> {
  const actor = canManageTransfers(ctx)
  const data = parseInput(CreateTransferInput, input)
  const ends = await checkTransfer(ctx.db, data, {
    fromCountry: data.from_country ?? null,
    toCountry: data.to_country ?? null,
    fromLocation: data.from_location ?? null,
    toLocation: data.to_location ?? null,
  })
  const [row] = await ctx.db
    .insert(transfers)
    .values({
      name: data.name ?? '',
      type: data.type ?? 'speedboat',
      isActive: data.is_active ?? true,
      fromCountryId: ends.fromCountry,
      toCountryId: ends.toCountry,
      fromLocationId: ends.fromLocation,
      toLocationId: ends.toLocation,
      duration: data.duration ?? '',
      routes: (data.routes as unknown[] | undefined) ?? [],
      pricing: normalisePricing((data.pricing as Record<string, unknown> | undefined) ?? {}),
      schedules: (data.schedules as Record<string, unknown> | undefined) ?? {},
      createdById: actor.id,
    })
    .returning()
  return (await expand(ctx.db, [row!]))[0]!
}

/** PATCH: the fields sent change; the rest stay. Superadmin, admin, expert. */
export async function updateTransfer(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<TransferDto> {
  canManageTransfers(ctx)
  const id = idOf(rawId, TRANSFER_MESSAGES.notFound)
  const data = parseInput(CreateTransferInput, input)
  const current = await load(ctx.db, id)
  // A new country without a location clears the old location of that end (it may lie elsewhere).
  const end = (country: number | null | undefined, location: number | null | undefined, oldCountry: number | null, oldLocation: number | null) => ({
    country: country === undefined ? oldCountry : country,
    location: location !== undefined ? location : country !== undefined && country !== oldCountry ? null : oldLocation,
  })
  const from = end(data.from_country, data.from_location, current.fromCountryId, current.fromLocationId)
  const to = end(data.to_country, data.to_location, current.toCountryId, current.toLocationId)
  const ends = await checkTransfer(ctx.db, data, { fromCountry: from.country, toCountry: to.country, fromLocation: from.location, toLocation: to.location })
  const [row] = await ctx.db
    .update(transfers)
    .set({
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.type !== undefined ? { type: data.type } : {}),
      ...(data.is_active !== undefined ? { isActive: data.is_active } : {}),
      ...(data.duration !== undefined ? { duration: data.duration } : {}),
      ...(data.routes !== undefined ? { routes: data.routes as unknown[] } : {}),
      ...(data.pricing !== undefined ? { pricing: normalisePricing(data.pricing as Record<string, unknown>) } : {}),
      ...(data.schedules !== undefined ? { schedules: data.schedules as Record<string, unknown> } : {}),
      fromCountryId: ends.fromCountry,
      toCountryId: ends.toCountry,
      fromLocationId: ends.fromLocation,
      toLocationId: ends.toLocation,
    })
    .where(eq(transfers.id, id))
    .returning()
  if (!row) throw new DomainError('not_found', TRANSFER_MESSAGES.notFound)
  return (await expand(ctx.db, [row]))[0]!
}

export async function deleteTransfer(ctx: ServiceContext, rawId: unknown): Promise<void> {
  canManageTransfers(ctx)
  const id = idOf(rawId, TRANSFER_MESSAGES.notFound)
  const gone = await ctx.db.delete(transfers).where(eq(transfers.id, id)).returning({ id: transfers.id })
  if (!gone.length) throw new DomainError('not_found', TRANSFER_MESSAGES.notFound)
}

/** Countries (id, name) and locations (id, name, country) for the transfer filters and form, by name. */
export async function transferPlaceOptions(ctx: ServiceContext) {
  canManageTransfers(ctx)
  const [cs, ls] = await Promise.all([
    ctx.db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name)).limit(500),
    ctx.db
      .select({ id: locations.id, name: locations.name, country: locations.countryId })
      .from(locations)
      .where(eq(locations.isActive, true))
      .orderBy(asc(locations.name))
      .limit(2000),
  ])
  return { countries: cs, locations: ls }
}
