import { type DatabaseHandle, demoWorld } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogueIfEmpty } from '../catalogue/seed-catalogue.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { seedDemoUsers } from './demo-users.ts'
import { startupSeedsNeeded } from './startup-seeds.ts'

/** The start-up's one read: a start seeds only what is missing, and on a seeded database skips the seeding entirely. */
let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
}, 60_000)
afterAll(async () => {
  await handle?.close()
})

const none = { demoAccounts: false, demoWorld: false }
const demo = { demoAccounts: true, demoWorld: true }

describe('what a start has to seed', () => {
  it('follows the database from empty to seeded, reference data first, then the demo accounts and the demo world', async () => {
    expect(await startupSeedsNeeded(handle.db, none)).toBe(true)
    await seedCatalogueIfEmpty(handle.db)
    expect(await startupSeedsNeeded(handle.db, none)).toBe(true)
    await seedCurrencies(handle.db)
    // Reference data in: nothing more without SEED_DEMO, the accounts and the world with it.
    expect(await startupSeedsNeeded(handle.db, none)).toBe(false)
    expect(await startupSeedsNeeded(handle.db, demo)).toBe(true)
    await seedDemoUsers(handle.db)
    expect(await startupSeedsNeeded(handle.db, { demoAccounts: true, demoWorld: false })).toBe(false)
    expect(await startupSeedsNeeded(handle.db, demo)).toBe(true)
    // A cleared demo world stays cleared: its row is the marker, whatever it says.
    await handle.db.insert(demoWorld).values({ status: 'cleared' })
    expect(await startupSeedsNeeded(handle.db, demo)).toBe(false)
  }, 60_000)
})
