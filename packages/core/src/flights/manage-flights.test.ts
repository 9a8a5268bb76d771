import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFlight } from './book-flight.ts'
import { createFlight, getFlight, listFlights, updateFlight, withdrawFlight } from './manage-flights.ts'
import { searchFlights } from './search-flights.ts'
import { day, type FlightWorld, flightWorld, offer } from './test-setup.ts'

let world: FlightWorld
beforeAll(async () => {
  world = await flightWorld()
})
afterAll(async () => {
  await world?.close()
})

const create = async (fields: Record<string, unknown>, who = 'expert') => createFlight(await world.as(who), offer(fields))
const refused = async (fields: Record<string, unknown>) => {
  try {
    await create(fields)
  } catch (error) {
    return (error as { fields?: Record<string, string[]> }).fields
  }
  throw new Error('the flight was saved')
}

describe('flight management', () => {
  it('saves a flight in the airports’ local times, every seat free, with the airline’s name from the IATA list', async () => {
    const f = await create({ airline_code: 'af', flight_number: 'AF 1081', departure: `${day(20)}T09:15`, arrival: `${day(20)}T11:30`, from: 'lhr', to: 'cdg' })
    expect(f).toMatchObject({ airline: 'Air France', airline_code: 'AF', flight_number: 'AF1081', seats_total: 180, availability: 180, status: 'scheduled' })
    expect(f.departure).toMatchObject({ code: 'LHR', time: '09:15', date: day(20), timezone: 'Europe/London' })
    expect(f.arrival).toMatchObject({ code: 'CDG', time: '11:30', timezone: 'Europe/Paris' })
    // 09:15 in London to 11:30 in Paris is one hour fifteen.
    expect(f.duration_minutes).toBe(75)
    const offset = await create({ flight_number: '9', departure: `${day(20)}T08:00:00Z`, arrival: `${day(20)}T12:00+01:00` })
    expect(offset.duration_minutes).toBe(180)
  })

  it('checks every field and names each problem', async () => {
    expect(await refused({ arrival: `${day(10)}T09:00` })).toMatchObject({ arrival: ['Arrival must be after departure.'] })
    expect(await refused({ to: 'LHR' })).toMatchObject({ to: ['The arrival airport must differ from the departure airport.'] })
    // PAR is a city's code, not an airport's.
    expect(await refused({ from: 'PAR', to: 'XQX' })).toMatchObject({ from: ['No airport has the code "PAR".'], to: ['No airport has the code "XQX".'] })
    expect(await refused({ airline_code: 'QE' })).toMatchObject({ airline_code: ['No active airline has the IATA code "QE".'] })
    expect(await refused({ flight_number: 'AF12' })).toMatchObject({ flight_number: ['The flight number must start with the airline code BA.'] })
    expect(await refused({ price: '12.345' })).toMatchObject({ price: [expect.stringMatching(/at most 2 decimal places/)] })
    expect(await refused({ price: -1 })).toHaveProperty('price')
    expect(await refused({ currency: 'ZWL' })).toMatchObject({ currency: ['Choose an active currency.'] })
    expect(await refused({ class: 'cargo', stops: 4, seats_total: 0, amenities: ['wifi', 'spa'], rating: '5.5', reviews: -3 })).toMatchObject({
      class: ['Choose economy, premium, business or first.'],
      stops: ['Stops must be a whole number from 0 to 3.'],
      seats_total: ['Seats must be a whole number from 1 to 1000.'],
      amenities: ['Amenities may be wifi, meals and entertainment.'],
      rating: [expect.any(String)],
      reviews: [expect.any(String)],
    })
    expect(await refused({ departure: 'tomorrow morning' })).toHaveProperty('departure')
  })

  it('refuses the same offer twice (airline, number, departure, class)', async () => {
    const fields = { flight_number: '777', departure: `${day(30)}T10:00`, arrival: `${day(30)}T12:15` }
    await create(fields)
    expect(await refused(fields)).toMatchObject({ flight_number: ['A flight with this airline, flight number, departure and class already exists.'] })
    // Another class of the same flight is another offer.
    expect((await create({ ...fields, class: 'business' })).class).toBe('business')
  })

  it('is for superadmins, admins and experts', async () => {
    for (const who of ['traveler', 'editor', 'specialist']) await expect(create({}, who)).rejects.toMatchObject({ code: 'forbidden' })
    for (const who of ['superadmin', 'admin']) expect((await create({}, who)).id).toBeGreaterThan(0)
    await expect(listFlights(await world.as('traveler'), {}, { limit: 10 })).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('keeps the booked seats when the total changes, and refuses a total below them', async () => {
    const f = await create({ flight_number: '500', seats_total: 10 })
    await bookFlight(await world.as('traveler'), f.id, { passengers: 4 })
    const admin = await world.as('admin')
    const more = await updateFlight(admin, f.id, { seats_total: 20 })
    expect(more).toMatchObject({ seats_total: 20, availability: 16 })
    const fewer = await updateFlight(admin, f.id, { seats_total: '4' })
    expect(fewer).toMatchObject({ seats_total: 4, availability: 0, booking_status: 'sold_out' })
    await expect(updateFlight(admin, f.id, { seats_total: 3 })).rejects.toMatchObject({
      fields: { seats_total: ['4 seats are already booked: the total cannot be lower.'] },
    })
    // Other fields change alone; the times keep their instants.
    const priced = await updateFlight(admin, f.id, { price: '99.5', aircraft: 'Airbus A321' })
    expect(priced).toMatchObject({ price: '99.50', aircraft: 'Airbus A321', departure: f.departure, seats_total: 4 })
    // Keys every object inherits are not fields: they change nothing and break nothing.
    const odd = await updateFlight(admin, f.id, { toString: 'x', valueOf: 1, constructor: [], aircraft: 'Boeing 737' })
    expect(odd).toMatchObject({ price: '99.50', aircraft: 'Boeing 737', seats_total: 4 })
  })

  it('withdraws a flight: out of search, not bookable, its bookings kept', async () => {
    const f = await create({ flight_number: '600', departure: `${day(40)}T10:00`, arrival: `${day(40)}T12:15` })
    const traveler = await world.as('traveler')
    const booking = await bookFlight(traveler, f.id, { passengers: 2 })
    const withdrawn = await withdrawFlight(await world.as('admin'), f.id)
    expect(withdrawn.status).toBe('withdrawn')
    const found = await searchFlights(traveler, { from: 'LHR', to: 'CDG', departure_date: day(40) })
    expect(found.legs[0]!.results.map((r) => r.id)).not.toContain(f.id)
    await expect(bookFlight(traveler, f.id, { passengers: 1 })).rejects.toMatchObject({ code: 'conflict', message: 'This flight is no longer offered.' })
    await expect(getFlight(traveler, f.id)).rejects.toMatchObject({ code: 'not_found' })
    expect((await getFlight(await world.as('expert'), f.id)).status).toBe('withdrawn')
    await expect(withdrawFlight(await world.as('admin'), f.id)).rejects.toMatchObject({ code: 'conflict' })
    const [row] = await world.handle.db.query.bookings.findMany({ where: (b, { eq }) => eq(b.id, booking.id) })
    expect(row).toMatchObject({ status: 'pending', flightId: f.id, partySize: 2 })
  })

  it('lists every flight in departure order for staff, with filters', async () => {
    const admin = await world.as('admin')
    const page = await listFlights(admin, { airline: 'af' }, { limit: 50 })
    expect(page.results.length).toBeGreaterThan(0)
    expect(page.results.every((f) => f.airline_code === 'AF')).toBe(true)
    const af = page.results.find((f) => f.flight_number === 'AF1081')!
    const byNumber = await listFlights(admin, { airline: 'AF', flight_number: '1081' }, { limit: 50 })
    expect(byNumber.results.map((f) => f.id)).toEqual([af.id])
    // The withdrawn filter answers exactly the withdrawn flights: one withdrawn here is in, a scheduled one is out.
    const gone = await create({ flight_number: '700', departure: `${day(45)}T10:00`, arrival: `${day(45)}T12:15` })
    const kept = await create({ flight_number: '701', departure: `${day(45)}T14:00`, arrival: `${day(45)}T16:15` })
    await withdrawFlight(admin, gone.id)
    const all = (await listFlights(admin, {}, { limit: 500 })).results
    const withdrawn = await listFlights(admin, { status: 'withdrawn' }, { limit: 500 })
    expect(withdrawn.results.map((f) => f.id)).toContain(gone.id)
    expect(withdrawn.results.map((f) => f.id)).not.toContain(kept.id)
    expect(withdrawn.results.map((f) => f.id)).toEqual(all.filter((f) => f.status === 'withdrawn').map((f) => f.id))
    const times = (await listFlights(admin, { when: 'upcoming' }, { limit: 500 })).results.map((f) => f.departure.at)
    expect(times).toEqual([...times].sort())
    await expect(listFlights(admin, { status: 'lost' }, { limit: 10 })).rejects.toMatchObject({ code: 'invalid' })
  })
})
