import { fillPlaceholders } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, type DatabaseHandle, eq, rowsOf, sql, users } from '@meridian/db'
import { createTestDatabase, recordStatements, type StatementRecord } from '@meridian/db/testing'
import { accommodationListQueries, listAccommodations } from '../accommodations/accommodations.ts'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { fillListTables } from '../lists/bulk-rows.ts'
import { encodeCursor } from '../lists/cursor.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { listWishlist, wishlistListQueries } from './wishlist.ts'

/**
 * The wishlist and accommodations lists as decision 021 asks of every list: at 10,000 rows the page is read from an
 * index in the list's order and never sorted (custom and generic plans), and a page is its two statements plus one per
 * relation, every one prepared under a name, whatever the tables hold.
 */
const ROWS = 10_000
let handle: DatabaseHandle
let db: Database
let traveler: ServiceContext
let travelerId = 0
let recorded: StatementRecord[]


beforeAll(async () => {
  handle = await createTestDatabase()
  db = handle.db
  recorded = recordStatements(db)
  await seedDemoUsers(db)
  await fillListTables(db, { countries: ROWS, suppliers: ROWS })
  travelerId = (await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler')))[0]!.id
  // One traveler's 10,000 saved destinations, a second's few, saved a minute apart.
  await db.execute(sql`insert into wishlist_items (user_id, item_type, country_id, saved_at)
    select ${travelerId}, 'destination', c.id, now() - c.id * interval '1 minute' from countries c order by c.id limit ${ROWS}`)
  await db.execute(sql`insert into wishlist_items (user_id, item_type, country_id)
    select u.id, 'destination', c.id from users u, (select id from countries order by id limit 3) c where u.username = 'superadmin'`)
  await db.execute(sql.raw('vacuum analyze wishlist_items'))
  await db.execute(sql.raw('vacuum analyze suppliers'))
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  traveler = serviceContext(app, await loadActor(db, travelerId), { ipAddress: '', userAgent: '' })
}, 300_000)
afterAll(async () => {
  await handle?.close()
})

interface PlanNode {
  'Node Type': string
  'Index Name'?: string
  Plans?: PlanNode[]
}

const literal = (value: unknown): string => {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return `'${String(value).replace(/'/g, "''")}'`
}

async function planOf(query: { sql: string; params: unknown[] }, values: Record<string, unknown>, generic: boolean): Promise<PlanNode> {
  const params = fillPlaceholders(query.params, values)
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`))
    await tx.execute(sql.raw(`prepare wishlist_plan_probe as ${query.sql}`))
    try {
      const [row] = rowsOf(await tx.execute(sql.raw(`explain (format json) execute wishlist_plan_probe(${params.map(literal).join(', ')})`)))
      const json = row!['QUERY PLAN']
      return ((typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[])[0]!.Plan
    } finally {
      await tx.execute(sql.raw('deallocate wishlist_plan_probe'))
    }
  })
}

function cut(node: PlanNode, underLimit = false, found = { sorted: false, indexes: [] as string[] }) {
  const limit = underLimit || node['Node Type'] === 'Limit'
  if (limit && /Sort/.test(node['Node Type'])) found.sorted = true
  if (limit && /^Index( Only)? Scan$/.test(node['Node Type'])) found.indexes.push(node['Index Name']!)
  for (const child of node.Plans ?? []) cut(child, limit, found)
  return found
}

const first = { limit: 20, offset: 0 }
const deep = { limit: 20, offset: 5_000 }

const CASES: { list: string; statements: () => { page: { sql: string; params: unknown[] }; values: Record<string, unknown> }; indexes: string[] }[] = [
  { list: 'wishlist', statements: () => wishlistListQueries(db, travelerId, undefined, deep), indexes: ['wishlist_user_saved_idx'] },
  {
    list: 'wishlist after a cursor',
    statements: () => wishlistListQueries(db, travelerId, undefined, { limit: 20, after: encodeCursor([String((Date.now() - 86_400_000) * 1000), '5000']) }),
    indexes: ['wishlist_user_saved_idx'],
  },
  { list: 'wishlist by type', statements: () => wishlistListQueries(db, travelerId, 'destination', deep), indexes: ['wishlist_user_type_saved_idx'] },
  // Either by-name index holds the order; the planner picks the type's or, when a sixteenth of the rows match, the names'.
  { list: 'accommodations', statements: () => accommodationListQueries(db, {}, first), indexes: ['suppliers_type_name_idx', 'suppliers_name_idx'] },
  {
    list: 'accommodations, deep',
    statements: () => accommodationListQueries(db, {}, { limit: 20, offset: 200 }),
    indexes: ['suppliers_type_name_idx', 'suppliers_name_idx'],
  },
  {
    list: 'accommodations by country',
    statements: () => accommodationListQueries(db, { country: 5 }, first),
    indexes: ['suppliers_country_name_idx', 'suppliers_type_name_idx'],
  },
]

describe('the wishlist and accommodations lists at 10,000 rows', () => {
  for (const c of CASES) {
    for (const generic of [false, true]) {
      it(`${c.list}: the page is read from its index in order, never sorted (${generic ? 'generic' : 'custom'} plan)`, async () => {
        const { page, values } = c.statements()
        const plan = await planOf(page, values, generic)
        const found = cut(plan)
        expect(found.sorted, JSON.stringify(plan)).toBe(false)
        expect(
          found.indexes.some((name) => c.indexes.includes(name)),
          `${found.indexes.join(', ')}: ${JSON.stringify(plan)}`,
        ).toBe(true)
      })
    }
  }

  it('a page is its two statements plus one per relation, all named', async () => {
    const statementsOf = async (run: () => Promise<{ results: unknown[] }>) => {
      const before = recorded.length
      const { results } = await run()
      expect(results.length).toBeGreaterThan(0)
      return recorded.slice(before)
    }
    // Destinations saved: their countries and their photos.
    const wishlist = await statementsOf(() => listWishlist(traveler, { type: 'destination' }, { limit: 20, offset: 40 }))
    expect(wishlist.filter((s) => !s.named).map((s) => s.sql)).toEqual([])
    expect(wishlist).toHaveLength(4)
    // The accommodations' photos.
    const stays = await statementsOf(() => listAccommodations(traveler, { search: 'supplier' }, first))
    expect(stays.filter((s) => !s.named).map((s) => s.sql)).toEqual([])
    expect(stays).toHaveLength(3)
  })
})
