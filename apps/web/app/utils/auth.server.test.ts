import { describe, expect, it } from 'vitest'
import { safeRedirect } from './auth.server.ts'

/** Where a sign-in, a plain form or a signed-in visit to /login may send the browser next. */
describe('safeRedirect', () => {
  it.each([
    ['/dashboard/trips?x=1#a', '/dashboard/trips?x=1#a'],
    ['/dashboard/overview', '/dashboard/overview'],
    ['/my-trips?status=planning', '/my-trips?status=planning'],
    ['/quiz-results', '/quiz-results'],
    ['/', '/'],
    // Still encoded, a tab or a slash is part of a path on this site, never a host.
    ['/%09/evil.example/phish', '/%09/evil.example/phish'],
    ['/%2F/evil.example', '/%2F/evil.example'],
    // A backslash in the query is only text.
    ['/dashboard/destinations?search=a\\b', '/dashboard/destinations?search=a\\b'],
    // What the browser would send for a name with accents: the header gets it percent-encoded.
    ['/dashboard/destinations?search=São', '/dashboard/destinations?search=S%C3%A3o'],
  ])('keeps %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected)
  })

  it.each([
    ['a tab after the first slash', '/\t/evil.example/phish'],
    ['a newline after the first slash', '/\n/evil.example'],
    ['a carriage return after the first slash', '/\r/evil.example'],
    ['a CRLF and a header', '/dashboard\r\nSet-Cookie: x=1'],
    ['a tab inside the path', '/dash\tboard'],
    ['a NUL', '/dashboard\u0000'],
    ['a DEL', '/dashboard\u007f'],
    ['a unit separator', '/\u001f/evil.example'],
    ['a control character in the query', '/dashboard?x=\n'],
    ['a control character in the fragment', '/dashboard#\t'],
    ['a tab before the slashes', '\t//evil.example'],
    ['a backslash after the first slash', '/\\evil.example'],
    ['a tab and a backslash', '/\t\\evil.example'],
    ['a backslash later in the path', '/dashboard\\..\\\\evil.example'],
    ['two slashes', '//evil.example/phish'],
    ['three slashes', '///evil.example'],
    ['two slashes once the dots are resolved', '/a/..//evil.example'],
    ['two slashes once encoded dots are resolved', '/%2e%2e//evil.example'],
    ['an absolute address', 'https://evil.example/phish'],
    ['an address without its scheme', 'evil.example/phish'],
    ['a scheme-relative address with a backslash', '\\\\evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: after a slash-looking start', ' javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a leading space', ' /dashboard'],
    ['a relative path', 'dashboard/overview'],
    ['a query alone', '?x=1'],
    ['the empty string', ''],
  ])('refuses %s', (_, target) => {
    expect(safeRedirect(target)).toBe('/dashboard/overview')
    expect(safeRedirect(target, '/dashboard/wishlist')).toBe('/dashboard/wishlist')
  })

  it('refuses what is not text', () => {
    expect(safeRedirect(null)).toBe('/dashboard/overview')
    expect(safeRedirect(undefined)).toBe('/dashboard/overview')
    expect(safeRedirect(new File(['/dashboard'], 'back.txt'))).toBe('/dashboard/overview')
  })
})
