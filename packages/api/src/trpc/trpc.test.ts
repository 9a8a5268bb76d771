import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRPCClientError } from '@trpc/client'
import { SESSION_COOKIE } from '@meridian/auth'
import { createMeridianClient } from '../client.ts'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let travelerId: number
beforeAll(async () => {
  server = await startTestServer()
  travelerId = (await server.login('traveler')).user.id
})
afterAll(async () => {
  await server?.close()
})

/** A browser session planted directly, as the web app's sign-in would create it. */
async function sessionCookie(userId: number) {
  const { token } = await server.app.sessions.create(userId, { ipAddress: '127.0.0.1', userAgent: 'vitest' })
  return `${SESSION_COOKIE}=${token}`
}

describe('tRPC auth.me', () => {
  it('answers the same user for a bearer token and for a session cookie', async () => {
    const { access, user } = await server.login('specialist')
    const viaBearer = await createMeridianClient({ url: server.url, token: access }).auth.me.query()
    expect(viaBearer).toEqual(user)

    const cookie = await sessionCookie(user.id)
    const res = await server.request('/trpc/auth.me', { headers: { Cookie: cookie } })
    expect(res.status).toBe(200)
    expect(res.body.result.data).toEqual(viaBearer)
  })

  it('answers UNAUTHORIZED without credentials, with a garbage token or an unknown cookie', async () => {
    const anonymous = createMeridianClient({ url: server.url })
    await expect(anonymous.auth.me.query()).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED', httpStatus: 401 } })
    const garbage = createMeridianClient({ url: server.url, token: 'garbage' })
    await expect(garbage.auth.me.query()).rejects.toBeInstanceOf(TRPCClientError)
    const res = await server.request('/trpc/auth.me', { headers: { Cookie: `${SESSION_COOKIE}=not-a-session` } })
    expect(res.status).toBe(401)
  })

  it('refuses a bad bearer token even when a valid cookie comes with it', async () => {
    const cookie = await sessionCookie(travelerId)
    const res = await server.request('/trpc/auth.me', { headers: { Cookie: cookie, Authorization: 'Bearer garbage' } })
    expect(res.status).toBe(401)
  })
})

describe('tRPC auth procedures through the typed client', () => {
  it('signs in, refreshes and updates the profile', async () => {
    const anonymous = createMeridianClient({ url: server.url })
    const signedIn = await anonymous.auth.login.mutate({ username: 'editor', password: 'meridian-demo' })
    expect(signedIn.user.username).toBe('editor')
    const client = createMeridianClient({ url: server.url, token: signedIn.access })
    const updated = await client.auth.updateProfile.mutate({ city: 'Bergen' })
    expect(updated.profile.city).toBe('Bergen')
    const pair = await anonymous.auth.refresh.mutate({ refresh: signedIn.refresh })
    expect(pair.refresh).not.toBe(signedIn.refresh)
    await expect(anonymous.auth.refresh.mutate({ refresh: signedIn.refresh })).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    })
  })

  it('answers a wrong password with UNAUTHORIZED and bad input with field errors', async () => {
    const anonymous = createMeridianClient({ url: server.url })
    await expect(anonymous.auth.login.mutate({ username: 'editor', password: 'nope' })).rejects.toMatchObject({
      message: 'Login failed. Please check your credentials.',
      data: { code: 'UNAUTHORIZED' },
    })
    const res = await server.request('/trpc/auth.login', { body: { username: '', password: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.error.data.code).toBe('BAD_REQUEST')
    expect(res.body.error.data.fields).toEqual({ username: ['Username is required'] })
  })
})

describe('tRPC security.list', () => {
  it('marks the browser session the request came with as the current device, and no other', async () => {
    const { user } = await server.login('editor')
    const other = await sessionCookie(user.id)
    const mine = await sessionCookie(user.id)
    const res = await server.request('/trpc/security.list', { headers: { Cookie: mine } })
    expect(res.status).toBe(200)
    const list = res.body.result.data as { kind: string; current: boolean }[]
    expect(list.filter((s) => s.kind === 'session')).toHaveLength(2)
    expect(list.filter((s) => s.current)).toHaveLength(1)
    const fromOther = await server.request('/trpc/security.list', { headers: { Cookie: other } })
    const currentIds = [list, fromOther.body.result.data as typeof list].map((l) => JSON.stringify(l.find((s) => s.current)))
    expect(currentIds[0]).not.toBe(currentIds[1])
  })
})

describe('tRPC cross-site writes on the session cookie', () => {
  const update = (headers: Record<string, string>) =>
    server.request('/trpc/auth.updateProfile', { body: { city: 'Porto' }, headers })

  it('refuses a cookie-authenticated mutation with Sec-Fetch-Site: cross-site', async () => {
    const cookie = await sessionCookie(travelerId)
    const res = await update({ Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' })
    expect(res.status).toBe(403)
    expect(res.body.error.data.code).toBe('FORBIDDEN')
    const me = await server.request('/trpc/auth.me', { headers: { Cookie: cookie } })
    expect(me.body.result.data.profile.city).not.toBe('Porto')
  })

  it('refuses a cookie-authenticated mutation from a foreign Origin', async () => {
    const cookie = await sessionCookie(travelerId)
    expect((await update({ Cookie: cookie, Origin: 'https://evil.example' })).status).toBe(403)
    expect((await update({ Cookie: cookie, Origin: 'null' })).status).toBe(403)
  })

  it('allows the same mutation from the same origin', async () => {
    const cookie = await sessionCookie(travelerId)
    const sameSite = await update({ Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' })
    expect(sameSite.status).toBe(200)
    expect(sameSite.body.result.data.profile.city).toBe('Porto')
    const sameOrigin = await update({ Cookie: cookie, Origin: server.url })
    expect(sameOrigin.status).toBe(200)
  })

  it('does not apply to bearer tokens, which a browser never sends on its own', async () => {
    const { access } = await server.login('traveler')
    const res = await server.request('/trpc/auth.updateProfile', {
      body: { city: 'Faro' },
      token: access,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status).toBe(200)
  })

  it('still lets cross-site queries read', async () => {
    const cookie = await sessionCookie(travelerId)
    const res = await server.request('/trpc/auth.me', { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } })
    expect(res.status).toBe(200)
  })
})

describe('tRPC error bodies', () => {
  it('carry no stack in production mode', async () => {
    const production = await startTestServer({ handle: server.handle, env: { NODE_ENV: 'production' } })
    try {
      expect(production.config.production).toBe(true)
      for (const res of [
        await production.request('/trpc/auth.me'),
        await production.request('/trpc/auth.login', { body: { username: '' } }),
        await production.request('/trpc/auth.nope'),
      ]) {
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.body.error.data).not.toHaveProperty('stack')
        expect(JSON.stringify(res.body)).not.toMatch(/\.ts:\d+|node_modules/)
      }
    } finally {
      await production.close()
    }
  })

  it('carry the stack outside production, for debugging', async () => {
    const res = await server.request('/trpc/auth.me')
    expect(res.status).toBe(401)
    expect(typeof res.body.error.data.stack).toBe('string')
  })
})
