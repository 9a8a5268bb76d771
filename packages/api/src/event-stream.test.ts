import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { eq, trips, users } from '@meridian/db'
import { openEventStream, type SseConnection } from './sse-client.ts'
import { startTestServer, type TestServer } from './testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const ids: Record<string, number> = {}
let path: string
const open: SseConnection[] = []

const stream = (who: string, lastEventId?: number) => {
  const s = openEventStream(`${server.url}/api/chat/events/`, {
    Authorization: `Bearer ${token[who]}`,
    ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }),
  })
  open.push(s)
  return s
}
const send = async (who: string, content: string, client_key?: string) => {
  const res = await server.request(`${path}messages/`, { token: token[who], body: { content, ...(client_key ? { client_key } : {}) } })
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  return res.body as { id: number; content: string }
}

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await insertUser(db, { username: 'outsider', email: 'outsider@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['expert', 'traveler', 'outsider']) {
    token[u] = (await server.login(u)).access
    ids[u] = (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  }
  await db
    .insert(trips)
    .values({ title: 'Kyoto, Japan', startDate: '2030-04-01', endDate: '2030-04-08', travelers: 2, travelerId: ids.traveler!, expertId: ids.expert! })
  const opened = await server.request('/api/chat/conversations/', { token: token.expert, body: { traveler_id: ids.traveler } })
  expect(opened.status).toBe(201)
  path = `/api/chat/conversations/${opened.body.id}/`
})
afterAll(async () => {
  for (const s of open) s.close()
  await server?.close()
})

describe('GET /api/chat/events/', () => {
  it('refuses anyone not signed in (401) and anything but GET (405)', async () => {
    expect(await openEventStream(`${server.url}/api/chat/events/`).status).toBe(401)
    expect(await openEventStream(`${server.url}/api/chat/events/`, { Authorization: 'Bearer not-a-token' }).status).toBe(401)
    const posted = await server.request('/api/chat/events/', { token: token.traveler, body: {} })
    expect(posted.status).toBe(405)
  })

  it('sends a message to its participants as it is posted, and to no one else', async () => {
    const traveler = stream('traveler')
    const outsider = stream('outsider')
    expect(await traveler.status).toBe(200)
    await traveler.next('ready')
    await outsider.next('ready')
    const sent = await send('expert', 'Your ryokan is confirmed for the 3rd.')
    const got = await traveler.next('message')
    expect(got.id).toBe(String(sent.id))
    expect(got.data).toMatchObject({
      conversation_id: Number(path.split('/')[4]),
      message: { id: sent.id, content: 'Your ryokan is confirmed for the 3rd.', sender: { id: ids.expert } },
    })
    // The outsider's stream is open and live (it gets its own notifications event), but never this message.
    await send('traveler', 'Wonderful, thank you!')
    await traveler.next('message')
    expect(outsider.events.filter((e) => e.event === 'message')).toEqual([])
    traveler.close()
    outsider.close()
  })

  it('resumes from the last message id a client saw: every message it missed once, in order, then live ones', async () => {
    const first = stream('traveler')
    await first.next('ready')
    const seen = await send('expert', 'Day 1: Fushimi Inari at dawn.')
    const last = Number((await first.next('message')).id)
    expect(last).toBe(seen.id)
    first.close()

    // Missed while away: three messages, one of them sent twice with the same key (a retried send).
    const missed = [
      await send('expert', 'Day 2: Arashiyama.', 'day-2'),
      await send('expert', 'Day 2: Arashiyama.', 'day-2'),
      await send('traveler', 'Can we add a tea ceremony?'),
    ]
    missed.push(await send('expert', 'Booked for day 3.'))
    const again = stream('traveler', last)
    const ready = await again.next('ready')
    const replayed = again.events.filter((e) => e.event === 'message').map((e) => Number(e.id))
    expect(replayed).toEqual([...new Set(missed.map((m) => m.id))])
    expect(ready.data).toEqual({ last_event_id: replayed.at(-1) })
    for (const _ of replayed) await again.next('message')

    const live = await send('expert', 'See you in Kyoto!')
    expect(Number((await again.next('message')).id)).toBe(live.id)
    const ids = again.events.filter((e) => e.event === 'message').map((e) => Number(e.id))
    expect(new Set(ids).size).toBe(ids.length)
    again.close()
  })

  it('tells the other participants when one reads, and gives the bell its count on connecting', async () => {
    const expert = stream('expert')
    const hello = await expert.next('notifications')
    expect(hello.data).toEqual({ unread: expect.any(Number) })
    await expert.next('ready')
    const sent = await send('expert', 'Shall I book the bullet train?')
    const read = await server.request(`${path}read/`, { token: token.traveler, body: {} })
    expect(read.body).toEqual({ last_read_message_id: sent.id })
    const seen = await expert.next('read')
    expect(seen.data).toEqual({ conversation_id: Number(path.split('/')[4]), user_id: ids.traveler, last_read_message_id: sent.id })
    expert.close()
  })
})

describe('when the process stops (graceful shutdown)', () => {
  it('ends every open stream with a retry hint and a reconnect event, and ends one opened afterwards the same way at once', async () => {
    const traveler = stream('traveler')
    const expert = stream('expert')
    await traveler.next('ready')
    await expert.next('ready')
    expect(server.app.events.closeStreams()).toBeGreaterThanOrEqual(2)
    for (const s of [traveler, expert]) {
      const hint = await s.next('reconnect')
      expect(hint.data).toEqual({ reason: 'shutdown', retry_ms: s.retry })
      expect(s.retry).toBeGreaterThanOrEqual(500)
      expect(s.retry).toBeLessThan(2_500)
      expect(await s.ended).toBe(true)
    }
    const late = stream('traveler')
    expect(await late.status).toBe(200)
    expect((await late.next('reconnect')).data.reason).toBe('shutdown')
    expect(await late.ended).toBe(true)
    expect(late.events.map((e) => e.event)).toEqual(['reconnect'])
  })
})
