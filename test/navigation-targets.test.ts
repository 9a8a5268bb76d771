import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionIdFromToken } from '@meridian/auth'
import { AUTH_MESSAGES } from '@meridian/core/messages'
import { eq, sessions } from '@meridian/db'
import { type FullServer, startFullServer } from './support/full-server.ts'

/**
 * /my-trips and /profile (spec 1 §2 public navigation targets) and the browser's session expiry (spec 1 §4 Session):
 * what the pages answer, as a browser without JavaScript sees it (redirects not followed).
 */
let server: FullServer

beforeAll(async () => {
  server = await startFullServer()
}, 120_000)
afterAll(() => server?.close())

async function get(path: string, cookie?: string) {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
  const body = await res.text()
  return { status: res.status, location: res.headers.get('location'), setCookie: res.headers.getSetCookie(), body }
}

/** The Set-Cookie that removes the session cookie from the browser. */
function clearsSession(setCookie: string[]) {
  return setCookie.some((c) => c.startsWith(`${server.app.sessions.cookieName}=;`) && /Max-Age=0/i.test(c))
}

describe('/my-trips', () => {
  it("sends a traveler to My Trips, with the list's query", async () => {
    const { cookie } = await server.credentials('traveler')
    expect(await get('/my-trips', cookie)).toMatchObject({ status: 302, location: '/dashboard/trips' })
    expect(await get('/my-trips?status=planning', cookie)).toMatchObject({ status: 302, location: '/dashboard/trips?status=planning' })
    const trips = await get('/dashboard/trips', cookie)
    expect(trips.status).toBe(200)
    expect(trips.body).toContain('My Trips')
  })

  it('sends every other role to its own dashboard, the overview', async () => {
    for (const role of ['superadmin', 'admin', 'expert', 'specialist', 'editor'] as const) {
      const { cookie } = await server.credentials(role)
      expect(await get('/my-trips', cookie), role).toMatchObject({ status: 302, location: '/dashboard/overview' })
    }
  })

  it('sends a visitor to sign in, with the way back and no expiry message', async () => {
    const res = await get('/my-trips')
    expect(res).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fmy-trips' })
    expect(res.setCookie).toEqual([])
    const login = await get(res.location!)
    expect(login.status).toBe(200)
    expect(login.body).toContain('name="redirectTo" value="/my-trips"')
    expect(login.body).not.toContain(AUTH_MESSAGES.sessionExpired)
  })
})

describe('/profile', () => {
  it('opens the profile settings for every signed-in role', async () => {
    for (const role of ['traveler', 'superadmin', 'admin', 'expert', 'specialist', 'editor'] as const) {
      const { cookie } = await server.credentials(role)
      expect(await get('/profile', cookie), role).toMatchObject({ status: 302, location: '/dashboard/settings' })
    }
  })

  it('sends a visitor to sign in, then back', async () => {
    expect(await get('/profile')).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fprofile' })
  })
})

describe('an expired session', () => {
  const expiredLogin = (back: string) => `/login?expired=1&redirectTo=${encodeURIComponent(back)}`

  it('of a revoked, an expired and an unknown cookie: to sign in with the marker, and the dead cookie cleared', async () => {
    const revoked = await server.credentials('expert')
    await server.app.sessions.invalidate(revoked.cookie.split('=')[1]!)
    const expired = await server.credentials('traveler')
    await server.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, sessionIdFromToken(expired.cookie.split('=')[1]!)))
    const bogus = `${server.app.sessions.cookieName}=not-a-session-token`

    for (const [name, cookie, path] of [
      ['revoked', revoked.cookie, '/dashboard/overview?tab=trips'],
      ['expired', expired.cookie, '/my-trips'],
      ['bogus', bogus, '/profile'],
      ['bogus', bogus, '/dashboard/settings'],
    ] as const) {
      const res = await get(path, cookie)
      expect(res.status, name).toBe(302)
      expect(res.location, name).toBe(expiredLogin(path))
      expect(clearsSession(res.setCookie), name).toBe(true)
    }
  })

  it('the same on a client-side navigation (a Remix data request)', async () => {
    const res = await get('/dashboard/settings.data', `${server.app.sessions.cookieName}=not-a-session-token`)
    expect(res.body).toContain(JSON.stringify(expiredLogin('/dashboard/settings')))
    expect(clearsSession(res.setCookie)).toBe(true)
  })

  it('shows the message on the sign-in page, in place of the page’s own sign-in text', async () => {
    const login = await get(expiredLogin('/dashboard/overview'))
    expect(login.status).toBe(200)
    expect(login.body).toContain(AUTH_MESSAGES.sessionExpired)
    expect(login.body).not.toContain('Please log in to access the dashboard.')
    expect(login.body).toContain('name="redirectTo" value="/dashboard/overview"')

    const fresh = await get('/dashboard/overview')
    expect(fresh.location).toBe('/login?redirectTo=%2Fdashboard%2Foverview')
    expect(fresh.setCookie).toEqual([])
    const visitor = await get(fresh.location!)
    expect(visitor.body).toContain('Please log in to access the dashboard.')
    expect(visitor.body).not.toContain(AUTH_MESSAGES.sessionExpired)
  })

  it('leaves a valid session alone, and REST still answers 401 to an expired token', async () => {
    const { cookie } = await server.credentials('admin')
    const page = await get('/dashboard/overview', cookie)
    expect(page.status).toBe(200)
    expect(clearsSession(page.setCookie)).toBe(false)
    const rest = await fetch(`${server.url}/users/api/auth/profile/`, { headers: { Authorization: 'Bearer not.a.token' } })
    expect(rest.status).toBe(401)
  })
})

describe('the sign-in page of a private screen', () => {
  it('titles it "Authentication Required" with the screen’s own words where the spec does', async () => {
    for (const [screen, words] of [
      ['/dashboard/activity-management', 'Please log in to access activity management.'],
      ['/dashboard/media', 'Please log in to access media management.'],
      ['/dashboard/users', 'Please log in to access user management.'],
      ['/dashboard/accommodations', 'Please log in to access this page.'],
    ] as const) {
      const sent = await get(screen)
      expect(sent.location, screen).toBe(`/login?redirectTo=${encodeURIComponent(screen)}`)
      const login = await get(sent.location!)
      expect(login.body, screen).toContain('Authentication Required')
      expect(login.body, screen).toContain(words)
    }
    // Where the spec gives no title, none is invented.
    expect((await get('/login?redirectTo=%2Fdashboard%2Foverview')).body).not.toContain('Authentication Required')
  })
})
