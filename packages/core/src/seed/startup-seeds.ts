import { type Database, rowsOf, sql } from '@meridian/db'

/** What a start may have to seed, as StartupSeeds reads it. */
export interface StartupSeedOptions {
  /** SEED_DEMO: the demo accounts on a database without users. */
  demoAccounts: boolean
  /** SEED_DEMO and SEED_DEMO_WORLD: the demo world, once per database. */
  demoWorld: boolean
}

/**
 * Whether this start has anything to seed (reference countries and currencies, the demo accounts, the demo world),
 * read in one statement without a lock: on every start but the first, nothing, and the locked seeding transaction
 * and its reads are skipped. The demo world's own row is its marker (seeded or cleared: either way, not again).
 */
export async function startupSeedsNeeded(db: Database, options: StartupSeedOptions): Promise<boolean> {
  const [row] = rowsOf<{ countries: boolean; currencies: boolean; users: boolean; demo: boolean }>(
    await db.execute(sql`
      select exists (select 1 from countries) as countries, exists (select 1 from currencies) as currencies,
             exists (select 1 from users) as users, exists (select 1 from demo_world) as demo`),
  )
  if (!row) return true
  return !row.countries || !row.currencies || (options.demoAccounts && !row.users) || (options.demoWorld && !row.demo)
}
