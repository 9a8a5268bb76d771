import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBooking, insertUser, loadActor, serviceContext, updatePreferences } from '@meridian/core'
import { payments } from '@meridian/db'
import { type FullServer, startFullServer } from './support/full-server.ts'

/**
 * Customer Profiles as a browser without JavaScript gets it: the Sort by choice of the filter form orders the cards
 * by Total spent, most first, and the status tabs keep the choice (issue 36 item 2).
 */
let server: FullServer
let cookie: string

beforeAll(async () => {
  server = await startFullServer()
  cookie = (await server.credentials('specialist')).cookie
  const db = server.handle.db
  const traveler = (username: string, last: string) =>
    insertUser(db, { username, email: `${username}@example.com`, password: 'meridian-demo', role: 'traveler', firstName: 'Sortie', lastName: last })
  const pay = async (travelerId: number, amount: string) => {
    const booking = await insertBooking(db, { bookingType: 'activity', travelerId, title: `Tour ${amount}`, serviceDate: '2031-03-12', partySize: 1, amount, currency: 'USD', status: 'confirmed' })
    await db.insert(payments).values({ bookingId: booking.id, provider: 'manual', intentId: `sort_${booking.id}`, amount, currency: 'USD', status: 'succeeded' })
  }
  const small = await traveler('sortie_small', 'Small')
  const big = await traveler('sortie_big', 'Big')
  await traveler('sortie_none', 'None')
  // Ten newer travelers who have paid nothing: with ten rows a page, the payers lead the first page and the oldest
  // traveler who has paid nothing is on the second.
  for (let i = 0; i < 10; i++) await traveler(`sortie_new${i}`, `New${i}`)
  await pay(small, '40.00')
  await pay(big, '2740.00')
}, 120_000)
afterAll(() => server?.close())

async function page(query: string) {
  const res = await fetch(`${server.url}/dashboard/customers?${query}`, { headers: { Cookie: cookie } })
  expect(res.status).toBe(200)
  return res.text()
}

/** The cards' names in the order the page shows them. */
const names = (html: string) => [...html.matchAll(/Sortie (Small|Big|None)/g)].map((m) => m[1]).filter((n, i, all) => all.indexOf(n) === i)

describe('Customer Profiles, Sort by', () => {
  it('shows newest first by default and by Total spent, most first, when asked', async () => {
    const newest = await page('search=sortie')
    expect(names(newest)).toEqual(['None', 'Big', 'Small'])
    expect(newest).toContain('Sort by')
    const bySpend = await page('search=sortie&ordering=-total_spent')
    expect(names(bySpend)).toEqual(['Big', 'Small', 'None'])
    expect(bySpend).toContain('$2,740.00')
    // The select shows the choice in force, and the status tabs keep it.
    expect(bySpend).toMatch(/<option value="-total_spent" selected="">Total spent \(highest first\)<\/option>/)
    expect(bySpend).toMatch(/href="\/dashboard\/customers\?search=sortie&amp;status=pending&amp;ordering=-total_spent"/)
  })

  it('pages by Total spent: the next page carries on where the first stopped', async () => {
    const credentials = await server.credentials('specialist')
    await updatePreferences(serviceContext(server.app, await loadActor(server.handle.db, credentials.userId), { ipAddress: '', userAgent: '' }), { items_per_page: 10 })
    const first = await fetch(`${server.url}/dashboard/customers?search=sortie&ordering=-total_spent`, { headers: { Cookie: credentials.cookie } }).then((r) => r.text())
    expect(names(first)).toEqual(['Big', 'Small'])
    expect(new Set(first.match(/Sortie New\d/g)).size).toBe(8)
    const second = await fetch(`${server.url}/dashboard/customers?search=sortie&ordering=-total_spent&page=2`, { headers: { Cookie: credentials.cookie } }).then((r) => r.text())
    expect(names(second)).toEqual(['None'])
    expect([...new Set(second.match(/Sortie New\d/g))].length).toBe(2)
  })
})
