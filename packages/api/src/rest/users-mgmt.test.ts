import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, eq } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let superToken: string
let superId: number
const ids: Record<string, number> = {}
const roleIds: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer()
  const login = await server.login('superadmin')
  superToken = login.access
  superId = login.user.id
  const list = await server.request('/users/api/users-mgmt/?page_size=100', { token: superToken })
  for (const u of list.body.results) ids[u.username] = u.id
  const roles = await server.request('/users/api/roles/select_options/', { token: superToken })
  for (const r of roles.body) roleIds[r.name] = r.value
})
afterAll(async () => {
  await server?.close()
})

const as = (token: string) => ({
  get: (path: string) => server.request(path, { token }),
  post: (path: string, body: unknown) => server.request(path, { token, body }),
  patch: (path: string, body: unknown) => server.request(path, { token, method: 'PATCH', body }),
  del: (path: string) => server.request(path, { token, method: 'DELETE' }),
})

const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  email: `${username}@example.com`,
  first_name: 'New',
  last_name: 'Person',
  role_id: roleIds.traveler,
  password: 'correct-horse-battery',
  confirm_password: 'correct-horse-battery',
  ...extra,
})

describe('users-mgmt list, get and stats', () => {
  it('lists with DRF pagination and the documented filters', async () => {
    const su = as(superToken)
    const all = await su.get('/users/api/users-mgmt/?page_size=2')
    expect(all.status).toBe(200)
    expect(all.body.count).toBe(6)
    expect(all.body.results).toHaveLength(2)
    expect(all.body.next).toContain('page=2')
    const experts = await su.get('/users/api/users-mgmt/?role=expert')
    expect(experts.body.results.map((u: any) => u.username)).toEqual(['expert'])
    expect(experts.body.results[0]).toMatchObject({
      username: 'expert',
      full_name: 'Elena Costa',
      role: { name: 'expert', display_name: 'Travel Expert' },
      profile_info: { role: 'expert', expert_countries: [], specializations: [], years_experience: 0, is_expert: false },
    })
    const search = await su.get('/users/api/users-mgmt/?search=PRIYA')
    expect(search.body.results.map((u: any) => u.username)).toEqual(['specialist'])
    const notStaff = await su.get('/users/api/users-mgmt/?is_staff=false')
    expect(notStaff.body.results.map((u: any) => u.username)).toEqual(['traveler'])
    const wildcard = await su.get('/users/api/users-mgmt/?search=%25')
    expect(wildcard.body.count).toBe(0)
  })

  it('answers one user, 404 for an unknown one, and the stats', async () => {
    const su = as(superToken)
    expect((await su.get(`/users/api/users-mgmt/${ids.admin}/`)).body.username).toBe('admin')
    expect((await su.get('/users/api/users-mgmt/99999/')).status).toBe(404)
    expect((await su.get('/users/api/users-mgmt/abc/')).status).toBe(404)
    const stats = await su.get('/users/api/users-mgmt/stats/')
    expect(stats.body).toMatchObject({ total: 6, active: 6, staff: 5, roles: 6 })
    expect(stats.body.by_role.traveler.count).toBe(1)
  })
})

