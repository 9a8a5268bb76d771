import { and, currencies, type Database, eq, flights, getTableColumns, sql } from '@meridian/db'
import { FLIGHT_STATUSES } from '@meridian/validators/booking-constants'
import { pgCode } from '../currencies/shared.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { type PageWindow, pagedList } from '../lists/paged-list.ts'
import { canManageFlights, canSearchFlights, isFlightManager } from './access.ts'
import { listAirlines } from './airlines.ts'
import { airportsByCodes, airportsByIds, flightEnds, fromAirport, fromCountry, resolveAirports, toAirport, toCountry } from './airports.ts'
import { airportTextsOf, checkFlightFields, currentFields, FLIGHT_FIELD_MESSAGES, type FlightLookups, type FlightValues } from './fields.ts'
import { FLIGHT_MESSAGES } from './messages.ts'
import { notifyFlightWithdrawn } from '../bookings/world-changes.ts'
import { type AirportInfo, type FlightDto, type FlightRow, serializeFlight } from './serialize.ts'

/** Flights on one page of the management list. */
export const FLIGHTS_PAGE_SIZE = 25

export function flightIdOf(raw: unknown): number {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new DomainError('not_found', FLIGHT_MESSAGES.notFound)
  return id
}

export async function loadFlight(db: Database, id: number): Promise<FlightRow> {
  const [row] = await db.select().from(flights).where(eq(flights.id, id))
  if (!row) throw new DomainError('not_found', FLIGHT_MESSAGES.notFound)
  return row
}

const missingAirport = (id: number): AirportInfo => ({ id, code: '', name: '', city: '', country: '', timezone: 'UTC' })

/** Flights with their airports, in the order given. */
export async function expandFlights(db: Database, rows: FlightRow[]): Promise<FlightDto[]> {
  const airports = await airportsByIds(
    db,
    rows.flatMap((r) => [r.departureAirportId, r.arrivalAirportId]),
  )
  const at = (id: number) => airports.get(id) ?? missingAirport(id)
  return rows.map((r) => serializeFlight(r, at(r.departureAirportId), at(r.arrivalAirportId)))
}

/**
 * What the field checks look up for these inputs. Call it in the transaction that writes the flights: an airport of
 * the reference list that a flight names for the first time is added as a location there (and rolled back with a
 * refused save).
 */
export async function flightLookups(tx: Database, inputs: Record<string, unknown>[]): Promise<FlightLookups> {
  const [airports, active] = await Promise.all([
    resolveAirports(tx, airportTextsOf(inputs)),
    tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.isActive, true)),
  ])
  return { airports, activeCurrencies: new Set(active.map((c) => c.code)) }
}

const asObject = (input: unknown): Record<string, unknown> => {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw DomainError.invalid({ non_field_errors: ['Send the flight as an object of fields.'] })
  return input as Record<string, unknown>
}

/** The columns a create or an edit writes (seats aside). */
const columns = (v: FlightValues) => ({
  airlineCode: v.airlineCode,
  airlineName: v.airlineName,
  flightNumber: v.flightNumber,
  aircraft: v.aircraft,
  departureAirportId: v.departureAirportId,
  arrivalAirportId: v.arrivalAirportId,
  departureAt: v.departureAt,
  arrivalAt: v.arrivalAt,
  cabinClass: v.cabinClass,
  stops: v.stops,
  price: v.price,
  currency: v.currency,
  amenities: v.amenities,
  rating: v.rating,
  reviewCount: v.reviewCount,
})

export const OFFER_TAKEN = 'A flight with this airline, flight number, departure and class already exists.'

/** The offer key (airline, number, departure, class) is taken: a field error, not a 500. */
function offerTaken(error: unknown): DomainError | undefined {
  const { code, constraint } = pgCode(error)
  if (code === '23505' && constraint === 'flights_offer_key') return DomainError.invalid({ flight_number: [OFFER_TAKEN] })
  return undefined
}

/** One flight. Travelers see scheduled flights only (a withdrawn one is not found); staff see every one. */
export async function getFlight(ctx: ServiceContext, rawId: unknown): Promise<FlightDto> {
  const actor = canSearchFlights(ctx)
  const row = await loadFlight(ctx.db, flightIdOf(rawId))
  if (row.status !== 'scheduled' && !isFlightManager(actor)) throw new DomainError('not_found', FLIGHT_MESSAGES.notFound)
  return (await expandFlights(ctx.db, [row]))[0]!
}

