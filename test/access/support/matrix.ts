import { ROLE_NAMES, type RoleName } from '@meridian/auth'
import { allCredentials, type Credentials, type FullServer, IDENTITIES, type Identity } from '../../support/full-server.ts'
import { fillPath } from '../../support/surface.ts'
import { type AccessRule, expectedOutcome, type Outcome, ruleFor } from '../table.ts'
import { type Fixtures, makeFixtures } from './fixtures.ts'

export type Front = 'rest' | 'trpc' | 'remix'

/** One thing a client can call: its table key and how to send it. */
export interface Entry {
  key: string
  front: Front
  method: string
  /** Path pattern with {param} or :param; tRPC: the procedure path. */
  target: string
  params: string[]
  /** tRPC procedures: query or mutation. Remix: index route. */
  query?: boolean
  index?: boolean
  /** A REST path's operation (its tRPC name): the path answers to that operation's row unless a row names the path. */
  operation?: string
}

/** The row an entry answers to: one naming it, else (a REST path) the row of the operation it serves. */
export function ruleOf(entry: Entry) {
  return ruleFor(entry.key) ?? (entry.operation ? ruleFor(`trpc ${entry.operation}`) : undefined)
}

export interface Observation {
  key: string
  identity: Identity
  variant: 'own' | 'other' | null
  expected: Outcome
  actual: Outcome | 'error'
  status: number
  request: string
}

export interface Matrix {
  server: FullServer
  creds: Record<RoleName, Credentials>
  fixtures: Fixtures
  /** A write was sent with the current credentials (it may have ended them): the next entry starts from fresh ones. */
  spent?: boolean
}

export async function startMatrix(server: FullServer): Promise<Matrix> {
  const creds = await allCredentials(server)
  const userIds = Object.fromEntries(ROLE_NAMES.map((r) => [r, creds[r].userId])) as Record<RoleName, number>
  return { server, creds, fixtures: await makeFixtures(server, userIds) }
}

const reads = (entry: Entry) => (entry.front === 'trpc' ? entry.query : entry.method === 'GET')

/** Keys with no row in the table. */
export function unmatched(entries: Entry[]): string[] {
  return entries.filter((e) => !ruleOf(e)).map((e) => e.key)
}

/**
 * Ask every identity (and, for an owned object, with its own and with another user's) and compare the answer with the
 * table. Outcomes: 401 (REST/tRPC 401; a page's redirect to /login), 403, 404, or allowed (any other answer below 500).
 */
export async function observe(matrix: Matrix, entry: Entry): Promise<Observation[]> {
  const found = ruleOf(entry)
  if (!found) return []
  const { rule } = found
  // A write may end the sign-in it was sent with (signing out, a password change): each one starts from fresh ones,
  // and so does the entry after it (a page sent a dead session cookie is sent to sign in, as when signed out).
  if (!reads(entry) || matrix.spent) matrix.creds = await allCredentials(matrix.server)
  matrix.spent = !reads(entry)
  const out: Observation[] = []
  for (const identity of IDENTITIES) {
    const variants: ('own' | 'other' | null)[] = rule.owned && identity !== 'anonymous' ? ['own', 'other'] : [null]
    for (const variant of variants) {
      const expected = expectedOutcome(rule, identity, variant !== 'other')
      const { status, location, request } = await send(matrix, entry, rule, identity, variant)
      out.push({ key: entry.key, identity, variant, expected, actual: classify(entry.front, status, location), status, request })
    }
  }
  return out
}

function classify(front: Front, status: number, location: string | null): Outcome | 'error' {
  if (status >= 500) return 'error'
  if (status === 401 || status === 403 || status === 404) return status
  // A page's "sign in first": to /login with the way back (signing out also ends on /login, without one).
  if (front === 'remix' && (status === 302 || status === 303) && location) {
    const target = new URL(location, 'http://x')
    if (target.pathname === '/login' && target.searchParams.has('redirectTo')) return 401
  }
  return 'allowed'
}

