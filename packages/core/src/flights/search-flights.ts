import { and, type Database, eq, flights, getTableColumns, type Placeholder, sql } from '@meridian/db'
import { CABIN_CLASSES, type CabinClass, FLIGHT_PRICE_RANGE, MAX_PASSENGERS, MIN_PASSENGERS, TRIP_KINDS } from '@meridian/validators/booking-constants'
import type { ServiceContext } from '../context.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { canSearchFlights } from './access.ts'
import { airportIdsMatching, flightEnds, fromAirport, fromCountry, likePattern, toAirport, toCountry } from './airports.ts'
import { FLIGHT_MESSAGES } from './messages.ts'
import { type AirportInfo, type FlightDto, serializeFlight } from './serialize.ts'
import { isIsoDate, knownZone, localParts } from './time.ts'
import { queryFirst as first, queryList as list, queryText as str } from '../query-values.ts'

export type TripKind = (typeof TRIP_KINDS)[number]
/** The earliest flights of a leg answered, at most (docs/bookings.md "Flights"). */
export const MAX_LEG_RESULTS = 200
/** Legs of a multi-city search, at most. */
export const MAX_LEGS = 5
/** Legs of a multi-city search, at least. */
export const MIN_LEGS = 2
/** The longest flight time the duration filter takes, in hours (the schedule's own limit: arrival at most 72 hours later). */
export const MAX_DURATION_HOURS = 72
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const
export type TimeOfDay = (typeof TIMES_OF_DAY)[number]
/** Local departure hours of each time of day: [from, to). */
const TIME_OF_DAY_HOURS: Record<TimeOfDay, [number, number]> = { night: [0, 5], morning: [5, 12], afternoon: [12, 18], evening: [18, 24] }

interface LegQuery {
  from: string
  to: string
  date: string
}

export interface FlightSearch {
  tripType: TripKind
  legs: LegQuery[]
  passengers: number
  cabinClass: CabinClass | null
  priceMin: number | null
  priceMax: number | null
  airlines: string[]
  stops: '0' | '1' | '2' | null
  timeOfDay: TimeOfDay | null
  /** The longest flight time, in hours. */
  maxDuration: number | null
}


/**
 * The search as the screen and the calls send it: trip_type, from, to, departure_date, return_date (roundTrip),
 * passengers (1 to 6), class, and the screen's filters (price_min, price_max, airlines, stops, time_of_day,
 * max_duration), which combine with AND. A multiCity search repeats from, to and departure_date, one of each per leg, in
 * order: 2 to 5 legs.
 */
