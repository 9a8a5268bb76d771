import { createTestDatabase } from '@meridian/db/testing'
import type { DatabaseHandle } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { loadConfig } from '../config.ts'
import { seedDemoMatching } from '../quiz-review/seed-matching.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { seedDemoTrips } from '../trips/seed-trips.ts'
import { listConversations } from './conversations.ts'
import { listMessages } from './conversation-messages.ts'
import { seedDemoChat } from './seed-chat.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await seedCatalogueIfEmpty(handle.db)
  await seedDemoUsers(handle.db)
  await seedDemoTrips(handle.db)
  await seedDemoMatching(handle.db)
})
afterAll(async () => {
  await handle?.close()
})

it('gives the demo traveler a conversation with their expert and one with their specialist, labelled, once', async () => {
  expect(await seedDemoChat(handle.db)).toBe(2)
  expect(await seedDemoChat(handle.db)).toBe(0)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  const as = async (username: string) => {
    const [row] = await handle.db.query.users.findMany({ where: (u, { eq }) => eq(u.username, username), columns: { id: true } })
    return serviceContext(app, await loadActor(handle.db, row!.id), { ipAddress: '', userAgent: '' })
  }
  const traveler = await listConversations(await as('traveler'), {})
  expect(traveler.count).toBe(2)
  expect(traveler.results).toHaveLength(2)
  expect(traveler.results.every((c) => c.title.startsWith('Demo data:'))).toBe(true)
  // The expert has the traveler's latest question to answer: one unread, shown first in their list.
  const expert = await listConversations(await as('expert'), {})
  expect(expert.counters.unread_total).toBe(1)
  const [withExpert] = expert.results
  // The superadmin was asked into it, and has the last two messages to read.
  const superadmin = await listConversations(await as('superadmin'), {})
  expect(superadmin.results.map((c) => [c.id, c.unread])).toEqual([[withExpert!.id, 2]])
  expect(withExpert!.trip).not.toBeNull()
  const history = await listMessages(await as('expert'), withExpert!.id, {})
  expect(history.results.at(-1)!.content).toMatch(/vegetarian/)
  // Newest last, in the order they were written.
  const times = history.results.map((m) => Date.parse(m.created_at))
  expect(times).toEqual([...times].sort((a, b) => a - b))
})
