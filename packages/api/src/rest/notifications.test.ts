import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { eq, notifications, trips, users } from '@meridian/db'
import { EVENTS_PATH } from '../event-stream.ts'
import { openEventStream } from '../sse-client.ts'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const ids: Record<string, number> = {}
const N = '/api/notifications/'
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['superadmin', 'admin', 'expert', 'specialist', 'traveler', 'editor', 'stranger']) {
    token[u] = (await server.login(u)).access
    ids[u] = (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  }
})
afterAll(async () => {
  await server?.close()
})

/** A trip of the demo traveler's that the specialist gives to the demo expert, who accepts it. */
async function acceptedTrip(title: string) {
  const [trip] = await server.handle.db
    .insert(trips)
    .values({ title, startDate: day(40), endDate: day(45), travelers: 2, travelerId: ids.traveler! })
    .returning({ id: trips.id })
  const assigned = await server.request(`/users/api/traveler/trips/${trip!.id}/assign/`, { token: token.specialist, body: { expert_id: ids.expert } })
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(201)
  const accepted = await server.request(`/users/api/expert/accept-assignment/${assigned.body.id}/`, { token: token.expert, body: {} })
  expect(accepted.status).toBe(200)
  return trip!.id
}

describe('/api/notifications/', () => {
  it('lists the events of one’s trips, DRF-paged with the unread counter, and marks them read', async () => {
    const tripId = await acceptedTrip('Lisbon, Portugal · May 1 – May 2, 2030')
    const moved = await server.request(`/users/api/expert/update-trip-status/${tripId}/`, { token: token.expert, body: { status: 'booked' } })
    expect(moved.status).toBe(200)

    const listed = await server.request(N, { token: token.traveler })
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ count: 3, next: null, previous: null, counters: { unread: 3 } })
    expect(listed.body.results.map((n: { kind: string }) => n.kind)).toEqual(['trip.status', 'assignment.answered', 'assignment.new'])
    expect(listed.body.results[0]).toMatchObject({
      title: 'Your trip “Lisbon, Portugal · May 1 – May 2, 2030” is now booked',
      link: `/dashboard/trips/${tripId}`,
      count: 1,
      is_read: false,
      read_at: null,
    })
    expect(Object.keys(listed.body.results[0]).sort()).toEqual([
      'body',
      'count',
      'created_at',
      'id',
      'is_read',
      'kind',
      'link',
      'read_at',
      'title',
      'updated_at',
    ])
    // The expert made the move: nothing about it in their own bell; the specialist heard of the acceptance.
    expect((await server.request(N, { token: token.expert })).body.results.map((n: { kind: string }) => n.kind)).toEqual(['assignment.new'])
    expect((await server.request(N, { token: token.specialist })).body).toMatchObject({ count: 1, results: [{ kind: 'assignment.answered' }] })

    const paged = await server.request(`${N}?page_size=2&page=2`, { token: token.traveler })
    expect(paged.body).toMatchObject({ count: 3, next: null, counters: { unread: 3 } })
    expect(paged.body.previous).toMatch(/page_size=2/)
    expect(paged.body.results).toHaveLength(1)
    expect((await server.request(`${N}?page=9`, { token: token.traveler })).status).toBe(404)

    const first = listed.body.results[0]
    const read = await server.request(`${N}${first.id}/read/`, { token: token.traveler, body: {} })
    expect(read).toMatchObject({ status: 200, body: { id: first.id, is_read: true, unread: 2 } })
    const unread = await server.request(`${N}?unread=true`, { token: token.traveler })
    expect(unread.body).toMatchObject({ count: 2, counters: { unread: 2 } })
    expect(unread.body.results.map((n: { id: number }) => n.id)).not.toContain(first.id)
    expect((await server.request(`${N}?unread=perhaps`, { token: token.traveler })).body).toEqual({ unread: ['Must be a valid boolean.'] })

    expect(await server.request(`${N}read-all/`, { token: token.traveler, body: {} })).toMatchObject({ status: 200, body: { marked: 2, unread: 0 } })
    expect((await server.request(N, { token: token.traveler })).body.counters).toEqual({ unread: 0 })
  })

  it('keeps each one’s notifications their own: another’s is 404, and anonymous callers get 401', async () => {
    await acceptedTrip('Porto')
    const [mine] = (await server.request(N, { token: token.expert })).body.results
    for (const who of ['stranger', 'traveler', 'admin', 'superadmin']) {
      expect(await server.request(`${N}${mine.id}/read/`, { token: token[who], body: {} }), who).toMatchObject({
        status: 404,
        body: { detail: 'The requested notification was not found.' },
      })
    }
    expect((await server.request(`${N}abc/read/`, { token: token.expert, body: {} })).status).toBe(404)
    const [row] = await server.handle.db.select().from(notifications).where(eq(notifications.id, mine.id))
    expect(row!.readAt).toBeNull()
    expect((await server.request(N)).status).toBe(401)
    expect((await server.request(`${N}read-all/`, { body: {} })).status).toBe(401)
    expect((await server.request(`${N}${mine.id}/read/`, { body: {} })).status).toBe(401)
    // Every role has a bell, the editor included.
    expect((await server.request(N, { token: token.editor })).body).toMatchObject({ count: 0, results: [], counters: { unread: 0 } })
  })

  it('answers the same through tRPC', async () => {
    await acceptedTrip('Faro')
    const unread = await server.request('/trpc/notifications.unread', { token: token.expert })
    expect(unread.body.result.data).toEqual({ unread: expect.any(Number) })
    const list = await server.request(`/trpc/notifications.list?input=${encodeURIComponent(JSON.stringify({ filters: { unread: true }, page_size: 1 }))}`, {
      token: token.expert,
    })
    const page = list.body.result.data
    expect(page.results).toHaveLength(1)
    expect(page.count).toBe(unread.body.result.data.unread)
    expect(page.next_cursor).toEqual(expect.any(String))
    const read = await server.request('/trpc/notifications.read', { token: token.expert, body: { id: page.results[0].id } })
    expect(read.body.result.data).toMatchObject({ id: page.results[0].id, is_read: true })
    expect((await server.request('/trpc/notifications.read', { token: token.stranger, body: { id: page.results[0].id } })).status).toBe(404)
    expect((await server.request('/trpc/notifications.readAll', { token: token.expert, body: {} })).body.result.data).toMatchObject({ unread: 0 })
    expect((await server.request('/trpc/notifications.unread')).status).toBe(401)
  })

  it('announces the new unread count on the event stream when an event reaches someone', async () => {
    const stream = openEventStream(server.url + EVENTS_PATH, { Authorization: `Bearer ${token.traveler}` })
    try {
      expect(await stream.status).toBe(200)
      await stream.next('notifications')
      await server.request(`${N}read-all/`, { token: token.traveler, body: {} })
      await stream.next('notifications')
      await acceptedTrip('Madeira')
      // Matched, then accepted: the traveler's count climbs with each event.
      const counts: number[] = []
      while (!counts.includes(2)) counts.push((await stream.next('notifications')).data.unread)
      expect(counts.at(-1)).toBe(2)
    } finally {
      stream.close()
    }
  })
})
