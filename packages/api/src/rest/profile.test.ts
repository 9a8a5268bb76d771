import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '@meridian/auth'
import { eq, sessions } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const PROFILE = '/users/api/auth/profile/'

describe('GET/PATCH /users/api/auth/profile/', () => {
  it('answers the signed-in user', async () => {
    const { access, user } = await server.login('traveler')
    const res = await server.request(PROFILE, { token: access })
    expect(res.status).toBe(200)
    expect(res.body).toEqual(user)
    expect(res.body.profile).toEqual({ bio: '', phone_number: '', city: '', country: '' })
  })

  it('updates names and profile fields, nested or flat, and keeps the rest', async () => {
    const { access } = await server.login('traveler')
    const res = await server.request(PROFILE, {
      method: 'PATCH',
      token: access,
      body: { first_name: ' Lucie ', city: 'Lyon', profile: { country: 'France', bio: 'Slow travel.' } },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      first_name: 'Lucie',
      last_name: 'Moreau',
      full_name: 'Lucie Moreau',
      profile: { bio: 'Slow travel.', city: 'Lyon', country: 'France', phone_number: '' },
    })
    const again = await server.request('/api/auth/profile/', { token: access })
    expect(again.body.profile.city).toBe('Lyon')
  })

  it('refuses an e-mail that another user has, in any case', async () => {
    const { access } = await server.login('traveler')
    const res = await server.request(PROFILE, { method: 'PATCH', token: access, body: { email: 'ADMIN@meridian.example' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ email: ['A user with that email already exists.'] })
    const invalid = await server.request(PROFILE, { method: 'PATCH', token: access, body: { email: 'not-an-address' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toEqual({ email: ['Enter a valid email address.'] })
  })

  it('answers 401 with WWW-Authenticate: Bearer without a token or with a garbage one', async () => {
    const none = await server.request(PROFILE)
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
    expect(none.body).toEqual({ detail: 'Authentication credentials were not provided.' })

    const garbage = await server.request(PROFILE, { token: 'garbage.token.here' })
    expect(garbage.status).toBe(401)
    expect(garbage.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
    expect(garbage.body).toEqual({ detail: 'Given token not valid for any token type' })

    const { refresh } = await server.login('traveler')
    const wrongType = await server.request(PROFILE, { token: refresh })
    expect(wrongType.status).toBe(401)

    const patch = await server.request(PROFILE, { method: 'PATCH', body: { city: 'Oslo' } })
    expect(patch.status).toBe(401)
  })

  it('ignores the session cookie: a cookie alone answers 401', async () => {
    const { user } = await server.login('traveler')
    const { token } = await server.app.sessions.create(user.id, { ipAddress: '127.0.0.1', userAgent: 'vitest' })
    expect(await server.app.sessions.validate(token)).not.toBeNull()
    const res = await server.request(PROFILE, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
  })
})

describe('POST /users/api/auth/change-password/', () => {
  const CHANGE = '/users/api/auth/change-password/'

  it('answers a field error when the old password is wrong, and changes nothing', async () => {
    const { access } = await server.login('specialist')
    const res = await server.request(CHANGE, {
      token: access,
      body: { old_password: 'not-it', new_password: 'a-new-password-1' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] })
    expect((await server.request(PROFILE, { token: access })).status).toBe(200)
    await server.login('specialist') // the old password still works
  })

  it('checks the new password and its confirmation', async () => {
    const { access } = await server.login('specialist')
    const short = await server.request(CHANGE, { token: access, body: { old_password: 'meridian-demo', new_password: 'short' } })
    expect(short.status).toBe(400)
    expect(Object.keys(short.body)).toEqual(['new_password'])
    const mismatch = await server.request(CHANGE, {
      token: access,
      body: { old_password: 'meridian-demo', new_password: 'a-new-password-1', confirm_password: 'something-else' },
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toEqual({ confirm_password: ["Passwords don't match."] })
  })

  it('requires a bearer token', async () => {
    const res = await server.request(CHANGE, { body: { old_password: 'meridian-demo', new_password: 'a-new-password-1' } })
    expect(res.status).toBe(401)
  })

  it('ends every sign-in of the user and lets the new password sign in', async () => {
    const first = await server.login('expert')
    const second = await server.login('expert')
    const userId = first.user.id as number
    const session = await server.app.sessions.create(userId, { ipAddress: '127.0.0.1', userAgent: 'vitest' })
    // Access tokens carry whole seconds: let a second pass so "issued before the change" is observable.
    await new Promise((resolve) => setTimeout(resolve, 1100))

    const res = await server.request(CHANGE, {
      token: first.access,
      body: { old_password: 'meridian-demo', new_password: 'expert-new-pass-2', confirm_password: 'expert-new-pass-2' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ detail: 'Password changed successfully.' })

    for (const access of [first.access, second.access]) {
      expect((await server.request(PROFILE, { token: access })).status).toBe(401)
    }
    for (const refresh of [first.refresh, second.refresh]) {
      expect((await server.request('/users/api/auth/refresh/', { body: { refresh } })).status).toBe(401)
    }
    expect(await server.app.sessions.validate(session.token)).toBeNull()
    expect(await server.handle.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([])

    const old = await server.request('/users/api/auth/login/', { body: { username: 'expert', password: 'meridian-demo' } })
    expect(old.status).toBe(401)
    const fresh = await server.login('expert', 'expert-new-pass-2')
    expect((await server.request(PROFILE, { token: fresh.access })).status).toBe(200)
    expect((await server.request('/users/api/auth/refresh/', { body: { refresh: fresh.refresh } })).status).toBe(200)
  })
})