describe('creating users', () => {
  it('creates with a password that signs in, and records who did it from where', async () => {
    const res = await as(superToken).post('/users/api/users-mgmt/', newUser('maria', { profile_data: { phone: '+351 555', specializations: ['diving'], expert_countries: [3, 4], years_experience: 7, is_expert: true } }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ username: 'maria', is_active: true, is_staff: false, profile_info: { phone: '+351 555', specializations: ['diving'], expert_countries: [3, 4], years_experience: 7, is_expert: true } })
    await server.login('maria', 'correct-horse-battery')
    const audit = await as(superToken).get(`/users/api/users-mgmt/${res.body.id}/activity/`)
    expect(audit.body[0]).toMatchObject({ action: 'user.created', actor: { username: 'superadmin' }, ip_address: '127.0.0.1' })
    // The same entry is in the home dashboard's activity feed of every staff member.
    const overview = await server.request('/trpc/dashboard.overview', { token: (await server.login('editor')).access })
    expect(overview.body.result.data.recent_updates[0]).toMatchObject({ action: 'user.created', summary: 'superadmin created maria (Traveler)' })
  })

  it('answers field errors for bad passwords and duplicates, case-insensitively', async () => {
    const su = as(superToken)
    const mismatch = await su.post('/users/api/users-mgmt/', newUser('bob1', { confirm_password: 'something-else' }))
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toEqual({ confirm_password: ["Passwords don't match."] })
    const short = await su.post('/users/api/users-mgmt/', newUser('bob2', { password: 'short', confirm_password: 'short' }))
    expect(short.body.password[0]).toContain('at least 8 characters')
    const common = await su.post('/users/api/users-mgmt/', newUser('bob3', { password: 'Password123', confirm_password: 'Password123' }))
    expect(common.body).toEqual({ password: ['This password is too common.'] })
    const dup = await su.post('/users/api/users-mgmt/', newUser('ADMIN', { email: 'Admin@Meridian.example' }))
    expect(dup.status).toBe(400)
    expect(dup.body).toEqual({ username: ['A user with that username already exists.'], email: ['A user with that email already exists.'] })
    const missing = await su.post('/users/api/users-mgmt/', { username: 'x1' })
    expect(Object.keys(missing.body).sort()).toEqual(['confirm_password', 'email', 'first_name', 'last_name', 'password', 'role_id'])
    const badRole = await su.post('/users/api/users-mgmt/', newUser('bob4', { role_id: 999 }))
    expect(badRole.body).toEqual({ role_id: ['Invalid pk "999" - object does not exist.'] })
  })

  it('sends a set-password link through the outbox instead of a typed password', async () => {
    const res = await as(superToken).post('/users/api/users-mgmt/', {
      ...newUser('invitee'),
      password: undefined,
      confirm_password: undefined,
      send_password_link: true,
      role_id: roleIds.expert,
    })
    expect(res.status).toBe(201)
    expect(res.body.is_staff).toBe(true)
    const [mail] = await server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'invitee@example.com'))
    const token = /token=([\w-]+)/.exec(mail!.body)![1]
    const confirm = await server.request('/users/api/auth/password-reset/confirm/', {
      body: { token, new_password: 'a-brand-new-secret', confirm_password: 'a-brand-new-secret' },
    })
    expect(confirm.status).toBe(200)
    await server.login('invitee', 'a-brand-new-secret')
  })
})

