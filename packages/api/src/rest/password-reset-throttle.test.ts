import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD_RESET_LIMITS } from '@meridian/core'
import { eq, mailOutbox } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

/** Password-reset requests: limited per address (429) and per e-mail (no further mail, the same answer). */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } })
})
afterAll(async () => {
  await server?.close()
})

const SENT = { detail: 'Password reset email sent successfully.', message: 'Password reset email sent successfully.' }
const ask = (email: string, address: string) =>
  server.request('/users/api/auth/password-reset/', { body: { email }, headers: { 'X-Forwarded-For': address } })
const mailsTo = (address: string) => server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))

describe('password-reset limits', () => {
  it('are 10 requests per address in 15 minutes and 3 mails per e-mail in 60 minutes', () => {
    expect(PASSWORD_RESET_LIMITS).toEqual({ perAddress: 10, addressWindowMinutes: 15, perEmail: 3, emailWindowMinutes: 60 })
  })

  it('answer 429 with Retry-After past 10 requests from one address, known e-mails or not', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await ask(i % 2 ? `someone-${i}@meridian.example` : 'editor@meridian.example', '203.0.113.90')
      expect(res.status).toBe(200)
      expect(res.body).toEqual(SENT)
    }
    for (const email of ['editor@meridian.example', 'nobody-else@meridian.example']) {
      const refused = await ask(email, '203.0.113.90')
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ detail: 'Too many requests. Please wait a moment and try again.' })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
    }
    expect((await ask('editor@meridian.example', '203.0.113.91')).status).toBe(200)
  })

  it('write at most 3 mails to one e-mail in an hour, answering the same success text every time', async () => {
    const replies = []
    for (let i = 0; i < 6; i++) replies.push(await ask('Expert@meridian.example', `198.51.100.${i}`))
    for (let i = 0; i < 6; i++) replies.push(await ask('missing@meridian.example', `198.51.100.${i}`))
    for (const reply of replies) {
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual(SENT)
    }
    expect(await mailsTo('expert@meridian.example')).toHaveLength(3)
    expect(await mailsTo('missing@meridian.example')).toHaveLength(0)
  })

  it('hold for concurrent requests too', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => ask('specialist@meridian.example', `192.0.2.${i}`)))
    expect(replies.every((r) => r.status === 200)).toBe(true)
    expect(await mailsTo('specialist@meridian.example')).toHaveLength(3)
    const fromOne = await Promise.all(Array.from({ length: 16 }, (_, i) => ask(`p${i}@meridian.example`, '192.0.2.99')))
    expect(fromOne.filter((r) => r.status === 200)).toHaveLength(10)
    expect(fromOne.filter((r) => r.status === 429)).toHaveLength(6)
  })

  it('apply to the tRPC call as well', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await server.request('/trpc/auth.requestPasswordReset', { body: { email: `t${i}@meridian.example` }, headers: { 'X-Forwarded-For': '192.0.2.150' } })
      expect(res.status).toBe(200)
    }
    const refused = await server.request('/trpc/auth.requestPasswordReset', { body: { email: 'admin@meridian.example' }, headers: { 'X-Forwarded-For': '192.0.2.150' } })
    expect(refused.status).toBe(429)
    expect(refused.body.error.data.retryAfter).toBeGreaterThan(0)
  })
})
