import type { AddressInfo } from 'node:net'
import type http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from '@remix-run/node'
import { startTestServer, type TestServer } from '@meridian/api/testing'
import { createHttpServer } from './http-app.ts'

/** The production server's routing, with the Remix build left out: only the fronts that answer before Remix. */
let api: TestServer
let server: http.Server
let url: string
let databaseUp = true

beforeAll(async () => {
  api = await startTestServer()
  server = createHttpServer({
    app: api.app,
    build: () => Promise.reject(new Error('no Remix build in this test')) as Promise<ServerBuild>,
    ping: () => (databaseUp ? api.handle.ping() : Promise.reject(new Error('down'))),
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
