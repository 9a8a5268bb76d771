import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FullServer, startFullServer } from './support/full-server.ts'

/**
 * The pages that send the browser on to an address it chose (`redirectTo`): /login (signed in, and its form), the
 * preferences, wishlist and media-upload forms. A hostile target goes to the page's default instead, as a browser
 * without JavaScript sees it (redirects not followed).
 */
let server: FullServer

beforeAll(async () => {
  server = await startFullServer()
}, 300_000) // the first file to start may build the web app first
afterAll(() => server?.close())

/** Targets a browser would turn into another site (`/<TAB>/evil` reads as `//evil`), or that are no path at all. */
const HOSTILE = [
  '/\t/evil.example/phish',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\\evil.example',
  '/\t\\evil.example',
  '//evil.example/phish',
  'https://evil.example/phish',
  'javascript:alert(1)',
  ' /dashboard/trips',
]

async function send(path: string, init: { cookie?: string; body?: FormData | URLSearchParams } = {}) {
  const headers: Record<string, string> = { Origin: server.origin }
  if (init.cookie) headers.Cookie = init.cookie
  const res = await fetch(`${server.url}${path}`, { method: init.body ? 'POST' : 'GET', body: init.body, headers, redirect: 'manual' })
  await res.text()
  return { status: res.status, location: res.headers.get('location') }
}

describe('/login', () => {
  it('signed in: a hostile redirectTo goes to the overview; `/%0A/` no longer answers 500', async () => {
    const { cookie } = await server.credentials('traveler')
    expect(await send('/login?redirectTo=%2F%09%2Fevil.example%2Fphish', { cookie })).toEqual({ status: 302, location: '/dashboard/overview' })
    expect(await send('/login?redirectTo=/%0A/evil.example', { cookie })).toEqual({ status: 302, location: '/dashboard/overview' })
    for (const target of HOSTILE) {
      expect(await send(`/login?redirectTo=${encodeURIComponent(target)}`, { cookie }), JSON.stringify(target)).toEqual({
        status: 302,
        location: '/dashboard/overview',
      })
    }
    expect(await send('/login?redirectTo=%2Fdashboard%2Ftrips%3Fx%3D1%23a', { cookie })).toEqual({ status: 302, location: '/dashboard/trips?x=1#a' })
  })

  it('the sign-in form: after a correct password a hostile redirectTo goes to the overview', async () => {
    for (const target of ['/\t/evil.example/phish', '/\n/evil.example', '/\\evil.example']) {
      const body = new URLSearchParams({ username: 'traveler', password: 'meridian-demo', redirectTo: target })
      expect(await send('/login', { body }), JSON.stringify(target)).toEqual({ status: 302, location: '/dashboard/overview' })
    }
    const body = new URLSearchParams({ username: 'traveler', password: 'meridian-demo', redirectTo: '/dashboard/trips?x=1' })
    expect(await send('/login', { body })).toEqual({ status: 302, location: '/dashboard/trips?x=1' })
  })
})

describe('the plain forms that go back to their page', () => {
  it('preferences: a hostile redirectTo goes to the overview', async () => {
    const { cookie } = await server.credentials('traveler')
    for (const target of HOSTILE) {
      const body = new FormData()
      body.set('intent', 'update')
      body.set('theme', 'dark')
      body.set('redirectTo', target)
      expect(await send('/resources/preferences', { cookie, body }), JSON.stringify(target)).toEqual({ status: 302, location: '/dashboard/overview' })
    }
    const body = new FormData()
    body.set('intent', 'update')
    body.set('theme', 'light')
    body.set('redirectTo', '/dashboard/settings?tab=display')
    expect(await send('/resources/preferences', { cookie, body })).toEqual({ status: 302, location: '/dashboard/settings?tab=display' })
  })

  it('wishlist: a hostile redirectTo goes to the wishlist', async () => {
    const { cookie } = await server.credentials('traveler')
    for (const target of HOSTILE) {
      const body = new FormData()
      body.set('intent', 'save')
      body.set('type', 'nothing')
      body.set('object_id', '1')
      body.set('redirectTo', target)
      expect(await send('/resources/wishlist', { cookie, body }), JSON.stringify(target)).toEqual({ status: 302, location: '/dashboard/wishlist' })
    }
  })

  it('media upload: a hostile redirectTo goes to the media library', async () => {
    const { cookie } = await server.credentials('editor')
    for (const target of HOSTILE) {
      const body = new FormData()
      body.set('redirectTo', target)
      expect(await send('/resources/media-upload', { cookie, body }), JSON.stringify(target)).toEqual({ status: 302, location: '/dashboard/media' })
    }
  })

  it("a list's carried query (`back`) with a line break goes to the list, not to a 500", async () => {
    const { cookie } = await server.credentials('traveler')
    const body = new FormData()
    body.set('intent', 'remove')
    body.set('item_id', '999999')
    body.set('back', '?type=hotel\n/evil.example')
    expect(await send('/dashboard/wishlist', { cookie, body })).toEqual({ status: 302, location: '/dashboard/wishlist' })
    body.set('back', '?type=hotel')
    expect(await send('/dashboard/wishlist', { cookie, body })).toEqual({ status: 302, location: '/dashboard/wishlist?type=hotel' })
  })
})
