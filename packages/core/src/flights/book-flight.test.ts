import { bookings, count, eq, flights, trips, users } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking } from '../bookings/change-booking.ts'
import { BOOKING_MESSAGES } from '../bookings/messages.ts'
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

describe('booking a flight', () => {
  it('books the chosen passengers in the offer’s class at price × passengers exactly, in the flight’s currency, taking the seats', async () => {
    const f = await flight({ price: '333.33', currency: 'GBP', class: 'premium', seats_total: 40 })
    const traveler = await world.as('traveler')
    const booking = await bookFlight(traveler, f.id, { passengers: 3, passenger_names: ['Ada Lovelace', ' ', 'Alan Turing'] })
    expect(booking).toMatchObject({
      type: 'flight',
      status: 'pending',
      amount: '999.99',
      currency: 'GBP',
      cabin_class: 'premium',
      party_size: 3,
      flight_id: f.id,
      traveler_id: traveler.actor!.id,
      date: day(10),
      title: `British Airways ${f.flight_number} · LHR → CDG`,
      details: { passenger_names: ['Ada Lovelace', 'Alan Turing'], price_per_person: '333.33', departure_local: `${day(10)} 09:15` },
    })
    expect(booking.reference).toMatch(/^MB-[2-9A-Z]{8}$/)
    expect(booking.flight).toMatchObject({ id: f.id, availability: 37 })
    expect(await seatsLeft(f.id)).toBe(37)
    // One passenger by default.
    expect((await bookFlight(traveler, f.id, {})).party_size).toBe(1)
  })

  it('checks the passengers, the names and the trip; nothing is taken when it refuses', async () => {
    const f = await flight({ seats_total: 10 })
    const traveler = await world.as('traveler')
    for (const passengers of [0, 7, 'many', { toString: 'x' }, Object.create(null), ['2']]) {
      await expect(bookFlight(traveler, f.id, { passengers })).rejects.toMatchObject({ fields: { passengers: ['Passengers must be between 1 and 6.'] } })
    }
    await expect(bookFlight(traveler, f.id, { passengers: 1, passenger_names: ['A', 'B'] })).rejects.toMatchObject({
      fields: { passenger_names: [expect.any(String)] },
    })
    // Another traveler's trip is not the traveler's to book for.
    const [stranger] = await world.handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'specialist'))
    const [theirs] = await world.handle.db
      .insert(trips)
      .values({ title: 'Not yours', startDate: day(9), endDate: day(12), travelerId: stranger!.id })
      .returning()
    await expect(bookFlight(traveler, f.id, { passengers: 2, trip_id: theirs!.id })).rejects.toMatchObject({
      fields: { trip_id: ['Choose one of your own trips.'] },
    })
    expect(await seatsLeft(f.id)).toBe(10)
    const [mine] = await world.handle.db
      .insert(trips)
      .values({ title: 'Paris weekend', startDate: day(9), endDate: day(12), travelerId: traveler.actor!.id })
      .returning()
    expect((await bookFlight(traveler, f.id, { passengers: 2, trip_id: String(mine!.id) })).trip_id).toBe(mine!.id)
    await expect(bookFlight(traveler, 999_999, {})).rejects.toMatchObject({ code: 'not_found' })
  })

  it('answers how many seats are left when there are too few', async () => {
    const f = await flight({ seats_total: 3 })
    const traveler = await world.as('traveler')
    await expect(bookFlight(traveler, f.id, { passengers: 4 })).rejects.toMatchObject({ code: 'conflict', message: 'Only 3 seats left on this flight.' })
    await bookFlight(traveler, f.id, { passengers: 3 })
    await expect(bookFlight(traveler, f.id, { passengers: 1 })).rejects.toMatchObject({ code: 'conflict', message: 'This flight is sold out.' })
  })

  it('is for travelers, for themselves; staff do not book', async () => {
    const f = await flight()
    for (const who of ['admin', 'expert', 'editor', 'specialist'])
      await expect(bookFlight(await world.as(who), f.id, {})).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('two cancellations of one booking at the same moment: one cancels, the other is refused, the seats come back once', async () => {
    // A race only on PostgreSQL (TEST_DATABASE_URL: a pool of connections), where the two cancellations run in
    // parallel transactions and only the lock on the booking row makes the second see it cancelled (without it the
    // seats come back twice: checked so). On PGlite (one connection) they run one after another, and the same
    // assertions check that serial outcome.
    const f = await flight({ seats_total: 10 })
    const traveler = await world.as('traveler')
    await bookFlight(traveler, f.id, { passengers: 4 })
    const booking = await bookFlight(traveler, f.id, { passengers: 3 })
    // Below the total, so that seats given back twice would show (they are capped at the total).
    expect(await seatsLeft(f.id)).toBe(3)
    const outcomes = await Promise.allSettled([cancelBooking(traveler, booking.id, {}), cancelBooking(traveler, booking.id, {})])
    const done = outcomes.filter((o) => o.status === 'fulfilled')
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')
    expect(done).toHaveLength(1)
    expect(done[0]!.value).toMatchObject({ id: booking.id, status: 'cancelled' })
    expect(refused).toHaveLength(1)
    expect(refused[0]!.reason).toMatchObject({ code: 'conflict', message: BOOKING_MESSAGES.illegalMove('cancelled', 'cancelled') })
    expect(await seatsLeft(f.id)).toBe(6)
  })

  it('never oversells: 100 bookings at once for the last 10 seats end with exactly 10 booked', async () => {
    // A race only on PostgreSQL (TEST_DATABASE_URL: a pool of connections), where the bookings run in parallel
    // transactions and only the guarded UPDATE of seats_left keeps them from overselling (a read-then-write sells
    // dozens of seats too many there: checked so). On PGlite (one connection) the transactions run one after another,
    // and the same assertions check that serial outcome.
    const f = await flight({ seats_total: 10 })
    const traveler = await world.as('traveler')
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => bookFlight(traveler, f.id, { passengers: 1 })))
    const booked = outcomes.filter((o) => o.status === 'fulfilled')
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')
    expect(booked).toHaveLength(10)
    expect(refused).toHaveLength(90)
    expect(refused.every((r) => r.reason.code === 'conflict' && /sold out|seats? left/.test(r.reason.message))).toBe(true)
    expect(await seatsLeft(f.id)).toBe(0)
    const [held] = await world.handle.db.select({ n: count() }).from(bookings).where(eq(bookings.flightId, f.id))
    expect(held!.n).toBe(10)
  }, 60_000)
})
