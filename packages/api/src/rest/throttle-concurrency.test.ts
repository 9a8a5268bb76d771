import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { type DatabaseHandle, openDatabase } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

/**
 * Attempts sent at the same moment: each is recorded before it is counted, so however many are in flight, at
 * most 5 reach the password check for one account and address (during the burst, possibly fewer).
 */
let server: TestServer
/** A second application over a second connection pool to the same database (on PGlite, the same handle). */
let second: TestServer
let secondHandle: DatabaseHandle
beforeAll(async () => {
  server = await startTestServer()
  secondHandle = server.handle.url ? await openDatabase({ url: server.handle.url, max: 4 }) : server.handle
  second = await startTestServer({ handle: secondHandle, seed: false })
  for (const username of ['rosa', 'sven', 'tomas']) {
    await insertUser(server.handle.db, { username, email: `${username}@meridian.example`, password: 'meridian-demo', role: 'traveler' })
  }
})
afterAll(async () => {
  await second?.close()
  if (secondHandle && secondHandle !== server?.handle) await secondHandle.close()
  await server?.close()
})

const TOO_MANY = { detail: 'Too many requests. Please wait a moment and try again.' }

function tally(statuses: number[]) {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe('concurrent sign-in attempts for one account from one address', () => {
  it('let at most 5 of 40 wrong passwords be checked; the rest answer 429 with Retry-After', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.request(i % 2 ? '/api/auth/login/' : '/users/api/auth/login/', { body: { username: 'rosa', password: `wrong-${i}` } }),
      ),
    )
    const counts = tally(replies.map((r) => r.status))
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40)
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5)
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(reply.body).toEqual(TOO_MANY)
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // The refused attempts left no trace: one after another, the count goes on from the failures checked.
    for (let i = counts[401] ?? 0; i < 5; i++) {
      expect((await server.request('/users/api/auth/login/', { body: { username: 'rosa', password: 'wrong' } })).status).toBe(401)
    }
    const after = await server.request('/users/api/auth/login/', { body: { username: 'rosa', password: 'meridian-demo' } })
    expect(after.status).toBe(429)
  })

  it('hold across two applications sharing the database, tRPC and REST mixed', async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const app = i % 2 ? second : server
        return i % 4 < 2
          ? app.request('/users/api/auth/login/', { body: { username: 'sven', password: `wrong-${i}` } })
          : app.request('/trpc/auth.login', { body: { username: 'SVEN', password: `wrong-${i}` } })
      }),
    )
    const counts = tally(replies.map((r) => r.status))
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40)
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5)
  })

  it('keep answering the right password from another address while one is throttled', async () => {
    // A success clears its own address's count only: these wrong passwords all come from this test's address.
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => server.request('/users/api/auth/login/', { body: { username: 'tomas', password: `wrong-${i}` } })),
    )
    expect(replies.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5)
    const proxied = await startTestServer({ handle: server.handle, seed: false, env: { TRUST_PROXY: '1' } })
    try {
      const elsewhere = await proxied.request('/users/api/auth/login/', {
        body: { username: 'tomas', password: 'meridian-demo' },
        headers: { 'X-Forwarded-For': '198.51.100.23' },
      })
      expect(elsewhere.status).toBe(200)
    } finally {
      await proxied.close()
    }
  })
})
