import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const T = '/api/itineraries/transfers/'
let maldives: number
let sriLanka: number
let male: number
let colombo: number

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrencies(server.handle.db)
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'specialist', 'traveler']) token[username] = (await server.login(username)).access
  const country = async (name: string) => (await server.request('/api/destinations/countries-mgmt/', { token: token.admin, body: { name, continent: 'Asia' } })).body.id
  maldives = await country('Maldives')
  sriLanka = await country('Sri Lanka')
  const location = async (name: string, countryId: number) => {
    const res = await server.request('/api/destinations/locations-mgmt/', { token: token.admin, body: { name, country: countryId, location_type: 'city' } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.id as number
  }
  male = await location('Malé', maldives)
  colombo = await location('Colombo', sriLanka)
})
afterAll(async () => {
  await server?.close()
})

const create = (body: unknown, who = 'expert') => server.request(T, { token: token[who], body })

describe('transfers', () => {
  it('a new transfer is a speedboat, active, with an empty name; display names come with it', async () => {
    const bare = await create({})
    expect(bare.status, JSON.stringify(bare.body)).toBe(201)
    expect(bare.body).toMatchObject({ name: '', type: 'speedboat', is_active: true, routes: [], pricing: {}, schedules: {} })
    const full = await create({
      name: 'Airport to resort',
      type: 'seaplane',
      from_country: maldives,
      to_country: maldives,
      from_location: male,
      duration: '45 minutes',
      routes: [{ from: 'Velana Airport', to: 'Resort jetty', distance_km: 95.5, duration_minutes: 45 }],
      pricing: { currency: 'usd', per: 'person', adult: 550, child: '275.50' },
      schedules: { days: ['mon', 'wed'], departures: ['08:30', '14:00'], season: { from: '11-01', to: '04-30' } },
    })
    expect(full.status, JSON.stringify(full.body)).toBe(201)
    expect(full.body).toMatchObject({
      from_country_name: 'Maldives',
      to_country_name: 'Maldives',
      from_location_name: 'Malé',
      to_location_name: null,
      pricing: { currency: 'USD', per: 'person', adult: 550, child: '275.50' },
    })
  })

  it('takes JSON areas as text (a form) and refuses invalid JSON or a wrong structure, saying where, saving nothing', async () => {
    const before = (await server.request(T, { token: token.admin })).body.count
    const res = await create({
      name: 'Broken',
      routes: '[{"from": "A"',
      pricing: '{"adult": -5, "currency": "XYZ", "extra": 1}',
      schedules: '{"departures": ["25:00"], "days": ["monday"]}',
    })
    expect(res.status).toBe(400)
    expect(res.body.routes[0]).toMatch(/^Invalid JSON: /)
    const again = await create({ routes: '[{"from": "A"}]', pricing: '{"adult": -5, "currency": "XYZ", "extra": 1}', schedules: '{"departures": ["25:00"], "days": ["monday"]}' })
    expect(again.body).toEqual({
      routes: ['routes[0].to: a place name is required.'],
      pricing: [
        'pricing: unknown key "extra" (allowed: currency, per, adult, child, infant, vehicle, notes).',
        'pricing.adult: a price such as 120 or "120.50" (0 or more, 2 decimal places at most).',
        'pricing.currency: "XYZ" is not an active currency of the currency list.',
      ],
      schedules: ['schedules.days: a list of mon, tue, wed, thu, fri, sat, sun.', 'schedules.departures: a list of times such as "08:30" (24-hour clock).'],
    })
    const noCurrency = await create({ pricing: { adult: 10 } })
    expect(noCurrency.body.pricing).toEqual(['pricing.currency: a currency code from the currency list is required with prices.'])
    expect((await server.request(T, { token: token.admin })).body.count).toBe(before)
  })

  it('a location must lie in its country; a location alone brings its country', async () => {
    const wrong = await create({ from_country: maldives, from_location: colombo })
    expect(wrong.body).toEqual({ from_location: ['This location is not in the chosen country.'] })
    const alone = await create({ name: 'Colombo hop', to_location: colombo })
    expect(alone.body).toMatchObject({ to_country: sriLanka, to_country_name: 'Sri Lanka', to_location_name: 'Colombo' })
    const badType = await create({ type: 'rocket' })
    expect(badType.body.type[0]).toMatch(/^Type must be one of speedboat, seaplane/)
  })

  it('lists with type, from_country and to_country filters; get, patch, select_options and delete', async () => {
    const ferry = await create({ name: 'Ferry to Colombo', type: 'ferry', from_country: maldives, to_country: sriLanka }, 'admin')
    const filtered = await server.request(`${T}?type=ferry&from_country=${maldives}&to_country=${sriLanka}`, { token: token.admin })
    expect(filtered.body.results.map((t: any) => t.id)).toEqual([ferry.body.id])
    expect((await server.request(`${T}?type=ferry&to_country=${maldives}`, { token: token.admin })).body.count).toBe(0)
    const patched = await server.request(`${T}${ferry.body.id}/`, { method: 'PATCH', token: token.superadmin, body: { is_active: false, duration: '20 hours' } })
    expect(patched.body).toMatchObject({ name: 'Ferry to Colombo', is_active: false, duration: '20 hours', type: 'ferry' })
    const options = await server.request(`${T}select_options/?type=ferry`, { token: token.expert })
    expect(Array.isArray(options.body)).toBe(true)
    expect(options.body.map((o: any) => o.id)).not.toContain(ferry.body.id)
    expect((await server.request(`${T}${ferry.body.id}/`, { token: token.expert })).body.name).toBe('Ferry to Colombo')
    expect((await server.request(`${T}${ferry.body.id}/`, { method: 'DELETE', token: token.expert })).status).toBe(204)
    expect((await server.request(`${T}${ferry.body.id}/`, { token: token.expert })).status).toBe(404)
  })

  it('superadmin, admin and expert only', async () => {
    for (const who of ['editor', 'specialist', 'traveler']) {
      const res = await server.request(T, { token: token[who] })
      expect(res.status, who).toBe(403)
    }
    expect((await server.request(T)).status).toBe(401)
  })

  it('a currency that transfers price in cannot be deleted', async () => {
    const list = await server.request('/api/currencies-mgmt/?search=MVR', { token: token.admin })
    const mvr = list.body.results.find((c: any) => c.code === 'MVR')
    await create({ name: 'Local boat', pricing: { currency: 'MVR', adult: 300 } })
    const res = await server.request(`/api/currencies-mgmt/${mvr.id}/`, { method: 'DELETE', token: token.admin })
    expect(res.status).toBe(409)
    expect(res.body.detail).toBe('This currency cannot be deleted: 1 transfer still refers to it. Deactivate it instead.')
  })

  it('tRPC transfers.create gives the same field messages', async () => {
    const res = await server.request('/trpc/transfers.create', { token: token.admin, body: { routes: 'nope' } })
    expect(res.status).toBe(400)
    expect(res.body.error.data.fields.routes[0]).toMatch(/^Invalid JSON/)
  })
})
