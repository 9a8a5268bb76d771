import {
  type CountryFilters,
  CountryFilters as CountryFiltersSchema,
  type DestinationFilters,
  CountryOptionsQuery,
  CreateCountryInput,
  SELECT_OPTIONS_LIMIT,
  SELECT_OPTIONS_MAX,
  UpdateCountryInput,
} from '@meridian/validators'
import { and, asc, count, countries, type Database, eq, getTableColumns, locations, type SQL, sql, suppliers } from '@meridian/db'
import { type FilterParam, type PageRef, type PageWindow, pagedList } from '../lists/paged-list.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CATALOGUE_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { canReadDestinations, canWriteDestinations } from './access.ts'
import { countryActivityCounts, locationCounts } from './counts.ts'
import { type CountryDto, serializeCountry } from './serialize.ts'
import { escapeLike, normalizeSearch, pgError, recordId, referencingTable, stillReferenced, textMatch } from './shared.ts'

export type { PageWindow as Page } from '../lists/paged-list.ts'

type CountryRow = typeof countries.$inferSelect

async function withCounts(db: Database, rows: CountryRow[]): Promise<CountryDto[]> {
  const ids = rows.map((r) => r.id)
  const [locs, acts] = await Promise.all([locationCounts(db, ids), countryActivityCounts(db, ids)])
  return rows.map((r) => serializeCountry(r, { locations: locs.get(r.id) ?? 0, activities: acts.get(r.id) ?? 0 }))
}

const key = (column: SQL) => sql`meridian_search_key(${column})`

/** Search by name: one or two letters match names that start with them, longer text anywhere in the name. */
const nameSearch = {
  search_prefix: (p: FilterParam) => sql`(${key(sql`${countries.name}`)} ~>=~ ${p('lo')} and ${key(sql`${countries.name}`)} ~<~ ${p('hi')})`,
  search: (p: FilterParam) => sql`${key(sql`${countries.name}`)} like ${p()}`,
}

const countryRows = (db: Database, page: PageRef) =>
  db
    .select({ ...getTableColumns(countries), ...page.cursor })
    .from(page.from)
    .innerJoin(countries, eq(countries.id, page.id))

