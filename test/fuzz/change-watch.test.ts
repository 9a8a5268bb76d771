import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, eq, roles, signInAttempts, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { seedDemoUsers } from '@meridian/core/seed'
import { ChangeWatch } from './support/change-watch.ts'

/** The fuzz suites' "nothing written on a refusal" rests on this detector: it must see a write, and only a net one. */
let handle: DatabaseHandle
let watch: ChangeWatch

beforeAll(async () => {
  handle = await createTestDatabase()
  await seedDemoUsers(handle.db)
  watch = await ChangeWatch.install(handle.db)
})
afterAll(() => handle?.close())

describe('change watch', () => {
  it('reports a table whose rows changed since the reference', async () => {
    await watch.sync()
    await handle.db.update(users).set({ firstName: 'Changed' }).where(eq(users.username, 'traveler'))
    expect(await watch.changedTables()).toEqual(['users'])
  })

  it('reports nothing when a write was undone before the answer (or rolled back)', async () => {
    await watch.sync()
    // A placeholder row written and removed within one request (what a refused upload does).
    const [role] = await handle.db.insert(roles).values({ name: 'placeholder', displayName: 'Placeholder' }).returning()
    await handle.db.delete(roles).where(eq(roles.id, role!.id))
    await handle.db
      .transaction(async (tx) => {
        await tx.update(users).set({ bio: 'rolled back' }).where(eq(users.username, 'admin'))
        throw new Error('abort')
      })
      .catch(() => {})
    expect(await watch.changedTables()).toEqual([])
  })

  it('ignores the bookkeeping tables a refusal may write (sessions, sign-in attempts)', async () => {
    await watch.sync()
    await handle.db.insert(signInAttempts).values({ username: 'x', accountKey: 'name:x', ipAddress: '127.0.0.1', succeeded: false })
    expect(await watch.changedTables()).toEqual([])
    expect(watch.tables).toContain('users')
    expect(watch.tables).not.toContain('sign_in_attempts')
  })
})
