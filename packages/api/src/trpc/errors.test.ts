import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

/** An unexpected failure in a procedure: INTERNAL_SERVER_ERROR with the spec's message and an id the log carries. */
let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer({ env: { NODE_ENV: 'production' } })
  admin = (await server.login('admin')).access
})
afterAll(() => server?.close())

describe('unexpected errors on tRPC', () => {
  it('answer 500 with an error id in the data, the same id in the log, and no stack', async () => {
    // A table gone from under the service: a failure no input explains.
    await server.handle.db.execute(sql.raw('drop table client_error_reports cascade'))
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await server.request('/trpc/monitoring.recentErrors', { token: admin })
      expect(res.status).toBe(500)
      const data = res.body.error.data
      expect(res.body.error.message).toBe('Server error occurred. Our team has been notified.')
      expect(data.code).toBe('INTERNAL_SERVER_ERROR')
      expect(data.error_id).toMatch(/^[0-9a-f]{12}$/)
      expect(data.stack).toBeUndefined()
      const lines = log.mock.calls.map((call) => call.map(String).join(' '))
      expect(lines.some((line) => line.includes(`error ${data.error_id}`) && line.includes('monitoring.recentErrors'))).toBe(true)
      expect((await server.request('/trpc/auth.me', { token: admin })).status).toBe(200)
    } finally {
      log.mockRestore()
    }
  })

  it('a fractional or negative limit is refused as bad input', async () => {
    for (const [path, input] of [
      ['monitoring.recentErrors', { limit: 1.5 }],
      ['dashboard.search', { q: 'a', limit: -3 }],
      ['destinations.search', { q: 'a', limit: 2.5 }],
    ] as const) {
      const res = await server.request(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { token: admin })
      expect(res.status, path).toBe(400)
    }
  })

  it('ids that cannot name a record are refused as bad input, never reach the database', async () => {
    for (const id of [9007199254740993, 2147483648, 0, -1, 1.5, 1e308]) {
      const res = await server.request(`/trpc/media.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, { token: admin })
      expect(res.status, String(id)).toBe(400)
      expect(res.body.error.data.code).toBe('BAD_REQUEST')
      const reprocess = await server.request('/trpc/media.reprocess', { token: admin, body: { id } })
      expect(reprocess.status, String(id)).toBe(400)
    }
  })

  it('input keys named like built-in properties are refused as bad input, never a server error', async () => {
    // valibot's records leave out constructor and __proto__; the others must be named in the fields like any key.
    for (const key of ['valueOf', 'toString', 'hasOwnProperty', 'isPrototypeOf', 'constructor', '__proto__']) {
      const input = `{${JSON.stringify(key)}:[[{"a":{}},{}],[null,[]],null,true]}`
      const res = await server.request(`/trpc/discovery.search?input=${encodeURIComponent(input)}`, { token: admin })
      expect(res.status, key).toBe(400)
      expect(res.body.error.data.code).toBe('BAD_REQUEST')
      if (key === 'constructor' || key === '__proto__') continue
      expect(Object.keys(res.body.error.data.fields ?? {}), key).toContain(key)
    }
  })
})
