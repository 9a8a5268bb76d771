import type { AddressInfo } from 'node:net'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@meridian/core/observability'
import { createHttpServer } from '../apps/web/server/http-app.ts'
import { type FullServer, startFullServer } from './support/full-server.ts'

/** The pages (Remix, session cookie) name the signed-in user in their log line as the API does, from the loaders' own check. */
let full: FullServer
let server: http.Server
let url: string
const lines: string[] = []

beforeAll(async () => {
  full = await startFullServer()
  const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, { write: (line: string) => void lines.push(line) })
  server = createHttpServer({ app: full.app, build: full.build, ping: () => full.handle.ping(), logger })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 120_000)
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await full?.close()
})

describe('request log lines of pages', () => {
  it('name the user of a signed-in page, and nobody on a public one, never the cookie', async () => {
    const { cookie, userId } = await full.credentials('traveler')
    const page = await fetch(`${url}/dashboard/overview`, { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    await page.text()
    const login = await fetch(`${url}/login?redirectTo=%2Fdashboard`)
    await login.text()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(parsed.map((l) => [l.route, l.status, l.user_id])).toEqual([
      ['/dashboard/overview', 200, userId],
      ['/login', 200, null],
    ])
    expect(parsed[0]!.request_id).toBe(page.headers.get('x-request-id'))
    expect(lines.join('\n')).not.toContain(cookie.split('=')[1]!)
    expect(lines.join('\n')).not.toContain('redirectTo')
  })
})