export function parseFlightSearch(query: unknown): FlightSearch {
  const q = (typeof query === 'object' && query !== null && !Array.isArray(query) ? query : {}) as Record<string, unknown>
  const errors: FieldErrors = {}
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message)

  const tripType = (first(q.trip_type) || 'oneWay') as TripKind
  if (!TRIP_KINDS.includes(tripType)) fail('trip_type', 'Choose oneWay, roundTrip or multiCity.')

  const passengersText = first(q.passengers) || String(MIN_PASSENGERS)
  const passengers = /^\d{1,2}$/.test(passengersText) ? Number(passengersText) : Number.NaN
  if (!(passengers >= MIN_PASSENGERS && passengers <= MAX_PASSENGERS)) fail('passengers', FLIGHT_MESSAGES.passengers)

  const cls = first(q.class).toLowerCase()
  if (cls && !(CABIN_CLASSES as readonly string[]).includes(cls)) fail('class', 'Choose economy, premium, business or first.')

  const text = (v: unknown, field: string) => {
    const t = str(v)
    if (t.length > 100) fail(field, 'At most 100 characters.')
    // A NUL cannot reach the database; no airport's code, city or name holds a control character.
    else if (/[\u0000-\u001f\u007f]/.test(t)) fail(field, 'Enter a city, airport name or IATA code.')
    return t.slice(0, 100)
  }
  const day = (v: unknown, field: string) => {
    const t = str(v)
    if (t && !isIsoDate(t)) fail(field, 'Enter a date as YYYY-MM-DD.')
    return t
  }
  const froms = list(q.from)
  const tos = list(q.to)
  const dates = list(q.departure_date)
  const legs: LegQuery[] = []
  if (tripType === 'multiCity') {
    const n = Math.max(froms.length, tos.length, dates.length)
    if (n > MAX_LEGS) fail('from', `A multi-city search has at most ${MAX_LEGS} legs.`)
    for (let i = 0; i < Math.min(n, MAX_LEGS); i++) {
      const leg = { from: text(froms[i], 'from'), to: text(tos[i], 'to'), date: day(dates[i], 'departure_date') }
      if (leg.from || leg.to || leg.date) legs.push(leg)
    }
    if (legs.length < MIN_LEGS && n <= MAX_LEGS) fail('from', `A multi-city trip has ${MIN_LEGS} to ${MAX_LEGS} legs: fill in at least ${MIN_LEGS}.`)
  } else {
    legs.push({ from: text(froms[0], 'from'), to: text(tos[0], 'to'), date: day(dates[0], 'departure_date') })
    if (tripType === 'roundTrip') {
      const back = day(first(q.return_date), 'return_date')
      if (back && legs[0]!.date && back < legs[0]!.date) fail('return_date', 'The return date must be on or after the departure date.')
      legs.push({ from: legs[0]!.to, to: legs[0]!.from, date: back })
    }
  }

  // The screen's range (2-catalogue-content.md §9: flight price range 0-2000) holds for every caller.
  const price = (field: string) => {
    const t = first(q[field])
    if (!t) return null
    if (/^\d{1,10}(\.\d{1,2})?$/.test(t) && Number(t) >= FLIGHT_PRICE_RANGE[0] && Number(t) <= FLIGHT_PRICE_RANGE[1]) return Number(t)
    fail(field, FLIGHT_MESSAGES.priceRange)
    return null
  }
  const priceMin = price('price_min')
  const priceMax = price('price_max')
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) fail('price_max', 'The maximum price must not be below the minimum price.')
  const airlines = list(q.airlines)
    .flatMap((a) => str(a).split(','))
    .map((a) => a.trim().toUpperCase())
    .filter(Boolean)
  if (airlines.length > 50 || airlines.some((a) => !/^[A-Z0-9]{2}$/.test(a))) fail('airlines', 'Give airlines as IATA codes, such as BA,AF.')
  const stops = first(q.stops)
  if (stops && !['0', '1', '2'].includes(stops)) fail('stops', 'Choose 0 (non-stop), 1 or 2 (two or more).')
  const timeOfDay = first(q.time_of_day)
  if (timeOfDay && !(TIMES_OF_DAY as readonly string[]).includes(timeOfDay)) fail('time_of_day', 'Choose morning, afternoon, evening or night.')

  const durationText = first(q.max_duration)
  const maxDuration = /^\d{1,2}$/.test(durationText) ? Number(durationText) : durationText ? Number.NaN : null
  if (maxDuration !== null && !(maxDuration >= 1 && maxDuration <= MAX_DURATION_HOURS))
    fail('max_duration', `Enter the longest flight time in whole hours, from 1 to ${MAX_DURATION_HOURS}.`)

  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  return {
    tripType,
    legs,
    passengers,
    cabinClass: (cls || null) as CabinClass | null,
    priceMin,
    priceMax,
    airlines,
    stops: (stops || null) as FlightSearch['stops'],
    timeOfDay: (timeOfDay || null) as TimeOfDay | null,
    maxDuration,
  }
}

type Shape = { dep: boolean; arr: boolean; cls: boolean }

/**
 * One leg's flights: scheduled, not departed, with the seats, in the window, by airport ids (flights_route_departure_idx,
 * flights_departure_idx or flights_arrival_idx) or by time alone (flights_departure_at_idx). One statement per shape,
 * prepared once per database.
 */
function legStatement(db: Database, shape: Shape) {
  const p = (name: string): Placeholder => sql.placeholder(name)
  const where = [
    sql`${flights.status} = 'scheduled'`,
    sql`${flights.seatsLeft} >= ${p('passengers')}`,
    sql`${flights.departureAt} >= ${p('lo')}::timestamptz`,
    sql`${flights.departureAt} < ${p('hi')}::timestamptz`,
  ]
  if (shape.dep) where.push(sql`${flights.departureAirportId} in ${airportIdsMatching(p('from'), p('fromLike'))}`)
  if (shape.arr) where.push(sql`${flights.arrivalAirportId} in ${airportIdsMatching(p('to'), p('toLike'))}`)
  if (shape.cls) where.push(sql`${flights.cabinClass} = ${p('cls')}`)
  return db
    .select({ flight: getTableColumns(flights), ...flightEnds })
    .from(flights)
    .innerJoin(fromAirport, eq(fromAirport.id, flights.departureAirportId))
    .leftJoin(fromCountry, eq(fromCountry.id, fromAirport.countryId))
    .innerJoin(toAirport, eq(toAirport.id, flights.arrivalAirportId))
    .leftJoin(toCountry, eq(toCountry.id, toAirport.countryId))
    .where(and(...where))
    .orderBy(sql`${flights.departureAt} asc nulls last`, sql`${flights.id} asc nulls last`)
    .limit(p('limit'))
    .prepare(`flights_search_${shape.dep ? 'dep' : 'any'}_${shape.arr ? 'arr' : 'any'}_${shape.cls ? 'cls' : 'all'}`)
}
type LegStatement = ReturnType<typeof legStatement>
const statements = new WeakMap<Database, Map<string, LegStatement>>()

