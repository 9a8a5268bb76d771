import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { startTestServer, type TestServer } from '../testing.ts'

/**
 * Behind one load balancer (TRUST_PROXY=1): the client is the address the balancer appended, the rightmost
 * X-Forwarded-For entry; whatever the client wrote to its left changes nothing.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } })
  for (const username of ['vera', 'wim']) {
    await insertUser(server.handle.db, { username, email: `${username}@meridian.example`, password: 'meridian-demo', role: 'traveler' })
  }
})
afterAll(async () => {
  await server?.close()
})

const login = (username: string, password: string, forwardedFor: string) =>
  server.request('/users/api/auth/login/', { body: { username, password }, headers: { 'X-Forwarded-For': forwardedFor } })

describe('sign-in throttling with TRUST_PROXY=1', () => {
  it('does not reset the count when the client changes the leftmost X-Forwarded-For entry', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('vera', `wrong-${i}`, `10.9.9.${i}, 203.0.113.50`)).status).toBe(401)
    }
    const res = await login('vera', 'meridian-demo', '192.0.2.77, 203.0.113.50')
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Made-up entries of any length on the left, still the same client.
    expect((await login('vera', 'meridian-demo', 'unknown, 1.2.3.4, 5.6.7.8, 203.0.113.50')).status).toBe(429)
  })

  it('treats distinct rightmost addresses as distinct clients', async () => {
    const other = await login('vera', 'meridian-demo', '203.0.113.50, 198.51.100.60')
    expect(other.status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await login('wim', `wrong-${i}`, '203.0.113.51')).status).toBe(401)
    expect((await login('wim', 'wrong-5', '203.0.113.51')).status).toBe(429)
    expect((await login('wim', 'meridian-demo', '203.0.113.52')).status).toBe(200)
  })

  it('records the believed address on the sign-in it starts', async () => {
    const { access } = (await login('wim', 'meridian-demo', '10.0.0.8, 198.51.100.70')).body
    const sessions = await server.request('/trpc/security.list', { token: access })
    expect(sessions.status).toBe(200)
    expect(JSON.stringify(sessions.body)).toContain('198.51.100.70')
    expect(JSON.stringify(sessions.body)).not.toContain('10.0.0.8')
  })
})

describe('sign-in throttling with TRUST_PROXY naming the proxies', () => {
  it('skips every trusted hop from the right and stops at the first untrusted one', async () => {
    const proxied = await startTestServer({ handle: server.handle, seed: false, env: { TRUST_PROXY: 'loopback, 10.0.0.0/8' } })
    try {
      const from = (spoof: string) => ({ 'X-Forwarded-For': `${spoof}, 198.51.100.80, 10.1.2.3` })
      for (let i = 0; i < 5; i++) {
        const res = await proxied.request('/users/api/auth/login/', { body: { username: 'vera', password: 'nope' }, headers: from(`10.0.0.${i}`) })
        expect(res.status).toBe(401)
      }
      const blocked = await proxied.request('/users/api/auth/login/', { body: { username: 'vera', password: 'meridian-demo' }, headers: from('8.8.8.8') })
      expect(blocked.status).toBe(429)
    } finally {
      await proxied.close()
    }
  })
})
