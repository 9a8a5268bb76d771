import { fillPlaceholders } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, type DatabaseHandle, rowsOf, sql } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { activityListQueries } from '../activities/list-activities.ts'
import { countryListQueries, destinationListQueries } from '../catalogue/countries.ts'
import { locationListQueries } from '../catalogue/locations.ts'
import { supplierListQueries } from '../catalogue/suppliers.ts'
import { currencyListQueries } from '../currencies/currencies.ts'
import { rateListQueries } from '../currencies/rates.ts'
import { mediaListQueries } from '../media/list-media.ts'
import { transferListQueries } from '../transfers/transfers.ts'
import { userListQueries } from '../users/list-users.ts'
import { conversationListQueries } from '../chat/conversations.ts'
import { bookingListQueries } from '../bookings/bookings.ts'
import { fillListTables } from './bulk-rows.ts'
import { encodeCursor } from './cursor.ts'

/**
 * Every list's page statement, over 10,000 rows a table: the plan reads the page from an index in the list's order
 * and stops there; nothing sorts the table before the page is cut. Checked with the custom plan (parameters known,
 * what PGlite and a first execution run) and the generic one PostgreSQL switches a named statement to.
 */
const ROWS = 10_000
let handle: DatabaseHandle
let db: Database

beforeAll(async () => {
  handle = await createTestDatabase()
  db = handle.db
  await fillListTables(db, {
    countries: ROWS,
    locations: ROWS,
    suppliers: ROWS,
    currencies: ROWS,
    rates: ROWS,
    transfers: ROWS,
    activities: ROWS,
    users: ROWS,
    media: ROWS,
  })
  // One expert's conversations: 10,000 travelers' (the list is one user's participant rows, latest activity first).
  const [expert] = rowsOf(await db.execute(sql`select min(u.id) id from users u join roles r on r.id = u.role_id where r.name = 'expert'`))
  chatUser = Number(expert!.id)
  await db.execute(sql`insert into chat_conversations (traveler_id, title, last_message_at)
    select u.id, '', now() - u.id * interval '1 minute' from users u join roles r on r.id = u.role_id where r.name = 'traveler' order by u.id limit ${ROWS}`)
  await db.execute(sql`insert into chat_participants (conversation_id, user_id, role, activity_at)
    select c.id, ${chatUser}, 'expert', c.last_message_at from chat_conversations c
    union all select c.id, c.traveler_id, 'traveler', c.last_message_at from chat_conversations c`)
  await db.execute(sql.raw('vacuum analyze chat_participants'))
  // Bookings: 10,000 of one traveler's and 10,000 of others', every type.
  const [booker] = rowsOf(await db.execute(sql`select min(u.id) id from users u join roles r on r.id = u.role_id where r.name = 'traveler'`))
  bookingUser = Number(booker!.id)
  await db.execute(sql`insert into bookings (reference, booking_type, status, traveler_id, title, service_date, amount, currency, created_at)
    select 'MB-' || lpad(g::text, 8, '0'), (array['flight', 'hotel', 'activity', 'trip'])[1 + g % 4], (array['pending', 'confirmed', 'cancelled'])[1 + g % 3],
           case when g <= ${ROWS} then ${bookingUser}::int else (select min(id) from users) + g % 500 end,
           'Booking ' || g, current_date + (g % 400) - 200, (g % 900 + 10)::numeric, 'USD', now() - g * interval '1 minute'
      from generate_series(1, ${2 * ROWS}) g`)
  await db.execute(sql.raw('vacuum analyze bookings'))
}, 300_000)
let chatUser = 0
let bookingUser = 0
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

