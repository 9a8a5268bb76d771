import {
  CreateLocationInput,
  type LocationFilters,
  LocationFilters as LocationFiltersSchema,
  LocationOptionsQuery,
  SELECT_OPTIONS_LIMIT,
  SELECT_OPTIONS_MAX,
  UpdateLocationInput,
} from '@meridian/validators'
import { and, asc, countries, type Database, eq, getTableColumns, inArray, locations, regions, type SQL, sql } from '@meridian/db'
import { pagedList } from '../lists/paged-list.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { CATALOGUE_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { canReadLocations, canWriteLocations } from './access.ts'
import { type Page, searchValues } from './countries.ts'
import { locationAccommodationCounts, locationActivityCounts } from './counts.ts'
import { type LocationDto, serializeLocation, serializeRegion } from './serialize.ts'
import { pgError, prefixThenContains, recordId, referencingTable, stillReferenced } from './shared.ts'

type LocationRow = typeof locations.$inferSelect

type NamedLocation = LocationRow & { countryName: string | null; regionName: string | null }

/** Serialize rows that carry their country and region names, with the read-only counts (one statement). */
async function serialize(db: Database, rows: NamedLocation[]): Promise<LocationDto[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [acts, accs] = await Promise.all([locationActivityCounts(db, ids), locationAccommodationCounts(db, ids)])
  return rows.map(({ countryName, regionName, ...r }) =>
    serializeLocation(
      r,
      {
        country: { id: r.countryId, name: countryName ?? '' },
        region: r.regionId && regionName !== null ? serializeRegion({ id: r.regionId, name: regionName }) : null,
      },
      { activities: acts.get(r.id) ?? 0, accommodations: accs.get(r.id) ?? 0 },
    ),
  )
}

/** Serialize rows read on their own (one location): their names in one more statement. */
async function expand(db: Database, rows: LocationRow[]): Promise<LocationDto[]> {
  if (rows.length === 0) return []
  const named = await db
    .select({ id: locations.id, countryName: countries.name, regionName: regions.name })
    .from(locations)
    .innerJoin(countries, eq(countries.id, locations.countryId))
    .leftJoin(regions, eq(regions.id, locations.regionId))
    .where(inArray(
      locations.id,
      rows.map((r) => r.id),
    ))
  const byId = new Map(named.map((n) => [n.id, n]))
  return serialize(
    db,
    rows.map((r) => ({ ...r, countryName: byId.get(r.id)?.countryName ?? null, regionName: byId.get(r.id)?.regionName ?? null })),
  )
}

/** Locations by name, with country and region names joined after the page is cut (decision 021). */
const locationList = pagedList({
  name: 'locations',
  table: locations,
  id: locations.id,
  keys: [
    { expr: locations.name, type: 'text' },
    { expr: locations.id, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    search_prefix: (p) => sql`(${locations.searchName} ~>=~ ${p('lo')} and ${locations.searchName} ~<~ ${p('hi')})`,
    search: (p) => sql`${locations.searchName} like ${p()}`,
    country: (p) => sql`${locations.countryId} = ${p()}`,
    region: (p) => sql`${locations.regionId} = ${p()}`,
    location_type: (p) => sql`${locations.locationType} = ${p()}`,
    is_active: (p) => sql`${locations.isActive} = ${p()}`,
    is_featured: (p) => sql`${locations.isFeatured} = ${p()}`,
  },
  rows: (db, page) =>
    db
      .select({ ...getTableColumns(locations), countryName: countries.name, regionName: regions.name, ...page.cursor })
      .from(page.from)
      .innerJoin(locations, eq(locations.id, page.id))
      .leftJoin(countries, eq(countries.id, locations.countryId))
      .leftJoin(regions, eq(regions.id, locations.regionId)),
})

const locationFilterValues = (f: LocationFilters) => ({
  ...searchValues(f.search),
  country: f.country || undefined,
  region: f.region || undefined,
  location_type: f.location_type || undefined,
  is_active: f.is_active,
  is_featured: f.is_featured,
})

/** Locations for Location Management: search, country, region, type, active and featured filters. Needs manage_destinations. */
export async function listLocations(ctx: ServiceContext, query: unknown, page: Page) {
  canReadLocations(ctx)
  const filters = parseInput(LocationFiltersSchema, query)
  const { count, rows, next_cursor } = await locationList.page(ctx.db, locationFilterValues(filters), page)
  return { count, results: await serialize(ctx.db, rows as NamedLocation[]), next_cursor }
}

/** The list's statements for these filters (plan checks in tests). */
export const locationListQueries = (db: Database, query: unknown, page: Page) =>
  locationList.queries(db, locationFilterValues(parseInput(LocationFiltersSchema, query)), page)

/**
 * `{id, name, location_type, country_id, country_name}` options, best matches first (search, is_active,
 * country, location_type). Needs manage_destinations.
 */
export async function locationOptions(ctx: ServiceContext, query: unknown) {
  canReadLocations(ctx)
  const q = parseInput(LocationOptionsQuery, query)
  const where: SQL[] = []
  if (q.country) where.push(eq(locations.countryId, q.country))
  if (q.location_type) where.push(eq(locations.locationType, q.location_type))
  if (q.is_active !== undefined) where.push(eq(locations.isActive, q.is_active))
  const limit = Math.min(q.limit ?? SELECT_OPTIONS_LIMIT, SELECT_OPTIONS_MAX)
  const read = (match: SQL, orderBy: SQL[], n: number) =>
    ctx.db
      .select({
        id: locations.id,
        name: locations.name,
        location_type: locations.locationType,
        country_id: locations.countryId,
        country_name: countries.name,
      })
      .from(locations)
      .innerJoin(countries, eq(countries.id, locations.countryId))
      .where(and(match, ...where))
      .orderBy(...orderBy, asc(locations.name), asc(locations.id))
      .limit(n)
  return q.search ? prefixThenContains(locations.searchName, q.search, limit, read) : read(sql`true`, [], limit)
}

/** The regions of one country, by name, for the location form's region select. Needs manage_destinations. */
export async function listRegions(ctx: ServiceContext, rawCountryId: unknown) {
  canReadLocations(ctx)
  const countryId = recordId(rawCountryId, CATALOGUE_MESSAGES.destinationNotFound)
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
  if (!country) throw new DomainError('not_found', CATALOGUE_MESSAGES.destinationNotFound)
  const rows = await ctx.db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(eq(regions.countryId, countryId))
    .orderBy(asc(regions.name), asc(regions.id))
  return rows.map(serializeRegion)
}

async function loadLocation(db: Database, id: number): Promise<LocationRow> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id))
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.locationNotFound)
  return row
}

