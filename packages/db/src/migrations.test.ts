import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { type DatabaseHandle, migrationsCurrent } from './client.ts'
import { rowsOf } from './rows.ts'
import { createTestDatabase } from './testing.ts'

/** The start-up's fast path: a database with the newest migration is not migrated again. */
let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

const recorded = async () => rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n

describe('migrations on start', () => {
  it('finds a migrated database current, and one missing its newest migration not', async () => {
    expect(await migrationsCurrent(handle.db)).toBe(true)
    const before = await recorded()
    await handle.migrate()
    expect(await recorded()).toBe(before)

    await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`)
    expect(await migrationsCurrent(handle.db)).toBe(false)
  })

  it('finds a database without drizzle’s table not current (a new database), and says so without an error', async () => {
    await handle.db.execute(sql`alter table drizzle.__drizzle_migrations rename to migrations_elsewhere`)
    try {
      expect(await migrationsCurrent(handle.db)).toBe(false)
    } finally {
      await handle.db.execute(sql`alter table drizzle.migrations_elsewhere rename to __drizzle_migrations`)
    }
  })
})
