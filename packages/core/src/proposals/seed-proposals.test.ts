import { bookings, type DatabaseHandle, eq, proposals, rowsOf, sql, trips, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { recommendedChoices } from '@meridian/validators'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { proposalFigures } from '../analytics/proposals.ts'
import { periodWindow } from '../analytics/periods.ts'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { seedDemoDiscovery } from '../discovery/seed-discovery.ts'
import { seedDemoItineraries } from '../itineraries/seed-itineraries.ts'
import { seedDemoTransfers } from '../seed/demo-catalogue.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { DEMO_TRIP_LABEL, seedDemoTrips } from '../trips/seed-trips.ts'
import { getProposal, listProposals } from './proposals.ts'
import { seedDemoProposals } from './seed-proposals.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedCurrencies(handle.db)
  await seedDemoUsers(handle.db)
  await seedDemoTrips(handle.db)
  // The Maldives' speedboat and Malé's activities and guesthouse, which the accepted plan books.
  await seedDemoTransfers(handle.db, null)
  await seedDemoDiscovery(handle.db)
  await seedDemoItineraries(handle.db)
}, 120_000)
afterAll(async () => {
  await handle?.close()
})

it('sends the demo traveler one proposal with options that waits, and accepts another on another trip, once', async () => {
  expect(await seedDemoProposals(handle.db)).toBe(2)
  const count = async () => (await handle.db.select().from(proposals)).length + (await handle.db.select().from(bookings)).length
  const before = await count()
  expect(await seedDemoProposals(handle.db)).toBe(0)
  expect(await count()).toBe(before)

  const people = await handle.db.select({ id: users.id, username: users.username }).from(users)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const as = async (name: string) =>
    serviceContext(app, await loadActor(handle.db, people.find((p) => p.username === name)!.id), { ipAddress: '', userAgent: '' })
  const traveler = await as('traveler')
  const listed = await listProposals(traveler, {}, { limit: 10 })
  expect(listed.results.map((r) => r.status).sort()).toEqual(['accepted', 'sent'])
  const waitingRow = listed.results.find((r) => r.status === 'sent')!
  const acceptedRow = listed.results.find((r) => r.status === 'accepted')!
  expect(waitingRow.trip_id).not.toBe(acceptedRow.trip_id)

  // Waiting: Peru's approved plan, opened by the traveler, an excursion of three and two hotels for the same night,
  // one thread asked and answered; still open to accept.
  const waiting = await getProposal(traveler, waitingRow.id)
  expect(waiting.trip_id).toBe(waitingRow.trip_id)
  expect(waiting.title).toBe('Lima, Cusco and Machu Picchu')
  expect(waiting.seen_at).not.toBeNull()
  expect(waiting.note.startsWith(DEMO_TRIP_LABEL)).toBe(true)
  expect(waiting.slots.map((s) => [s.group, s.options.length])).toEqual([
    ['valley-excursion', 3],
    ['aguas-calientes-night', 2],
  ])
  expect(waiting.threads).toHaveLength(1)
  expect(waiting.threads[0]).toMatchObject({ item_title: 'Family lodge by the Machu Picchu bus stop', open: true })
  expect(waiting.threads[0]!.comments.map((c) => c.from_traveler)).toEqual([true, false])
  expect(waiting.can).toMatchObject({ accept: true, request_changes: true })

  // Accepted: the Maldives plan, with the traveler's own choice in two of its three slots, frozen and booked.
  const accepted = await getProposal(traveler, acceptedRow.id)
  const frozen = accepted.accepted as { choices: Record<string, string>; bookings: string[]; total: string }
  expect(accepted.slots.map((s) => s.options.length)).toEqual([2, 2, 2])
  const recommended = recommendedChoices(accepted.slots)
  expect(Object.keys(frozen.choices).filter((g) => frozen.choices[g] !== recommended[g])).toEqual(['atoll-villa', 'reef-or-dolphins'])
  expect(accepted.accepted_total).toBe(frozen.total)
  expect(Number(accepted.accepted_total)).toBeGreaterThan(Number(accepted.total))
  const booked = await handle.db.select().from(bookings).where(eq(bookings.tripId, acceptedRow.trip_id))
  expect(booked.map((b) => [b.bookingType, b.status]).sort()).toEqual([
    ['activity', 'pending'],
    ['activity', 'pending'],
    ['hotel', 'confirmed'],
    ['hotel', 'confirmed'],
    ['transfer', 'confirmed'],
  ])
  expect(booked.map((b) => b.reference).sort()).toEqual([...frozen.bookings].sort())
  // Some bookings still pending: the trip stays in planning.
  const [trip] = await handle.db.select().from(trips).where(eq(trips.id, acceptedRow.trip_id))
  expect(trip!.status).toBe('planning')

  // Every notification the services sent says it is demo data; no mail was left for the demo addresses.
  const unlabelled = rowsOf<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from notifications where body not like ${`${DEMO_TRIP_LABEL}%`}`),
  )
  expect(unlabelled[0]!.n).toBe(0)
  expect(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from mail_outbox`))[0]!.n).toBe(0)

  // The analytics see them: two trips sent a proposal, the Maldives accepted twelve days after it was asked for.
  const figures = await proposalFigures(handle.db, periodWindow('30d'))
  expect(figures.all).toMatchObject({ rounds: 2, trips: 2, accepted: 1, acceptance_rate: 50 })
  expect(figures.all.median_hours_to_accept).toBeGreaterThanOrEqual(288)
  expect(figures.all.median_hours_to_accept).toBeLessThan(289)
  expect(figures.experts.map((e) => e.expert)).toEqual(['Elena Costa'])
}, 60_000)
