import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLE_PERMISSIONS } from '@meridian/auth'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const REGISTER = '/users/api/auth/register/'
const newcomer = { username: 'NewTraveler', email: 'new.traveler@example.com', password: 'long-enough-1', first_name: 'Nia' }

describe('POST /users/api/auth/register/', () => {
  it('creates an active traveler and signs them in', async () => {
    const res = await server.request(REGISTER, { body: { ...newcomer, confirm_password: newcomer.password } })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh', 'user'])
    expect(res.body.user).toMatchObject({
      username: 'NewTraveler',
      email: 'new.traveler@example.com',
      first_name: 'Nia',
      is_active: true,
      is_staff: false,
      is_superuser: false,
      role: { name: 'traveler' },
    })
    expect([...res.body.user.permissions].sort()).toEqual([...ROLE_PERMISSIONS.traveler].sort())

    const profile = await server.request('/users/api/auth/profile/', { token: res.body.access })
    expect(profile.body.username).toBe('NewTraveler')
    await server.login('newtraveler', 'long-enough-1')
  })

  it('refuses a username taken in another case with a field error', async () => {
    const res = await server.request(REGISTER, { body: { ...newcomer, username: 'newTRAVELER', email: 'other@example.com' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ username: ['A user with that username already exists.'] })
  })

  it('refuses an e-mail taken in another case with a field error', async () => {
    const res = await server.request(REGISTER, { body: { ...newcomer, username: 'someone-else', email: 'NEW.Traveler@example.com' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ email: ['A user with that email already exists.'] })
  })

  it('checks the fields', async () => {
    const res = await server.request(REGISTER, { body: { username: 'bad name!', email: 'nope', password: 'short' } })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body).sort()).toEqual(['email', 'password', 'username'])
    const mismatch = await server.request(REGISTER, {
      body: { username: 'mismatch', email: 'mismatch@example.com', password: 'long-enough-1', confirm_password: 'long-enough-2' },
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toEqual({ confirm_password: ["Passwords don't match."] })
    const empty = await server.request(REGISTER, { body: {} })
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({
      username: ['This field is required.'],
      email: ['This field is required.'],
      password: ['This field is required.'],
    })
  })

  it('answers 403 when REGISTRATION_ENABLED=false', async () => {
    const closed = await startTestServer({ handle: server.handle, env: { REGISTRATION_ENABLED: 'false' } })
    try {
      const res = await closed.request(REGISTER, { body: { ...newcomer, username: 'latecomer', email: 'late@example.com' } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ detail: 'Registration is closed. Contact your administrator.' })
      const login = await closed.request('/users/api/auth/login/', { body: { username: 'latecomer', password: newcomer.password } })
      expect(login.status).toBe(401)
    } finally {
      await closed.close()
    }
  })
})
