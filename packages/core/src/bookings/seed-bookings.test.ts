import { createTestDatabase } from '@meridian/db/testing'
import { bookings, type DatabaseHandle, eq, users } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { seedDemoItineraries } from '../itineraries/seed-itineraries.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { seedDemoTrips } from '../trips/seed-trips.ts'
import { listTrips } from '../trips/trips.ts'
import { getBooking, listBookings } from './bookings.ts'
import { DEMO_BOOKING_LABEL, seedDemoBookings } from './seed-bookings.ts'
import { bookingSummary } from './summary.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  await seedDemoTrips(handle.db)
  await seedDemoItineraries(handle.db)
})
afterAll(async () => {
  await handle?.close()
})

it('books stays, activities and packages of every status for the demo traveler, labelled, once', async () => {
  const added = await seedDemoBookings(handle.db)
  expect(added).toBeGreaterThanOrEqual(9)
  expect(await seedDemoBookings(handle.db)).toBe(0)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const [traveler] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'))
  const ctx = serviceContext(app, await loadActor(handle.db, traveler!.id), { ipAddress: '', userAgent: '' })
  const list = await listBookings(ctx, { page_size: 100 })
  expect(list.count).toBe(added)
  const seen = new Set(list.results.map((b) => `${b.type}:${b.status}`))
  for (const kind of [
    'hotel:confirmed',
    'hotel:pending',
    'hotel:cancelled',
    'activity:confirmed',
    'activity:pending',
    'activity:cancelled',
    'trip:confirmed',
    'trip:cancelled',
  ]) {
    expect(seen).toContain(kind)
  }
  const rows = await handle.db.select({ notes: bookings.notes }).from(bookings)
  expect(rows.every((r) => r.notes.startsWith(DEMO_BOOKING_LABEL))).toBe(true)
  // Every confirmed one carries a supplier confirmation number marked as demo data, for its voucher; no other does.
  for (const b of list.results) {
    if (b.status === 'confirmed') {
      expect(b.supplier_confirmation).toMatch(/^DEMO-(HTL|ACT|PKG)-\d+$/)
      expect(b.supplier_notes.startsWith(DEMO_BOOKING_LABEL)).toBe(true)
    } else expect(b.supplier_confirmation).toBe('')
  }
  // Every priced one has its schedule, and a live one is past its free-cancellation deadline: cancelling it costs a fee.
  for (const b of list.results) if (/[1-9]/.test(b.amount)) expect((await getBooking(ctx, b.id)).schedule.lines.length).toBeGreaterThan(0)
  const live = list.results.filter((b) => b.status !== 'cancelled' && b.free_cancel_until !== null)
  expect(live.some((b) => Date.parse(b.free_cancel_until!) < Date.now())).toBe(true)
  // One booked from the approved itinerary, a stay request waiting for its quote.
  expect(list.results.some((b) => b.itinerary_item_id !== null)).toBe(true)
  expect(list.results.find((b) => b.type === 'hotel' && b.status === 'pending')?.amount).toBe('0.00')
  // The cards and the trips' figures read them.
  const summary = await bookingSummary(ctx)
  expect(summary.confirmed).toBe(list.results.filter((b) => b.status === 'confirmed').length)
  expect(summary.unconverted).toEqual([])
  const trips = await listTrips(ctx, {}, { limit: 20, offset: 0 })
  expect(trips.results.find((t) => t.country === 'Portugal')).toMatchObject({ accommodations_count: 1, activities_count: 1 })
})
