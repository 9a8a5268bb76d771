import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startTestServer()
  token = (await server.login('superadmin')).access
})
afterAll(async () => {
  await server?.close()
})

const call = (path: string, method = 'GET', body?: unknown) => server.request(path, { token, method, body })

describe('roles calls', () => {
  it('lists the six roles with their permissions and how many users hold each', async () => {
    const res = await call('/users/api/roles/?page_size=100')
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(6)
    const expert = res.body.results.find((r: any) => r.name === 'expert')
    expect(expert).toMatchObject({ display_name: 'Travel Expert', user_count: 1, is_builtin: true })
    expect(expert.permissions).toContain('manage_suppliers')
    const options = await call('/users/api/roles/select_options/')
    expect(options.body).toContainEqual({ value: expert.id, label: 'Travel Expert', name: 'expert' })
  })

  it('creates, updates and deletes a custom role whose permissions reach its users on their next request', async () => {
    const created = await call('/users/api/roles/', 'POST', { name: 'auditor', display_name: 'Auditor', permissions: ['view_analytics'] })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'auditor', permissions: ['view_analytics'], user_count: 0, is_builtin: false })
    expect((await call('/users/api/roles/', 'POST', { name: 'auditor', display_name: 'Again' })).body).toEqual({ name: ['A role with this name already exists.'] })
    expect((await call('/users/api/roles/', 'POST', { name: 'Bad Name', display_name: 'x', permissions: ['fly'] })).body).toEqual({
      name: ['Use lower-case letters, digits and underscores, starting with a letter.'],
    })
    expect((await call('/users/api/roles/', 'POST', { name: 'pilot', display_name: 'x', permissions: ['fly'] })).body).toEqual({ permissions: ['"fly" is not a valid permission.'] })

    const user = await call('/users/api/users-mgmt/', 'POST', {
      username: 'audrey', email: 'audrey@example.com', first_name: 'Audrey', last_name: 'Lin',
      role_id: created.body.id, password: 'correct-horse-battery', confirm_password: 'correct-horse-battery',
    })
    expect(user.status).toBe(201)
    const { access } = await server.login('audrey', 'correct-horse-battery')
    expect((await server.request('/users/api/auth/profile/', { token: access })).body.permissions).toEqual(['view_analytics'])
    await call(`/users/api/roles/${created.body.id}/`, 'PATCH', { permissions: ['view_analytics', 'manage_content'] })
    expect((await server.request('/users/api/auth/profile/', { token: access })).body.permissions).toEqual(['manage_content', 'view_analytics'])

    const members = await call(`/users/api/roles/${created.body.id}/users/`)
    expect(members.body.results.map((u: any) => u.username)).toEqual(['audrey'])
    const held = await call(`/users/api/roles/${created.body.id}/`, 'DELETE')
    expect(held.status).toBe(409)
    expect(held.body).toEqual({ detail: 'This role is held by 1 user; give them another role first.' })
    await call(`/users/api/users-mgmt/${user.body.id}/change_role/`, 'POST', { role_id: 6 })
    expect((await call(`/users/api/roles/${created.body.id}/`, 'DELETE')).status).toBe(204)
    expect((await call(`/users/api/roles/${created.body.id}/`)).status).toBe(404)
  })

  it('keeps built-in roles named and the superadmin role all-powerful', async () => {
    const roles = (await call('/users/api/roles/')).body.results
    const traveler = roles.find((r: any) => r.name === 'traveler')
    const superadmin = roles.find((r: any) => r.name === 'superadmin')
    expect((await call(`/users/api/roles/${traveler.id}/`, 'PATCH', { name: 'guest' })).body).toEqual({ name: ['Built-in roles cannot be renamed or deleted.'] })
    expect((await call(`/users/api/roles/${traveler.id}/`, 'DELETE')).status).toBe(409)
    expect((await call(`/users/api/roles/${superadmin.id}/`, 'PATCH', { permissions: ['manage_users'] })).status).toBe(400)
    const renamed = await call(`/users/api/roles/${traveler.id}/`, 'PATCH', { display_name: 'Guest Traveler' })
    expect(renamed.body.display_name).toBe('Guest Traveler')
  })
})
