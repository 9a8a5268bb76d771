/**
 * The checks of a flight's fields, shared by the management form, the REST and tRPC calls and every row of a schedule
 * import (docs/bookings.md "Flights"). Each field answers its own message; an import prefixes them with the row.
 */
import { CABIN_CLASSES, type CabinClass, FLIGHT_AMENITIES } from '@meridian/validators/booking-constants'
import type { FieldErrors } from '../errors.ts'
import { findAirline } from './airlines.ts'
import { AIRPORT_MESSAGES, airportKey } from './airports.ts'
import type { AirportInfo, FlightRow } from './serialize.ts'
import { knownZone, parseAirportTime } from './time.ts'

export const MAX_SEATS = 1000
/** Longer than any scheduled flight: a longer one is a typing mistake (a wrong date). */
export const MAX_FLIGHT_HOURS = 72

export const FLIGHT_FIELD_MESSAGES = {
  airlineRequired: 'Enter the IATA code of an airline, such as BA.',
  airlineUnknown: (code: string) => `No active airline has the IATA code "${code}".`,
  flightNumber: 'Enter a flight number such as BA117 or 117.',
  flightNumberAirline: (code: string) => `The flight number must start with the airline code ${code}.`,
  aircraft: 'Aircraft is at most 60 characters.',
  airportCode: 'Enter a three-letter IATA airport code.',
  airport: 'Enter an airport: its IATA code, city or name.',
  airportUnknown: AIRPORT_MESSAGES.unknownCode,
  sameAirport: 'The arrival airport must differ from the departure airport.',
  time: 'Enter a date and time such as 2026-12-01T08:30 (local time at the airport) or with an offset.',
  arrivalAfter: 'Arrival must be after departure.',
  tooLong: `A flight cannot last more than ${MAX_FLIGHT_HOURS} hours.`,
  cabinClass: 'Choose economy, premium, business or first.',
  stops: 'Stops must be a whole number from 0 to 3.',
  price: 'Enter a price of at least 0 with at most 2 decimal places.',
  currency: 'Choose an active currency.',
  seats: `Seats must be a whole number from 1 to ${MAX_SEATS}.`,
  amenities: 'Amenities may be wifi, meals and entertainment.',
  rating: 'Rating must be a number from 0 to 5 with at most one decimal.',
  reviews: 'Reviews must be a whole number of at least 0.',
} as const

/** A flight's stored values, as the insert and update write them. */
export interface FlightValues {
  airlineCode: string
  airlineName: string
  flightNumber: string
  aircraft: string
  departureAirportId: number
  arrivalAirportId: number
  departureAt: Date
  arrivalAt: Date
  cabinClass: CabinClass
  stops: number
  price: string
  currency: string
  seatsTotal: number
  amenities: string[]
  rating: string | null
  reviewCount: number
}

/** What the checks look up: the airports From and To name (by `airportKey`, or the field's message) and the active currency codes. */
export interface FlightLookups {
  airports: Map<string, AirportInfo | string>
  activeCurrencies: Set<string>
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
/** Control characters (a NUL above all, which the database cannot store) make a text unreadable. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const text = (v: unknown) =>
  typeof v === 'string' ? (CONTROL_CHARACTERS.test(v) ? null : v.trim()) : typeof v === 'number' && Number.isFinite(v) ? String(v) : null

function wholeNumber(v: unknown, min: number, max: number): number | null {
  const t = text(v)
  if (t === null || !/^\d{1,10}$/.test(t)) return null
  const n = Number(t)
  return n >= min && n <= max ? n : null
}

/** Exact decimal text with at most `places` decimals and `digits` before the point; numbers are read as written. */
function decimalText(v: unknown, digits: number, places: number): string | null {
  const t = text(v)
  if (t === null) return null
  const m = new RegExp(`^(\\d{1,${digits}})(?:\\.(\\d{0,${places}}))?$`).exec(t)
  if (!m) return null
  const int = m[1]!.replace(/^0+(?=\d)/, '')
  const frac = (m[2] ?? '').padEnd(places, '0')
  return places ? `${int}.${frac}` : int
}

/** Amenities as a list, or as text separated by commas, semicolons, bars or spaces: a subset, in the usual order. */
function amenityList(v: unknown): string[] | null {
  if (blank(v)) return []
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[\s,;|]+/) : null
  if (!items) return null
  const wanted = new Set<string>()
  for (const item of items) {
    if (typeof item !== 'string') return null
    const name = item.trim().toLowerCase()
    if (!name) continue
    if (!(FLIGHT_AMENITIES as readonly string[]).includes(name)) return null
    wanted.add(name)
  }
  return FLIGHT_AMENITIES.filter((a) => wanted.has(a))
}

/** The stored values of a flight as input fields (for a partial update). */
export function currentFields(f: FlightRow, from: AirportInfo, to: AirportInfo): Record<string, unknown> {
  return {
    airline_code: f.airlineCode,
    flight_number: f.flightNumber,
    aircraft: f.aircraft,
    from: from.code,
    to: to.code,
    departure: f.departureAt.toISOString(),
    arrival: f.arrivalAt.toISOString(),
    class: f.cabinClass,
    stops: f.stops,
    price: f.price,
    currency: f.currency,
    seats_total: f.seatsTotal,
    amenities: f.amenities,
    rating: f.rating,
    reviews: f.reviewCount,
  }
}

/** The From and To texts of a set of inputs (to look their airports up together). */
export const airportTextsOf = (inputs: Record<string, unknown>[]) =>
  inputs.flatMap((i) => [i.from, i.to]).filter((c): c is string => typeof c === 'string' && c.trim() !== '')