describe('role changes, deactivation and bulk updates', () => {
  it('changes a role with effect on the very next request', async () => {
    const user = await as(superToken).post('/users/api/users-mgmt/', newUser('climber'))
    const { access } = await server.login('climber', 'correct-horse-battery')
    expect((await server.request('/users/api/auth/profile/', { token: access })).body.role.name).toBe('traveler')
    const changed = await as(superToken).post(`/users/api/users-mgmt/${user.body.id}/change_role/`, { role_id: roleIds.expert })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ role: { name: 'expert' }, is_staff: true })
    expect((await server.request('/users/api/auth/profile/', { token: access })).body.role.name).toBe('expert')
    const unknown = await as(superToken).post(`/users/api/users-mgmt/${user.body.id}/change_role/`, { role_id: 4242 })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ role_id: ['Invalid pk "4242" - object does not exist.'] })
    const audit = await as(superToken).get(`/users/api/users-mgmt/${user.body.id}/activity/`)
    expect(audit.body[0]).toMatchObject({ action: 'user.role_changed', details: { from: 'traveler', to: 'expert' } })
  })

  it('deactivates on DELETE, revoking the sessions and tokens of that user', async () => {
    const user = await as(superToken).post('/users/api/users-mgmt/', newUser('leaver'))
    const { access, refresh } = await server.login('leaver', 'correct-horse-battery')
    const res = await as(superToken).del(`/users/api/users-mgmt/${user.body.id}/`)
    expect(res.status).toBe(204)
    expect((await server.request('/users/api/auth/profile/', { token: access })).status).toBe(401)
    expect((await server.request('/users/api/auth/refresh/', { body: { refresh } })).status).toBe(401)
    expect((await as(superToken).get(`/users/api/users-mgmt/${user.body.id}/`)).body.is_active).toBe(false)
  })

  it('refuses to deactivate oneself, change one\'s own role or leave no active superadmin', async () => {
    const self = await as(superToken).del(`/users/api/users-mgmt/${superId}/`)
    expect(self.status).toBe(400)
    expect(self.body).toEqual({ detail: 'You cannot deactivate your own account.' })
    const selfRole = await as(superToken).post(`/users/api/users-mgmt/${superId}/change_role/`, { role_id: roleIds.admin })
    expect(selfRole.status).toBe(400)
    expect(selfRole.body).toEqual({ detail: 'You cannot change your own role.' })
    // A deputy who is superadmin-level through the superuser flag only takes the superadmin's place...
    const deputy = await as(superToken).post('/users/api/users-mgmt/', newUser('deputy', { role_id: roleIds.admin, is_superuser: true }))
    const { access } = await server.login('deputy', 'correct-horse-battery')
    expect((await as(access).post(`/users/api/users-mgmt/${superId}/change_role/`, { role_id: roleIds.admin })).status).toBe(200)
    expect((await as(access).patch(`/users/api/users-mgmt/${superId}/`, { is_superuser: false })).status).toBe(200)
    expect((await as(superToken).get('/users/api/users-mgmt/')).status).toBe(403)
    // ...and cannot then drop the flag too: nobody would be left to run the platform.
    const last = await as(access).patch(`/users/api/users-mgmt/${deputy.body.id}/`, { is_superuser: false })
    expect(last.status).toBe(400)
    expect(last.body).toEqual({ detail: 'At least one active superadmin must remain.' })
    expect((await as(access).get(`/users/api/users-mgmt/${deputy.body.id}/`)).body.is_superuser).toBe(true)
    await as(access).post(`/users/api/users-mgmt/${superId}/change_role/`, { role_id: roleIds.superadmin })
    await as(access).patch(`/users/api/users-mgmt/${superId}/`, { is_superuser: true })
    expect((await as(superToken).get('/users/api/users-mgmt/')).status).toBe(200)
    const gone = await as(superToken).post('/users/api/users-mgmt/bulk_update_status/', { user_ids: [deputy.body.id], action: 'deactivate' })
    expect(gone.body).toMatchObject({ updated: 1 })
    expect((await as(access).get('/users/api/users-mgmt/')).status).toBe(401)
  })

  it('bulk updates all or nothing, with clear errors for bad input', async () => {
    const su = as(superToken)
    const a = (await su.post('/users/api/users-mgmt/', newUser('bulk-a'))).body.id
    const b = (await su.post('/users/api/users-mgmt/', newUser('bulk-b'))).body.id
    const unknown = await su.post('/users/api/users-mgmt/bulk_update_status/', { user_ids: [a, 987654], action: 'deactivate' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ user_ids: ['Unknown user ids: 987654.'] })
    expect((await su.get(`/users/api/users-mgmt/${a}/`)).body.is_active).toBe(true)
    const empty = await su.post('/users/api/users-mgmt/bulk_update_status/', { user_ids: [], action: 'deactivate' })
    expect(empty.body).toEqual({ user_ids: ['This list may not be empty.'] })
    const badAction = await su.post('/users/api/users-mgmt/bulk_update_status/', { user_ids: [a], action: 'delete' })
    expect(badAction.body).toEqual({ action: ['Action must be "activate" or "deactivate".'] })
    const withSelf = await su.post('/users/api/users-mgmt/bulk_update_status/', { user_ids: [a, superId], action: 'deactivate' })
    expect(withSelf.body).toEqual({ user_ids: ['You cannot deactivate your own account.'] })
    expect((await su.get(`/users/api/users-mgmt/${a}/`)).body.is_active).toBe(true)
    const done = await su.post('/users/api/users-mgmt/bulk_update_status/', { user_ids: [a, b], action: 'deactivate' })
    expect(done.body).toMatchObject({ action: 'deactivate', updated: 2 })
    const again = await su.post('/users/api/users-mgmt/bulk_update_status/', { user_ids: [a, b, ids.traveler], action: 'activate' })
    expect(again.body).toMatchObject({ updated: 2 })
  })
})