/** The plan of a statement as PostgreSQL would run it, prepared under a name like the application's. */
async function planOf(query: { sql: string; params: unknown[] }, values: Record<string, unknown>, generic: boolean): Promise<PlanNode> {
  const params = fillPlaceholders(query.params, values)
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`))
    await tx.execute(sql.raw(`prepare list_plan_probe as ${query.sql}`))
    try {
      const [row] = rowsOf(await tx.execute(sql.raw(`explain (format json) execute list_plan_probe(${params.map(literal).join(', ')})`)))
      const json = row!['QUERY PLAN']
      const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[]
      return plan[0]!.Plan
    } finally {
      await tx.execute(sql.raw('deallocate list_plan_probe'))
    }
  })
}

/** Whether anything is sorted below a Limit (before the page is cut), and the indexes read below one. */
function cut(node: PlanNode, underLimit = false, found = { sorted: false, indexes: [] as string[], indexOnly: [] as string[] }) {
  const limit = underLimit || node['Node Type'] === 'Limit'
  if (limit && /Sort/.test(node['Node Type'])) found.sorted = true
  if (limit && /^Index( Only)? Scan$/.test(node['Node Type'])) found.indexes.push(node['Index Name']!)
  if (limit && node['Node Type'] === 'Index Only Scan') found.indexOnly.push(node['Index Name']!)
  for (const child of node.Plans ?? []) cut(child, limit, found)
  return found
}

const first = { limit: 20, offset: 0 }
const deep = { limit: 20, offset: 5_000 }
const ts = (ms: number) => String(ms * 1000)

interface Case {
  list: string
  statements: () => Promise<{ page: { sql: string; params: unknown[] }; values: Record<string, unknown> }> | { page: { sql: string; params: unknown[] }; values: Record<string, unknown> }
  /** The indexes that hold the list's order for this page (one of them must be read). */
  indexes: string[]
  /** Read from the index alone (an index-only scan): a deep offset skips index entries, never rows. */
  indexOnly?: boolean
}

const CASES: Case[] = [
  { list: 'bookings', statements: () => bookingListQueries(db, {}, deep), indexes: ['bookings_created_idx'], indexOnly: true },
  { list: 'bookings by type', statements: () => bookingListQueries(db, { type: 'hotel' }, first), indexes: ['bookings_type_created_idx'] },
  { list: 'bookings of one traveler', statements: () => bookingListQueries(db, { traveler: bookingUser }, deep), indexes: ['bookings_traveler_created_idx'], indexOnly: true },
  {
    list: 'bookings of one traveler after a cursor',
    statements: () => bookingListQueries(db, { traveler: bookingUser }, { limit: 20, after: encodeCursor([ts(Date.now() - 86_400_000), '5000']) }),
    indexes: ['bookings_traveler_created_idx'],
    indexOnly: true,
  },
  { list: 'bookings of one traveler by type', statements: () => bookingListQueries(db, { traveler: bookingUser, type: 'activity' }, first), indexes: ['bookings_traveler_type_created_idx'] },
  { list: 'chat conversations', statements: () => conversationListQueries(db, chatUser, '', deep), indexes: ['chat_participants_list_idx'], indexOnly: true },
  {
    list: 'chat conversations after a cursor',
    statements: () => conversationListQueries(db, chatUser, '', { limit: 20, after: encodeCursor([ts(Date.now() - 86_400_000), '5000']) }),
    indexes: ['chat_participants_list_idx'],
    indexOnly: true,
  },
  { list: 'chat conversations, searched', statements: () => conversationListQueries(db, chatUser, 'ana', first), indexes: ['chat_participants_list_idx'] },
  { list: 'users', statements: () => userListQueries(db, { page: 250 }), indexes: ['users_joined_idx'], indexOnly: true },
  { list: 'users after a cursor', statements: () => userListQueries(db, { cursor: encodeCursor([ts(Date.now() - 86_400_000), '5000']) }), indexes: ['users_joined_idx'], indexOnly: true },
  { list: 'users by role', statements: () => userListQueries(db, { role: 'expert', page: 3 }), indexes: ['users_role_joined_idx'], indexOnly: true },
  { list: 'users by role id', statements: () => userListQueries(db, { role: '1', page: 3 }), indexes: ['users_role_joined_idx'] },
  { list: 'users, inactive', statements: () => userListQueries(db, { is_active: false, page: 5 }), indexes: ['users_active_joined_idx'] },
  { list: 'users, staff', statements: () => userListQueries(db, { is_staff: true }), indexes: ['users_staff_joined_idx'] },
  { list: 'activities', statements: () => activityListQueries(db, {}, deep), indexes: ['activities_created_idx'], indexOnly: true },
  { list: 'activities after a cursor', statements: () => activityListQueries(db, {}, { limit: 12, after: encodeCursor([ts(Date.now() - 86_400_000), '4000']) }), indexes: ['activities_created_idx'], indexOnly: true },
  { list: 'activities by category', statements: () => activityListQueries(db, { category: 'culinary' }, first), indexes: ['activities_category_idx'] },
  { list: 'activities by supplier', statements: () => activityListQueries(db, { supplier_id: 7 }, first), indexes: ['activities_supplier_idx'] },
  { list: 'activities, inactive', statements: () => activityListQueries(db, { is_active: false }, first), indexes: ['activities_active_idx'] },
  { list: 'activities, featured', statements: () => activityListQueries(db, { is_featured: true }, first), indexes: ['activities_featured_idx'] },
  { list: 'countries', statements: () => countryListQueries(db, {}, deep), indexes: ['countries_name_idx'], indexOnly: true },
  { list: 'countries after a cursor', statements: () => countryListQueries(db, {}, { limit: 20, after: encodeCursor(['Land 0005000', '5000']) }), indexes: ['countries_name_idx'], indexOnly: true },
  { list: 'countries by continent', statements: () => countryListQueries(db, { continent: 'Asia' }, first), indexes: ['countries_continent_name_idx'], indexOnly: true },
  { list: 'destinations', statements: () => destinationListQueries(db, {}, deep), indexes: ['countries_destinations_idx'], indexOnly: true },
  { list: 'destinations after a cursor', statements: () => destinationListQueries(db, {}, { limit: 20, after: encodeCursor(['t', 'Land 0005000', '5000']) }), indexes: ['countries_destinations_idx'], indexOnly: true },
  { list: 'locations', statements: () => locationListQueries(db, {}, deep), indexes: ['locations_name_idx'], indexOnly: true },
  { list: 'locations by country', statements: () => locationListQueries(db, { country: 3 }, first), indexes: ['locations_country_name_idx'] },
  { list: 'locations by type', statements: () => locationListQueries(db, { location_type: 'island' }, first), indexes: ['locations_type_name_idx'] },
  { list: 'suppliers', statements: () => supplierListQueries(db, {}, deep), indexes: ['suppliers_name_idx'], indexOnly: true },
  { list: 'suppliers by status', statements: () => supplierListQueries(db, { status: 'pending' }, first), indexes: ['suppliers_status_name_idx'] },
  { list: 'suppliers by country', statements: () => supplierListQueries(db, { country: 5 }, first), indexes: ['suppliers_country_name_idx'] },
  { list: 'transfers', statements: () => transferListQueries(db, {}, deep), indexes: ['transfers_name_idx'], indexOnly: true },
  { list: 'transfers by type', statements: () => transferListQueries(db, { type: 'ferry' }, first), indexes: ['transfers_type_name_idx'] },
  { list: 'currencies', statements: () => currencyListQueries(db, {}, deep), indexes: ['currencies_order_idx'], indexOnly: true },
  { list: 'currencies, inactive', statements: () => currencyListQueries(db, { is_active: false }, first), indexes: ['currencies_active_order_idx'] },
  { list: 'rates', statements: () => rateListQueries(db, {}, deep), indexes: ['conversion_rates_list_idx'], indexOnly: true },
  { list: 'rates after a cursor', statements: () => rateListQueries(db, {}, { limit: 100, after: encodeCursor(['AAA', 'AAK', '-5000', '-300']) }), indexes: ['conversion_rates_list_idx'], indexOnly: true },
  { list: 'rates from one currency', statements: () => rateListQueries(db, { from_currency: 'AAB' }, first), indexes: ['conversion_rates_from_list_idx'] },
  { list: 'rates, inactive', statements: () => rateListQueries(db, { is_active: false }, first), indexes: ['conversion_rates_active_list_idx'] },
  { list: 'media', statements: () => mediaListQueries(db, {}, deep), indexes: ['media_items_list_idx'], indexOnly: true },
  { list: 'media, videos', statements: () => mediaListQueries(db, { media_type: 'video' }, first), indexes: ['media_items_type_idx'] },
  { list: 'media, failed', statements: () => mediaListQueries(db, { status: 'failed' }, first), indexes: ['media_items_status_idx'] },
]

describe('list pages at 10,000 rows', () => {
  it('every table holds the rows the plans are checked on', async () => {
    const counts = await fillListTables(db, {}, { vacuum: false })
    for (const [table, n] of Object.entries(counts)) expect(n, table).toBeGreaterThanOrEqual(ROWS)
  })

  for (const c of CASES) {
    for (const generic of [false, true]) {
      it(`${c.list}: the page is read from its index in order, never sorted (${generic ? 'generic' : 'custom'} plan)`, async () => {
        const { page, values } = await c.statements()
        const plan = await planOf(page, values, generic)
        const found = cut(plan)
        expect(found.sorted, JSON.stringify(plan)).toBe(false)
        expect(found.indexes.some((name) => c.indexes.includes(name)), `${found.indexes.join(', ')}: ${JSON.stringify(plan)}`).toBe(true)
        if (c.indexOnly) expect(found.indexOnly.some((name) => c.indexes.includes(name)), JSON.stringify(plan)).toBe(true)
      })
    }
  }
})