/** POST /api/flights/: a new scheduled flight with all its seats free. Superadmin, admin, expert. */
export async function createFlight(ctx: ServiceContext, input: unknown): Promise<FlightDto> {
  const actor = canManageFlights(ctx)
  const data = asObject(input)
  try {
    // The airports and the flight together: a new airport from the reference list is kept only with its flight.
    const row = await ctx.db.transaction(async (tx) => {
      const { values, errors } = checkFlightFields(data, await flightLookups(tx, [data]))
      if (!values) throw DomainError.invalid(errors)
      const [row] = await tx
        .insert(flights)
        .values({ ...columns(values), seatsTotal: values.seatsTotal, seatsLeft: values.seatsTotal, createdBy: actor.id })
        .returning()
      return row!
    })
    return (await expandFlights(ctx.db, [row]))[0]!
  } catch (error) {
    throw offerTaken(error) ?? error
  }
}

/** The message when a new total is below the seats already booked. */
export const seatsBelowBooked = (booked: number) => `${booked} ${booked === 1 ? 'seat is' : 'seats are'} already booked: the total cannot be lower.`

/**
 * Rewrite a flight with new values in the caller's transaction, keeping the seats already booked: seats_left becomes
 * the new total minus the booked seats, in one guarded UPDATE (a booking at the same moment is counted). Undefined
 * when the new total is below the booked seats (the answer names how many are booked).
 */
export async function writeFlight(tx: Database, id: number, values: FlightValues): Promise<{ row?: FlightRow; booked?: number }> {
  const [row] = await tx
    .update(flights)
    .set({ ...columns(values), seatsTotal: values.seatsTotal, seatsLeft: sql`${values.seatsTotal}::int - (${flights.seatsTotal} - ${flights.seatsLeft})` })
    .where(and(eq(flights.id, id), sql`${values.seatsTotal}::int >= ${flights.seatsTotal} - ${flights.seatsLeft}`))
    .returning()
  if (row) return { row }
  const [held] = await tx
    .select({ booked: sql<number>`${flights.seatsTotal} - ${flights.seatsLeft}` })
    .from(flights)
    .where(eq(flights.id, id))
  if (!held) throw new DomainError('not_found', FLIGHT_MESSAGES.notFound)
  return { booked: Number(held.booked) }
}

/**
 * PATCH /api/flights/{id}/: any of the fields; the others keep their values. seats_total keeps the seats already
 * booked (refused below them). Existing bookings keep their price. Superadmin, admin, expert.
 */
export async function updateFlight(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<FlightDto> {
  canManageFlights(ctx)
  const id = flightIdOf(rawId)
  const current = await loadFlight(ctx.db, id)
  const data = endsAsWritten(asObject(input))
  const airports = await airportsByIds(ctx.db, [current.departureAirportId, current.arrivalAirportId])
  const given = Object.fromEntries(Object.entries(data).filter(([key]) => Object.hasOwn(FIELD_NAMES, key)))
  const merged = { ...currentFields(current, airports.get(current.departureAirportId)!, airports.get(current.arrivalAirportId)!), ...given }
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // A new airport moves the local time given with it; a time not given keeps its instant.
      const { values, errors } = checkFlightFields(merged, await flightLookups(tx, [merged]))
      if (!values) throw DomainError.invalid(errors)
      const written = await writeFlight(tx, id, values)
      if (!written.row) throw DomainError.invalid({ seats_total: [seatsBelowBooked(written.booked!)] })
      return written.row
    })
    return (await expandFlights(ctx.db, [row]))[0]!
  } catch (error) {
    throw offerTaken(error) ?? error
  }
}

const FIELD_NAMES = Object.fromEntries(
  [
    'airline_code',
    'flight_number',
    'aircraft',
    'from',
    'to',
    'departure',
    'arrival',
    'class',
    'stops',
    'price',
    'currency',
    'seats_total',
    'amenities',
    'rating',
    'reviews',
  ].map((k) => [k, true]),
)

/**
 * POST /api/flights/{id}/withdraw/: the flight leaves search and can no longer be booked; its bookings stay as they
 * are, and their travelers and experts are told in the same transaction (staff then rebook or cancel them with a full
 * refund: docs/bookings.md). Withdrawing is final (a reinstated flight is a new offer). Superadmin, admin, expert.
 */
export async function withdrawFlight(ctx: ServiceContext, rawId: unknown): Promise<FlightDto> {
  const actor = canManageFlights(ctx)
  const id = flightIdOf(rawId)
  const row = await ctx.db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(flights)
      .set({ status: 'withdrawn' })
      .where(and(eq(flights.id, id), eq(flights.status, 'scheduled')))
      .returning()
    if (withdrawn) await notifyFlightWithdrawn(tx, withdrawn.id, actor.id)
    return withdrawn
  })
  if (!row) {
    await loadFlight(ctx.db, id)
    throw new DomainError('conflict', FLIGHT_MESSAGES.alreadyWithdrawn)
  }
  return (await expandFlights(ctx.db, [row]))[0]!
}


