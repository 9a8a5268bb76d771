import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import { startTestServer, type TestServer } from '@meridian/api/testing'
import type { AppServices } from '@meridian/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpServer } from './http-app.ts'
import { contentSecurityPolicy, createNonce, securityHeaders } from './security-headers.ts'

const nonceOf = (csp: string | null) => csp?.match(/'nonce-([^']+)'/)?.[1] ?? null

describe('securityHeaders', () => {
  it('builds the policy with the nonce for scripts and the fixed directives', () => {
    const csp = contentSecurityPolicy('abc123')
    expect(csp.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self' 'nonce-abc123'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ])
  })

  it('makes a new 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()))
    expect(nonces.size).toBe(50)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('adds HSTS in production only, and the hot-reload socket outside it', () => {
    const production = securityHeaders({ nonce: 'n', production: true })
    expect(production).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    })
    expect(production['Content-Security-Policy']).toContain("connect-src 'self';")
    const development = securityHeaders({ nonce: 'n', production: false })
    expect(development['Strict-Transport-Security']).toBeUndefined()
    expect(development['Content-Security-Policy']).toContain("connect-src 'self' ws: wss:;")
  })
})

describe('createHttpServer applies them', () => {
  let api: TestServer
  let server: http.Server
  let url: string

  beforeAll(async () => {
    api = await startTestServer({ seed: false })
    const app: AppServices = { ...api.app, config: { ...api.app.config, production: true } }
    server = createHttpServer({
      app,
      build: () => Promise.reject(new Error('no Remix build in this test')) as Promise<ServerBuild>,
      // Answers in place of Remix, after the headers are set: what a page would get.
      before: ((_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.setHeader('Content-Type', 'text/html')
        res.end('<!doctype html><p>page</p>')
      }) as never,
      ping: () => api.handle.ping(),
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
    await api?.close()
  })

  it('on every page, with a different nonce each time', async () => {
    const first = await fetch(`${url}/login`)
    const second = await fetch(`${url}/dashboard/overview`)
    for (const res of [first, second]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
    const a = nonceOf(first.headers.get('content-security-policy'))
    const b = nonceOf(second.headers.get('content-security-policy'))
    expect(a).toBeTruthy()
    expect(b).toBeTruthy()
    expect(a).not.toBe(b)
  })

  it('not on the REST paths, /trpc, /healthz or /readyz, which keep their own', async () => {
    for (const path of ['/users/api/auth/profile/', '/api/errors/', '/trpc/auth.me', '/healthz', '/readyz']) {
      const res = await fetch(`${url}${path}`)
      expect(res.headers.get('content-security-policy'), path).toBeNull()
      await res.body?.cancel()
    }
    const rest = await fetch(`${url}/api/nothing-here/`)
    expect(rest.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('not on a refused cross-site write either (a JSON answer)', async () => {
    const res = await fetch(`${url}/login`, { method: 'POST', headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } })
    expect(res.status).toBe(403)
    expect(res.headers.get('content-security-policy')).toBeNull()
  })
})
