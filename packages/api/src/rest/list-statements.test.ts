import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, roles, eq, sql } from '@meridian/db'
import { createTestDatabase, recordStatements, type StatementRecord } from '@meridian/db/testing'
import { seedDemoUsers } from '@meridian/core/seed'
import { fillListTables } from '@meridian/core/list-seed'
import { startTestServer, type TestServer } from '../testing.ts'

/**
 * What one page of each list costs the database, as a client calls it: the page and its count (two statements),
 * plus one per related relation read for the page's rows, every one prepared under a name, and the same number
 * however many rows the tables hold. The bearer's own row (one named statement) comes first.
 */
let handle: DatabaseHandle
let server: TestServer
let token: string
let logged = 0
let recorded: StatementRecord[]
let travelerRole: number

beforeAll(async () => {
  handle = await createTestDatabase({ logger: { logQuery: () => void logged++ } })
  recorded = recordStatements(handle.db)
  await seedDemoUsers(handle.db)
  await fillListTables(handle.db, { countries: 40, locations: 40, suppliers: 40, currencies: 40, rates: 40, transfers: 40, activities: 40, users: 40, media: 40 })
  const [traveler] = await handle.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'traveler'))
  travelerRole = traveler!.id
  // A few bookings of the demo traveler's, with a trip (the trip's title and the traveler's name are joined to the page).
  await handle.db.execute(sql`insert into trips (title, start_date, end_date, traveler_id) select 'Bulk trip', current_date + 30, current_date + 33, id from users where username = 'traveler'`)
  await handle.db.execute(sql`insert into bookings (reference, booking_type, traveler_id, trip_id, title, service_date, amount, currency)
    select 'MB-BULK' || lpad(g::text, 4, '0'), (array['flight', 'hotel', 'activity', 'trip'])[1 + g % 4], t.traveler_id, t.id, 'Bulk booking ' || g, current_date + g, 10, 'USD'
      from generate_series(1, 30) g, (select id, traveler_id from trips where title = 'Bulk trip') t`)
  // A manual payment on each of those bookings (the booking's reference and title are joined to the page).
  await handle.db.execute(sql`insert into payments (booking_id, provider, intent_id, amount, currency, created_by)
    select b.id, 'manual', 'bulk_' || b.id, b.amount, b.currency, b.traveler_id from bookings b where b.reference like 'MB-BULK%'`)
  // Flights between two of the bulk locations (the airports and their countries are joined to the page).
  await handle.db.execute(sql`insert into flights (airline_code, airline_name, flight_number, departure_airport_id, arrival_airport_id, departure_at, arrival_at, price, seats_total, seats_left)
    select 'BA', 'British Airways', 'BA' || g, a.lo, a.hi, now() + g * interval '1 day', now() + g * interval '1 day' + interval '3 hours', 120, 100, 100
      from generate_series(1, 30) g, (select min(id) lo, max(id) hi from locations) a`)
  server = await startTestServer({ handle })
  token = (await server.login('superadmin')).access
}, 120_000)
afterAll(async () => {
  await server?.close()
  await handle?.close()
})

interface ListCase {
  path: () => string
  /** Statements beyond the page and its count: one per relation of the page's rows. */
  relations: number
  /** Signed in (the bearer's row is read first), or the public destinations. */
  signedIn?: boolean
}

const LISTS: ListCase[] = [
  { path: () => '/users/api/users-mgmt/', relations: 0 },
  { path: () => '/users/api/users-mgmt/?is_active=true&page=2&page_size=5', relations: 0 },
  { path: () => '/users/api/users-mgmt/?search=ana&role=traveler&is_active=true&page_size=2', relations: 0 },
  { path: () => '/users/api/users-mgmt/?is_staff=true&role=2', relations: 0 },
  { path: () => '/users/api/admin/users/?search=bulk', relations: 0 },
  // The role's existence is checked first.
  { path: () => `/users/api/roles/${travelerRole}/users/?page_size=5`, relations: 1 },
  // Tiers, tags.
  { path: () => '/api/activities/', relations: 2 },
  { path: () => '/api/activities/?search=activity&difficulty=easy&page_size=5', relations: 2 },
  { path: () => '/api/activities/?search=ac&is_active=true', relations: 2 },
  // Locations and activities per country.
  { path: () => '/api/destinations/countries-mgmt/', relations: 2 },
  { path: () => '/api/destinations/countries-mgmt/?continent=Asia&search=la&is_active=true', relations: 2 },
  { path: () => '/api/destinations/?page_size=5', relations: 2, signedIn: false },
  // Activities per location (country and region names are joined to the page).
  { path: () => '/api/destinations/locations-mgmt/?location_type=city', relations: 1 },
  { path: () => '/api/destinations/locations-mgmt/?search=place%200', relations: 1 },
  // Activities per supplier.
  { path: () => '/api/suppliers/?status=active&page_size=5', relations: 1 },
  { path: () => '/api/suppliers/?search=city', relations: 1 },
  { path: () => '/api/itineraries/transfers/?type=ferry', relations: 0 },
  { path: () => '/api/itineraries/transfers/?search=transfer&page=2&page_size=3', relations: 0 },
  { path: () => '/api/currencies-mgmt/', relations: 0 },
  { path: () => '/api/currencies-mgmt/conversion_rates/?is_active=true', relations: 0 },
  // The names of the objects the media are attached to, one statement per content type (countries here).
  { path: () => '/api/media/', relations: 1 },
  { path: () => '/api/media/?type=photo&status=ready&search=photo', relations: 1 },
  // The trip's title and the traveler's name are joined to the page's rows.
  { path: () => '/api/bookings/', relations: 0 },
  { path: () => '/api/bookings/?type=hotel&when=upcoming&search=bulk&page=2&page_size=2', relations: 0 },
  { path: () => '/api/payments/history/', relations: 0 },
  { path: () => '/api/payments/history/?page=2&page_size=5', relations: 0 },
  // Flight management (the airline's name is kept on the flight).
  { path: () => '/api/flights/', relations: 0 },
  { path: () => '/api/flights/?airline=BA&status=scheduled&page=2&page_size=5', relations: 0 },
]

async function statementsOf(list: ListCase): Promise<StatementRecord[]> {
  const before = recorded.length
  const loggedBefore = logged
  const signedIn = list.signedIn ?? true
  const res = await server.request(list.path(), signedIn ? { token } : {})
  expect(res.status, `${list.path()}: ${JSON.stringify(res.body)}`).toBe(200)
  expect(res.body.results.length, list.path()).toBeGreaterThan(0)
  const statements = recorded.slice(before)
  // Nothing ran unseen (in a transaction, say).
  expect(logged - loggedBefore, list.path()).toBe(statements.length)
  return signedIn ? statements.slice(1) : statements
}

describe('one page of every list', () => {
  it('is its page and count, plus one statement per relation, all named, whatever the tables hold', async () => {
    const small = new Map<ListCase, number>()
    for (const list of LISTS) {
      const statements = await statementsOf(list)
      expect(statements.filter((s) => !s.named).map((s) => s.sql), list.path()).toEqual([])
      expect(statements.length, `${list.path()}: ${statements.map((s) => s.sql.slice(0, 80)).join(' | ')}`).toBeLessThanOrEqual(2 + list.relations)
      small.set(list, statements.length)
    }
    await fillListTables(handle.db, { countries: 400, locations: 400, suppliers: 400, currencies: 400, rates: 400, transfers: 400, activities: 400, users: 400, media: 400 })
    for (const list of LISTS) expect((await statementsOf(list)).length, list.path()).toBe(small.get(list))
  })
})