/** Flights in departure order (decision 021): the page cut from flights_departure_at_idx, airports joined to it. */
const flightList = pagedList({
  name: 'flights',
  table: flights,
  id: flights.id,
  keys: [
    { expr: flights.departureAt, type: 'timestamp' },
    { expr: flights.id, type: 'int' },
  ],
  direction: 'asc',
  filters: {
    status: (p) => sql`${flights.status} = ${p()}`,
    airline: (p) => sql`${flights.airlineCode} = ${p()}`,
    number: (p) => sql`${flights.flightNumber} = ${p()}`,
    from: (p) => sql`${flights.departureAirportId} = ${p()}`,
    departs_after: (p) => sql`${flights.departureAt} >= ${p()}::timestamptz`,
    departs_before: (p) => sql`${flights.departureAt} < ${p()}::timestamptz`,
  },
  rows: (db, page) =>
    db
      .select({ flight: getTableColumns(flights), ...flightEnds, ...page.cursor })
      .from(page.from)
      .innerJoin(flights, eq(flights.id, page.id))
      .innerJoin(fromAirport, eq(fromAirport.id, flights.departureAirportId))
      .leftJoin(fromCountry, eq(fromCountry.id, fromAirport.countryId))
      .innerJoin(toAirport, eq(toAirport.id, flights.arrivalAirportId))
      .leftJoin(toCountry, eq(toCountry.id, toAirport.countryId)),
})

/** The management list's filters: status, airline (IATA code), flight_number, from (IATA airport code), when (upcoming or past). */
async function listFilters(db: Database, query: unknown) {
  const q = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>
  const str = (key: string) => (typeof q[key] === 'string' ? (q[key] as string).trim() : '')
  const errors: FieldErrors = {}
  const status = str('status')
  if (status && !(FLIGHT_STATUSES as readonly string[]).includes(status)) errors.status = ['Choose scheduled or withdrawn.']
  const when = str('when')
  if (when && when !== 'upcoming' && when !== 'past') errors.when = ['Choose upcoming or past.']
  const airline = str('airline').toUpperCase()
  if (airline && !/^[A-Z0-9]{2}$/.test(airline)) errors.airline = [FLIGHT_FIELD_MESSAGES.airlineRequired]
  // A flight number as stored (BA117); digits alone take the airline filter's code in front.
  const typed = str('flight_number')
    .replace(/[\s-]+/g, '')
    .toUpperCase()
  if (typed && !/^[A-Z0-9]{0,2}\d{1,4}[A-Z]?$/.test(typed)) errors.flight_number = ['Enter a flight number such as BA117.']
  const number = typed && /^\d/.test(typed) && airline ? `${airline}${typed}` : typed
  const fromCode = str('from').toUpperCase()
  if (fromCode && !/^[A-Z]{3}$/.test(fromCode)) errors.from = [FLIGHT_FIELD_MESSAGES.airportCode]
  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  // An airport code no airport has lists nothing (id 0 names no location).
  const from = fromCode ? (await airportsByCodes(db, [fromCode])).get(fromCode)?.id ?? 0 : undefined
  const now = new Date().toISOString()
  return {
    status: status || undefined,
    airline: airline || undefined,
    number: number || undefined,
    from,
    departs_after: when === 'upcoming' ? now : undefined,
    departs_before: when === 'past' ? now : undefined,
  }
}

/** GET /api/flights/: every flight (withdrawn too) in departure order, with filters. Superadmin, admin, expert. */
export async function listFlights(ctx: ServiceContext, query: unknown, page: PageWindow) {
  canManageFlights(ctx)
  const { count, rows, next_cursor } = await flightList.page(ctx.db, await listFilters(ctx.db, query), page)
  return { count, results: rows.map((r) => serializeFlight(r.flight, r.from, r.to)), next_cursor }
}

/** The list's statements for these filters (plan checks in tests). */
export const flightListQueries = async (db: Database, query: unknown, page: PageWindow) => flightList.queries(db, await listFilters(db, query), page)

/** The management form's choices: airlines, active currencies. Superadmin, admin, expert. */
export async function flightFormOptions(ctx: ServiceContext) {
  canManageFlights(ctx)
  const active = await ctx.db
    .select({ code: currencies.code, name: currencies.name })
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(currencies.displayOrder, currencies.code)
  return { airlines: listAirlines(), currencies: active }
}

/**
 * A flight's ends as a read answers them (`departure {code, at, …}`, `arrival {…}`) taken back as a write names them:
 * the instant (`at`, which carries its offset) as the time, the airport's code as `from` or `to` unless those are sent.
 */
function endsAsWritten(data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data }
  for (const [end, airport] of [
    ['departure', 'from'],
    ['arrival', 'to'],
  ] as const) {
    const value = data[end]
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue
    const read = value as { at?: unknown; code?: unknown }
    out[end] = read.at
    if (out[airport] === undefined && typeof read.code === 'string') out[airport] = read.code
  }
  return out
}
