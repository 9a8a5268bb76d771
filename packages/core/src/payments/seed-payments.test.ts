import { createTestDatabase } from '@meridian/db/testing'
import { bookings, type DatabaseHandle, eq, payments, users } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { seedDemoBookings } from '../bookings/seed-bookings.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { seedDemoItineraries } from '../itineraries/seed-itineraries.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { seedDemoTrips } from '../trips/seed-trips.ts'
import { listPaymentHistory } from './history.ts'
import { getPayScreen } from './pay-screen.ts'
import { seedDemoPayments } from './seed-payments.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  await seedDemoTrips(handle.db)
  await seedDemoItineraries(handle.db)
  await seedDemoBookings(handle.db)
})
afterAll(async () => {
  await handle?.close()
})

it('pays two demo bookings and leaves one awaiting money for staff to mark, once', async () => {
  expect(await seedDemoPayments(handle.db)).toBe(3)
  expect(await seedDemoPayments(handle.db)).toBe(0)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const ctx = async (username: string) => {
    const [u] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
    return serviceContext(app, await loadActor(handle.db, u!.id), { ipAddress: '', userAgent: '' })
  }
  const history = await listPaymentHistory(await ctx('traveler'), {})
  expect(history.results.map((p) => [p.booking_title, p.status, p.method]).sort()).toEqual([
    ['Boutique hotel in Chiado', 'succeeded', 'bank_transfer'],
    ['Fado evening in Alfama', 'requires_payment', ''],
    ['Hotel by the old harbour, Reykjavik', 'succeeded', 'on_site'],
  ])
  // Every payment's amount is its booking's; the paid ones' bookings are paid.
  const rows = await handle.db.select({ payment: payments, booking: bookings }).from(payments).innerJoin(bookings, eq(bookings.id, payments.bookingId))
  for (const { payment, booking } of rows) {
    expect([payment.amount, payment.currency]).toEqual([booking.amount, booking.currency])
    expect(booking.paymentState).toBe(payment.status === 'succeeded' ? 'paid' : 'unpaid')
  }
  // The demo expert handles them: the awaiting one can be marked received from its pay screen.
  const awaiting = history.results.find((p) => p.status === 'requires_payment')!
  expect((await getPayScreen(await ctx('expert'), awaiting.booking_id)).can.mark_received).toBe(true)
})
