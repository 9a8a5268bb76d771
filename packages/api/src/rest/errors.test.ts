import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ seed: false })
})
afterAll(async () => {
  await server?.close()
})

const LOGIN = '/users/api/auth/login/'
const ONE_MIB = 1024 * 1024

/** A raw request, so the body can be streamed without a Content-Length. */
function rawRequest(path: string, chunks: Buffer[], headers: Record<string, string>) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(server.url + path, { method: 'POST', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }))
    })
    req.on('error', reject)
    ;(async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r))
      }
      req.end()
    })().catch(() => {})
  })
}

describe('REST error answers', () => {
  it.each(['/api/nope/', '/api/', '/users/api/nope', '/users/api/auth/unknown/', '/api/auth/change-password/'])(
    '404 {"detail": "Not found."} for %s',
    async (path) => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await server.request(path, { method })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.headers.get('content-type')).toContain('application/json')
        expect(res.body).toEqual({ detail: 'Not found.' })
      }
    },
  )

  it('405 with an Allow header for a known path and another method', async () => {
    const get = await server.request(LOGIN)
    expect(get.status).toBe(405)
    expect(get.body).toEqual({ detail: 'Method "GET" not allowed.' })
    expect(get.headers.get('allow')?.split(', ')).toEqual(['POST', 'OPTIONS'])

    const del = await server.request('/users/api/auth/profile/', { method: 'DELETE' })
    expect(del.status).toBe(405)
    expect(del.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'OPTIONS', 'PATCH', 'PUT'])
  })

  it('answers OPTIONS with the allowed methods', async () => {
    const res = await server.request(LOGIN, { method: 'OPTIONS' })
    expect(res.status).toBe(200)
    expect(res.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('accepts the path without its trailing slash', async () => {
    const res = await server.request('/users/api/auth/login', { body: {} })
    expect(res.status).toBe(400)
  })

  it('400 {"detail": …} for malformed JSON', async () => {
    for (const body of ['{"username": "admin",', 'not json at all', '{"a":1}}']) {
      const res = await server.request(LOGIN, { body })
      expect(res.status, body).toBe(400)
      expect(Object.keys(res.body)).toEqual(['detail'])
      expect(res.body.detail).toMatch(/^JSON parse error - /)
    }
  })

  it('400 with field errors, never 500, for JSON of the wrong shape', async () => {
    for (const body of ['null', '[]', '"admin"', '42', '{"username": 42, "password": ["x"]}', '{"username": null}']) {
      const res = await server.request(LOGIN, { body })
      expect(res.status, body).toBe(400)
      expect(typeof res.body).toBe('object')
    }
  })

  it('415 for a body that is neither JSON nor a form', async () => {
    const res = await server.request(LOGIN, { body: 'username=admin', headers: { 'Content-Type': 'text/plain' } })
    expect(res.status).toBe(415)
    expect(res.body.detail).toContain('text/plain')
  })

  it('413 for a body over 1 MiB with a Content-Length', async () => {
    const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(ONE_MIB) })
    const res = await server.request(LOGIN, { body: big })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ detail: 'Request body is too large.' })
  })

  it('413 for a streamed body that grows past 1 MiB', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x')
    const res = await rawRequest(LOGIN, Array.from({ length: 20 }, () => chunk), {
      'Content-Type': 'application/json',
      'Transfer-Encoding': 'chunked',
    })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ detail: 'Request body is too large.' })
  })

  it('accepts a body just under the limit', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'x' })
    const padded = body.slice(0, -1) + ',"pad":"' + 'p'.repeat(ONE_MIB - body.length - 20) + '"}'
    expect(padded.length).toBeLessThan(ONE_MIB)
    const res = await server.request(LOGIN, { body: padded })
    expect(res.status).toBe(401)
  })

  it('keeps serving after all of these', async () => {
    const res = await server.request('/api/auth/login/', { body: { username: 'nobody', password: 'x' } })
    expect(res.status).toBe(401)
  })
})