/** Countries by name (Destination Management); each filter has an index in this order (decision 021). */
const countryList = pagedList({
  name: 'countries',
  table: countries,
  id: countries.id,
  keys: [
    { expr: countries.name, type: 'text' },
    { expr: countries.id, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    ...nameSearch,
    continent: (p) => sql`${countries.continent} = ${p()}`,
    destination_category: (p) => sql`${countries.destinationCategory} = ${p()}`,
    is_active: (p) => sql`${countries.isActive} = ${p()}`,
    is_promoted_destination: (p) => sql`${countries.isPromotedDestination} = ${p()}`,
  },
  rows: countryRows,
})

/**
 * Public destinations: active countries, promoted first, then by name. `not promoted` ascending is promoted
 * first, so every key runs one way and a cursor is one row comparison; the partial index matches this exactly.
 */
const destinationList = pagedList({
  name: 'destinations',
  table: countries,
  id: countries.id,
  where: sql`${countries.isActive}`,
  keys: [
    { expr: sql`(not ${countries.isPromotedDestination})`, type: 'bool' },
    { expr: countries.name, type: 'text' },
    { expr: countries.id, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    ...nameSearch,
    continent: (p) => sql`${countries.continent} = ${p()}`,
    destination_category: (p) => sql`${countries.destinationCategory} = ${p()}`,
    is_promoted_destination: (p) => sql`${countries.isPromotedDestination} = ${p()}`,
  },
  rows: countryRows,
})

export function searchValues(search: string | undefined) {
  const match = normalizeSearch(search ?? '')
  return {
    search_prefix: match && match.length < 3 ? { lo: match, hi: `${match}\u{10FFFF}` } : undefined,
    search: match.length >= 3 ? `%${escapeLike(match)}%` : undefined,
  }
}

const countryFilterValues = (f: CountryFilters) => ({
  ...searchValues(f.search),
  continent: f.continent || undefined,
  destination_category: f.destination_category || undefined,
  is_active: f.is_active,
  is_promoted_destination: f.is_promoted_destination,
})

/** A page of countries by name, with their counts (management list). */
export async function queryCountries(db: Database, filters: CountryFilters, page: PageWindow) {
  const { count, rows, next_cursor } = await countryList.page(db, countryFilterValues(filters), page)
  return { count, results: await withCounts(db, rows), next_cursor }
}

/** A page of active countries, promoted first, then by name (traveler-facing). */
export async function queryDestinations(db: Database, filters: DestinationFilters, page: PageWindow) {
  const { is_active: _active, ...values } = countryFilterValues({ ...filters, is_active: undefined })
  const { count, rows, next_cursor } = await destinationList.page(db, values, page)
  return { count, results: await withCounts(db, rows), next_cursor }
}

/** The lists' statements for these filters (plan checks in tests). */
export const countryListQueries = (db: Database, filters: CountryFilters, page: PageWindow) =>
  countryList.queries(db, countryFilterValues(filters), page)
export const destinationListQueries = (db: Database, filters: DestinationFilters, page: PageWindow) => {
  const { is_active: _active, ...values } = countryFilterValues({ ...filters, is_active: undefined })
  return destinationList.queries(db, values, page)
}

/** Countries for Destination Management: search, continent, category, active and promoted filters. Needs manage_destinations. */
export async function listCountries(ctx: ServiceContext, query: unknown, page: PageWindow) {
  canReadDestinations(ctx)
  return queryCountries(ctx.db, parseInput(CountryFiltersSchema, query), page)
}

/** `{id, name, continent}` options, best matches first (search, is_active, continent). */
export async function countryOptionsFor(db: Database, query: unknown) {
  const q = parseInput(CountryOptionsQuery, query)
  const where: SQL[] = []
  let rank: SQL[] = []
  if (q.search) {
    const match = textMatch(countries.name, q.search)
    if (match.key) {
      where.push(match.where)
      rank = match.rank
    }
  }
  if (q.continent) where.push(eq(countries.continent, q.continent))
  if (q.is_active !== undefined) where.push(eq(countries.isActive, q.is_active))
  return db
    .select({ id: countries.id, name: countries.name, continent: countries.continent })
    .from(countries)
    .where(and(...where))
    .orderBy(...rank, asc(countries.name))
    .limit(Math.min(q.limit ?? SELECT_OPTIONS_LIMIT, SELECT_OPTIONS_MAX))
}

/** GET countries-mgmt/select_options/. Needs manage_destinations. */
export async function countryOptions(ctx: ServiceContext, query: unknown) {
  canReadDestinations(ctx)
  return countryOptionsFor(ctx.db, query)
}

async function loadCountry(db: Database, id: number): Promise<CountryRow> {
  const [row] = await db.select().from(countries).where(eq(countries.id, id))
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.destinationNotFound)
  return row
}

/** One country with its counts. Needs manage_destinations. */
export async function getCountry(ctx: ServiceContext, rawId: unknown): Promise<CountryDto> {
  canReadDestinations(ctx)
  const row = await loadCountry(ctx.db, recordId(rawId, CATALOGUE_MESSAGES.destinationNotFound))
  return (await withCounts(ctx.db, [row]))[0]!
}

function countryValues(input: UpdateCountryInput) {
  const values: Partial<typeof countries.$inferInsert> = {
    name: input.name,
    continent: input.continent,
    capital: input.capital,
    currency: input.currency,
    language: input.language,
    population: input.population ?? undefined,
    isActive: input.is_active,
    isPromotedDestination: input.is_promoted_destination,
    destinationCategory: input.destination_category,
    whyVisit: input.why_visit,
    highlights: input.highlights,
    bestTimeToVisit: input.best_time_to_visit,
    visaRequirements: input.visa_requirements,
    entryRequirements: input.entry_requirements,
    safetyInfo: input.safety_info,
    healthRequirements: input.health_requirements,
    localCustoms: input.local_customs,
    tippingGuide: input.tipping_guide,
    transportationOverview: input.transportation_overview,
    travelSeasons: input.travel_seasons,
    emergencyContacts: input.emergency_contacts,
    mainAirports: input.main_airports,
    mainPorts: input.main_ports,
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<typeof countries.$inferInsert>
}

const nameTaken = (name: string) =>
  new DomainError('conflict', 'A country with this name already exists.', {
    fields: { name: [`A country named "${name}" already exists.`] },
  })

async function assertNameFree(db: Database, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(and(sql`lower(${countries.name}) = lower(${name})`, exceptId ? sql`${countries.id} <> ${exceptId}` : undefined))
  if (clash) throw nameTaken(name)
}

async function saving<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    // A concurrent save took the name between the check and the write.
    if (pgError(error).code === '23505' && name) throw nameTaken(name)
    throw error
  }
}

