import { seedCurrencies } from '@meridian/core/currency-seed'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const F = '/api/flights/'
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrencies(server.handle.db)
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'specialist', 'traveler']) token[username] = (await server.login(username)).access
  const country = async (name: string) =>
    (await server.request('/api/destinations/countries-mgmt/', { token: token.admin, body: { name, continent: 'Europe' } })).body.id
  const uk = await country('Flightland')
  const fr = await country('Flightonia')
  const airport = async (name: string, countryId: number, code: string, timezone: string) => {
    const res = await server.request('/api/destinations/locations-mgmt/', {
      token: token.admin,
      body: { name, country: countryId, location_type: 'airport', airport_code: code, timezone, address: name.split(' ')[0] },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  await airport('Londria Airport', uk, 'QLA', 'Europe/London')
  await airport('Parisia Airport', fr, 'QPA', 'Europe/Paris')
})
afterAll(async () => {
  await server?.close()
})

const fields = (overrides: Record<string, unknown> = {}) => ({
  airline_code: 'BA',
  flight_number: String(100 + Math.floor(Math.random() * 9000)),
  from: 'QLA',
  to: 'QPA',
  departure: `${day(9)}T09:15`,
  arrival: `${day(9)}T11:30`,
  class: 'economy',
  price: '150.10',
  currency: 'EUR',
  seats_total: 12,
  amenities: ['wifi', 'meals'],
  ...overrides,
})
const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await server.request(F, { token: token.expert, body: fields(overrides) })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: number; flight_number: string }
}

