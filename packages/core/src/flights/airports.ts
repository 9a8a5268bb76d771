import { createRequire } from 'node:module'
import { alias, and, type AnyColumn, asc, countries, type Database, eq, inArray, locations, or, type Placeholder, type SQL, sql } from '@meridian/db'
import { type ReferenceAirport, referenceAirportByCode, referenceAirportsNamed } from './reference-airports.ts'
import type { AirportInfo } from './serialize.ts'

const require = createRequire(import.meta.url)

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

/** The messages of a flight's From or To (fields.ts shows them beside the field). */
export const AIRPORT_MESSAGES = {
  unknownCode: (code: string) => `No airport has the code "${code}".`,
  unknown: (text: string) => `No airport has the code, city or name "${text}".`,
  several: (text: string, found: { code: string; name: string }[]) =>
    `"${text}" names ${found.length} airports: ${found
      .slice(0, 5)
      .map((a) => `${a.code} (${a.name})`)
      .join(', ')}${found.length > 5 ? ` and ${found.length - 5} more` : ''}. Enter the IATA code of one.`,
  noCountry: (a: { code: string; country: string }) => `The airport ${a.code} is in ${a.country}, which the country list does not have.`,
} as const

/** How a From or To text is kept in a lookup: trimmed, in capitals (codes, cities and names are read in any case). */
export const airportKey = (text: string) => text.trim().toUpperCase()

/** One candidate for a text: a stored airport, or one of the reference list not yet stored. */
type Candidate = { code: string; name: string; stored?: AirportInfo; reference?: ReferenceAirport }

/** Candidates told apart by IATA code (a reference airport whose code is stored is the stored one). */
function distinct(stored: AirportInfo[], reference: ReferenceAirport[]): Candidate[] {
  const out = new Map<string, Candidate>()
  for (const a of stored) if (!out.has(a.code)) out.set(a.code, { code: a.code, name: a.name, stored: a })
  for (const a of reference) if (!out.has(a.code)) out.set(a.code, { code: a.code, name: a.name, reference: a })
  return [...out.values()]
}

/**
 * What a flight's From or To names (docs/bookings.md "Airlines and airports"): an IATA code (a stored airport with it,
 * else the reference list's), else a city or name that is the text, else one that contains it (case and accents
 * ignored). Exactly one airport must answer; several, or none, is the field's message. Stored airports are locations
 * of type airport with a code. Three letters are a code first (a city or name only when it is exactly them).
 */
async function pickAirports(db: Database, texts: string[]): Promise<Map<string, Candidate | string>> {
  const out = new Map<string, Candidate | string>()
  const keys = [...new Set(texts.map(airportKey).filter((k) => k && k.length <= 100 && !/[\u0000-\u001f\u007f]/.test(k)))]
  const codes = keys.filter((k) => /^[A-Z]{3}$/.test(k))
  const byCode = await airportsByCodes(db, codes)
  const byName: string[] = []
  for (const code of codes) {
    const stored = byCode.get(code)
    const reference = stored ? undefined : referenceAirportByCode(code)
    if (stored || reference) out.set(code, { code, name: (stored ?? reference)!.name, stored, reference })
  }
  for (const key of keys) if (!out.has(key)) byName.push(key)
  await Promise.all(
    byName.map(async (key) => {
      const text = texts.find((t) => airportKey(t) === key)!.trim()
      const like = `%${escapeLike(text)}%`
      // Stored airports whose city or name contains the text; `exact` when it is the text (folded as the database does).
      const exact = sql<boolean>`(meridian_search_key(${locations.address}) = meridian_search_key(${text}) or ${locations.searchName} = meridian_search_key(${text}))`
      const rows = await db
        .select({ ...airportColumns, exact })
        .from(locations)
        .leftJoin(countries, eq(countries.id, locations.countryId))
        .where(
          and(
            eq(locations.locationType, 'airport'),
            sql`${locations.airportCode} <> ''`,
            or(sql`meridian_search_key(${locations.address}) like meridian_search_key(${like})`, sql`${locations.searchName} like meridian_search_key(${like})`),
          ),
        )
        .orderBy(asc(locations.id))
        .limit(MAX_MATCHED_AIRPORTS)
      const reference = referenceAirportsNamed(text)
      const named = distinct(
        rows.filter((r) => r.exact),
        reference.exact,
      )
      // Three letters are a code: no airport with it is unknown, unless a city or name is those letters.
      const found = named.length || /^[A-Z]{3}$/.test(key) ? named : distinct(rows, reference.partial)
      if (found.length === 1) out.set(key, found[0]!)
      else if (found.length > 1) out.set(key, AIRPORT_MESSAGES.several(text, found))
      else out.set(key, /^[A-Z]{3}$/.test(key) ? AIRPORT_MESSAGES.unknownCode(key) : AIRPORT_MESSAGES.unknown(text))
    }),
  )
  return out
}

