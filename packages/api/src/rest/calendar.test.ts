import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

/* The calendar feed over HTTP (docs/traveler-app.md "Calendar feed"): what a calendar app sees. */

let server: TestServer
const token: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  for (const username of ['traveler', 'expert']) token[username] = (await server.login(username)).access
})
afterAll(async () => {
  await server?.close()
})

describe('the calendar feed over REST', () => {
  it('is made, read without signing in, answered 304 to its ETag, and gone once turned off', async () => {
    expect(await server.request('/api/calendar/subscription/', { token: token.traveler })).toMatchObject({ status: 200, body: { active: false, url: null } })
    const made = await server.request('/api/calendar/subscription/', { token: token.traveler, method: 'POST' })
    expect(made.status).toBe(201)
    const url = new URL(made.body.url as string)
    expect(url.origin).toBe(server.url)
    expect(made.body.webcal_url).toBe(`webcal://${url.host}${url.pathname}`)

    // A calendar app: no bearer, the address alone.
    const feed = await server.request(url.pathname)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(String(feed.body)).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/)
    const etag = feed.headers.get('etag')!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    const again = await server.request(url.pathname, { headers: { 'If-None-Match': etag } })
    expect([again.status, again.body]).toEqual([304, ''])
    expect(again.headers.get('etag')).toBe(etag)

    expect((await server.request('/api/calendar/subscription/', { token: token.traveler, method: 'DELETE' })).status).toBe(204)
    const gone = await server.request(url.pathname)
    expect([gone.status, gone.body]).toEqual([404, { detail: 'This calendar address is not valid any more. Get a new one in Settings.' }])
  })

  it('is the traveler’s: staff are refused, the anonymous asked to sign in', async () => {
    expect((await server.request('/api/calendar/subscription/', { token: token.expert })).status).toBe(403)
    expect((await server.request('/api/calendar/subscription/')).status).toBe(401)
    expect((await server.request('/api/calendar/feed/not-a-token/')).status).toBe(404)
  })
})
