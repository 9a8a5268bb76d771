import { createTestDatabase } from '@meridian/db/testing'
import { bookings, type DatabaseHandle, eq, flights, users } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { seedDemoTrips } from '../trips/seed-trips.ts'
import { DEMO_FLIGHT_LABEL, seedDemoFlights } from './seed-flights.ts'
import { searchFlights } from './search-flights.ts'
import { day } from './test-setup.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  // What a first start has: countries and capitals only, no airport yet.
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  await seedDemoTrips(handle.db)
})
afterAll(async () => {
  await handle?.close()
})

it('adds labelled demo flights between the main airports, and the demo traveler’s flight bookings, once', async () => {
  const added = await seedDemoFlights(handle.db)
  expect(added).toBeGreaterThan(3000)
  expect(await seedDemoFlights(handle.db)).toBe(0)
  const all = await handle.db.select({ aircraft: flights.aircraft, seatsLeft: flights.seatsLeft, departureAt: flights.departureAt }).from(flights)
  expect(all.every((f) => f.aircraft.endsWith(DEMO_FLIGHT_LABEL))).toBe(true)
  // Some nearly full, some sold out, none below zero.
  expect(all.some((f) => f.seatsLeft > 0 && f.seatsLeft <= 4)).toBe(true)
  expect(all.some((f) => f.seatsLeft === 0)).toBe(true)

  const [traveler] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'))
  const own = await handle.db.select().from(bookings).where(eq(bookings.travelerId, traveler!.id))
  const today = day(0)
  expect(own.filter((b) => b.serviceDate >= today).length).toBeGreaterThanOrEqual(2)
  expect(own.filter((b) => b.serviceDate < today).length).toBeGreaterThanOrEqual(1)
  expect(own.every((b) => b.bookingType === 'flight' && b.flightId !== null)).toBe(true)

  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const ctx = serviceContext(app, await loadActor(handle.db, traveler!.id), { ipAddress: '', userAgent: '' })
  const found = await searchFlights(ctx, { from: 'London', to: 'Lisbon', departure_date: day(7), class: 'economy' })
  expect(found.legs[0]!.results.map((f) => f.flight_number)).toEqual(['TP1351'])
  expect(found.legs[0]!.results[0]!.departure).toMatchObject({ code: 'LHR', city: 'London', time: '10:05' })

  // docs/bookings.md "Multi-city itineraries": the demo's example trip finds a flight for every leg, in any class.
  const trip = await searchFlights(ctx, {
    trip_type: 'multiCity',
    from: ['London', 'Paris', 'Tokyo'],
    to: ['Paris', 'Tokyo', 'Dubai'],
    departure_date: [day(10), day(12), day(16)],
  })
  expect(trip.legs.map((l) => l.results.map((f) => f.flight_number)[0])).toEqual(['AF1081', 'AF276', 'EK319'])
}, 120_000)
