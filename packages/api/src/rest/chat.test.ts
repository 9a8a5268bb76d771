import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { eq, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const ids: Record<string, number> = {}
let tripId: number
const C = '/api/chat/conversations/'

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['expert', 'specialist', 'traveler', 'stranger', 'admin', 'editor']) {
    token[u] = (await server.login(u)).access
    ids[u] = (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  }
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Lisbon, Portugal · May 1 – May 2, 2030', startDate: '2030-05-01', endDate: '2030-05-02', travelers: 2, travelerId: ids.traveler!, expertId: ids.expert! })
    .returning({ id: trips.id })
  tripId = trip!.id
})
afterAll(async () => {
  await server?.close()
})

describe('/api/chat/conversations/', () => {
  it('opens a conversation (201, then 200 for the same one), lists it with its unread count, and hides it from others', async () => {
    const opened = await server.request(C, { token: token.traveler, body: { trip_id: tripId } })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    expect(opened.body).toMatchObject({ trip: { id: tripId }, participants: expect.arrayContaining([expect.objectContaining({ id: ids.expert, role: 'expert' })]) })
    const again = await server.request(C, { token: token.expert, body: { traveler_id: ids.traveler, trip_id: tripId } })
    expect(again).toMatchObject({ status: 200, body: { id: opened.body.id } })
    const path = `${C}${opened.body.id}/`

    const sent = await server.request(`${path}messages/`, { token: token.traveler, body: { content: 'Is the tram pass included?', client_key: 'tram-1' } })
    expect(sent.status).toBe(201)
    const retried = await server.request(`${path}messages/`, { token: token.traveler, body: { content: 'Is the tram pass included?', client_key: 'tram-1' } })
    expect(retried).toMatchObject({ status: 200, body: { id: sent.body.id } })
    const blank = await server.request(`${path}messages/`, { token: token.traveler, body: { content: '   ' } })
    expect(blank).toMatchObject({ status: 400, body: { content: ['This field may not be blank.'] } })

    const listed = await server.request(C, { token: token.expert })
    expect(listed.body).toMatchObject({ count: 1, next: null, previous: null, counters: { unread_total: 1 }, results: [{ id: opened.body.id, unread: 1 }] })
    const read = await server.request(`${path}read/`, { token: token.expert, body: {} })
    expect(read.body).toEqual({ last_read_message_id: sent.body.id })
    expect((await server.request(C, { token: token.expert })).body.counters).toEqual({ unread_total: 0 })

    for (const who of ['stranger', 'specialist', 'admin']) {
      expect((await server.request(path, { token: token[who] })).status).toBe(404)
      expect((await server.request(`${path}messages/`, { token: token[who], body: { content: 'Hi' } })).status).toBe(404)
    }
    expect((await server.request(C, { token: token.editor })).status).toBe(403)
    expect((await server.request(C, { token: token.stranger })).body).toMatchObject({ count: 0, results: [] })
  })

  it('pages messages newest last, with a link to the older page and to the rest of a catch-up', async () => {
    const opened = await server.request(C, { token: token.expert, body: { traveler_id: ids.traveler } })
    const path = `${C}${opened.body.id}/messages/`
    const sentIds: number[] = []
    for (let i = 1; i <= 7; i++) sentIds.push((await server.request(path, { token: i % 2 ? token.expert : token.traveler, body: { content: `Note ${i}` } })).body.id)
    const newest = await server.request(`${path}?page_size=3`, { token: token.traveler })
    expect(newest.body.results.map((m: { content: string }) => m.content)).toEqual(['Note 5', 'Note 6', 'Note 7'])
    expect(newest.body.next).toBeNull()
    expect(newest.body.previous).toMatch(new RegExp(`before=${sentIds[4]}`))
    const older = await server.request(new URL(newest.body.previous).pathname + new URL(newest.body.previous).search, { token: token.traveler })
    expect(older.body.results.map((m: { content: string }) => m.content)).toEqual(['Note 2', 'Note 3', 'Note 4'])
    const catchUp = await server.request(`${path}?after=${sentIds[1]}&page_size=3`, { token: token.traveler })
    expect(catchUp.body.results.map((m: { id: number }) => m.id)).toEqual(sentIds.slice(2, 5))
    expect(catchUp.body.next).toMatch(new RegExp(`after=${sentIds[4]}`))
    expect((await server.request(`${path}?after=x`, { token: token.traveler })).status).toBe(400)
  })
})
