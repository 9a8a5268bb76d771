import { seedCurrencies } from '@meridian/core/currency-seed'
import { insertTestActivity } from '@meridian/core/testing'
import { activities, bookings, count, countries, eq, flights, locations, suppliers, trips, users } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

/** A completed or cancelled trip is refused by every booking path with the activity booking's answer. */
let server: TestServer
let traveler: string
let admin: string
let travelerId: number
let hotel: number
let activity: number
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const CLOSED = { trip_id: ['A completed or cancelled trip cannot be booked.'] }

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  traveler = (await server.login('traveler')).access
  admin = (await server.login('admin')).access
  travelerId = (await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler')))[0]!.id
  const [country] = await db.insert(countries).values({ name: 'Flightland', continent: 'Europe' }).returning({ id: countries.id })
  await db.insert(locations).values([
    { name: 'Londria Airport', countryId: country!.id, locationType: 'airport', airportCode: 'QLA', address: 'Londria', timezone: 'Europe/London' },
    { name: 'Parisia Airport', countryId: country!.id, locationType: 'airport', airportCode: 'QPA', address: 'Parisia', timezone: 'Europe/Paris' },
  ])
  const [stay] = await db
    .insert(suppliers)
    .values({ name: 'Casa do Rio', supplierType: 'accommodation', city: 'Lisbon', countryId: country!.id, email: 'desk@example.test' })
    .returning({ id: suppliers.id })
  hotel = stay!.id
  activity = await insertTestActivity(db, 'Harbour kayak')
  await db.update(activities).set({ pricingModel: 'fixed', fixedPrice: '40.00' }).where(eq(activities.id, activity))
})
afterAll(async () => {
  await server?.close()
})

async function flight(from: string, to: string, days: number) {
  const res = await server.request('/api/flights/', {
    token: admin,
    body: {
      airline_code: 'BA',
      flight_number: String(100 + Math.floor(Math.random() * 9000)),
      from,
      to,
      departure: `${day(days)}T09:15`,
      arrival: `${day(days)}T11:30`,
      price: '150.10',
      currency: 'EUR',
      seats_total: 12,
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id as number
}

const trip = async (status: 'booked' | 'completed' | 'cancelled') =>
  (await server.handle.db.insert(trips).values({ title: `Lisbon (${status})`, startDate: day(20), endDate: day(25), travelerId, status }).returning({ id: trips.id }))[0]!.id
const bookingCount = async () => (await server.handle.db.select({ n: count() }).from(bookings))[0]!.n
const seatsLeft = async (id: number) => (await server.handle.db.select({ n: flights.seatsLeft }).from(flights).where(eq(flights.id, id)))[0]!.n

describe.each(['completed', 'cancelled'] as const)('a %s trip', (status) => {
  it('POST /api/activities/{id}/book/ answers 400 on trip_id (as it always has)', async () => {
    const res = await server.request(`/api/activities/${activity}/book/`, { token: traveler, body: { date: day(21), participants: 1, trip_id: await trip(status) } })
    expect([res.status, res.body]).toEqual([400, CLOSED])
  })

  it('POST /api/flights/{id}/book/ answers the same 400, takes no seat and writes no booking', async () => {
    const id = await flight('QLA', 'QPA', 9)
    const before = await bookingCount()
    const res = await server.request(`/api/flights/${id}/book/`, { token: traveler, body: { passengers: 2, trip_id: await trip(status) } })
    expect([res.status, res.body]).toEqual([400, CLOSED])
    expect(await seatsLeft(id)).toBe(12)
    expect(await bookingCount()).toBe(before)
  })

  it('POST /api/flights/book/ (multi-city) answers the same 400 and takes no seat on any leg', async () => {
    const legs = [await flight('QLA', 'QPA', 9), await flight('QPA', 'QLA', 11)]
    const before = await bookingCount()
    const res = await server.request('/api/flights/book/', { token: traveler, body: { flights: legs, passengers: 1, trip_id: await trip(status) } })
    expect([res.status, res.body]).toEqual([400, CLOSED])
    expect([await seatsLeft(legs[0]!), await seatsLeft(legs[1]!)]).toEqual([12, 12])
    expect(await bookingCount()).toBe(before)
  })

  it('POST /api/accommodations/{id}/book/ answers the same 400 and writes no booking', async () => {
    const before = await bookingCount()
    const res = await server.request(`/api/accommodations/${hotel}/book/`, {
      token: traveler,
      body: { check_in: day(20), check_out: day(23), rooms: 1, guests: 2, trip_id: await trip(status) },
    })
    expect([res.status, res.body]).toEqual([400, CLOSED])
    expect(await bookingCount()).toBe(before)
  })
})

describe('an open trip', () => {
  it('still takes a flight and a stay (201)', async () => {
    const tripId = await trip('booked')
    const booked = await server.request(`/api/flights/${await flight('QLA', 'QPA', 9)}/book/`, { token: traveler, body: { passengers: 1, trip_id: tripId } })
    expect([booked.status, booked.body.trip_id]).toEqual([201, tripId])
    const stay = await server.request(`/api/accommodations/${hotel}/book/`, { token: traveler, body: { check_in: day(20), check_out: day(23), rooms: 1, guests: 2, trip_id: tripId } })
    expect([stay.status, stay.body.trip_id]).toEqual([201, tripId])
  })
})
