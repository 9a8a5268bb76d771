/**
 * Who may call what: every users-mgmt, roles and admin path and procedure, for an anonymous caller and each of
 * the six roles, on their own record and on someone else's, with the exact status. Mutations act on fresh rows
 * made for each case, so no case depends on another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLE_NAMES, type RoleName } from '@meridian/auth'
import { eq, roles, users } from '@meridian/db'
import { startTestServer, type TestServer } from './testing.ts'

type Caller = 'anonymous' | RoleName
type Target = 'own' | 'other'
const CALLERS: Caller[] = ['anonymous', ...ROLE_NAMES]

let server: TestServer
const tokens: Partial<Record<RoleName, string>> = {}
const userIds: Partial<Record<RoleName, number>> = {}
const roleIds: Record<string, number> = {}
let passwordHash = ''
let counter = 0

beforeAll(async () => {
  server = await startTestServer()
  for (const role of ROLE_NAMES) {
    const login = await server.login(role)
    tokens[role] = login.access
    userIds[role] = login.user.id
  }
  for (const r of await server.handle.db.select().from(roles)) roleIds[r.name] = r.id
  const [row] = await server.handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'traveler'))
  passwordHash = row!.hash
})
afterAll(async () => {
  await server?.close()
})

/** A fresh traveler to act upon (no password hashing: the row is written directly). */
async function freshUser(): Promise<number> {
  const n = ++counter
  const [row] = await server.handle.db
    .insert(users)
    .values({ username: `target${n}`, email: `target${n}@example.com`, passwordHash, roleId: roleIds.traveler!, firstName: 'T', lastName: `${n}` })
    .returning({ id: users.id })
  return row!.id
}

async function freshRole(): Promise<number> {
  const n = ++counter
  const [row] = await server.handle.db.insert(roles).values({ name: `custom_${n}`, displayName: `Custom ${n}` }).returning({ id: roles.id })
  return row!.id
}

interface Endpoint {
  name: string
  /** Who passes the access check. */
  audience: 'superadmin' | 'admin'
  /** What a caller who passes gets, on their own record or another's (null: not applicable). */
  ok: (target: Target, caller: RoleName) => number | null
  /** The id acted upon: the caller's own, or a fresh one. */
  subject?: 'user' | 'role'
  rest: (id: number, caller: Caller) => { method: string; path: string; body?: unknown }
  trpc: (id: number, caller: Caller) => { path: string; type: 'query' | 'mutation'; input?: unknown }
  /** Targets that make sense (collection calls have no subject: "other" only). */
  targets?: Target[]
}

const newUserBody = () => {
  const n = ++counter
  return {
    username: `made${n}`,
    email: `made${n}@example.com`,
    first_name: 'Made',
    last_name: `${n}`,
    role_id: roleIds.traveler,
    password: 'correct-horse-battery',
    confirm_password: 'correct-horse-battery',
  }
}

const M = '/users/api/users-mgmt'
const R = '/users/api/roles'
const A = '/users/api/admin'
const always = (status: number) => () => status
const notOwn = (status: number, own: number) => (t: Target) => (t === 'own' ? own : status)

