import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAppServices, loadConfig } from '@meridian/core'
import { createTestDatabase } from '@meridian/db/testing'
import type { DatabaseHandle } from '@meridian/db'
import { createRouter } from './router.ts'

/** An unexpected failure stays in its request: 500 with an id the log carries, no details, the server goes on. */
let handle: DatabaseHandle
let server: http.Server
let url: string

beforeAll(async () => {
  handle = await createTestDatabase()
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/meridian-server-errors' }))
  const doc = { summary: 'A route of this test' }
  const serve = createRouter(app, [
    {
      method: 'POST',
      path: '/api/boom/',
      auth: 'public',
      doc,
      handler: async () => {
        throw new Error('database password=hunter2 exposed in a message')
      },
    },
    { method: 'GET', path: '/api/fine/', auth: 'public', doc, handler: async () => ({ body: { ok: true } }) },
  ])
  server = http.createServer((req, res) => void serve(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server?.close()
  await handle?.close()
})

describe('unexpected errors on REST', () => {
  it('answer 500 with the spec message and an error id, and the log line names the same id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const res = await fetch(`${url}/api/boom/`, { method: 'POST' })
      expect(res.status).toBe(500)
      const body = (await res.json()) as { detail: string; error_id: string }
      expect(body.detail).toBe('Server error occurred. Our team has been notified.')
      expect(body.error_id).toMatch(/^[0-9a-f]{12}$/)
      expect(JSON.stringify(body)).not.toContain('hunter2')
      const lines = log.mock.calls.map((call) => call.map(String).join(' '))
      expect(lines.some((line) => line.includes(`error ${body.error_id}`) && line.includes('POST /api/boom/'))).toBe(true)
      expect((await fetch(`${url}/api/fine/`)).status).toBe(200)
    } finally {
      log.mockRestore()
    }
  })
})
