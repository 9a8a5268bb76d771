import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activities, activityPricingTiers, countries, currencies, eq, locations } from '@meridian/db'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { DISCOVERY_MESSAGES } from '@meridian/validators/discovery-constants'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let traveler = ''
const S = '/api/search/'

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  traveler = (await server.login('traveler')).access
  const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'))
  const [country] = await db.insert(countries).values({ name: 'Iceland', continent: 'Europe', isPromotedDestination: true }).returning()
  const [place] = await db.insert(locations).values({ name: 'Reykjavík', countryId: country!.id, latitude: '64.146600', longitude: '-21.942600' }).returning()
  // Fourteen glacier walks: more than a page of twelve.
  for (let i = 1; i <= 14; i++) {
    const [row] = await db
      .insert(activities)
      .values({ name: `Glacier walk ${i}`, category: 'nature', currencyId: usd!.id, locationId: place!.id, countryId: country!.id })
      .returning({ id: activities.id })
    await db.insert(activityPricingTiers).values({ activityId: row!.id, minQuantity: 1, pricePerUnit: `${100 + i}.00` })
  }
})
afterAll(async () => {
  await server?.close()
})

describe('/api/search/', () => {
  it('pages twelve at a time with DRF links, and keeps the filters in them', async () => {
    const first = await server.request(`${S}?q=glacier&sort=price-low`, { token: traveler })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      page: 1,
      page_size: 12,
      has_next: true,
      previous: null,
      currency: { code: 'USD', symbol: '$', places: 2 },
      travelers: 1,
    })
    expect(first.body.results).toHaveLength(12)
    expect(first.body.results[0]).toMatchObject({ type: 'activity', title: 'Glacier walk 1', price: '101.00', currency: 'USD', location: 'Reykjavík, Iceland' })
    const next = new URL(first.body.next)
    expect(next.pathname).toBe(S)
    expect(Object.fromEntries(next.searchParams)).toEqual({ q: 'glacier', sort: 'price-low', page: '2' })
    const second = await server.request(`${next.pathname}${next.search}`, { token: traveler })
    expect(second.body.results.map((r: { title: string }) => r.title)).toEqual(['Glacier walk 13', 'Glacier walk 14'])
    expect(second.body).toMatchObject({ has_next: false, next: null })
    expect(new URL(second.body.previous).searchParams.get('page')).toBeNull()
  })

  it('answers 400 with field errors for bad filters, and 401 without a sign-in', async () => {
    const bad = await server.request(`${S}?travelers=0&date_from=2026-02-30&type=planet`, { token: traveler })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ travelers: [DISCOVERY_MESSAGES.travelers], date_from: [DISCOVERY_MESSAGES.date], type: [DISCOVERY_MESSAGES.kind] })
    expect((await server.request(S)).status).toBe(401)
    expect((await server.request(`${S}recommendations/`)).status).toBe(401)
  })

  it('recommends the promoted destinations to a traveler with no history', async () => {
    const res = await server.request(`${S}recommendations/`, { token: traveler })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ basis: 'promoted', results: [{ type: 'destination', title: 'Iceland', confidence: 0, data: { promoted: true } }] })
  })
})
