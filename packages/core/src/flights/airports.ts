import { alias, and, type AnyColumn, asc, countries, type Database, eq, inArray, locations, type Placeholder, type SQL, sql } from '@meridian/db'
import type { AirportInfo } from './serialize.ts'

/** At most this many airports answer one From or To text (a single letter could name thousands). */
export const MAX_MATCHED_AIRPORTS = 200

const airportColumns = {
  id: locations.id,
  code: locations.airportCode,
  name: locations.name,
  city: locations.address,
  country: sql<string>`coalesce(${countries.name}, '')`,
  timezone: locations.timezone,
}

const airportSelect = (db: Database) => db.select(airportColumns).from(locations).leftJoin(countries, eq(countries.id, locations.countryId))

/** Airports by location id (any location type: a flight's ends were airports when it was saved). */
export async function airportsByIds(db: Database, ids: number[]): Promise<Map<number, AirportInfo>> {
  const unique = [...new Set(ids)]
  if (!unique.length) return new Map()
  const rows = await airportSelect(db).where(inArray(locations.id, unique))
  return new Map(rows.map((r) => [r.id, r]))
}

/**
 * Airports by IATA code: locations of type airport with that code. When several share a code the oldest (lowest id)
 * answers, so a code always means the same airport.
 */
export async function airportsByCodes(db: Database, codes: string[]): Promise<Map<string, AirportInfo>> {
  const unique = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{3}$/.test(c)))]
  if (!unique.length) return new Map()
  const rows = await airportSelect(db)
    .where(and(eq(locations.locationType, 'airport'), inArray(locations.airportCode, unique)))
    .orderBy(asc(locations.id))
  const out = new Map<string, AirportInfo>()
  for (const r of rows) if (!out.has(r.code)) out.set(r.code, r)
  return out
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/**
 * The ids of the airports a From or To text names, case-insensitively: its IATA code exactly, or a part of its city or
 * of its name (accents ignored in the name); the oldest 200 at most. A subquery: the search resolves the text and reads
 * the flights by those ids in one statement. `text` is the text, `like` the text as a LIKE pattern (%text%).
 */
export const airportIdsMatching = (text: Placeholder, like: Placeholder): SQL =>
  sql`(select ${locations.id} from ${locations} where ${locations.locationType} = 'airport'
    and (${locations.airportCode} = upper(${text}) or lower(${locations.address}) like lower(${like}) or ${locations.searchName} like meridian_search_key(${like}))
    order by ${locations.id} limit ${sql.raw(String(MAX_MATCHED_AIRPORTS))})`

export const likePattern = (text: string) => `%${escapeLike(text)}%`

/** A flight's two ends for a select joined on these aliases: airport columns with the country's name. */
export const fromAirport = alias(locations, 'from_airport')
export const toAirport = alias(locations, 'to_airport')
export const fromCountry = alias(countries, 'from_country')
export const toCountry = alias(countries, 'to_country')
type AirportColumns = { id: AnyColumn; airportCode: AnyColumn; name: AnyColumn; address: AnyColumn; timezone: AnyColumn }
const airportOf = (l: AirportColumns, c: { name: AnyColumn }) => ({
  id: sql<number>`${l.id}`,
  code: sql<string>`${l.airportCode}`,
  name: sql<string>`${l.name}`,
  city: sql<string>`${l.address}`,
  country: sql<string>`coalesce(${c.name}, '')`,
  timezone: sql<string>`${l.timezone}`,
})
export const flightEnds = { from: airportOf(fromAirport, fromCountry), to: airportOf(toAirport, toCountry) }