function timeZoneAt(lat: number, lng: number): string {
  try {
    return (require('tz-lookup') as (lat: number, lng: number) => string)(lat, lng)
  } catch {
    return ''
  }
}

/**
 * Reference airports stored as locations of type airport, in the caller's transaction (with the flight that names
 * them): in their country (by ISO code, else by name), the city as the address, the zone from the list or from the
 * coordinates. A name already taken in the country gets the code after it. Code → the stored airport, or why not.
 */
export async function addReferenceAirports(tx: Database, given: ReferenceAirport[]): Promise<Map<string, AirportInfo | string>> {
  const out = new Map<string, AirportInfo | string>()
  if (!given.length) return out
  // In code order: two saves adding the same airports wait for each other in one order, never deadlock.
  const airports = [...given].sort((a, b) => a.code.localeCompare(b.code))
  const codes = airports.map((a) => a.code)
  const countryRows = await tx
    .select({ id: countries.id, code: countries.code, name: sql<string>`lower(${countries.name})` })
    .from(countries)
    .where(
      or(
        inArray(countries.code, [...new Set(airports.map((a) => a.countryCode).filter(Boolean))]),
        inArray(sql`lower(${countries.name})`, [...new Set(airports.map((a) => a.country.toLowerCase()))]),
      ),
    )
    .orderBy(asc(countries.id))
  const countryOf = (a: ReferenceAirport) =>
    (countryRows.find((c) => a.countryCode && c.code === a.countryCode) ?? countryRows.find((c) => c.name === a.country.toLowerCase()))?.id
  const rowOf = (a: ReferenceAirport, countryId: number, name: string) => ({
    name,
    countryId,
    locationType: 'airport' as const,
    airportCode: a.code,
    address: a.city,
    timezone: a.timezone || timeZoneAt(a.latitude, a.longitude),
    latitude: a.latitude.toFixed(6),
    longitude: a.longitude.toFixed(6),
  })
  const placeable = airports.filter((a) => countryOf(a) !== undefined)
  for (const a of airports) if (countryOf(a) === undefined) out.set(a.code, AIRPORT_MESSAGES.noCountry(a))
  // By its own name; an airport added meanwhile by another flight is found by its code; the rest by name and code.
  const write = (list: ReferenceAirport[], name: (a: ReferenceAirport) => string) =>
    list.length ? tx.insert(locations).values(list.map((a) => rowOf(a, countryOf(a)!, name(a)))).onConflictDoNothing() : undefined
  await write(placeable, (a) => a.name)
  let stored = await airportsByCodes(tx, codes)
  const clashing = placeable.filter((a) => !stored.has(a.code))
  if (clashing.length) {
    await write(clashing, (a) => `${a.name} (${a.code})`)
    stored = await airportsByCodes(tx, codes)
  }
  for (const a of placeable) out.set(a.code, stored.get(a.code) ?? AIRPORT_MESSAGES.unknownCode(a.code))
  return out
}

/**
 * The airports the From and To texts of flights name, by `airportKey`: stored ones as they are, reference ones added
 * as locations in the caller's transaction; a text that names none, or several, maps to the field's message.
 */
export async function resolveAirports(tx: Database, texts: string[]): Promise<Map<string, AirportInfo | string>> {
  const picked = await pickAirports(tx, texts)
  const adding = [...new Map([...picked.values()].flatMap((p) => (typeof p === 'object' && p.reference ? [[p.code, p.reference] as const] : []))).values()]
  const added = await addReferenceAirports(tx, adding)
  const out = new Map<string, AirportInfo | string>()
  for (const [key, p] of picked) out.set(key, typeof p === 'string' ? p : p.stored ?? added.get(p.code) ?? AIRPORT_MESSAGES.unknownCode(p.code))
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
