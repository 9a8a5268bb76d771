import { INVALID_TOKEN_MESSAGE } from '@meridian/core'
import { clientErrorReports, count, desc, eq } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const REPORT = {
  errorId: 'err_rest_1',
  message: 'Failed to fetch',
  stack: 'TypeError: Failed to fetch',
  componentStack: '',
  timestamp: new Date().toISOString(),
  userAgent: 'Mozilla/5.0',
  url: 'http://localhost/dashboard/overview',
  userId: 99,
  sessionId: 'sess_rest',
  retryCount: 1,
}

const reportCount = async () => (await server.handle.db.select({ n: count() }).from(clientErrorReports))[0]!.n
const latest = async () => (await server.handle.db.select().from(clientErrorReports).orderBy(desc(clientErrorReports.id)).limit(1))[0]!

describe('POST /api/monitoring/log-error/ and /api/errors/', () => {
  for (const path of ['/api/monitoring/log-error/', '/api/errors/', '/api/errors']) {
    it(`${path} stores an anonymous report: 201`, async () => {
      const res = await server.request(path, { body: { ...REPORT, errorId: `err_${path}` } })
      expect(res.status).toBe(201)
      expect(res.body).toEqual({ status: 'logged', id: expect.any(Number) })
      const row = await latest()
      expect(row).toMatchObject({ id: res.body.id, errorId: `err_${path}`, message: 'Failed to fetch', userId: null, retryCount: 1 })
    })
  }

  it('attributes a report sent with a bearer token to its user', async () => {
    const { access, user } = await server.login('editor')
    const res = await server.request('/api/monitoring/log-error/', { body: REPORT, token: access })
    expect(res.status).toBe(201)
    expect((await latest()).userId).toBe(user.id)
  })

  it('refuses a bad bearer token rather than storing the report anonymously', async () => {
    for (const path of ['/api/monitoring/log-error/', '/api/errors/']) {
      const before = await reportCount()
      const res = await server.request(path, { body: { ...REPORT, errorId: 'err_bad_token' }, token: 'not-a-token' })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ detail: INVALID_TOKEN_MESSAGE })
      expect(await reportCount()).toBe(before)
    }
    expect(await server.handle.db.select().from(clientErrorReports).where(eq(clientErrorReports.errorId, 'err_bad_token'))).toEqual([])
  })

  it('answers 400 with field errors for a report without a message', async () => {
    const res = await server.request('/api/monitoring/log-error/', { body: { errorId: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(['This field is required.'])
  })

  it('answers 405 to other methods', async () => {
    expect((await server.request('/api/monitoring/log-error/')).status).toBe(405)
  })

  it('answers 429 with Retry-After once an address has sent 30 reports in a minute', async () => {
    // Every request of this file comes from 127.0.0.1: send until the limit answers.
    let status = 201
    let sent = 0
    while (status === 201 && sent < 40) {
      status = (await server.request('/api/errors/', { body: { message: `flood ${sent}` } })).status
      sent += 1
    }
    expect(status).toBe(429)
    expect(sent).toBeLessThanOrEqual(31)
    const refused = await server.request('/api/errors/', { body: { message: 'still too many' } })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ detail: 'Too many requests. Please wait a moment and try again.' })
    expect(refused.headers.get('retry-after')).toBe('60')
  })
})
