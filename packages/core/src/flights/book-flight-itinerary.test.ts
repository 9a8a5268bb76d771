import { bookings, count, eq, flights, sql } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFlightItinerary } from './book-flight-itinerary.ts'
import { bookFlight } from './book-flight.ts'
import { createFlight } from './manage-flights.ts'
import { day, type FlightWorld, flightWorld, offer } from './test-setup.ts'

let world: FlightWorld
beforeAll(async () => {
  world = await flightWorld()
})
afterAll(async () => {
  await world?.close()
})

const flight = async (fields: Record<string, unknown> = {}) => createFlight(await world.as('admin'), offer(fields))
const seatsLeft = async (id: number) => (await world.handle.db.select({ n: flights.seatsLeft }).from(flights).where(eq(flights.id, id)))[0]!.n
const bookingCount = async () => (await world.handle.db.select({ n: count() }).from(bookings))[0]!.n

/** London to Paris on day 10, Paris to Tokyo on day 12, Tokyo to London on day 15. */
async function threeLegs(seats: [number, number, number] = [50, 50, 50]) {
  return [
    await flight({ from: 'LHR', to: 'CDG', price: '120.00', currency: 'EUR', seats_total: seats[0] }),
    await flight({
      airline_code: 'AF',
      from: 'CDG',
      to: 'NRT',
      departure: `${day(12)}T13:25`,
      arrival: `${day(13)}T08:05`,
      price: '780.10',
      currency: 'EUR',
      seats_total: seats[1],
    }),
    await flight({
      airline_code: 'JL',
      from: 'NRT',
      to: 'LHR',
      departure: `${day(15)}T10:40`,
      arrival: `${day(15)}T15:30`,
      price: '905.00',
      currency: 'USD',
      seats_total: seats[2],
    }),
  ]
}

describe('booking a multi-city itinerary', () => {
  it('books every leg together for the same passengers: one pending booking a leg, seats taken, known by the first leg’s reference', async () => {
    const legs = await threeLegs()
    const traveler = await world.as('traveler')
    const done = await bookFlightItinerary(traveler, { flights: legs.map((l) => l.id), passengers: 2, passenger_names: ['Ada Lovelace'] })
    expect(done.legs).toBe(3)
    expect(done.passengers).toBe(2)
    expect(done.bookings.map((b) => b.flight_id)).toEqual(legs.map((l) => l.id))
    expect(done.bookings.map((b) => b.amount)).toEqual(['240.00', '1560.20', '1810.00'])
    expect(done.totals).toEqual([
      { currency: 'EUR', amount: '1800.20' },
      { currency: 'USD', amount: '1810.00' },
    ])
    expect(done.reference).toBe(done.bookings[0]!.reference)
    done.bookings.forEach((b, i) => {
      expect(b).toMatchObject({ type: 'flight', status: 'pending', party_size: 2, traveler_id: traveler.actor!.id })
      expect(b.details).toMatchObject({ itinerary: { reference: done.reference, leg: i + 1, legs: 3 }, passenger_names: ['Ada Lovelace'] })
    })
    expect(done.message).toBe(`Itinerary booked: 3 flights under reference ${done.reference}.`)
    for (const l of legs) expect(await seatsLeft(l.id)).toBe(48)
  })

  it('refuses the whole itinerary when one leg is sold out or short of seats, and writes nothing', async () => {
    const legs = await threeLegs([50, 3, 50])
    const traveler = await world.as('traveler')
    const before = await bookingCount()
    await expect(bookFlightItinerary(traveler, { flights: legs.map((l) => l.id), passengers: 4 })).rejects.toMatchObject({
      code: 'conflict',
      message: `Leg 2 (${legs[1]!.flight_number}): Only 3 seats left on this flight.`,
    })
    // Sold out between the choice and the booking: the last leg fails after the first two took their seats in the transaction.
    await world.handle.db.execute(sql`update flights set seats_left = 0 where id = ${legs[2]!.id}`)
    await expect(bookFlightItinerary(traveler, { flights: legs.map((l) => l.id), passengers: 1 })).rejects.toMatchObject({
      code: 'conflict',
      message: `Leg 3 (${legs[2]!.flight_number}): This flight is sold out.`,
    })
    expect(await bookingCount()).toBe(before)
    expect([await seatsLeft(legs[0]!.id), await seatsLeft(legs[1]!.id)]).toEqual([50, 3])
  })

  it('rolls back legs already written when a later leg loses its seats inside the transaction', async () => {
    const legs = await threeLegs([20, 20, 2])
    const traveler = await world.as('traveler')
    const before = await bookingCount()
    // Another traveler takes leg 3's last seats; this itinerary's check before the transaction still saw them.
    const racing = bookFlightItinerary(traveler, { flights: legs.map((l) => l.id), passengers: 2 })
    const other = bookFlight(await world.as('traveler'), legs[2]!.id, { passengers: 2 })
    const outcomes = await Promise.allSettled([racing, other])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    const itineraryBooked = outcomes[0]!.status === 'fulfilled'
    expect(await bookingCount()).toBe(before + (itineraryBooked ? 3 : 1))
    expect(await seatsLeft(legs[0]!.id)).toBe(itineraryBooked ? 18 : 20)
    expect(await seatsLeft(legs[2]!.id)).toBe(0)
  })

  it('checks the legs: 2 to 5 flight ids, each once, each leaving after the one before lands', async () => {
    const legs = await threeLegs()
    const traveler = await world.as('traveler')
    const ids = legs.map((l) => l.id)
    await expect(bookFlightItinerary(traveler, { flights: [ids[0]] })).rejects.toMatchObject({
      code: 'invalid',
      fields: { flights: ['A multi-city itinerary has 2 to 5 legs: choose one flight for each leg.'] },
    })
    await expect(bookFlightItinerary(traveler, { flights: [ids[0], 'x'] })).rejects.toMatchObject({ fields: { flights: [expect.any(String)] } })
    await expect(bookFlightItinerary(traveler, { flights: [ids[0], ids[0]] })).rejects.toMatchObject({
      fields: { flights: ['Each leg needs a flight of its own: the same flight is chosen twice.'] },
    })
    await expect(bookFlightItinerary(traveler, { flights: [ids[1], ids[0]] })).rejects.toMatchObject({
      fields: { flights: ['Leg 2 must depart after leg 1 arrives.'] },
    })
    await expect(bookFlightItinerary(traveler, { flights: `${ids[0]},${ids[1]}`, passengers: 9 })).rejects.toMatchObject({
      fields: { passengers: ['Passengers must be between 1 and 6.'] },
    })
    await expect(bookFlightItinerary(traveler, { flights: [ids[0], 2_000_000] })).rejects.toMatchObject({ code: 'not_found' })
    // Staff do not book for travelers.
    await expect(bookFlightItinerary(await world.as('expert'), { flights: ids })).rejects.toMatchObject({ code: 'forbidden' })
    for (const l of legs) expect(await seatsLeft(l.id)).toBe(50)
  })
})
