import type { AddressInfo } from 'node:net'
import type http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from '@remix-run/node'
import { startTestServer, type TestServer } from '@meridian/api/testing'
import { RequestFigures, requestSummary } from '@meridian/core'
import { requestMinutes } from '@meridian/db'
import { createHttpServer } from './http-app.ts'

/** The production server's routing, with the Remix build left out: only the fronts that answer before Remix. */
let api: TestServer
let server: http.Server
let url: string
let databaseUp = true
const figures = new RequestFigures('http-app-test')

beforeAll(async () => {
  api = await startTestServer()
  server = createHttpServer({
    app: api.app,
    build: () => Promise.reject(new Error('no Remix build in this test')) as Promise<ServerBuild>,
    ping: () => (databaseUp ? api.handle.ping() : Promise.reject(new Error('down'))),
    figures,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await api?.close()
})

describe('createHttpServer', () => {
  it('gives every answer a request id, and records each request but the probes in the minute figures', async () => {
    const first = await fetch(`${url}/api/destinations/`)
    const second = await fetch(`${url}/api/destinations/123456/`)
    await fetch(`${url}/healthz`)
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}$/)
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
    await figures.flush(api.handle.db, { all: true })
    const rows = await api.handle.db.select().from(requestMinutes)
    expect(rows.map((r) => [r.route, r.statusClass, r.count]).sort()).toEqual([
      ['GET /api/destinations/', 2, 1],
      ['GET /api/destinations/:id/', 4, 1],
    ])
    const minute = new Date(Math.min(...rows.map((r) => r.minute.getTime())))
    const summary = await requestSummary(api.handle.db, minute, new Date(minute.getTime() + 120_000))
    expect(summary).toMatchObject({ requests: 2, error_rate: 0 })
  })

  it('answers /healthz', async () => {
    const res = await fetch(`${url}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('answers /readyz from the database ping', async () => {
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' })
    databaseUp = false
    try {
      const down = await fetch(`${url}/readyz`)
      expect(down.status).toBe(503)
      expect(await down.json()).toEqual({ status: 'unavailable', database: 'unreachable' })
    } finally {
      databaseUp = true
    }
  })

  it('serves the REST paths, JSON 404s included, without Remix', async () => {
    const login = await fetch(`${url}/users/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'traveler', password: 'meridian-demo' }),
    })
    expect(login.status).toBe(200)
    const { access } = (await login.json()) as { access: string }
    const missing = await fetch(`${url}/api/does-not-exist/`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ detail: 'Not found.' })

    const me = await fetch(`${url}/trpc/auth.me`, { headers: { Authorization: `Bearer ${access}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { result: { data: { username: string } } }).result.data.username).toBe('traveler')
  })

  it('refuses a cross-site form post to a page before Remix runs', async () => {
    const res = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
      body: 'username=traveler&password=meridian-demo',
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ detail: 'Cross-site request refused.' })
  })
})
