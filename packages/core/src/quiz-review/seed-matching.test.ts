import { createTestDatabase } from '@meridian/db/testing'
import { type DatabaseHandle, eq, users } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import { listCustomers } from '../customers/customers.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { seedDemoTrips } from '../trips/seed-trips.ts'
import { listQuizQueue } from './queue.ts'
import { getQuizReview } from './review.ts'
import { seedDemoMatching } from './seed-matching.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedDemoUsers(handle.db)
  await seedDemoTrips(handle.db)
})
afterAll(async () => {
  await handle?.close()
})

it('fills the Review Center with quizzes whose best match is the expert who covers them, once', async () => {
  expect(await seedDemoMatching(handle.db)).toBe(5)
  expect(await seedDemoMatching(handle.db)).toBe(0)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const [specialist] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'specialist'))
  const ctx = serviceContext(app, await loadActor(handle.db, specialist!.id), { ipAddress: '', userAgent: '' })

  const queue = await listQuizQueue(ctx, {}, { limit: 50 })
  expect(queue.results.map((q) => [q.traveler?.name, q.status])).toEqual([
    ['Nora Lindqvist', 'awaiting_specialist'],
    ['Kenji Watanabe', 'awaiting_specialist'],
    ['Ava Thompson', 'awaiting_specialist'],
    ['Lucas Moreau', 'reviewed'],
  ])
  // Nora's Maldives honeymoon ranks Aisha first, for the reasons a specialist would give.
  const nora = await getQuizReview(ctx, queue.results[0]!.id)
  expect(nora.ranking[0]).toMatchObject({ name: 'Aisha Rahman' })
  expect(nora.ranking[0]!.reasons).toEqual(expect.arrayContaining(['Covers Maldives', 'Luxury specialist', 'Romance specialist']))
  expect(nora.open_trips).toEqual({ total: 1, unassigned: 1 })
  // Kenji's treks rank Mateo first.
  expect((await getQuizReview(ctx, queue.results[1]!.id)).ranking[0]).toMatchObject({ name: 'Mateo Silva' })

  const customers = await listCustomers(ctx, {}, { limit: 50 })
  const lucas = customers.results.find((c) => c.username === 'traveler')!
  expect(lucas).toMatchObject({ status: 'active', assigned_expert: { name: 'Elena Costa' } })
  expect(lucas.notes).toMatch(/^Demo data: /)
  expect(customers.results.find((c) => c.username === 'nora')).toMatchObject({ status: 'pending', preferred_destinations: ['Maldives'] })
})
