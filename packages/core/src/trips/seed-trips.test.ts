import { type DatabaseHandle, eq, tripAssignments, trips, tripStatusHistory } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { TRIP_MOVES, type TripStatus } from '@meridian/validators/trip-constants'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { DEMO_TRIP_LABEL, seedDemoTrips } from './seed-trips.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedDemoUsers(handle.db)
})
afterAll(async () => {
  await handle?.close()
})

it('gives the demo traveler labelled trips in every status, each with a history the table allows, once', async () => {
  expect(await seedDemoTrips(handle.db)).toBe(7)
  expect(await seedDemoTrips(handle.db)).toBe(0)
  const rows = await handle.db.select().from(trips)
  expect(new Set(rows.map((t) => t.status))).toEqual(new Set(['planning', 'booked', 'active', 'completed', 'cancelled']))
  expect(rows.every((t) => t.description.startsWith(DEMO_TRIP_LABEL))).toBe(true)
  for (const trip of rows) {
    const history = await handle.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.tripId, trip.id)).orderBy(tripStatusHistory.id)
    let at: TripStatus | null = null
    for (const h of history) {
      expect(h.fromStatus).toBe(at)
      if (at) expect(TRIP_MOVES[at]).toContain(h.toStatus)
      at = h.toStatus as TripStatus
    }
    expect(at).toBe(trip.status)
  }
  const live = await handle.db.select().from(tripAssignments)
  expect(live.map((a) => a.status).sort()).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'pending'])
  // The Maldives trip (accepted as a proposal in seedDemoProposals) was asked for twelve days ago: the clock of the
  // analytics' time from request to acceptance starts there.
  const requested = rows.filter((t) => t.createdAt.getTime() < Date.now() - 11 * 86_400_000)
  expect(requested.map((t) => t.title)).toEqual([expect.stringMatching(/^(Malé, )?Maldives · /)])
})
