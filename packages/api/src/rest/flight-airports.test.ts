import { seedCatalogueIfEmpty } from '@meridian/core/catalogue-seed'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { count, eq, locations } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

// A fresh installation without the demo world: the reference catalogue (countries, capitals), no airport yet.
let server: TestServer
const token: Record<string, string> = {}
const F = '/api/flights/'
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startTestServer()
  await seedCatalogueIfEmpty(server.handle.db)
  await seedCurrencies(server.handle.db)
  for (const username of ['admin', 'expert', 'traveler']) token[username] = (await server.login(username)).access
})
afterAll(async () => {
  await server?.close()
})

const airportCount = async () => (await server.handle.db.select({ n: count() }).from(locations).where(eq(locations.locationType, 'airport')))[0]!.n
const fields = (overrides: Record<string, unknown> = {}) => ({
  airline_code: 'JL',
  flight_number: String(100 + Math.floor(Math.random() * 9000)),
  from: 'LHR',
  to: 'NRT',
  departure: `${day(10)}T11:00`,
  arrival: `${day(11)}T07:00`,
  price: '899.00',
  currency: 'USD',
  seats_total: 200,
  ...overrides,
})

describe('REST flights between reference airports on a fresh installation', () => {
  it('POST /api/flights/ takes airports of the reference list by code, city or name', async () => {
    expect(await airportCount()).toBe(0)
    const byCode = await server.request(F, { token: token.expert, body: fields() })
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(201)
    expect(byCode.body.departure).toMatchObject({ code: 'LHR', city: 'London', country: 'United Kingdom', timezone: 'Europe/London' })
    expect(byCode.body.arrival).toMatchObject({ code: 'NRT', city: 'Tokyo', country: 'Japan', timezone: 'Asia/Tokyo' })
    const byCity = await server.request(F, { token: token.admin, body: fields({ from: 'Lisbon', to: 'zurich', departure: `${day(12)}T08:00`, arrival: `${day(12)}T12:00` }) })
    expect(byCity.status, JSON.stringify(byCity.body)).toBe(201)
    expect([byCity.body.departure.code, byCity.body.arrival.code]).toEqual(['LIS', 'ZRH'])
    const byName = await server.request(F, { token: token.admin, body: fields({ from: 'Narita International Airport', to: 'London Heathrow Airport', departure: `${day(13)}T10:00`, arrival: `${day(13)}T15:00` }) })
    expect(byName.status, JSON.stringify(byName.body)).toBe(201)
    expect([byName.body.departure.code, byName.body.arrival.code]).toEqual(['NRT', 'LHR'])
    expect(await airportCount()).toBe(4)
    const several = await server.request(F, { token: token.admin, body: fields({ to: 'Tokyo' }) })
    expect(several.status).toBe(400)
    expect(several.body.to[0]).toMatch(/^"Tokyo" names 2 airports: .+\. Enter the IATA code of one\.$/)
    const nul = await server.request(F, { token: token.admin, body: fields({ from: 'LH\u0000R' }) })
    expect(nul.status).toBe(400)
    expect(nul.body).toEqual({ from: ['Enter an airport: its IATA code, city or name.'] })
    const nulSearch = await server.request(`${F}search/?from=%00`, { token: token.traveler })
    expect(nulSearch.status).toBe(400)
    expect(nulSearch.body).toEqual({ from: ['Enter a city, airport name or IATA code.'] })
  })

  it('POST /api/flights/import/ and flights.import take them too', async () => {
    const header = 'airline_code,flight_number,from,to,departure,arrival,price,currency,seats'
    const csv = await server.request(`${F}import/`, {
      token: token.expert,
      body: { content: `${header}\nKL,1001,AMS,Copenhagen Kastrup Airport,${day(20)}T09:00,${day(20)}T10:25,99.00,EUR,150\n` },
    })
    expect(csv.status, JSON.stringify(csv.body)).toBe(200)
    expect(csv.body).toMatchObject({ rows: 1, created: 1 })
    const trpc = await server.request('/trpc/flights.import', {
      token: token.admin,
      body: { content: `${header}\nKL,1002,Marrakech,AMS,${day(21)}T09:00,${day(21)}T13:25,149.00,EUR,150\n` },
    })
    expect(trpc.status, JSON.stringify(trpc.body)).toBe(200)
    expect(trpc.body.result.data).toMatchObject({ rows: 1, created: 1 })
  })

  it('GET /api/flights/search/ finds them by code, city or name', async () => {
    for (const query of ['from=LHR&to=NRT', 'from=london&to=tokyo', 'from=heathrow&to=narita']) {
      const res = await server.request(`${F}search/?${query}&departure_date=${day(10)}`, { token: token.traveler })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.legs[0].results.map((f: { departure: { code: string }; arrival: { code: string } }) => `${f.departure.code}-${f.arrival.code}`), query).toEqual([
        'LHR-NRT',
      ])
    }
    const imported = await server.request(`${F}search/?from=amsterdam&to=copenhagen&departure_date=${day(20)}`, { token: token.traveler })
    expect(imported.body.legs[0].count).toBe(1)
  })
})

describe('the flight search’s price bounds', () => {
  it('GET /api/flights/search/ takes 0 to 2,000 and answers 400 by field outside it', async () => {
    const ok = await server.request(`${F}search/?from=LHR&departure_date=${day(10)}&price_min=0&price_max=2000`, { token: token.traveler })
    expect(ok.status).toBe(200)
    expect(ok.body.legs[0].count).toBe(1)
    for (const query of ['price_max=2000.01', 'price_max=99999', 'price_min=2001', 'price_min=-5', 'price_min=1e3']) {
      const res = await server.request(`${F}search/?from=LHR&${query}`, { token: token.traveler })
      expect(res.status, query).toBe(400)
      expect(res.body, query).toEqual({ [query.split('=')[0]!]: ['Enter an amount from 0 to 2,000.'] })
    }
  })

  it('flights.search refuses them the same', async () => {
    const input = (q: Record<string, string>) => encodeURIComponent(JSON.stringify({ from: 'LHR', departure_date: day(10), ...q }))
    expect((await server.request(`/trpc/flights.search?input=${input({ price_max: '2000' })}`, { token: token.traveler })).body.result.data.count).toBe(1)
    const refused = await server.request(`/trpc/flights.search?input=${input({ price_max: '2500' })}`, { token: token.traveler })
    expect(refused.status).toBe(400)
    expect(refused.body.error.data).toMatchObject({ code: 'BAD_REQUEST', fields: { price_max: ['Enter an amount from 0 to 2,000.'] } })
  })
})