/** Add a country (name and continent required, name unique regardless of case). Needs manage_destinations. */
export async function createCountry(ctx: ServiceContext, input: unknown): Promise<CountryDto> {
  canWriteDestinations(ctx)
  const data = parseInput(CreateCountryInput, input)
  await assertNameFree(ctx.db, data.name)
  const [row] = await saving(data.name, () =>
    ctx.db
      .insert(countries)
      .values({ ...countryValues(data), name: data.name, continent: data.continent } as typeof countries.$inferInsert)
      .returning(),
  )
  return (await withCounts(ctx.db, [row!]))[0]!
}

/** Change some fields of a country. Needs manage_destinations. */
export async function updateCountry(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<CountryDto> {
  canWriteDestinations(ctx)
  const id = recordId(rawId, CATALOGUE_MESSAGES.destinationNotFound)
  const data = parseInput(UpdateCountryInput, input)
  await loadCountry(ctx.db, id)
  if (data.name) await assertNameFree(ctx.db, data.name, id)
  const values = countryValues(data)
  const [row] = Object.keys(values).length
    ? await saving(data.name, () => ctx.db.update(countries).set(values).where(eq(countries.id, id)).returning())
    : [await loadCountry(ctx.db, id)]
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.destinationNotFound)
  return (await withCounts(ctx.db, [row]))[0]!
}

/**
 * Delete a country and its regions. Refused (409) while locations, suppliers or later records (activities,
 * transfers) refer to it: the answer says what refers to it and offers deactivation. Needs manage_destinations.
 */
export async function deleteCountry(ctx: ServiceContext, rawId: unknown): Promise<void> {
  canWriteDestinations(ctx)
  const id = recordId(rawId, CATALOGUE_MESSAGES.destinationNotFound)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).for('update')
    if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.destinationNotFound)
    const [[locs], [sups]] = await Promise.all([
      tx.select({ n: count() }).from(locations).where(eq(locations.countryId, id)),
      tx.select({ n: count() }).from(suppliers).where(eq(suppliers.countryId, id)),
    ])
    const counts = { location: locs?.n ?? 0, supplier: sups?.n ?? 0 }
    if (counts.location || counts.supplier) throw stillReferenced('destination', counts)
    try {
      await tx.delete(countries).where(eq(countries.id, id))
    } catch (error) {
      const table = referencingTable(error)
      if (table) throw stillReferenced('destination', {}, table)
      throw error
    }
  })
}

/** Every country as `{id, name}`, by name: the country select of the location form and filters. Needs manage_destinations. */
export async function listCountryChoices(ctx: ServiceContext) {
  canReadDestinations(ctx)
  return ctx.db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name))
}
