/**
 * The itinerary builder's flight choice (docs/proposals.md): a transport item may name a catalogue flight instead of a
 * transfer. The builder offers the scheduled flights departing on the itinerary's dates, the day in view's first.
 */
import { and, asc, eq, flights, gte, lt } from '@meridian/db'
import { CABIN_CLASS_LABELS } from '@meridian/validators/booking-constants'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { canManageFlights } from './access.ts'
import { flightEnds, fromAirport, fromCountry, toAirport, toCountry } from './airports.ts'
import { isIsoDate, localParts } from './time.ts'

/** The most flights offered at once: a long trip on busy routes is cut here (the earliest first). */
export const MAX_FLIGHT_OPTIONS = 300

const DAY = 86_400_000
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY)

export interface FlightOption {
  id: number
  /** The local departure date at the departure airport. */
  date: string
  /** "BA117 LHR → JFK · 08:25 · Economy" */
  label: string
  /** The fare per person, exact decimal text, in `currency`. */
  price: string
  currency: string
  seats_left: number
}

/**
 * `{from, to}` (YYYY-MM-DD): scheduled flights whose local departure date is in that range, in departure order, at most
 * MAX_FLIGHT_OPTIONS. Those who keep flights (superadmin, admin, expert), as the transfer choices are.
 */
export async function flightOptions(ctx: ServiceContext, query: { from: string; to: string }): Promise<FlightOption[]> {
  canManageFlights(ctx)
  if (!isIsoDate(query.from) || !isIsoDate(query.to)) throw DomainError.invalid({ from: ['Enter a date as YYYY-MM-DD.'] })
  // A local date lies within a day of the same UTC date either way: the window is widened, then cut by local date.
  const rows = await ctx.db
    .select({
      id: flights.id,
      number: flights.flightNumber,
      cabin: flights.cabinClass,
      price: flights.price,
      currency: flights.currency,
      seatsLeft: flights.seatsLeft,
      departureAt: flights.departureAt,
      ...flightEnds,
    })
    .from(flights)
    .innerJoin(fromAirport, eq(fromAirport.id, flights.departureAirportId))
    .leftJoin(fromCountry, eq(fromCountry.id, fromAirport.countryId))
    .innerJoin(toAirport, eq(toAirport.id, flights.arrivalAirportId))
    .leftJoin(toCountry, eq(toCountry.id, toAirport.countryId))
    .where(and(eq(flights.status, 'scheduled'), gte(flights.departureAt, shift(query.from, -1)), lt(flights.departureAt, shift(query.to, 2))))
    .orderBy(asc(flights.departureAt), asc(flights.id))
    .limit(MAX_FLIGHT_OPTIONS)
  return rows.flatMap((r) => {
    const local = localParts(r.departureAt, r.from.timezone)
    if (local.date < query.from || local.date > query.to) return []
    return [
      {
        id: r.id,
        date: local.date,
        label: `${r.number} ${r.from.code} → ${r.to.code} · ${local.time} · ${CABIN_CLASS_LABELS[r.cabin]}`,
        price: r.price,
        currency: r.currency,
        seats_left: r.seatsLeft,
      },
    ]
  })
}
