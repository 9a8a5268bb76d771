import { DestinationFilters, DestinationSearchQuery } from '@meridian/validators'
import { and, asc, countries, desc, eq, locations, type SQL, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CATALOGUE_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { type Page, queryDestinations } from './countries.ts'
import { locationCounts } from './counts.ts'
import { serializeCountry } from './serialize.ts'
import { normalizeSearch, prefixThenContains, recordId, textMatch } from './shared.ts'

/**
 * Traveler-facing destinations (1-platform-core.md §7): active countries only, open to everyone (the public
 * site shows them too). Promoted destinations first, then by name.
 */
export async function listDestinations(ctx: ServiceContext, query: unknown, page: Page) {
  return queryDestinations(ctx.db, parseInput(DestinationFilters, query), page)
}

/** One active country with its active locations (featured first, then the most populous), at most 50. */
export async function getDestination(ctx: ServiceContext, rawId: unknown) {
  const id = recordId(rawId, CATALOGUE_MESSAGES.destinationNotFound)
  const [row] = await ctx.db
    .select()
    .from(countries)
    .where(and(eq(countries.id, id), eq(countries.isActive, true)))
  if (!row) throw new DomainError('not_found', CATALOGUE_MESSAGES.destinationNotFound)
  const [places, counts] = await Promise.all([
    ctx.db
      .select({
        id: locations.id,
        name: locations.name,
        location_type: locations.locationType,
        description: locations.description,
        latitude: locations.latitude,
        longitude: locations.longitude,
        timezone: locations.timezone,
        airport_code: locations.airportCode,
        is_featured: locations.isFeatured,
      })
      .from(locations)
      .where(and(eq(locations.countryId, id), eq(locations.isActive, true)))
      .orderBy(desc(locations.isFeatured), sql`${locations.population} desc nulls last`, asc(locations.name))
      .limit(50),
    locationCounts(ctx.db, [id]),
  ])
  return {
    ...serializeCountry(row, { locations: counts.get(id) ?? 0, activities: 0 }),
    locations: places.map((p) => ({
      ...p,
      latitude: p.latitude === null ? null : Number(p.latitude),
      longitude: p.longitude === null ? null : Number(p.longitude),
    })),
  }
}

/** What a search hit of a place reads (with its country joined). */
const PLACE_HIT = {
  id: locations.id,
  name: locations.name,
  location_type: locations.locationType,
  country_id: countries.id,
  country_name: countries.name,
  continent: countries.continent,
}

const countryHit = (c: { id: number; name: string; continent: string }): DestinationHit => ({
  type: 'country',
  id: c.id,
  name: c.name,
  continent: c.continent,
  country: null,
  location_type: null,
})
const placeHit = (l: { id: number; name: string; location_type: string; country_id: number; country_name: string; continent: string }): DestinationHit => ({
  type: 'location',
  id: l.id,
  name: l.name,
  continent: l.continent,
  country: { id: l.country_id, name: l.country_name },
  location_type: l.location_type,
})

export interface DestinationHit {
  type: 'country' | 'location'
  id: number
  name: string
  continent: string
  country: { id: number; name: string } | null
  location_type: string | null
}

/**
 * GET /api/destinations/search/?q: active countries and active locations of active countries whose names
 * match, accents and case ignored, best matches first (countries before places of equal rank).
 */
export async function searchDestinations(ctx: ServiceContext, query: unknown): Promise<{ query: string; results: DestinationHit[] }> {
  const q = parseInput(DestinationSearchQuery, query)
  const limit = Math.min(q.limit ?? 20, 50)
  const countryMatch = textMatch(countries.name, q.q)
  if (!countryMatch.key) return { query: q.q, results: [] }
  const countryWhere: SQL[] = [countryMatch.where, eq(countries.isActive, true)]
  const readPlaces = (match: SQL, orderBy: SQL[], n: number) =>
    ctx.db
      .select({ ...PLACE_HIT, exact: sql<boolean>`${locations.searchName} = ${countryMatch.key}` })
      .from(locations)
      .innerJoin(countries, eq(countries.id, locations.countryId))
      .where(and(match, eq(locations.isActive, true), eq(countries.isActive, true)))
      .orderBy(...orderBy, asc(locations.name), asc(locations.id))
      .limit(n)
  const [cs, ls] = await Promise.all([
    ctx.db
      .select({ id: countries.id, name: countries.name, continent: countries.continent })
      .from(countries)
      .where(and(...countryWhere))
      .orderBy(...countryMatch.rank, asc(countries.name))
      .limit(limit),
    prefixThenContains(locations.searchName, q.q, limit, readPlaces),
  ])
  const countryHits = cs.map(countryHit)
  const locationHits = ls.map((l) => ({ exact: l.exact, hit: placeHit(l) }))
  // Exact place names rank with exact country names; then countries, then the other places, each in its own order.
  const results = [
    ...countryHits.filter((h) => countryMatch.key === normalize(h.name)),
    ...locationHits.filter((h) => h.exact).map((h) => h.hit),
    ...countryHits.filter((h) => countryMatch.key !== normalize(h.name)),
    ...locationHits.filter((h) => !h.exact).map((h) => h.hit),
  ].slice(0, limit)
  // Room left and words long enough for a typo to be told from a prefix: the closest names (pg_trgm similarity), so
  // "Malle" still finds Malé, after everything that matched as typed.
  if (results.length < limit && countryMatch.key.length >= 4)
    results.push(...(await closestDestinations(ctx, countryMatch.key, results, limit - results.length)))
  return { query: q.q, results }
}

/** Active countries and places whose names are closest to `key` (trigram similarity above pg_trgm's 0.3), best first. */
async function closestDestinations(ctx: ServiceContext, key: string, found: DestinationHit[], limit: number): Promise<DestinationHit[]> {
  const seen = new Set(found.map((h) => `${h.type}:${h.id}`))
  const [cs, ls] = await Promise.all([
    ctx.db
      .select({
        id: countries.id,
        name: countries.name,
        continent: countries.continent,
        score: sql<number>`similarity(meridian_search_key(${countries.name}), ${key})`,
      })
      .from(countries)
      .where(and(eq(countries.isActive, true), sql`meridian_search_key(${countries.name}) % ${key}`))
      .orderBy(sql`4 desc`, asc(countries.name))
      .limit(limit + seen.size),
    ctx.db
      .select({ ...PLACE_HIT, score: sql<number>`similarity(${locations.searchName}, ${key})` })
      .from(locations)
      .innerJoin(countries, eq(countries.id, locations.countryId))
      .where(and(eq(locations.isActive, true), eq(countries.isActive, true), sql`${locations.searchName} % ${key}`))
      .orderBy(sql`7 desc`, asc(locations.name), asc(locations.id))
      .limit(limit + seen.size),
  ])
  const hits = [...cs.map((c) => ({ score: Number(c.score), hit: countryHit(c) })), ...ls.map((l) => ({ score: Number(l.score), hit: placeHit(l) }))]
  return hits
    .filter((h) => !seen.has(`${h.hit.type}:${h.hit.id}`))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((h) => h.hit)
}

const normalize = normalizeSearch
