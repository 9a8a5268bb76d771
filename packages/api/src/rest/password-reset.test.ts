import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, mailOutbox } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const REQUEST = '/users/api/auth/password-reset/'
const CONFIRM = '/users/api/auth/password-reset/confirm/'
const mailTo = (address: string) => server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))

function tokenFrom(body: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)
  if (!match) throw new Error(`no reset link in: ${body}`)
  return match[1]!
}

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await server.request(REQUEST, { body: { email: 'Traveler@Meridian.example' } })
    const unknown = await server.request(REQUEST, { body: { email: 'nobody@meridian.example' } })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(known.body.detail).toBe('Password reset email sent successfully.')

    const mails = await mailTo('traveler@meridian.example')
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ status: 'pending', subject: 'Reset your Meridian Travel password' })
    expect(mails[0]!.body).toContain(`${server.url}/reset-password?token=`)
    expect(await mailTo('nobody@meridian.example')).toEqual([])
    expect(await server.handle.db.select().from(mailOutbox)).toHaveLength(1)
  })

  it('checks the address format', async () => {
    const res = await server.request(REQUEST, { body: { email: 'not-an-address' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ email: ['Enter a valid email address.'] })
  })

  it('sets the new password with the token from the mail, once', async () => {
    const before = await server.login('admin')
    await server.request(REQUEST, { body: { email: 'admin@meridian.example' } })
    const [mail] = await mailTo('admin@meridian.example')
    const token = tokenFrom(mail!.body)
    await new Promise((resolve) => setTimeout(resolve, 1100)) // access tokens carry whole seconds

    const confirm = await server.request(CONFIRM, { body: { token, new_password: 'admin-reset-pass-1' } })
    expect(confirm.status).toBe(200)
    expect(confirm.body).toEqual({ detail: 'Password has been reset with the new password.' })

    const old = await server.request('/users/api/auth/login/', { body: { username: 'admin', password: 'meridian-demo' } })
    expect(old.status).toBe(401)
    await server.login('admin', 'admin-reset-pass-1')
    // Every earlier sign-in has ended.
    expect((await server.request('/users/api/auth/profile/', { token: before.access })).status).toBe(401)
    expect((await server.request('/users/api/auth/refresh/', { body: { refresh: before.refresh } })).status).toBe(401)

    const reuse = await server.request(CONFIRM, { body: { token, new_password: 'another-pass-2' } })
    expect(reuse.status).toBe(400)
    expect(reuse.body).toEqual({ token: ['This password reset link is invalid or has expired.'] })
    await server.login('admin', 'admin-reset-pass-1')
  })

  it('refuses an unknown token and a weak password', async () => {
    const unknown = await server.request(CONFIRM, { body: { token: 'made-up-token', new_password: 'long-enough-1' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ token: ['This password reset link is invalid or has expired.'] })

    await server.request(REQUEST, { body: { email: 'editor@meridian.example' } })
    const [mail] = await mailTo('editor@meridian.example')
    const weak = await server.request(CONFIRM, { body: { token: tokenFrom(mail!.body), new_password: 'short' } })
    expect(weak.status).toBe(400)
    expect(Object.keys(weak.body)).toEqual(['new_password'])
    // The token was not spent by the refused attempt.
    const ok = await server.request(CONFIRM, { body: { token: tokenFrom(mail!.body), new_password: 'editor-reset-pass-1' } })
    expect(ok.status).toBe(200)
  })
})
