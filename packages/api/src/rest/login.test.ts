import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLE_NAMES, ROLE_PERMISSIONS } from '@meridian/auth'
import { insertUser } from '@meridian/core'
import { decodeJwt, startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await insertUser(server.handle.db, {
    username: 'dormant',
    email: 'dormant@meridian.example',
    password: 'meridian-demo',
    role: 'traveler',
    isActive: false,
  })
})
afterAll(async () => {
  await server?.close()
})

const login = (body: unknown) => server.request('/users/api/auth/login/', { body })

describe('POST /users/api/auth/login/', () => {
  it('signs in by username and answers {access, refresh, user}', async () => {
    const res = await login({ username: 'expert', password: 'meridian-demo' })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh', 'user'])
    expect(res.body.user).toMatchObject({
      username: 'expert',
      email: 'expert@meridian.example',
      first_name: 'Elena',
      last_name: 'Costa',
      full_name: 'Elena Costa',
      is_active: true,
      is_staff: true,
      role: { name: 'expert', display_name: 'Travel Expert' },
    })
    expect(res.body.user.last_login).not.toBeNull()
    expect(res.body.user).not.toHaveProperty('password_hash')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('signs in by e-mail, case-insensitively, and by a username in other case', async () => {
    const byEmail = await login({ username: 'Editor@Meridian.EXAMPLE', password: 'meridian-demo' })
    expect(byEmail.status).toBe(200)
    expect(byEmail.body.user.username).toBe('editor')
    const byUpper = await login({ username: '  ADMIN ', password: 'meridian-demo' })
    expect(byUpper.status).toBe(200)
    expect(byUpper.body.user.username).toBe('admin')
  })

  it('is served under /api/auth/login/ as well', async () => {
    const res = await server.request('/api/auth/login/', { body: { username: 'traveler', password: 'meridian-demo' } })
    expect(res.status).toBe(200)
    expect(res.body.user.username).toBe('traveler')
  })

  it('answers JWTs with user_id, token_type, jti and a 60-minute access expiry', async () => {
    const { access, refresh, user } = await server.login('specialist')
    const a = decodeJwt(access)
    const r = decodeJwt(refresh)
    expect(a).toMatchObject({ user_id: user.id, token_type: 'access' })
    expect(r).toMatchObject({ user_id: user.id, token_type: 'refresh' })
    expect(typeof a.jti).toBe('string')
    expect(a.jti).not.toBe(r.jti)
    expect(a.exp).toBe((a.iat as number) + 60 * 60)
    expect(Math.abs((a.iat as number) - Date.now() / 1000)).toBeLessThan(60)
    expect(r.exp).toBe((r.iat as number) + 7 * 86_400)
    // Two sign-ins never share a token id.
    const again = await server.login('specialist')
    expect(decodeJwt(again.access).jti).not.toBe(a.jti)
  })

  it.each(ROLE_NAMES)('returns the permissions of %s in user.permissions', async (role) => {
    const { user } = await server.login(role)
    expect(user.role.name).toBe(role)
    expect([...user.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort())
  })

  it('answers the same 401 for a wrong password, an unknown user and a deactivated user', async () => {
    const wrong = await login({ username: 'traveler', password: 'not-the-password' })
    const unknown = await login({ username: 'nobody-here', password: 'meridian-demo' })
    const dormant = await login({ username: 'dormant', password: 'meridian-demo' })
    for (const res of [wrong, unknown, dormant]) {
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ detail: 'Login failed. Please check your credentials.' })
    }
  })

  it('answers 400 with field errors for missing fields', async () => {
    const noUsername = await login({ password: 'meridian-demo' })
    expect(noUsername.status).toBe(400)
    expect(noUsername.body).toEqual({ username: ['Username is required'] })

    const blank = await login({ username: '   ', password: '' })
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({ username: ['Username is required'], password: ['Password is required'] })

    const empty = await server.request('/users/api/auth/login/', { method: 'POST' })
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({ username: ['Username is required'], password: ['Password is required'] })
  })

  it('accepts a form-encoded body', async () => {
    const res = await server.request('/users/api/auth/login/', {
      body: new URLSearchParams({ username: 'traveler', password: 'meridian-demo' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(200)
    expect(res.body.user.username).toBe('traveler')
  })

  it('lets the access token open the profile', async () => {
    const { access } = await server.login('traveler')
    const res = await server.request('/users/api/auth/profile/', { token: access })
    expect(res.status).toBe(200)
    expect(res.body.username).toBe('traveler')
  })
})

describe('ACCESS_TOKEN_MINUTES', () => {
  it('sets the access token lifetime', async () => {
    const short = await startTestServer({ handle: server.handle, env: { ACCESS_TOKEN_MINUTES: '5' } })
    try {
      const { access } = await short.login('traveler')
      const claims = decodeJwt(access)
      expect(claims.exp).toBe((claims.iat as number) + 5 * 60)
    } finally {
      await short.close()
    }
  })
})