describe('REST /api/flights/', () => {
  it('staff create flights; travelers, editors and specialists may not; bad fields answer 400 by field', async () => {
    const made = await create()
    expect(made).toMatchObject({ airline: 'British Airways', seats_total: 12, availability: 12, booking_status: 'available', price: '150.10' })
    for (const who of ['traveler', 'editor', 'specialist']) expect((await server.request(F, { token: token[who], body: fields() })).status).toBe(403)
    expect((await server.request(F, { body: fields() })).status).toBe(401)
    const bad = await server.request(F, { token: token.admin, body: fields({ arrival: `${day(9)}T08:00`, passengers: 3 }) })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ arrival: ['Arrival must be after departure.'] })
  })

  it('GET /api/flights/search/ answers the legs with the AND rule, and a field error for 7 passengers', async () => {
    const out = await create({ flight_number: '2001' })
    const back = await create({ from: 'QPA', to: 'QLA', flight_number: '2002', departure: `${day(12)}T18:00`, arrival: `${day(12)}T18:20` })
    const res = await server.request(
      `${F}search/?trip_type=roundTrip&from=londria&to=QPA&departure_date=${day(9)}&return_date=${day(12)}&passengers=2&class=economy`,
      { token: token.traveler },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ trip_type: 'roundTrip', passengers: 2, class: 'economy' })
    expect(res.body.legs[0].results.map((f: { id: number }) => f.id)).toContain(out.id)
    expect(res.body.legs[1].results.map((f: { id: number }) => f.id)).toEqual([back.id])
    const wrongWay = await server.request(`${F}search/?from=QPA&to=QLA&departure_date=${day(9)}`, { token: token.traveler })
    expect(wrongWay.body.legs[0].count).toBe(0)
    const seven = await server.request(`${F}search/?passengers=7`, { token: token.traveler })
    expect(seven.status).toBe(400)
    expect(seven.body).toEqual({ passengers: ['Passengers must be between 1 and 6.'] })
    const multi = await server.request(`${F}search/?trip_type=multiCity&from=QLA&to=QPA&departure_date=${day(9)}&from=QPA&to=QLA&departure_date=${day(12)}`, {
      token: token.expert,
    })
    expect(multi.body.legs.map((l: { count: number; label: string }) => l.label)).toEqual(['Leg 1', 'Leg 2'])
    expect((await server.request(`${F}search/`, { token: token.editor })).status).toBe(403)
    expect((await server.request(`${F}search/`)).status).toBe(401)
  })

  it('POST /api/flights/{id}/book/ books for the traveler at price × passengers; a full flight answers 409 with the seats left', async () => {
    const f = await create({ seats_total: 3, price: '150.10' })
    const ok = await server.request(`${F}${f.id}/book/`, { token: token.traveler, body: { passengers: 2, passenger_names: ['Ada Lovelace'] } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body).toMatchObject({
      type: 'flight',
      amount: '300.20',
      currency: 'EUR',
      cabin_class: 'economy',
      party_size: 2,
      status: 'pending',
      flight: { availability: 1 },
    })
    const full = await server.request(`${F}${f.id}/book/`, { token: token.traveler, body: { passengers: 2 } })
    expect(full.status).toBe(409)
    expect(full.body).toEqual({ detail: 'Only 1 seat left on this flight.' })
    expect((await server.request(`${F}${f.id}/book/`, { token: token.admin, body: { passengers: 1 } })).status).toBe(403)
    expect((await server.request(`${F}${f.id}/book/`, { token: token.traveler, body: { passengers: 9 } })).body).toEqual({
      passengers: ['Passengers must be between 1 and 6.'],
    })
    expect((await server.request(`${F}999999/book/`, { token: token.traveler, body: {} })).status).toBe(404)
  })

  it('PATCH keeps the booked seats; withdraw takes a flight out of search and reading for travelers', async () => {
    const f = await create({ seats_total: 10 })
    await server.request(`${F}${f.id}/book/`, { token: token.traveler, body: { passengers: 3 } })
    const low = await server.request(`${F}${f.id}/`, { method: 'PATCH', token: token.admin, body: { seats_total: 2 } })
    expect(low.status).toBe(400)
    expect(low.body).toEqual({ seats_total: ['3 seats are already booked: the total cannot be lower.'] })
    const ok = await server.request(`${F}${f.id}/`, { method: 'PATCH', token: token.admin, body: { seats_total: 5 } })
    expect(ok.body).toMatchObject({ seats_total: 5, availability: 2, booking_status: 'limited' })
    expect((await server.request(`${F}${f.id}/`, { token: token.traveler })).status).toBe(200)
    const gone = await server.request(`${F}${f.id}/withdraw/`, { method: 'POST', token: token.expert })
    expect(gone.body.status).toBe('withdrawn')
    expect((await server.request(`${F}${f.id}/`, { token: token.traveler })).status).toBe(404)
    expect((await server.request(`${F}${f.id}/`, { token: token.admin })).body.status).toBe('withdrawn')
    expect((await server.request(`${F}${f.id}/book/`, { token: token.traveler, body: {} })).body).toEqual({ detail: 'This flight is no longer offered.' })
    const listed = await server.request(`${F}?status=withdrawn`, { token: token.admin })
    expect(listed.body.results.map((r: { id: number }) => r.id)).toContain(f.id)
    expect(listed.body).toHaveProperty('next')
  })

  it('POST /api/flights/import/ takes a multipart upload, text/csv or JSON; a bad file is refused whole with its rows', async () => {
    const header = 'airline_code,flight_number,from,to,departure,arrival,class,price,currency,seats'
    const good = `${header}\nAF,1081,QLA,QPA,${day(20)}T09:00,${day(20)}T11:15,economy,99.00,EUR,150\nAF,1081,QLA,QPA,${day(20)}T09:00,${day(
      20,
    )}T11:15,business,399.00,EUR,20\n`
    const form = new FormData()
    form.append('file', new Blob([good], { type: 'text/csv' }), 'schedule.csv')
    const multipart = await fetch(`${server.url}${F}import/`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token.admin}` } })
    expect(multipart.status).toBe(200)
    expect(await multipart.json()).toMatchObject({ rows: 2, created: 2, updated: 0 })
    const csv = await server.request(`${F}import/`, { token: token.expert, body: good, headers: { 'Content-Type': 'text/csv' } })
    expect(csv.body).toMatchObject({ rows: 2, created: 0, updated: 2 })
    const bad = await server.request(`${F}import/`, {
      token: token.expert,
      body: { content: `${header}\nAF,1082,QLA,QPA,${day(21)}T09:00,${day(21)}T08:15,economy,99.00,EUR,150\n` },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ non_field_errors: ['Row 2: arrival must be after departure.'] })
    expect((await server.request(`${F}import/`, { token: token.traveler, body: { content: good } })).status).toBe(403)
  })

  it('GET /api/flights/search/ applies the filters from the query (price, airlines, stops, duration, time of day) and answers the airlines', async () => {
    const d = day(25)
    const short = await create({ airline_code: 'AF', departure: `${d}T07:10`, arrival: `${d}T08:25`, price: '90.00' })
    const long = await create({ airline_code: 'BA', departure: `${d}T19:00`, arrival: `${d}T23:30`, price: '1450.00', stops: 1 })
    const found = async (query: string) => {
      const res = await server.request(`${F}search/?from=QLA&to=QPA&departure_date=${d}&${query}`, { token: token.traveler })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as { legs: { results: { id: number }[] }[]; airlines: { code: string; name: string }[] }
    }
    const ids = (body: { legs: { results: { id: number }[] }[] }) => body.legs[0]!.results.map((f) => f.id)
    expect((await found('price_min=0&price_max=2000')).airlines).toEqual([
      { code: 'AF', name: 'Air France' },
      { code: 'BA', name: 'British Airways' },
    ])
    expect(ids(await found('price_min=100&price_max=2000'))).toEqual([long.id])
    expect(ids(await found('airlines=AF'))).toEqual([short.id])
    expect(ids(await found('airlines=AF&airlines=BA'))).toEqual([short.id, long.id])
    expect(ids(await found('stops=0'))).toEqual([short.id])
    expect(ids(await found('max_duration=2'))).toEqual([short.id])
    expect(ids(await found('time_of_day=evening'))).toEqual([long.id])
    expect(ids(await found('time_of_day=evening&max_duration=2'))).toEqual([])
    const bad = await server.request(`${F}search/?max_duration=100`, { token: token.traveler })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ max_duration: ['Enter the longest flight time in whole hours, from 1 to 72.'] })
    const one = await server.request(`${F}search/?trip_type=multiCity&from=QLA&to=QPA`, { token: token.traveler })
    expect(one.body).toEqual({ from: ['A multi-city trip has 2 to 5 legs: fill in at least 2.'] })
  })

  it('POST /api/flights/book/ books a multi-city itinerary whole, or refuses it whole with 409 and writes nothing', async () => {
    const first = await create({ departure: `${day(30)}T09:00`, arrival: `${day(30)}T11:15`, seats_total: 9, price: '100.00' })
    const second = await create({ from: 'QPA', to: 'QLA', departure: `${day(33)}T18:00`, arrival: `${day(33)}T18:20`, seats_total: 1, price: '80.50' })
    const short = await server.request(`${F}book/`, { token: token.traveler, body: { flights: [first.id, second.id], passengers: 2 } })
    expect(short.status).toBe(409)
    expect(short.body).toEqual({ detail: `Leg 2 (${second.flight_number}): Only 1 seat left on this flight.` })
    expect((await server.request(`${F}${first.id}/`, { token: token.traveler })).body.availability).toBe(9)
    const ok = await server.request(`${F}book/`, { token: token.traveler, body: { flights: [first.id, second.id], passengers: 1 } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body).toMatchObject({ legs: 2, passengers: 1, totals: [{ currency: 'EUR', amount: '180.50' }] })
    expect(ok.body.bookings.map((b: { flight_id: number }) => b.flight_id)).toEqual([first.id, second.id])
    expect((await server.request(`${F}book/`, { token: token.traveler, body: { flights: [first.id] } })).body).toEqual({
      flights: ['A multi-city itinerary has 2 to 5 legs: choose one flight for each leg.'],
    })
    expect((await server.request(`${F}book/`, { token: token.expert, body: { flights: [first.id, second.id] } })).status).toBe(403)
    expect((await server.request(`${F}book/`, { body: { flights: [first.id, second.id] } })).status).toBe(401)
  })

  it('answers the same through tRPC', async () => {
    const input = encodeURIComponent(JSON.stringify({ from: 'QLA', to: 'QPA', departure_date: day(9) }))
    const res = await server.request(`/trpc/flights.search?input=${input}`, { token: token.traveler })
    expect(res.status).toBe(200)
    expect(res.body.result.data.legs[0].count).toBeGreaterThan(0)
    const denied = await server.request(`/trpc/flights.create`, { token: token.traveler, body: fields() })
    expect(denied.status).toBe(403)
    const filtered = encodeURIComponent(JSON.stringify({ from: 'QLA', to: 'QPA', departure_date: day(9), max_duration: '1', airlines: ['BA'] }))
    expect((await server.request(`/trpc/flights.search?input=${filtered}`, { token: token.traveler })).body.result.data.legs[0].count).toBe(0)
    const a = await create({ departure: `${day(40)}T09:00`, arrival: `${day(40)}T11:15` })
    const b = await create({ from: 'QPA', to: 'QLA', departure: `${day(42)}T18:00`, arrival: `${day(42)}T18:20` })
    const booked = await server.request('/trpc/flights.bookItinerary', { token: token.traveler, body: { flights: [a.id, b.id], passengers: 2 } })
    expect(booked.status, JSON.stringify(booked.body)).toBe(200)
    expect(booked.body.result.data).toMatchObject({ legs: 2, passengers: 2 })
    expect((await server.request('/trpc/flights.bookItinerary', { token: token.admin, body: { flights: [a.id, b.id] } })).status).toBe(403)
    const reversed = await server.request('/trpc/flights.bookItinerary', { token: token.traveler, body: { flights: [b.id, a.id] } })
    expect(reversed.status).toBe(400)
  })
})