/**
 * Every field's check; the values when all pass, else the messages by field. `currency` defaults to USD, `class` to
 * economy, `stops` to 0; departure and arrival are read in the local time of their airports unless they carry an
 * offset.
 */
export function checkFlightFields(input: Record<string, unknown>, lookups: FlightLookups): { values?: FlightValues; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message)

  const airlineCode = text(input.airline_code)?.toUpperCase() ?? ''
  const airline = airlineCode ? findAirline(airlineCode) : undefined
  if (!airlineCode) fail('airline_code', FLIGHT_FIELD_MESSAGES.airlineRequired)
  else if (!airline) fail('airline_code', FLIGHT_FIELD_MESSAGES.airlineUnknown(airlineCode.slice(0, 10)))

  let flightNumber = ''
  const number =
    text(input.flight_number)
      ?.replace(/[\s-]+/g, '')
      .toUpperCase() ?? ''
  const digits = /^\d{1,4}[A-Z]?$/
  if (airline && number.startsWith(airline.code) && digits.test(number.slice(2))) flightNumber = number
  else if (digits.test(number)) flightNumber = airline ? `${airline.code}${number}` : ''
  else if (/^(?=[A-Z0-9]{0,1}[A-Z])[A-Z0-9]{2}\d{1,4}[A-Z]?$/.test(number) && airline)
    fail('flight_number', FLIGHT_FIELD_MESSAGES.flightNumberAirline(airline.code))
  else fail('flight_number', FLIGHT_FIELD_MESSAGES.flightNumber)

  const aircraft = blank(input.aircraft) ? '' : text(input.aircraft)
  if (aircraft === null || aircraft.length > 60) fail('aircraft', FLIGHT_FIELD_MESSAGES.aircraft)

  // An IATA code, or a city or name that names one airport (airports.ts resolveAirports looked them up).
  const airport = (field: 'from' | 'to') => {
    const typed = typeof input[field] === 'string' ? text(input[field]) ?? '' : ''
    if (!typed || typed.length > 100) return void fail(field, FLIGHT_FIELD_MESSAGES.airport)
    const found = lookups.airports.get(airportKey(typed))
    if (typeof found !== 'object') return void fail(field, found ?? FLIGHT_FIELD_MESSAGES.airport)
    return found
  }
  const from = airport('from')
  const to = airport('to')
  if (from && to && from.id === to.id) fail('to', FLIGHT_FIELD_MESSAGES.sameAirport)

  const time = (field: 'departure' | 'arrival', at: AirportInfo | undefined) => {
    const t = text(input[field])
    // Without a known airport an offset-free time cannot be placed; the airport's own message says why.
    const parsed = t === null ? null : parseAirportTime(t, knownZone(at?.timezone))
    if (!parsed || parsed.getUTCFullYear() < 2000 || parsed.getUTCFullYear() > 2100) return void fail(field, FLIGHT_FIELD_MESSAGES.time)
    return parsed
  }
  const departureAt = time('departure', from)
  const arrivalAt = time('arrival', to)
  if (departureAt && arrivalAt) {
    if (arrivalAt <= departureAt) fail('arrival', FLIGHT_FIELD_MESSAGES.arrivalAfter)
    else if (arrivalAt.getTime() - departureAt.getTime() > MAX_FLIGHT_HOURS * 3_600_000) fail('arrival', FLIGHT_FIELD_MESSAGES.tooLong)
  }

  const cabinClass = (blank(input.class) ? 'economy' : text(input.class)?.toLowerCase()) as CabinClass
  if (!CABIN_CLASSES.includes(cabinClass)) fail('class', FLIGHT_FIELD_MESSAGES.cabinClass)

  const stops = blank(input.stops) ? 0 : wholeNumber(input.stops, 0, 3)
  if (stops === null) fail('stops', FLIGHT_FIELD_MESSAGES.stops)

  const price = decimalText(input.price, 10, 2)
  if (price === null) fail('price', FLIGHT_FIELD_MESSAGES.price)

  const currency = blank(input.currency) ? 'USD' : text(input.currency)?.toUpperCase() ?? ''
  if (!lookups.activeCurrencies.has(currency)) fail('currency', FLIGHT_FIELD_MESSAGES.currency)

  const seatsTotal = wholeNumber(input.seats_total, 1, MAX_SEATS)
  if (seatsTotal === null) fail('seats_total', FLIGHT_FIELD_MESSAGES.seats)

  const amenities = amenityList(input.amenities)
  if (amenities === null) fail('amenities', FLIGHT_FIELD_MESSAGES.amenities)

  let rating: string | null = null
  if (!blank(input.rating)) {
    rating = decimalText(input.rating, 1, 1)
    if (rating === null || Number(rating) > 5) fail('rating', FLIGHT_FIELD_MESSAGES.rating)
  }
  const reviewCount = blank(input.reviews) ? 0 : wholeNumber(input.reviews, 0, 1_000_000_000)
  if (reviewCount === null) fail('reviews', FLIGHT_FIELD_MESSAGES.reviews)

  if (Object.keys(errors).length) return { errors }
  return {
    errors,
    values: {
      airlineCode: airline!.code,
      airlineName: airline!.name,
      flightNumber,
      aircraft: aircraft!,
      departureAirportId: from!.id,
      arrivalAirportId: to!.id,
      departureAt: departureAt!,
      arrivalAt: arrivalAt!,
      cabinClass,
      stops: stops!,
      price: price!,
      currency,
      seatsTotal: seatsTotal!,
      amenities: amenities!,
      rating,
      reviewCount: reviewCount!,
    },
  }
}
