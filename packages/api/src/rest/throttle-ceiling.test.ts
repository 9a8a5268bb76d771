import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser, SIGN_IN_LIMITS } from '@meridian/core'
import { activityEvents, and, eq, mailOutbox } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

/**
 * The ceiling across addresses: 20 failures for one account from all addresses together in 15 minutes. Past
 * it, new addresses are refused; the owner, from an address that signed in before, still gets in.
 */
let server: TestServer
let xeniaId: number
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } })
  xeniaId = await insertUser(server.handle.db, { username: 'xenia', email: 'xenia@meridian.example', password: 'meridian-demo', role: 'traveler' })
})
afterAll(async () => {
  await server?.close()
})

const HOME = '198.51.100.10'
const login = (username: string, password: string, address: string) =>
  server.request('/users/api/auth/login/', { body: { username, password }, headers: { 'X-Forwarded-For': address } })
const mailsTo = (address: string) => server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))

/** 5 wrong passwords from each of `count` addresses: under the per-address limit, up to the ceiling. */
async function spread(username: string, count: number, prefix: string) {
  for (let a = 0; a < count; a++) {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress; i++) {
      expect((await login(username, `guess-${a}-${i}`, `${prefix}.${a}`)).status).toBe(401)
    }
  }
}

describe('the ceiling of failures for one account across addresses', () => {
  it('is 20 in 15 minutes', () => {
    expect(SIGN_IN_LIMITS).toMatchObject({ perAccount: 20, windowMinutes: 15, perAccountAndAddress: 5, knownAddressDays: 30 })
  })

  it('refuses new addresses once reached, mails the owner once and audits it; the owner still signs in from home', async () => {
    expect((await login('xenia', 'meridian-demo', HOME)).status).toBe(200)
    await spread('xenia', 3, '203.0.113')
    expect(await mailsTo('xenia@meridian.example')).toHaveLength(0)
    // The 20th failure, from a fourth address and typed as the e-mail, reaches the ceiling.
    await spread('Xenia@meridian.example', 1, '192.0.2')

    const stranger = await login('xenia', 'meridian-demo', '192.0.2.200')
    expect(stranger.status).toBe(429)
    expect(stranger.body).toEqual({ detail: 'Too many requests. Please wait a moment and try again.' })
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(stranger.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)

    const owner = await login('xenia', 'meridian-demo', HOME)
    expect(owner.status).toBe(200)
    expect(owner.body.user.username).toBe('xenia')

    // A wrong password from home is still checked (and more failures send no second mail).
    expect((await login('xenia', 'typo', HOME)).status).toBe(401)
    const mails = await mailsTo('xenia@meridian.example')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Unusual sign-in attempts on your Meridian Travel account')
    expect(mails[0]!.body).toContain('20 failed attempts')
    expect(mails[0]!.body).toContain('from 4 addresses')

    const audit = await server.handle.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectType, 'user'), eq(activityEvents.subjectId, String(xeniaId)), eq(activityEvents.action, 'user.sign_in_paused')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ ipAddress: '192.0.2.0', details: { failures: 20, addresses: 4, window_minutes: 15 } })

    // The superadmin sees it in the user's history.
    const { access } = await server.login('superadmin')
    const history = await server.request(`/users/api/users-mgmt/${xeniaId}/activity/`, { token: access })
    expect(history.status).toBe(200)
    expect(JSON.stringify(history.body)).toContain('user.sign_in_paused')
  })

  it('answers the same for a name that matches no account', async () => {
    await spread('ghost-account', 4, '203.0.114')
    expect((await login('ghost-account', 'anything', '192.0.2.201')).status).toBe(429)
  })

  it('lets an address where the password was reset through, as the owner', async () => {
    const yId = await insertUser(server.handle.db, { username: 'yusuf', email: 'yusuf@meridian.example', password: 'meridian-demo', role: 'traveler' })
    await spread('yusuf', 4, '203.0.115')
    const travelling = '192.0.2.210'
    expect((await login('yusuf', 'meridian-demo', travelling)).status).toBe(429)

    const asked = await server.request('/users/api/auth/password-reset/', { body: { email: 'yusuf@meridian.example' }, headers: { 'X-Forwarded-For': travelling } })
    expect(asked.status).toBe(200)
    const mail = (await mailsTo('yusuf@meridian.example')).find((m) => m.subject === 'Reset your Meridian Travel password')
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]
    const confirm = await server.request('/users/api/auth/password-reset/confirm/', {
      body: { token: resetToken, new_password: 'a-new-meridian-pass', confirm_password: 'a-new-meridian-pass' },
      headers: { 'X-Forwarded-For': travelling },
    })
    expect(confirm.status).toBe(200)
    const after = await login('yusuf', 'a-new-meridian-pass', travelling)
    expect(after.status).toBe(200)
    expect(after.body.user.id).toBe(yId)
    // Elsewhere, still refused.
    expect((await login('yusuf', 'a-new-meridian-pass', '192.0.2.211')).status).toBe(429)
  })
})