const ENDPOINTS: Endpoint[] = [
  { name: 'users list', audience: 'superadmin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${M}/?page_size=5&search=a&role=traveler&is_active=true` }), trpc: () => ({ path: 'users.list', type: 'query', input: { page_size: 5, search: 'a' } }) },
  { name: 'users create', audience: 'superadmin', ok: (t) => (t === 'other' ? 201 : null), targets: ['other'], rest: () => ({ method: 'POST', path: `${M}/`, body: newUserBody() }), trpc: () => ({ path: 'users.create', type: 'mutation', input: newUserBody() }) },
  { name: 'users select_options', audience: 'superadmin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${M}/select_options/` }), trpc: () => ({ path: 'users.selectOptions', type: 'query' }) },
  { name: 'users stats', audience: 'superadmin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${M}/stats/` }), trpc: () => ({ path: 'users.stats', type: 'query' }) },
  { name: 'users get', audience: 'superadmin', ok: always(200), subject: 'user', rest: (id) => ({ method: 'GET', path: `${M}/${id}/` }), trpc: (id) => ({ path: 'users.get', type: 'query', input: { id } }) },
  { name: 'users activity', audience: 'superadmin', ok: always(200), subject: 'user', rest: (id) => ({ method: 'GET', path: `${M}/${id}/activity/` }), trpc: (id) => ({ path: 'users.activity', type: 'query', input: { id } }) },
  { name: 'users patch', audience: 'superadmin', ok: always(200), subject: 'user', rest: (id) => ({ method: 'PATCH', path: `${M}/${id}/`, body: { first_name: 'Changed' } }), trpc: (id) => ({ path: 'users.update', type: 'mutation', input: { id, data: { first_name: 'Changed' } } }) },
  { name: 'users delete (deactivate)', audience: 'superadmin', ok: notOwn(204, 400), subject: 'user', rest: (id) => ({ method: 'DELETE', path: `${M}/${id}/` }), trpc: (id) => ({ path: 'users.deactivate', type: 'mutation', input: { id } }) },
  { name: 'users change_role', audience: 'superadmin', ok: notOwn(200, 400), subject: 'user', rest: (id) => ({ method: 'POST', path: `${M}/${id}/change_role/`, body: { role_id: roleIds.editor } }), trpc: (id) => ({ path: 'users.changeRole', type: 'mutation', input: { id, role_id: roleIds.editor } }) },
  { name: 'users bulk deactivate', audience: 'superadmin', ok: notOwn(200, 400), subject: 'user', rest: (id) => ({ method: 'POST', path: `${M}/bulk_update_status/`, body: { user_ids: [id], action: 'deactivate' } }), trpc: (id) => ({ path: 'users.bulkUpdateStatus', type: 'mutation', input: { user_ids: [id], action: 'deactivate' } }) },
  { name: 'users bulk activate', audience: 'superadmin', ok: always(200), subject: 'user', rest: (id) => ({ method: 'POST', path: `${M}/bulk_update_status/`, body: { user_ids: [id], action: 'activate' } }), trpc: (id) => ({ path: 'users.bulkUpdateStatus', type: 'mutation', input: { user_ids: [id], action: 'activate' } }) },

  { name: 'roles list', audience: 'superadmin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${R}/?page_size=100` }), trpc: () => ({ path: 'roles.list', type: 'query' }) },
  { name: 'roles create', audience: 'superadmin', ok: always(201), targets: ['other'], rest: () => ({ method: 'POST', path: `${R}/`, body: { name: `made_${++counter}`, display_name: 'Made' } }), trpc: () => ({ path: 'roles.create', type: 'mutation', input: { name: `made_${++counter}`, display_name: 'Made' } }) },
  { name: 'roles select_options', audience: 'superadmin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${R}/select_options/` }), trpc: () => ({ path: 'roles.selectOptions', type: 'query' }) },
  { name: 'roles get', audience: 'superadmin', ok: always(200), subject: 'role', rest: (id) => ({ method: 'GET', path: `${R}/${id}/` }), trpc: (id) => ({ path: 'roles.get', type: 'query', input: { id } }) },
  { name: 'roles patch', audience: 'superadmin', ok: always(200), subject: 'role', rest: (id) => ({ method: 'PATCH', path: `${R}/${id}/`, body: { description: 'Changed' } }), trpc: (id) => ({ path: 'roles.update', type: 'mutation', input: { id, data: { description: 'Changed' } } }) },
  // The caller's own role is built in: it cannot be deleted (409); a fresh custom one can.
  { name: 'roles delete', audience: 'superadmin', ok: notOwn(204, 409), subject: 'role', rest: (id) => ({ method: 'DELETE', path: `${R}/${id}/` }), trpc: (id) => ({ path: 'roles.delete', type: 'mutation', input: { id } }) },
  { name: 'roles users', audience: 'superadmin', ok: always(200), subject: 'role', rest: (id) => ({ method: 'GET', path: `${R}/${id}/users/` }), trpc: (id) => ({ path: 'roles.users', type: 'query', input: { id } }) },

  { name: 'admin dashboard', audience: 'admin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${A}/dashboard/` }), trpc: () => ({ path: 'admin.dashboard', type: 'query' }) },
  { name: 'admin users', audience: 'admin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${A}/users/?page_size=100` }), trpc: () => ({ path: 'admin.users', type: 'query' }) },
  { name: 'admin analytics', audience: 'admin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${A}/analytics/` }), trpc: () => ({ path: 'admin.analytics', type: 'query' }) },
  { name: 'admin system-health', audience: 'admin', ok: always(200), targets: ['other'], rest: () => ({ method: 'GET', path: `${A}/system-health/` }), trpc: () => ({ path: 'admin.systemHealth', type: 'query' }) },
  { name: 'admin users role', audience: 'admin', ok: notOwn(200, 400), subject: 'user', rest: (id) => ({ method: 'PATCH', path: `${A}/users/${id}/role/`, body: { role: 'expert' } }), trpc: (id) => ({ path: 'admin.changeRole', type: 'mutation', input: { id, role: 'expert' } }) },
]

const passes = (audience: Endpoint['audience'], caller: RoleName) =>
  caller === 'superadmin' || (audience === 'admin' && caller === 'admin')

function expected(endpoint: Endpoint, caller: Caller, target: Target): number | null {
  if (caller === 'anonymous') return target === 'own' ? null : 401
  if (!passes(endpoint.audience, caller)) return 403
  return endpoint.ok(target, caller)
}

async function subjectId(endpoint: Endpoint, caller: Caller, target: Target): Promise<number> {
  if (!endpoint.subject) return 0
  if (target === 'own') {
    const role = caller as RoleName
    return endpoint.subject === 'user' ? userIds[role]! : roleIds[role]!
  }
  return endpoint.subject === 'user' ? freshUser() : freshRole()
}

async function callRest(endpoint: Endpoint, caller: Caller, id: number) {
  const { method, path, body } = endpoint.rest(id, caller)
  const token = caller === 'anonymous' ? undefined : tokens[caller]
  return server.request(path, { method, body, token })
}

async function callTrpc(endpoint: Endpoint, caller: Caller, id: number) {
  const { path, type, input } = endpoint.trpc(id, caller)
  const token = caller === 'anonymous' ? undefined : tokens[caller]
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    return server.request(`/trpc/${path}${query}`, { token })
  }
  return server.request(`/trpc/${path}`, { method: 'POST', body: input ?? {}, token })
}

const cases = ENDPOINTS.flatMap((endpoint) =>
  CALLERS.flatMap((caller) =>
    (endpoint.targets ?? (['own', 'other'] as Target[]))
      .map((target) => ({ endpoint, caller, target, status: expected(endpoint, caller, target) }))
      .filter((c): c is typeof c & { status: number } => c.status !== null),
  ),
)

describe('REST: users-mgmt, roles and admin paths', () => {
  it.each(cases.map((c) => [c.endpoint.name, c.caller, c.target, c.status, c] as const))(
    '%s as %s on %s record answers %i',
    async (_name, caller, target, status, c) => {
      const res = await callRest(c.endpoint, caller, await subjectId(c.endpoint, caller, target))
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      if (status === 401 && c.endpoint.audience === 'superadmin') expect(res.body).toEqual({ detail: 'Please log in to access user management.' })
      if (status === 403 && c.endpoint.audience === 'superadmin') expect(res.body).toEqual({ detail: 'Superadmin role required for user management.' })
    },
  )
})

describe('tRPC: users, roles and admin procedures', () => {
  it.each(cases.map((c) => [c.endpoint.name, c.caller, c.target, c.status, c] as const))(
    '%s as %s on %s record answers %i',
    async (_name, caller, target, status, c) => {
      const res = await callTrpc(c.endpoint, caller, await subjectId(c.endpoint, caller, target))
      // tRPC answers 200 where REST answers 201 or 204.
      const want = status === 201 || status === 204 ? 200 : status
      expect(res.status, JSON.stringify(res.body)).toBe(want)
      if (status === 401) expect(res.body.error.data.code).toBe('UNAUTHORIZED')
      if (status === 403) expect(res.body.error.data.code).toBe('FORBIDDEN')
    },
  )
})

describe('the superadmin rules through the admin calls', () => {
  it('lets an admin change ordinary roles but never grant, remove or touch the superadmin role', async () => {
    const token = tokens.admin!
    const target = await freshUser()
    const grant = await server.request(`${A}/users/${target}/role/`, { method: 'PATCH', token, body: { role: 'superadmin' } })
    expect(grant.status).toBe(403)
    expect(grant.body).toEqual({ detail: 'Only a superadmin can grant or remove the superadmin role or the superuser flag.' })
    const demote = await server.request(`${A}/users/${userIds.superadmin}/role/`, { method: 'PATCH', token, body: { role: 'traveler' } })
    expect(demote.status).toBe(403)
    const unknown = await server.request(`${A}/users/${target}/role/`, { method: 'PATCH', token, body: { role: 'pilot' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ role: ['Unknown role "pilot".'] })
    const missing = await server.request(`${A}/users/${target}/role/`, { method: 'PATCH', token, body: {} })
    expect(missing.body).toEqual({ role: ['This field is required.'] })
    const fine = await server.request(`${A}/users/${target}/role/`, { method: 'PATCH', token, body: { role_id: roleIds.specialist } })
    expect(fine.body.role.name).toBe('specialist')
    const grantByRoleWithEverything = await freshRole()
    await server.request(`${R}/${grantByRoleWithEverything}/`, { method: 'PATCH', token: tokens.superadmin, body: { permissions: ['*'] } })
    const sneaky = await server.request(`${A}/users/${target}/role/`, { method: 'PATCH', token, body: { role_id: grantByRoleWithEverything } })
    expect(sneaky.status).toBe(403)
  })

  it('answers 404 for users and roles that do not exist', async () => {
    const token = tokens.superadmin!
    expect((await server.request(`${M}/2147483647/`, { token })).status).toBe(404)
    expect((await server.request(`${M}/99999999999/`, { token })).status).toBe(404)
    expect((await server.request(`${R}/999999/`, { token })).status).toBe(404)
    expect((await server.request(`${A}/users/999999/role/`, { method: 'PATCH', token, body: { role: 'expert' } })).status).toBe(404)
  })
})
