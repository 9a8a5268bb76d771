import { and, type Database, desc, eq, flights, inArray, sql, trips } from '@meridian/db'
import { MAX_PASSENGERS, MIN_PASSENGERS } from '@meridian/validators/booking-constants'
import { openTrip } from '../bookings/open-trip.ts'
import { insertBooking, serializeBooking } from '../bookings/record.ts'
import type { ServiceContext } from '../context.ts'
import { Dec } from '../currencies/money.ts'
import { DomainError, type FieldErrors } from '../errors.ts'
import { requireFlightBooker } from './access.ts'
import { airportsByIds } from './airports.ts'
import { expandFlights, flightIdOf, loadFlight } from './manage-flights.ts'
import { FLIGHT_MESSAGES } from './messages.ts'
import { knownZone, localParts } from './time.ts'

const MAX_NAME = 100

/** The booking's own input: passengers (1 to 6, default 1), trip_id (one of the traveler's trips), passenger_names. */
export function bookingInput(input: unknown) {
  const q = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>
  const errors: FieldErrors = {}
  const raw = q.passengers
  const passengers =
    raw === undefined || raw === null || raw === ''
      ? MIN_PASSENGERS
      : typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\d{1,2}$/.test(raw.trim())
      ? Number(raw.trim())
      : Number.NaN
  if (!(Number.isInteger(passengers) && passengers >= MIN_PASSENGERS && passengers <= MAX_PASSENGERS)) errors.passengers = [FLIGHT_MESSAGES.passengers]
  let tripId: number | null = null
  if (q.trip_id !== undefined && q.trip_id !== null && q.trip_id !== '') {
    const t = typeof q.trip_id === 'number' ? q.trip_id : /^\d{1,10}$/.test(String(q.trip_id)) ? Number(q.trip_id) : Number.NaN
    if (!Number.isInteger(t) || t < 1 || t > 2_147_483_647) errors.trip_id = ['Choose one of your own trips.']
    else tripId = t
  }
  // A list, or text with one name a line (the form's text area).
  const names = Array.isArray(q.passenger_names)
    ? q.passenger_names
    : typeof q.passenger_names === 'string'
    ? q.passenger_names.split(/\r?\n/)
    : q.passenger_names == null
    ? []
    : null
  const passengerNames: string[] = []
  if (!names || names.some((n) => typeof n !== 'string' || n.trim().length > MAX_NAME))
    errors.passenger_names = [`Give each passenger's name as text of at most ${MAX_NAME} characters.`]
  else passengerNames.push(...(names as string[]).map((n) => n.trim()).filter(Boolean))
  if (!errors.passengers && passengerNames.length > passengers)
    errors.passenger_names = [`At most ${passengers} ${passengers === 1 ? 'name' : 'names'}: one per passenger.`]
  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  return { passengers, tripId, passengerNames }
}

type BookingData = ReturnType<typeof bookingInput>

/** A flight ready to book: scheduled, not departed, with its airports and local times. */
export async function bookableFlight(db: Database, id: number) {
  const flight = await loadFlight(db, id)
  if (flight.status !== 'scheduled') throw new DomainError('conflict', FLIGHT_MESSAGES.withdrawn)
  if (flight.departureAt.getTime() <= Date.now()) throw new DomainError('conflict', FLIGHT_MESSAGES.departed)
  const airports = await airportsByIds(db, [flight.departureAirportId, flight.arrivalAirportId])
  const from = airports.get(flight.departureAirportId)!
  const to = airports.get(flight.arrivalAirportId)!
  return {
    flight,
    from,
    to,
    departure: localParts(flight.departureAt, knownZone(from.timezone)),
    arrival: localParts(flight.arrivalAt, knownZone(to.timezone)),
  }
}
export type BookableFlight = Awaited<ReturnType<typeof bookableFlight>>

