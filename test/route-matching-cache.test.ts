import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without type declarations
import { patchRouterSource } from '../scripts/patch-remix-router.mjs'

/**
 * The server's route matching with the postinstall's caches (scripts/patch-remix-router.mjs): the CommonJS build node
 * loads on the server answers as before, call after call, whatever was matched first.
 */
const router = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router')
type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] }
const ids = (routes: Route[], pathname: string) => router.matchRoutes(routes as never, pathname)?.map((m) => m.route.id as string) ?? null

describe('route matching on the server', () => {
  it('is the patched build, and patching again changes nothing', async () => {
    const fs = await import('node:fs')
    const source = fs.readFileSync(createRequire(import.meta.url).resolve('@remix-run/router'), 'utf8')
    expect(source).toContain('meridian-patch:route-cache')
    expect(patchRouterSource(source)).toEqual({ source, status: 'already patched' })
    expect(patchRouterSource('function something() {}').status).toBe('unknown version')
  })

  it('gives each route tree its own answer, the same on every call, case-sensitive routes included', () => {
    const site: Route[] = [
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'home', index: true },
          { id: 'login', path: 'login' },
          { id: 'about-exact', path: 'About', caseSensitive: true },
          { id: 'trip', path: 'trips/:tripId' },
          { id: 'trip-new', path: 'trips/new' },
          { id: 'files', path: 'files/*' },
        ],
      },
    ]
    const other: Route[] = [
      {
        id: 'other-root',
        path: '/',
        children: [
          { id: 'other-login', path: 'login' },
          { id: 'about-any', path: 'about' },
        ],
      },
    ]
    for (let round = 0; round < 3; round++) {
      expect(ids(site, '/')).toEqual(['root', 'home'])
      expect(ids(site, '/login')).toEqual(['root', 'login'])
      expect(ids(site, '/About')).toEqual(['root', 'about-exact'])
      expect(ids(site, '/about')).toBeNull()
      expect(ids(site, '/trips/new')).toEqual(['root', 'trip-new'])
      expect(ids(site, '/trips/42')).toEqual(['root', 'trip'])
      expect(router.matchRoutes(site as never, '/trips/42')?.at(-1)?.params).toEqual({ tripId: '42' })
      expect(ids(site, '/files/a/b')).toEqual(['root', 'files'])
      // Another tree with a pattern of the same text but not case-sensitive: matched by its own rules.
      expect(ids(other, '/login')).toEqual(['other-root', 'other-login'])
      expect(ids(other, '/ABOUT')).toEqual(['other-root', 'about-any'])
      expect(ids(other, '/trips/42')).toBeNull()
    }
  })
})
