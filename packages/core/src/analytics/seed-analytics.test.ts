import { createTestDatabase } from '@meridian/db/testing'
import { type DatabaseHandle, quizSubmissions, users } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { seedDemoMatching } from '../quiz-review/seed-matching.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { seedDemoTrips } from '../trips/seed-trips.ts'
import { dailySeries } from './panels.ts'
import { periodWindow } from './periods.ts'
import { seedDemoAnalytics } from './seed-analytics.ts'

let handle: DatabaseHandle
const NOW = new Date('2026-06-15T12:00:00Z')
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

it('dates the demo accounts over the last three months, each quiz the day after its traveler joined', async () => {
  const dated = await seedDemoAnalytics(handle.db, NOW)
  expect(dated).toBeGreaterThanOrEqual(11) // the six demo accounts, two more experts, three travelers
  const joined = (await handle.db.select({ at: users.dateJoined }).from(users)).map((u) => u.at.getTime())
  const days = (t: number) => (NOW.getTime() - t) / 86_400_000
  expect(Math.max(...joined.map(days))).toBeLessThanOrEqual(91)
  expect(Math.min(...joined.map(days))).toBeGreaterThanOrEqual(2)
  // The sign-ups now fall on several days of the last 90, not all on one.
  const series = await dailySeries(handle.db, periodWindow('90d', NOW), 'USD')
  expect(series.reduce((n, d) => n + d.users, 0)).toBe(dated)
  expect(series.filter((d) => d.users > 0).length).toBeGreaterThanOrEqual(8)
  for (const q of await handle.db.select({ at: quizSubmissions.submittedAt }).from(quizSubmissions)) expect(q.at.getTime()).toBeLessThan(NOW.getTime())
})
