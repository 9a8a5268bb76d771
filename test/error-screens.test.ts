import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from '@meridian/db'
import { type FullServer, startFullServer } from './support/full-server.ts'

/** A page whose loader fails unexpectedly: a 500 screen whose error id is the one the server logged. */
let server: FullServer

beforeAll(async () => {
  server = await startFullServer()
}, 120_000)
afterAll(() => server?.close())

describe('error screens', () => {
  it("show the id of the server's log line, and the next page is served", async () => {
    const { cookie } = await server.credentials('superadmin')
    await server.handle.db.execute(sql.raw('drop table client_error_reports cascade'))
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await fetch(`${server.url}/dashboard/diagnostics`, { headers: { Cookie: cookie } })
      expect(res.status).toBe(500)
      const html = await res.text()
      const shown = /data-error-id="([0-9a-f]{12})"/.exec(html)?.[1]
      expect(shown, `the 500 page has no error id; it begins: ${html.slice(0, 600)}`).toBeDefined()
      const lines = log.mock.calls.map((call) => call.map(String).join(' '))
      expect(lines.filter((line) => line.includes(`error ${shown}`) && line.includes('/dashboard/diagnostics'))).toHaveLength(1)
      expect((await fetch(`${server.url}/dashboard/overview`, { headers: { Cookie: cookie } })).status).toBe(200)
    } finally {
      log.mockRestore()
    }
  })
})
