import type { Database } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

/**
 * A database that cannot be reached (as during a PostgreSQL restart) answers 503 with Retry-After on every front,
 * never a 500, and never a 401 that would sign a client out. The fault suite does this with a real server.
 */
let server: TestServer
let access: string
let realDb: Database
let realValidate: TestServer['app']['sessions']['validate']

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

beforeAll(async () => {
  server = await startTestServer()
  access = (await server.login('admin')).access
  realDb = server.app.db
  realValidate = server.app.sessions.validate
})
afterAll(async () => {
  if (realDb) databaseUp()
  await server?.close()
})

/** Every query fails as it does while PostgreSQL restarts (sessions have their own handle on the database). */
function databaseDown() {
  server.app.db = new Proxy(realDb, {
    get() {
      throw refused()
    },
  })
  server.app.sessions.validate = async () => Promise.reject(refused())
}

function databaseUp() {
  server.app.db = realDb
  server.app.sessions.validate = realValidate
}

describe('database unavailable', () => {
  it('REST answers 503 with Retry-After and says so', async () => {
    databaseDown()
    try {
      for (const [path, options] of [
        ['/users/api/auth/profile/', { token: access }],
        ['/users/api/auth/login/', { body: { username: 'admin', password: 'meridian-demo' } }],
      ] as const) {
        const res = await server.request(path, options)
        expect(res.status, path).toBe(503)
        expect(res.headers.get('Retry-After')).toBe('5')
        expect(res.body).toEqual({ detail: 'The service is temporarily unavailable. Please try again in a few seconds.' })
      }
    } finally {
      databaseUp()
    }
    expect((await server.request('/users/api/auth/profile/', { token: access })).status).toBe(200)
  })

  it('tRPC answers SERVICE_UNAVAILABLE (503, Retry-After), not UNAUTHORIZED, for a valid token or session', async () => {
    databaseDown()
    try {
      const bearer = await server.request('/trpc/auth.me', { token: access })
      expect(bearer.status).toBe(503)
      expect(bearer.headers.get('Retry-After')).toBe('5')
      expect(bearer.body.error.data.code).toBe('SERVICE_UNAVAILABLE')
      const cookie = await server.request('/trpc/auth.me', { headers: { Cookie: 'meridian_session=abcdefghijklmnopqrstuvwxyz234567' } })
      expect(cookie.status).toBe(503)
      expect(cookie.body.error.data.code).toBe('SERVICE_UNAVAILABLE')
    } finally {
      databaseUp()
    }
    expect((await server.request('/trpc/auth.me', { token: access })).status).toBe(200)
  })
})
