import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  for (const username of ['pia', 'quinn', 'uma']) {
    await insertUser(server.handle.db, { username, email: `${username}@meridian.example`, password: 'meridian-demo', role: 'traveler' })
  }
})
afterAll(async () => {
  await server?.close()
})

const login = (username: string, password: string, headers?: Record<string, string>) =>
  server.request('/users/api/auth/login/', { body: { username, password }, headers })
const TOO_MANY = { detail: 'Too many requests. Please wait a moment and try again.' }

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after 5 failures for one username from one address', async () => {
    for (let i = 0; i < 5; i++) expect((await login('pia', `wrong-${i}`)).status).toBe(401)

    const sixth = await login('pia', 'wrong-again')
    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual(TOO_MANY)
    const retryAfter = sixth.headers.get('retry-after')
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60)
  })

  it('refuses the correct password too while throttled', async () => {
    const res = await login('pia', 'meridian-demo')
    expect(res.status).toBe(429)
    expect(res.body).toEqual(TOO_MANY)
  })

  it('counts the username case-insensitively', async () => {
    expect((await login('PIA', 'meridian-demo')).status).toBe(429)
  })

  it('counts the username and the e-mail address of one account together', async () => {
    for (let i = 0; i < 3; i++) expect((await login('uma', `wrong-${i}`)).status).toBe(401)
    expect((await login('UMA@Meridian.example', 'wrong-3')).status).toBe(401)
    expect((await login('uma@meridian.example', 'wrong-4')).status).toBe(401)
    expect((await login('Uma', 'meridian-demo')).status).toBe(429)
    expect((await login('uma@meridian.example', 'meridian-demo')).status).toBe(429)
  })

  it('answers a name that matches no account exactly as an existing one', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login('nobody-here', `wrong-${i}`)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ detail: 'Login failed. Please check your credentials.' })
    }
    const sixth = await login('NOBODY-HERE', 'wrong-5')
    expect(sixth.status).toBe(429)
    expect(sixth.body).toEqual(TOO_MANY)
  })

  it('still lets another username sign in from the same address', async () => {
    const res = await login('quinn', 'meridian-demo')
    expect(res.status).toBe(200)
    expect(res.body.user.username).toBe('quinn')
  })

  it('is also applied to tRPC sign-ins', async () => {
    const res = await server.request('/trpc/auth.login', { body: { username: 'pia', password: 'meridian-demo' } })
    expect(res.status).toBe(429)
    expect(res.body.error.data.retryAfter).toBeGreaterThan(0)
  })

  it('resets the count after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) expect((await login('quinn', `wrong-${i}`)).status).toBe(401)
    expect((await login('quinn', 'meridian-demo')).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await login('quinn', `wrong-${i}`)).status).toBe(401)
    expect((await login('quinn', 'meridian-demo')).status).toBe(200)
  })
})

describe('sign-in throttling behind a trusted proxy', () => {
  it('keys on the forwarded client address', async () => {
    const proxied = await startTestServer({ handle: server.handle, env: { TRUST_PROXY: 'true' } })
    try {
      const from = (ip: string) => ({ 'X-Forwarded-For': `${ip}, 10.0.0.1` })
      for (let i = 0; i < 5; i++) {
        const res = await proxied.request('/users/api/auth/login/', { body: { username: 'quinn', password: 'nope' }, headers: from('203.0.113.7') })
        expect(res.status).toBe(401)
      }
      const blocked = await proxied.request('/users/api/auth/login/', {
        body: { username: 'quinn', password: 'meridian-demo' },
        headers: from('203.0.113.7'),
      })
      expect(blocked.status).toBe(429)
      const elsewhere = await proxied.request('/users/api/auth/login/', {
        body: { username: 'quinn', password: 'meridian-demo' },
        headers: from('198.51.100.4'),
      })
      expect(elsewhere.status).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})
