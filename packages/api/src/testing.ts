import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type AppConfig, type AppServices, createAppServices, loadConfig } from '@meridian/core'
import { seedDemoUsers } from '@meridian/core/seed'
import type { DatabaseHandle } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { createRestHandler, isRestPath } from './rest/index.ts'
import { createTrpcHandler, TRPC_PREFIX } from './trpc/index.ts'
import { createMediaFileHandler, MEDIA_FILES_PREFIX } from './media-files.ts'
import { restAnswerProblem, routeOf } from './answers.ts'

export { restAnswerProblem, routeOf, trpcAnswerProblem } from './answers.ts'

export const TEST_JWT_SECRET = 'meridian-test-jwt-secret-0123456789abcdef'

export interface TestResponse<T = any> {
  status: number
  headers: Headers
  /** Parsed JSON, or the raw text when the answer is not JSON. */
  body: T
}

export interface RequestOptions {
  method?: string
  /** Sent as JSON unless it is already a string. */
  body?: unknown
  /** Bearer access token. */
  token?: string
  headers?: Record<string, string>
}

export interface TestServer {
  url: string
  app: AppServices
  config: AppConfig
  handle: DatabaseHandle
  /** One HTTP request to the running server (path relative to its URL). */
  request<T = any>(path: string, options?: RequestOptions): Promise<TestResponse<T>>
  /** REST login; throws unless it answers 200. */
  login(username: string, password?: string): Promise<{ access: string; refresh: string; user: any }>
  close(): Promise<void>
}

export interface TestServerOptions {
  /** Extra settings for loadConfig (REGISTRATION_ENABLED, NODE_ENV …). */
  env?: Record<string, string>
  /** Share a database already opened (another server over the same data); it is left open on close. */
  handle?: DatabaseHandle
  /** Create the demo accounts (username = role, password meridian-demo). Default true. */
  seed?: boolean
}

/**
 * AppServices on a test database of its own, served by a node:http server on a free loopback port:
 * the REST paths, /trpc, and a JSON 404 for anything else (no Remix build needed).
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const handle = options.handle ?? (await createTestDatabase())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-data-'))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...options.env })
  const app = createAppServices(handle, config)
  if (options.seed ?? !options.handle) await seedDemoUsers(handle.db)

  const rest = createRestHandler(app)
  const trpc = createTrpcHandler(app)
  const mediaFiles = createMediaFileHandler(app)
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!
    if (isRestPath(pathname)) return void rest(req, res)
    if (pathname === TRPC_PREFIX || pathname.startsWith(`${TRPC_PREFIX}/`)) return void trpc(req, res)
    if (pathname.startsWith(MEDIA_FILES_PREFIX)) return void mediaFiles(req, res)
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'Not found.' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const request: TestServer['request'] = async (target, { method, body, token, headers = {} } = {}) => {
    const init: RequestInit = { method: method ?? (body === undefined ? 'GET' : 'POST'), headers: { ...headers } }
    const sent = init.headers as Record<string, string>
    if (token) sent.Authorization = `Bearer ${token}`
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
      sent['Content-Type'] ??= 'application/json'
    }
    const res = await fetch(url + target, init)
    const text = await res.text()
    let parsed: unknown = text
    if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text)
    // Every success of a REST path answers what the API reference documents for it (docs/api.md).
    const pathname = new URL(target, url).pathname
    if (isRestPath(pathname) && res.status < 300 && res.status !== 204 && res.headers.get('content-type')?.includes('application/json')) {
      const method = init.method!.toUpperCase()
      const route = routeOf(method, pathname)
      const problem = route ? restAnswerProblem(method, route, res.status, parsed) : null
      if (problem) throw new Error(`${method} ${target}: ${problem}\n${text.slice(0, 600)}`)
    }
    return { status: res.status, headers: res.headers, body: parsed as any }
  }

  return {
    url,
    app,
    config,
    handle,
    request,
    async login(username, password = 'meridian-demo') {
      const res = await request('/users/api/auth/login/', { body: { username, password } })
      if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${JSON.stringify(res.body)}`)
      return res.body
    },
    async close() {
      await app.events.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (!options.handle) await handle.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The claims of a JWT, without verifying it (what a client can read from its token). */
export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1]
  if (!payload) throw new Error('not a JWT')
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}