/** One location. Needs manage_destinations. */
export async function getLocation(ctx: ServiceContext, rawId: unknown): Promise<LocationDto> {
  canReadLocations(ctx)
  const row = await loadLocation(ctx.db, recordId(rawId, CATALOGUE_MESSAGES.locationNotFound))
  return (await expand(ctx.db, [row]))[0]!
}

const decimal = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : value.toFixed(6))

function locationValues(input: UpdateLocationInput) {
  const values: Partial<typeof locations.$inferInsert> = {
    name: input.name,
    countryId: input.country,
    regionId: input.region,
    locationType: input.location_type,
    description: input.description,
    address: input.address,
    latitude: decimal(input.latitude),
    longitude: decimal(input.longitude),
    timezone: input.timezone,
    localTransportation: input.local_transportation,
    travelerTips: input.traveler_tips,
    bestTimeToVisit: input.best_time_to_visit,
    isActive: input.is_active,
    isFeatured: input.is_featured,
    airportCode: input.airport_code,
    population: input.population,
  }
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<typeof locations.$inferInsert>
}

/** The country exists, the region (if any) is one of its regions, and no other location there has the name. */
async function checkReferences(db: Database, target: { name: string; countryId: number; regionId: number | null }, exceptId?: number) {
  const fields: FieldErrors = {}
  const [country] = await db.select({ id: countries.id, name: countries.name }).from(countries).where(eq(countries.id, target.countryId))
  if (!country) fields.country = ['Select a valid country.']
  if (target.regionId !== null) {
    const [region] = await db.select({ countryId: regions.countryId }).from(regions).where(eq(regions.id, target.regionId))
    if (!region) fields.region = ['Select a valid region.']
    else if (region.countryId !== target.countryId) fields.region = ['This region is not in the selected country.']
  }
  if (Object.keys(fields).length) throw DomainError.invalid(fields)
  const [clash] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.countryId, target.countryId),
        sql`lower(${locations.name}) = lower(${target.name})`,
        exceptId ? sql`${locations.id} <> ${exceptId}` : undefined,
      ),
    )
  if (clash) throw nameTaken(target.name, country!.name)
  return country!
}

const nameTaken = (name: string, country: string) =>
  new DomainError('conflict', 'A location with this name already exists in this country.', {
    fields: { name: [`A location named "${name}" already exists in ${country}.`] },
  })

async function saving<T>(target: { name: string; country: string }, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (pgError(error).code === '23505') throw nameTaken(target.name, target.country)
    throw error
  }
}

/** Add a location (name, type and country required; the name unique within its country). Needs manage_destinations. */
export async function createLocation(ctx: ServiceContext, input: unknown): Promise<LocationDto> {
  canWriteLocations(ctx)
  const data = parseInput(CreateLocationInput, input)
  const country = await checkReferences(ctx.db, { name: data.name, countryId: data.country, regionId: data.region ?? null })
  const [row] = await saving({ name: data.name, country: country.name }, () =>
    ctx.db.insert(locations).values(locationValues(data) as typeof locations.$inferInsert).returning(),
  )
  return (await expand(ctx.db, [row!]))[0]!
}

/**
 * Change some fields of a location. Moving it to another country clears its region unless a region of the new
 * country comes with the change. Needs manage_destinations.
 */
export async function updateLocation(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<LocationDto> {
  canWriteLocations(ctx)
  const id = recordId(rawId, CATALOGUE_MESSAGES.locationNotFound)
  const data = parseInput(UpdateLocationInput, input)
  const current = await loadLocation(ctx.db, id)
  const countryId = data.country ?? current.countryId
  let regionId = data.region === undefined ? current.regionId : data.region
  if (data.country !== undefined && data.country !== current.countryId && data.region === undefined) regionId = null
  const country = await checkReferences(ctx.db, { name: data.name ?? current.name, countryId, regionId }, id)
  const values = { ...locationValues(data), regionId }
  const [row] = await saving({ name: data.name ?? current.name, country: country.name }, () =>
    ctx.db.update(locations).set(values).where(eq(locations.id, id)).returning(),
  )
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.locationNotFound)
  return (await expand(ctx.db, [row]))[0]!
}

/** Delete a location; refused (409) while activities, transfers or other records refer to it. Needs manage_destinations. */
export async function deleteLocation(ctx: ServiceContext, rawId: unknown): Promise<void> {
  canWriteLocations(ctx)
  const id = recordId(rawId, CATALOGUE_MESSAGES.locationNotFound)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).for('update')
    if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.locationNotFound)
    try {
      await tx.delete(locations).where(eq(locations.id, id))
    } catch (error) {
      const table = referencingTable(error)
      if (table) throw stillReferenced('location', {}, table)
      throw error
    }
  })
}
