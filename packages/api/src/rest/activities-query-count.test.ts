import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '@meridian/db'
import { countries, locations } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { seedDemoUsers } from '@meridian/core/seed'
import { seedActivities } from '@meridian/core/activity-seed'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { startTestServer, type TestServer } from '../testing.ts'

let handle: DatabaseHandle
let server: TestServer
let token: string
let statements = 0

beforeAll(async () => {
  handle = await createTestDatabase({ logger: { logQuery: () => void statements++ } })
  await seedDemoUsers(handle.db)
  await seedCurrencies(handle.db)
  const [country] = await handle.db.insert(countries).values({ name: 'Chile', continent: 'South America' }).returning()
  await handle.db.insert(locations).values(['Santiago', 'Valparaíso', 'Puerto Natales'].map((name) => ({ name, countryId: country!.id })))
  server = await startTestServer({ handle })
  token = (await server.login('expert')).access
})
afterAll(async () => {
  await server?.close()
  await handle?.close()
})

async function statementsFor(path: string): Promise<number> {
  const before = statements
  const res = await server.request(path, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return statements - before
}

const PATHS = [
  '/api/activities/',
  '/api/activities/?search=kayak&category=adventure&page_size=40',
  '/api/activities/?difficulty=easy&is_active=true&is_featured=false&page=2&page_size=5',
  '/api/activities/?search=wa&supplier_id=1',
]

describe('seeded activities and the list', () => {
  it('the seed tops up to the number asked, with tiers for every tiered activity', async () => {
    expect(await seedActivities(handle.db, 60)).toBe(60)
    expect(await seedActivities(handle.db, 60)).toBe(0)
    const page = await server.request('/api/activities/?page_size=60', { token })
    expect(page.body.count).toBe(60)
    const tiered = page.body.results.filter((a: { pricing: { pricing_model: string } }) => a.pricing.pricing_model === 'tiered')
    expect(tiered.length).toBe(48)
    for (const a of tiered) expect(a.pricing.pricing_tiers.map((t: { min_quantity: number }) => t.min_quantity)).toEqual([1, 2, 7])
  })

  it('runs the same statements per request whatever the page holds and however many activities exist', async () => {
    const small: [string, number][] = []
    for (const path of PATHS) small.push([path, await statementsFor(path)])
    await seedActivities(handle.db, 400)
    for (const [path, count] of small) {
      // The bearer's user, the page (rows with their names), its figures, then the page's tiers and tags.
      expect(count, path).toBeLessThanOrEqual(5)
      expect(await statementsFor(path), path).toBe(count)
    }
  })
})