async function idFor(matrix: Matrix, entry: Entry, rule: AccessRule, identity: Identity, variant: 'own' | 'other' | null) {
  if (!rule.object) return '1'
  const owner = variant === 'own' && identity !== 'anonymous' ? identity : variant === 'other' ? 'other' : undefined
  return matrix.fixtures.id(rule.object, { fresh: !reads(entry), owner })
}

async function send(matrix: Matrix, entry: Entry, rule: AccessRule, identity: Identity, variant: 'own' | 'other' | null) {
  const { server, creds } = matrix
  const id = await idFor(matrix, entry, rule, identity, variant)
  const c = identity === 'anonymous' ? null : creds[identity]
  let url: string
  const init: RequestInit = { method: entry.method, redirect: 'manual', headers: {} }
  const headers = init.headers as Record<string, string>
  if (entry.front === 'rest') {
    url = fillPath(entry.target, Object.fromEntries(entry.params.map((p) => [p, id])))
    if (c) headers.Authorization = `Bearer ${c.access}`
    if (entry.method !== 'GET') {
      headers['Content-Type'] = 'application/json'
      init.body = '{}'
    }
  } else if (entry.front === 'trpc') {
    // A package is named by its reference, every other object by its id.
    const input = !rule.object ? {} : rule.object === 'booking_package' ? { reference: id } : { id: rule.object === 'session' ? id : Number(id) }
    if (c) headers.Authorization = `Bearer ${c.access}`
    if (entry.query) {
      url = `/trpc/${entry.target}?input=${encodeURIComponent(JSON.stringify(input))}`
      init.method = 'GET'
    } else {
      url = `/trpc/${entry.target}`
      init.method = 'POST'
      headers['Content-Type'] = 'application/json'
      init.body = JSON.stringify(input)
    }
  } else {
    url = fillPath(entry.target, Object.fromEntries(entry.params.map((p) => [p, id]))) + (entry.index ? '?index' : '')
    headers.Origin = server.origin
    if (c) headers.Cookie = c.cookie
    if (entry.method === 'POST') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      init.body = ''
    }
  }
  const res = await fetch(server.url + url, init)
  // An event stream never ends by itself: its status is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel()
  else await res.arrayBuffer().catch(() => undefined)
  return { status: res.status, location: res.headers.get('location'), request: `${init.method} ${url}` }
}

/** A readable list of the cells that differ from the table. */
export function mismatches(observations: Observation[]): string[] {
  return observations
    .filter((o) => o.actual !== o.expected)
    .map((o) => `${o.key} as ${o.identity}${o.variant ? ` (${o.variant} object)` : ''}: expected ${o.expected}, got ${o.actual} (${o.status} on ${o.request})`)
}

/** Every REST route, tRPC procedure and Remix loader and action, as table keys. */
export function restEntries(routes: { method: string; path: string; params: string[]; doc?: { operation?: string } }[]): Entry[] {
  return routes.map((r) => ({ key: `${r.method} ${r.path}`, front: 'rest', method: r.method, target: r.path, params: r.params, operation: r.doc?.operation }))
}

export function trpcEntries(procedures: { path: string; type: string }[]): Entry[] {
  return procedures.map((p) => ({ key: `trpc ${p.path}`, front: 'trpc', method: p.type === 'query' ? 'GET' : 'POST', target: p.path, params: [], query: p.type === 'query' }))
}

export function remixEntries(routes: { path: string; params: string[]; index: boolean; hasLoader: boolean; hasAction: boolean }[]): Entry[] {
  return routes.flatMap((r) => {
    const suffix = r.index ? '?index' : ''
    const base = { front: 'remix' as const, target: r.path, params: r.params, index: r.index }
    return [
      ...(r.hasLoader ? [{ ...base, key: `loader ${r.path}${suffix}`, method: 'GET' }] : []),
      ...(r.hasAction ? [{ ...base, key: `action ${r.path}${suffix}`, method: 'POST' }] : []),
    ]
  })
}
