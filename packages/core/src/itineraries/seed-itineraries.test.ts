import { activities, countries, type DatabaseHandle, eq, itineraries, itineraryItems, itineraryVersions, transfers, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { DEMO_TRIP_LABEL, seedDemoTrips } from '../trips/seed-trips.ts'
import { getTrip } from '../trips/trips.ts'
import { listItineraries } from './list.ts'
import { seedDemoItineraries } from './seed-itineraries.ts'
import { compareItineraryVersions, listItineraryVersions } from './versions.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  await seedDemoTrips(handle.db)
  // A catalogue transfer in Peru (the approved plan's country) and none in Portugal.
  const [peru] = await handle.db.select({ id: countries.id }).from(countries).where(eq(countries.name, 'Peru'))
  await handle.db
    .insert(transfers)
    .values({ name: 'Lima airport to Miraflores', type: 'car', fromCountryId: peru!.id, pricing: { per: 'vehicle', vehicle: 45, currency: 'USD' } })
})
afterAll(async () => {
  await handle?.close()
})

it('plans the demo expert’s accepted trips through the services: one approved, one draft with three versions, once', async () => {
  expect(await seedDemoItineraries(handle.db)).toBe(2)
  const counted = async () => ({
    itineraries: (await handle.db.select().from(itineraries)).length,
    versions: (await handle.db.select().from(itineraryVersions)).length,
    activities: (await handle.db.select().from(activities)).length,
  })
  const before = await counted()
  expect(await seedDemoItineraries(handle.db)).toBe(0)
  expect(await counted()).toEqual(before)

  const rows = await handle.db.select().from(itineraries).orderBy(itineraries.id)
  expect(rows.map((r) => r.status)).toEqual(['approved', 'draft'])
  expect(rows.every((r) => r.description.startsWith(DEMO_TRIP_LABEL))).toBe(true)
  const [approved, draft] = rows
  expect(approved!.approvedVersion).toBe(2)
  expect(draft!.version).toBe(3)

  // Real prices, and every kind of item; transport only where the catalogue has a transfer.
  const items = await handle.db.select().from(itineraryItems)
  expect(new Set(items.map((i) => i.type))).toEqual(new Set(['activity', 'accommodation', 'meal', 'free_time', 'transport']))
  expect(items.filter((i) => i.type === 'transport').map((i) => [i.itineraryId, i.convertedCost])).toEqual([[approved!.id, '45.0000']])
  expect(items.filter((i) => i.type !== 'free_time').every((i) => i.convertedCost !== null && Number(i.convertedCost) > 0)).toBe(true)
  expect(items.every((i) => i.startTime !== null && i.endTime !== null)).toBe(true)
  // The approved plan offers options on its days still ahead (seedDemoProposals sends it): three excursions, two
  // hotels for the same night, the first of each recommended; the draft has none.
  const options = items.filter((i) => i.optionGroup !== null).sort((a, b) => a.id - b.id)
  expect(options.every((i) => i.itineraryId === approved!.id)).toBe(true)
  expect(options.map((i) => [i.optionGroup, i.title, i.recommended])).toEqual([
    ['valley-excursion', 'Sacred Valley day trip', true],
    ['valley-excursion', 'Maras salt pans and Moray terraces', false],
    ['valley-excursion', 'Pisac market and ruins', false],
    ['aguas-calientes-night', 'Riverside hotel in Aguas Calientes', true],
    ['aguas-calientes-night', 'Family lodge by the Machu Picchu bus stop', false],
  ])
  const used = await handle.db
    .select()
    .from(activities)
    .where(eq(activities.id, items.find((i) => i.type === 'activity')!.activityId!))
  expect(used[0]!.description.startsWith(DEMO_TRIP_LABEL)).toBe(true)

  // The draft's history: created, the first days, the rest with a re-priced hotel.
  const people = await handle.db.select({ id: users.id, username: users.username }).from(users)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const as = async (name: string) =>
    serviceContext(app, await loadActor(handle.db, people.find((p) => p.username === name)!.id), { ipAddress: '', userAgent: '' })
  const expert = await as('expert')
  const history = await listItineraryVersions(expert, draft!.id)
  expect(history.map((h) => h.version)).toEqual([3, 2, 1])
  expect(history[0]!.summary).toContain('Demo data')
  const changes = (await compareItineraryVersions(expert, draft!.id, { from: 2, to: 3 })).changes
  expect(changes.items_removed).toEqual([])
  expect(changes.items_added.length).toBeGreaterThan(0)
  expect(changes.items_repriced.map((i) => i.title)).toEqual(['Boutique hotel in Chiado'])

  // The traveler sees the approved one, not the draft. (A trip's activity count comes from its confirmed bookings.)
  const traveler = await as('traveler')
  const seen = await listItineraries(traveler, {}, { limit: 10 })
  expect(seen.results.map((r) => r.id)).toEqual([approved!.id])
  expect((await getTrip(traveler, approved!.tripId)).id).toBe(approved!.tripId)
})
