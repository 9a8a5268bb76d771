import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, type DatabaseHandle, eq, locations, roles, sql, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { seedDemoUsers } from '@meridian/core/seed'
import { fillListTables } from '@meridian/core/list-seed'
import { createMeridianClient } from '../client.ts'
import { startTestServer, type TestServer } from '../testing.ts'

/**
 * Cursor pages (the typed procedures' `cursor`, a page's `next_cursor`): every row once, in the list's order, also
 * when rows come and go between requests, and the same rows the numbered pages show.
 */
let handle: DatabaseHandle
let server: TestServer
let client: ReturnType<typeof createMeridianClient>
let travelerRole: number

beforeAll(async () => {
  handle = await createTestDatabase()
  await seedDemoUsers(handle.db)
  await fillListTables(handle.db, { countries: 45, locations: 45, suppliers: 45, currencies: 45, rates: 45, transfers: 45, activities: 45, users: 45, media: 45 })
  // Ties the ids must break: accounts that joined in the same microsecond, places of one name in several countries.
  const [traveler] = await handle.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'traveler'))
  travelerRole = traveler!.id
  const same = new Date('2024-05-01T10:00:00.123Z')
  await handle.db.insert(users).values(
    Array.from({ length: 9 }, (_, i) => ({ username: `twin${i}`, email: `twin${i}@example.com`, passwordHash: 'x', roleId: travelerRole, dateJoined: same })),
  )
  const some = await handle.db.select({ id: countries.id }).from(countries).limit(6)
  await handle.db.insert(locations).values(some.map((c) => ({ name: 'Springfield', countryId: c.id })))
  server = await startTestServer({ handle })
  client = createMeridianClient({ url: server.url, token: (await server.login('superadmin')).access })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await handle?.close()
})

type Page = { count: number; results: { id: number }[]; next_cursor: string | null }
type Lister = (window: { page_size: number; page?: number; cursor?: string }) => Promise<Page>

const LISTS: [string, Lister][] = [
  ['users', (w) => client.users.list.query(w)],
  ['roles users', (w) => client.roles.users.query({ id: travelerRole, ...w })],
  ['admin users', (w) => client.admin.users.query({ ...w, is_active: 'true' })],
  ['activities', (w) => client.activities.list.query({ filters: { difficulty: 'easy' }, ...w })],
  ['countries', (w) => client.countries.list.query(w)],
  ['destinations', (w) => client.destinations.list.query(w)],
  ['locations', (w) => client.locations.list.query(w)],
  ['suppliers', (w) => client.suppliers.list.query(w)],
  ['transfers', (w) => client.transfers.list.query(w)],
  ['currencies', (w) => client.currencies.list.query(w)],
  ['rates', (w) => client.currencies.rates.list.query(w)],
  ['media', (w) => client.media.list.query(w)],
]

/** Every page by cursor, `size` rows at a time; `between` runs after each page. */
async function walk(list: Lister, size: number, between?: (page: number) => Promise<void>) {
  const ids: number[] = []
  let cursor: string | undefined
  for (let n = 0; n < 1000; n++) {
    const page = await list({ page_size: size, ...(cursor ? { cursor } : {}) })
    ids.push(...page.results.map((r) => r.id))
    if (!page.next_cursor) return ids
    cursor = page.next_cursor
    await between?.(n)
  }
  throw new Error('the cursor never ended')
}

describe('cursor pages', () => {
  for (const [name, list] of LISTS) {
    it(`${name}: every row once, in the numbered pages' order`, async () => {
      const all = await list({ page_size: 500 })
      expect(all.results.length).toBe(all.count)
      expect(all.count).toBeGreaterThan(7)
      const walked = await walk(list, 7)
      expect(walked).toEqual(all.results.map((r) => r.id))
    })
  }

  it('users: rows added before the cursor are not shown, rows added after it are, deleted rows are gone, none twice', async () => {
    const list: Lister = (w) => client.users.list.query({ ...w, role: 'traveler' })
    const before = (await list({ page_size: 500 })).results.map((r) => r.id)
    // Each one older than the last: always ahead of the cursor.
    const older = (i: number) => new Date(Date.UTC(2001, 0, 1, 0, 0, 0) - i * 1000)
    const added: number[] = []
    const removed = new Set<number>()
    const walked = await walk(list, 6, async (page) => {
      // A newcomer (newest, before the cursor), an old account (after it), and one not yet reached deleted.
      const [fresh] = await handle.db.insert(users).values({ username: `fresh${page}`, passwordHash: 'x', roleId: travelerRole }).returning({ id: users.id })
      const [old] = await handle.db
        .insert(users)
        .values({ username: `old${page}`, passwordHash: 'x', roleId: travelerRole, dateJoined: older(page) })
        .returning({ id: users.id })
      added.push(old!.id)
      expect(fresh!.id).toBeGreaterThan(0)
      // The last rows are far from reached during the first pages.
      const victim = page < 3 ? before[before.length - 1 - page] : undefined
      if (victim !== undefined) {
        await handle.db.delete(users).where(eq(users.id, victim))
        removed.add(victim)
      }
    })
    expect(new Set(walked).size).toBe(walked.length)
    // Everything that was there and stayed, then the old accounts (added between pages, each older), in order.
    const expected = [...before.filter((id) => !removed.has(id)), ...added]
    expect(walked).toEqual(expected)
  })

  it('locations: a name inserted behind the cursor is not shown, one ahead of it is, once', async () => {
    const list: Lister = (w) => client.locations.list.query(w)
    const [country] = await handle.db.select({ id: countries.id }).from(countries).limit(1)
    let added = 0
    const walked = await walk(list, 9, async () => {
      if (added++ > 0) return
      await handle.db.insert(locations).values([
        { name: 'Aaa Early Town', countryId: country!.id },
        { name: 'Zzz Late Town', countryId: country!.id },
      ])
    })
    const names = await handle.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(sql`${locations.name} in ('Aaa Early Town', 'Zzz Late Town')`)
    const early = names.find((n) => n.name === 'Aaa Early Town')!.id
    const late = names.find((n) => n.name === 'Zzz Late Town')!.id
    expect(walked).not.toContain(early)
    expect(walked.filter((id) => id === late)).toEqual([late])
    expect(new Set(walked).size).toBe(walked.length)
  })

  it('answers 404 Invalid cursor for a cursor it did not make, and REST keeps numbering its pages', async () => {
    const forged = Buffer.from(JSON.stringify(['not a time', '1'])).toString('base64url')
    for (const cursor of ['%%%', 'abc', forged, Buffer.from(JSON.stringify(['1', '2', '3'])).toString('base64url')]) {
      await expect(client.users.list.query({ cursor })).rejects.toMatchObject({ message: 'Invalid cursor', data: { code: 'NOT_FOUND' } })
    }
    const notAnId = Buffer.from(JSON.stringify(['Springfield', 'x'])).toString('base64url')
    await expect(client.locations.list.query({ cursor: notAnId })).rejects.toMatchObject({ message: 'Invalid cursor' })
    const token = (await server.login('superadmin')).access
    const first = await server.request('/api/media/?page_size=5', { token })
    const { next_cursor } = await client.media.list.query({ page_size: 5 })
    const withCursor = await server.request(`/api/media/?page_size=5&cursor=${next_cursor}`, { token })
    expect(withCursor.body.results).toEqual(first.body.results)
    expect(withCursor.body.count).toBe(first.body.count)
    expect(Object.keys(first.body)).toEqual(['count', 'next', 'previous', 'results'])
  })
})
