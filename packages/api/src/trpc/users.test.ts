import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMeridianClient } from '../client.ts'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let client: ReturnType<typeof createMeridianClient>
beforeAll(async () => {
  server = await startTestServer()
  client = createMeridianClient({ url: server.url, token: (await server.login('superadmin')).access })
})
afterAll(async () => {
  await server?.close()
})

describe('users procedures: access before input', () => {
  it('answer an anonymous caller 401 and a traveler 403 even when the input is malformed', async () => {
    const anonymous = await server.request('/trpc/users.create', { body: { username: 42 } })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error.message).toBe('Please log in to access user management.')
    const traveler = (await server.login('traveler')).access
    const denied = await server.request('/trpc/users.create', { token: traveler, body: { username: 42 } })
    expect(denied.status).toBe(403)
    const admin = await server.request('/trpc/admin.changeRole', { token: traveler, body: { id: 'x' } })
    expect(admin.status).toBe(403)
    // A manager with the same malformed input gets the field errors.
    const manager = await server.request('/trpc/users.create', { token: (await server.login('superadmin')).access, body: { username: 42 } })
    expect(manager.status).toBe(400)
  })
})

describe('users procedures through the typed client', () => {
  it('creates, lists, changes the role of and deactivates a user with the REST shapes', async () => {
    const roles = await client.roles.selectOptions.query()
    const expert = roles.find((r) => r.name === 'expert')!
    const created = await client.users.create.mutate({
      username: 'nadia', email: 'nadia@example.com', first_name: 'Nadia', last_name: 'Rahimi',
      role_id: roles.find((r) => r.name === 'traveler')!.value, password: 'correct-horse-battery', confirm_password: 'correct-horse-battery',
    })
    expect(created).toMatchObject({ username: 'nadia', role: { name: 'traveler' } })
    const rest = await server.request(`/users/api/users-mgmt/${created.id}/`, { token: (await server.login('superadmin')).access })
    expect(await client.users.get.query({ id: created.id })).toEqual(rest.body)
    const page = await client.users.list.query({ search: 'nadia' })
    expect(page).toMatchObject({ count: 1, page: 1, page_size: 20 })
    const changed = await client.users.changeRole.mutate({ id: created.id, role_id: expert.value })
    expect(changed.role.name).toBe('expert')
    await client.users.deactivate.mutate({ id: created.id })
    expect((await client.users.get.query({ id: created.id })).is_active).toBe(false)
    const stats = await client.users.stats.query()
    expect(stats).toMatchObject({ total: 7, active: 6 })
  })

  it('answers typed errors with field messages, and changes nothing on a bad bulk update', async () => {
    await expect(
      client.users.create.mutate({ username: 'x', email: 'not-an-email', first_name: 'X', last_name: 'Y', role_id: 1, password: 'short', confirm_password: 'short' }),
    ).rejects.toMatchObject({ data: { code: 'BAD_REQUEST', fields: { email: ['Enter a valid email address.'] } } })
    await expect(client.users.changeRole.mutate({ id: 2, role_id: 777 })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', fields: { role_id: ['Invalid pk "777" - object does not exist.'] } },
    })
    await expect(client.users.bulkUpdateStatus.mutate({ user_ids: [2, 3, 5000], action: 'deactivate' })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', fields: { user_ids: ['Unknown user ids: 5000.'] } },
    })
    expect((await client.users.get.query({ id: 2 })).is_active).toBe(true)
    await expect(client.users.get.query({ id: 424242 })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } })
  })

  it('tells an anonymous caller and a non-superadmin what the screen tells them', async () => {
    const anonymous = createMeridianClient({ url: server.url })
    await expect(anonymous.users.list.query()).rejects.toMatchObject({ message: 'Please log in to access user management.', data: { code: 'UNAUTHORIZED' } })
    const admin = createMeridianClient({ url: server.url, token: (await server.login('admin')).access })
    await expect(admin.users.list.query()).rejects.toMatchObject({ message: 'Superadmin role required for user management.', data: { code: 'FORBIDDEN' } })
    const health = await admin.admin.systemHealth.query()
    expect(health.checks.map((c) => c.key)).toEqual(['database', 'storage', 'jobs'])
    const dashboard = await admin.admin.dashboard.query()
    expect(dashboard.users.total).toBeGreaterThanOrEqual(6)
    expect(dashboard.analytics.period).toBe('30d')
    expect(dashboard.analytics.cards.total_users.value).toBe(dashboard.users.total)
    const analytics = await admin.admin.analytics.query({ period: '7d' })
    expect(analytics.daily).toHaveLength(7)
    expect(analytics.cards.total_users.value).toBe(dashboard.users.total)
    await expect(admin.admin.analytics.query({ period: '2w' })).rejects.toMatchObject({ data: { code: 'BAD_REQUEST', fields: { period: ['Select a valid period: 7d, 30d, 90d, 1y.'] } } })
  })
})