function statementFor(db: Database, shape: Shape): LegStatement {
  let byShape = statements.get(db)
  if (!byShape) statements.set(db, (byShape = new Map()))
  const key = `${shape.dep}${shape.arr}${shape.cls}`
  let statement = byShape.get(key)
  if (!statement) byShape.set(key, (statement = legStatement(db, shape)))
  return statement
}

const HOUR = 3_600_000

/** Whether a flight passes the screen's filters other than airlines (price range, stops, time of day, duration). */
function passesFilters(f: FlightDto, search: FlightSearch, departureMinutes: number): boolean {
  const price = Number(f.price)
  if (search.priceMin !== null && price < search.priceMin) return false
  if (search.priceMax !== null && price > search.priceMax) return false
  if (search.maxDuration !== null && f.duration_minutes > search.maxDuration * 60) return false
  if (search.stops === '0' && f.stops !== 0) return false
  if (search.stops === '1' && f.stops !== 1) return false
  if (search.stops === '2' && f.stops < 2) return false
  if (search.timeOfDay) {
    const [lo, hi] = TIME_OF_DAY_HOURS[search.timeOfDay]
    if (departureMinutes < lo * 60 || departureMinutes >= hi * 60) return false
  }
  return true
}

export interface LegResult {
  label: string
  from: string
  to: string
  date: string
  count: number
  results: FlightDto[]
  /** The airlines of the flights that pass every other filter: the screen's airline checkboxes. */
  airlines: Map<string, string>
}

/**
 * One leg, in one statement: From and To resolved to the ids of the airports they name (a handful of rows), then the
 * flights read by those ids from the route and departure indexes. A flight matches when every filled field matches:
 * From AND To AND the departure date (local at the departure airport) AND the class, with seats for every passenger;
 * withdrawn and departed flights never match.
 */
async function searchLeg(db: Database, leg: LegQuery, search: FlightSearch, label: string): Promise<LegResult> {
  const base = { label, from: leg.from, to: leg.to, date: leg.date }
  const now = Date.now()
  let lo = now
  let hi = Date.parse('9999-01-01T00:00:00Z')
  if (leg.date) {
    // The departure airport decides the local day: UTC-12 to UTC+14 bound the window, each row is checked below.
    const day = Date.parse(`${leg.date}T00:00:00Z`)
    lo = Math.max(now, day - 14 * HOUR)
    hi = day + 24 * HOUR + 12 * HOUR
  }
  const airlines = new Map<string, string>()
  if (hi <= lo) return { ...base, count: 0, results: [], airlines }
  const shape = { dep: !!leg.from, arr: !!leg.to, cls: !!search.cabinClass }
  const rows = await statementFor(db, shape).execute({
    passengers: search.passengers,
    lo: new Date(lo).toISOString(),
    hi: new Date(hi).toISOString(),
    from: leg.from,
    fromLike: likePattern(leg.from),
    to: leg.to,
    toLike: likePattern(leg.to),
    cls: search.cabinClass,
    // Room for the rows of the next or previous local day and for the filters.
    limit: MAX_LEG_RESULTS * 3,
  })
  const results: FlightDto[] = []
  for (const r of rows) {
    const local = localParts(r.flight.departureAt, knownZone(r.from.timezone))
    if (leg.date && local.date !== leg.date) continue
    const dto = serializeFlight(r.flight, r.from as AirportInfo, r.to as AirportInfo)
    if (!passesFilters(dto, search, local.minutes)) continue
    airlines.set(dto.airline_code, dto.airline)
    if (search.airlines.length && !search.airlines.includes(dto.airline_code)) continue
    if (results.length < MAX_LEG_RESULTS) results.push(dto)
  }
  return { ...base, count: results.length, results, airlines }
}

/**
 * GET /api/flights/search/: the flights of each leg. oneWay: one leg; roundTrip: the outbound (From to To on the
 * departure date) and the return (To to From on the return date); multiCity: each leg given, in order. Superadmin,
 * admin, expert and travelers.
 */
export async function searchFlights(ctx: ServiceContext, query: unknown) {
  canSearchFlights(ctx)
  const search = parseFlightSearch(query)
  const labels = (i: number) =>
    search.tripType === 'roundTrip' ? (i === 0 ? 'Outbound' : 'Return') : search.tripType === 'multiCity' ? `Leg ${i + 1}` : 'Outbound'
  const found = await Promise.all(search.legs.map((leg, i) => searchLeg(ctx.db, leg, search, labels(i))))
  const airlines = new Map<string, string>()
  for (const leg of found) for (const [code, name] of leg.airlines) airlines.set(code, name)
  return {
    trip_type: search.tripType,
    passengers: search.passengers,
    class: search.cabinClass,
    count: found.reduce((n, l) => n + l.count, 0),
    legs: found.map(({ airlines: _, ...leg }) => leg),
    airlines: [...airlines].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code)),
  }
}
export type FlightSearchResult = Awaited<ReturnType<typeof searchFlights>>