/**
 * Inside the caller's transaction: checks the trip, if any, is the traveler's and open (openTrip, which locks it),
 * takes the seats by one guarded UPDATE (seats_left − n where seats_left >= n), so concurrent bookings never take more
 * seats than are left, then writes the pending booking. Throws the error that explains a refusal (a closed trip;
 * withdrawn, departed, too few seats); the caller's transaction then writes nothing.
 */
export async function bookSeats(tx: Database, travelerId: number, offer: BookableFlight, data: BookingData, extra: Record<string, unknown> = {}) {
  if (data.tripId !== null) await openTrip(tx, travelerId, data.tripId)
  const { from, to, departure, arrival } = offer
  const id = offer.flight.id
  const [taken] = await tx
    .update(flights)
    .set({ seatsLeft: sql`${flights.seatsLeft} - ${data.passengers}::int` })
    .where(and(eq(flights.id, id), eq(flights.status, 'scheduled'), sql`${flights.seatsLeft} >= ${data.passengers}::int`, sql`${flights.departureAt} > now()`))
    .returning()
  if (!taken) {
    const [now] = await tx.select({ seatsLeft: flights.seatsLeft, status: flights.status }).from(flights).where(eq(flights.id, id))
    if (!now || now.status !== 'scheduled') throw new DomainError('conflict', FLIGHT_MESSAGES.withdrawn)
    if (now.seatsLeft >= data.passengers) throw new DomainError('conflict', FLIGHT_MESSAGES.departed)
    throw new DomainError('conflict', now.seatsLeft > 0 ? FLIGHT_MESSAGES.seatsLeft(now.seatsLeft) : FLIGHT_MESSAGES.soldOut)
  }
  const booking = await insertBooking(tx, {
    bookingType: 'flight',
    travelerId,
    tripId: data.tripId,
    flightId: taken.id,
    title: `${taken.airlineName} ${taken.flightNumber} · ${from.code} → ${to.code}`,
    serviceDate: departure.date,
    partySize: data.passengers,
    cabinClass: taken.cabinClass,
    amount: new Dec(taken.price).times(data.passengers).toFixed(2),
    currency: taken.currency,
    details: {
      airline: taken.airlineName,
      airline_code: taken.airlineCode,
      flight_number: taken.flightNumber,
      aircraft: taken.aircraft,
      from: { code: from.code, city: from.city, airport: from.name },
      to: { code: to.code, city: to.city, airport: to.name },
      departure_at: taken.departureAt.toISOString(),
      arrival_at: taken.arrivalAt.toISOString(),
      departure_local: `${departure.date} ${departure.time}`,
      arrival_local: `${arrival.date} ${arrival.time}`,
      price_per_person: taken.price,
      passenger_names: data.passengerNames,
      ...extra,
    },
  })
  return { booking, taken }
}

/**
 * POST /api/flights/{id}/book/: a pending flight booking for the traveler and their passengers, in the offer's class,
 * priced price × passengers in the flight's currency, the seats taken in the same transaction (bookSeats).
 * Travelers (create_trips), for themselves only.
 */
export async function bookFlight(ctx: ServiceContext, rawId: unknown, input: unknown) {
  const actor = requireFlightBooker(ctx)
  const id = flightIdOf(rawId)
  await loadFlight(ctx.db, id)
  const data = bookingInput(input)
  const offer = await bookableFlight(ctx.db, id)
  const { booking, taken } = await ctx.db.transaction((tx) => bookSeats(tx, actor.id, offer, data))
  return { ...serializeBooking(booking), flight: (await expandFlights(ctx.db, [taken]))[0]! }
}

/** The trips a traveler may book a flight for: their own, not completed or cancelled, newest first (at most 50). */
export async function flightTripOptions(ctx: ServiceContext) {
  const actor = requireFlightBooker(ctx)
  return ctx.db
    .select({ id: trips.id, title: trips.title, start_date: trips.startDate, end_date: trips.endDate })
    .from(trips)
    .where(and(eq(trips.travelerId, actor.id), inArray(trips.status, ['planning', 'booked', 'active'])))
    .orderBy(desc(trips.createdAt), desc(trips.id))
    .limit(50)
}
