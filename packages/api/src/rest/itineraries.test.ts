import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { eq, tripAssignments, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
let tripId: number
const I = '/api/itineraries/'

const day = (date: string, items: unknown[] = []) => ({ date, title: 'Day', items })
const meal = (title: string, price: string) => ({ type: 'meal', title, unit_price: price, currency: 'USD' })

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['expert', 'specialist', 'traveler', 'stranger', 'admin', 'editor']) token[u] = (await server.login(u)).access
  const id = async (u: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Lisbon, Portugal · May 1 – May 2, 2030', startDate: '2030-05-01', endDate: '2030-05-02', travelers: 2, travelerId: await id('traveler'), expertId: await id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await db.insert(tripAssignments).values({ tripId, expertId: await id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await server?.close()
})

describe('/api/itineraries/', () => {
  it('creates, lists and saves; two saves on the same version end in one 409 and no lost item', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ trip_id: tripId, status: 'draft', version: 1, total_days: 2, can: { save: true, approve: false } })
    const path = `${I}${created.body.id}/`

    const listed = await server.request(`${I}?trip=${tripId}`, { token: token.expert })
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: created.body.id, total_cost: '0.00', items_count: 0, status: 'draft' }] })

    const [a, b] = await Promise.all([
      server.request(path, { token: token.expert, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [meal('Pastéis', '4.50')])] } }),
      server.request(path, { token: token.admin, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [meal('Bacalhau', '28.00')])] } }),
    ])
    expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409])
    const winner = a.status === 200 ? a : b
    const loser = a.status === 200 ? b : a
    expect(loser.body.detail).toMatch(/version 2/)
    const now = await server.request(path, { token: token.expert })
    expect(now.body.version).toBe(2)
    expect(now.body.days[0].items.map((i: { title: string }) => i.title)).toEqual(winner.body.days[0].items.map((i: { title: string }) => i.title))
    // The loser saves again on the current version: both items are kept.
    const merged = await server.request(path, {
      token: token.admin,
      method: 'PATCH',
      body: { version: 2, days: [day('2030-05-01', [meal('Pastéis', '4.50'), meal('Bacalhau', '28.00')])] },
    })
    expect(merged.status).toBe(200)
    expect(merged.body).toMatchObject({ version: 3, total_cost: '32.50' })
    expect((await server.request(`${path}versions/`, { token: token.specialist })).body.map((v: { version: number }) => v.version)).toEqual([3, 2, 1])
    const diff = await server.request(`${path}compare/?from=1&to=3`, { token: token.specialist })
    expect(diff.body.changes.items_added.map((i: { title: string }) => i.title).sort()).toEqual(['Bacalhau', 'Pastéis'])
  })

  it('keeps itineraries from those who may not see them, and bad input answers 400 with field errors', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    const path = `${I}${created.body.id}/`
    expect((await server.request(path, { token: token.stranger })).status).toBe(404)
    // The traveler sees it once a version is approved.
    expect((await server.request(path, { token: token.traveler })).status).toBe(404)
    expect((await server.request(`${path}status/`, { token: token.expert, body: { status: 'review' } })).status).toBe(200)
    expect((await server.request(`${path}status/`, { token: token.specialist, body: { status: 'approved' } })).status).toBe(200)
    const seen = await server.request(path, { token: token.traveler })
    expect(seen.status).toBe(200)
    expect(seen.body.can).toEqual({ save: false, approve: false })
    expect((await server.request(path, { token: token.traveler, method: 'PATCH', body: { version: 1, days: [day('2030-05-01')] } })).status).toBe(403)
    expect((await server.request(`${path}versions/`, { token: token.traveler })).status).toBe(403)
    expect((await server.request(I, { token: token.editor })).status).toBe(403)

    const bad = await server.request(path, { token: token.expert, method: 'PATCH', body: { version: 1, days: [{ date: '2030-02-30', title: '', items: [{ type: 'boat', title: 'x' }] }] } })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ 'days.0.date': ['Enter a valid date (YYYY-MM-DD).'], 'days.0.title': ['This field is required.'] })
    expect(Object.keys(bad.body)).toContain('days.0.items.0.type')
  })
})
