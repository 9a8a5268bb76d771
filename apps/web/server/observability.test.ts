import type { AddressInfo } from 'node:net'
import type http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from '@remix-run/node'
import { startTestServer, type TestServer } from '@meridian/api/testing'
import { reportServerError } from '@meridian/core'
import { createLogger, installServerLogger, routeConsoleTo } from '@meridian/core/observability'
import { createHttpServer, type HttpAppOptions } from './http-app.ts'

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789'

/** The fronts that answer before Remix only: no page is asked for here. */
const NO_PAGES = () => Promise.reject(new Error('no Remix build in this test')) as Promise<ServerBuild>

/** The lines a logger wrote, each parsed: what a log collector would read from stdout. */
function collectingLogger() {
  const lines: string[] = []
  const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, { write: (line: string) => void lines.push(line) })
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) }
}

async function listen(options: HttpAppOptions): Promise<{ server: http.Server; url: string }> {
  const server = createHttpServer(options)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** The response's 'close' (where the line is written) comes just after the client has the whole answer. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

let api: TestServer
let open: { server: http.Server; url: string }
let closed: { server: http.Server; url: string }
const log = collectingLogger()

beforeAll(async () => {
  api = await startTestServer({ env: { METRICS_TOKEN } })
  open = await listen({ app: api.app, build: NO_PAGES, ping: () => api.handle.ping(), logger: log.logger, database: api.handle })
  const app = { ...api.app, config: { ...api.app.config, observability: { ...api.app.config.observability, metricsToken: null } } }
  closed = await listen({ app, build: NO_PAGES, ping: () => api.handle.ping() })
})
afterAll(async () => {
  for (const { server } of [open, closed]) {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  }
  await api?.close()
})

describe('request log lines', () => {
  it('writes one JSON line per request with its id, method, route pattern, status, duration and signed-in user', async () => {
    const { access, user } = await api.login('traveler')
    log.lines.length = 0
    const res = await fetch(`${open.url}/users/api/auth/profile/`, { headers: { Authorization: `Bearer ${access}` } })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    await settled()
    expect(log.lines).toHaveLength(1)
    const line = log.parsed()[0]!
    expect(line).toMatchObject({
      level: 'info',
      request_id: res.headers.get('x-request-id'),
      method: 'GET',
      route: '/users/api/auth/profile/',
      status: 200,
      user_id: user.id,
    })
    expect(line.duration_ms).toEqual(expect.any(Number))
    expect(line.duration_ms as number).toBeGreaterThan(0)

    log.lines.length = 0
    const trip = await fetch(`${open.url}/api/destinations/123456/?page=2`)
    await trip.arrayBuffer()
    await settled()
    expect(log.parsed()).toEqual([expect.objectContaining({ route: '/api/destinations/:id/', status: 404, user_id: null })])
  })

  it('never carries a token, a password or a body, even when the request did', async () => {
    const { access } = await api.login('traveler')
    log.lines.length = 0
    const login = await fetch(`${open.url}/users/api/auth/login/?token=query-secret-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}`, Cookie: 'meridian_session=cookie-secret' },
      body: JSON.stringify({ username: 'traveler', password: 'meridian-demo' }),
    })
    const { access: fresh, refresh } = (await login.json()) as { access: string; refresh: string }
    const me = await fetch(`${open.url}/trpc/auth.me?token=${access}`, { headers: { Authorization: `Bearer ${access}` } })
    await me.arrayBuffer()
    await settled()
    expect(log.parsed().map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/users/api/auth/login/', 200],
      ['GET', '/trpc/auth.me', 200],
    ])
    const written = log.lines.join('\n')
    for (const secret of [access, fresh, refresh, 'meridian-demo', 'query-secret-token', 'cookie-secret', 'password', 'token']) {
      expect(written).not.toContain(secret)
    }
  })

  it('writes an unexpected error through the installed logger, with the id the client was given', () => {
    installServerLogger(log.logger)
    try {
      log.lines.length = 0
      const id = reportServerError('rest GET /api/boom/', new Error('boom'))
      expect(log.parsed()).toEqual([expect.objectContaining({ level: 'error', error_id: id, msg: `[rest GET /api/boom/] error ${id}` })])
      expect(log.parsed()[0]!.error).toContain('Error: boom')
    } finally {
      installServerLogger(null)
    }
  })

  it('turns a module’s own console lines into JSON lines at their level while the server runs', () => {
    const restore = routeConsoleTo(log.logger)
    try {
      log.lines.length = 0
      console.error('[media] processing 7 failed:', new Error('disk full'))
      console.warn('[payments] refund postponed')
    } finally {
      restore()
    }
    const [error, warning] = log.parsed()
    expect(error).toMatchObject({ level: 'error' })
    expect(String(error!.msg)).toMatch(/^\[media\] processing 7 failed: Error: disk full/)
    expect(warning).toMatchObject({ level: 'warn', msg: '[payments] refund postponed' })
  })
})

describe('/metrics', () => {
  it('answers 404 as the API does for a path it does not know when no token is configured', async () => {
    const res = await fetch(`${closed.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(res.status).toBe(404)
    const unknown = await fetch(`${closed.url}/api/no-such-thing/`)
    expect(await res.json()).toEqual(await unknown.json())
    expect((await fetch(`${closed.url}/metrics`)).status).toBe(404)
  })

  it('refuses a missing or wrong token with 401 and a JSON detail', async () => {
    const missing = await fetch(`${open.url}/metrics`)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ detail: 'Authentication credentials were not provided.' })
    const wrong = await fetch(`${open.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}x` } })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
    expect(await wrong.json()).toEqual({ detail: 'Invalid token.' })
  })

  it('serves the Prometheus text with the token, and a request adds to its route and status', async () => {
    const scrape = async () => {
      const res = await fetch(`${open.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      return res.text()
    }
    const counted = (text: string) => {
      const line = text.split('\n').find((l) => l.startsWith('meridian_http_requests_total{method="GET",route="/api/destinations/:id/",status="404"}'))
      return line ? Number(line.split(' ').pop()) : 0
    }
    const before = await scrape()
    await (await fetch(`${open.url}/api/destinations/42/`)).arrayBuffer()
    await (await fetch(`${open.url}/api/destinations/43/`)).arrayBuffer()
    await settled()
    const after = await scrape()
    expect(counted(after)).toBe(counted(before) + 2)
    expect(after).toMatch(/meridian_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/destinations\/:id\/",status="404"\}/)
    expect(after).toMatch(/meridian_db_query_duration_seconds_count\{kind="select"\} [1-9]/)
    expect(after).toContain('meridian_event_streams 0')
    expect(after).toContain('process_cpu_user_seconds_total')
    expect(after).toContain('nodejs_eventloop_lag_seconds')
    // The scrapes themselves are not requests of the application.
    expect(after).not.toContain('route="/metrics"')
  })
})
