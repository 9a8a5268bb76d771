import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { roles, users } from '@meridian/db'
import { seedDemoUsers } from '@meridian/core'
import { startTestServer, type TestServer } from '../testing.ts'

let handle: DatabaseHandle
let server: TestServer
let token: string
let statements = 0

beforeAll(async () => {
  handle = await createTestDatabase({ logger: { logQuery: () => void statements++ } })
  await seedDemoUsers(handle.db)
  server = await startTestServer({ handle })
  token = (await server.login('superadmin')).access
})
afterAll(async () => {
  await server?.close()
  await handle?.close()
})

async function addUsers(n: number, offset: number) {
  const [traveler] = await handle.db.select({ id: roles.id }).from(roles).limit(1)
  const rows = Array.from({ length: n }, (_, i) => ({
    username: `bulk${offset + i}`,
    email: `bulk${offset + i}@example.com`,
    passwordHash: 'x',
    roleId: traveler!.id,
    firstName: i % 2 ? 'Ana' : 'Bruno',
    isActive: i % 3 !== 0,
  }))
  await handle.db.insert(users).values(rows)
}

/** Statements one request runs (authentication included). */
async function statementsFor(path: string): Promise<number> {
  const before = statements
  const res = await server.request(path, { token })
  expect(res.status).toBe(200)
  return statements - before
}

const PATHS = [
  '/users/api/users-mgmt/',
  '/users/api/users-mgmt/?page_size=100&search=ana&role=traveler&is_active=true',
  '/users/api/users-mgmt/?is_staff=false&page=2&page_size=5',
  '/users/api/admin/users/?search=bulk',
]

describe('the users list', () => {
  it('runs the same small number of statements whatever the page holds and however many users exist', async () => {
    await addUsers(20, 0)
    const small: [string, number][] = []
    for (const path of PATHS) small.push([path, await statementsFor(path)])
    await addUsers(400, 1000)
    for (const [path, count] of small) {
      // The bearer's user, then the page with its total.
      expect(count, path).toBe(2)
      expect(await statementsFor(path), path).toBe(count)
    }
  })
})
