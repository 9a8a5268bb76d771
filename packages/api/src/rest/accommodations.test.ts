import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, suppliers } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const ids = { country: 0, hotel: 0, tours: 0 }
const A = '/api/accommodations/'
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  for (const u of ['traveler', 'admin', 'editor']) token[u] = (await server.login(u)).access
  const [country] = await db.insert(countries).values({ name: 'Portugal', continent: 'Europe' }).returning()
  const [hotel] = await db
    .insert(suppliers)
    .values({ name: 'Casa do Rio', supplierType: 'accommodation', city: 'Lisbon', countryId: country!.id, email: 'desk@example.test', paymentTerms: 'Net 30' })
    .returning()
  const [tours] = await db.insert(suppliers).values({ name: 'Rio Tours', supplierType: 'tour_operator', countryId: country!.id }).returning()
  Object.assign(ids, { country: country!.id, hotel: hotel!.id, tours: tours!.id })
})
afterAll(async () => {
  await server?.close()
})

describe('/api/accommodations/', () => {
  it('lists and shows accommodations to anyone, without what only staff see', async () => {
    const list = await server.request(`${A}?country=${ids.country}`)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ id: ids.hotel, name: 'Casa do Rio', city: 'Lisbon', country: { id: ids.country, name: 'Portugal' } }],
    })
    expect(Object.keys(list.body.results[0]).sort()).toEqual([
      'city',
      'country',
      'description',
      'id',
      'image',
      'languages_supported',
      'name',
      'rating',
      'services_offered',
      'total_reviews',
      'verified',
      'website',
    ])
    expect((await server.request(`${A}${ids.hotel}/`, { token: token.editor })).body).toMatchObject({ name: 'Casa do Rio' })
    expect((await server.request(`${A}${ids.tours}/`)).status).toBe(404)
    expect((await server.request(`${A}?verified=maybe`)).status).toBe(400)
    expect((await server.request(A, { token: 'not-a-token' })).status).toBe(401)
  })

  it('books a pending stay for a traveler (201), with field errors for a bad request, 403 for staff, 401 for visitors', async () => {
    const path = `${A}${ids.hotel}/book/`
    const booked = await server.request(path, { token: token.traveler, body: { check_in: day(3), check_out: day(6), rooms: 1, guests: 2 } })
    expect(booked.status, JSON.stringify(booked.body)).toBe(201)
    expect(booked.body).toMatchObject({
      type: 'hotel',
      status: 'pending',
      amount: '0.00',
      currency: 'USD',
      title: 'Stay at Casa do Rio',
      rooms: 1,
      party_size: 2,
    })
    const bad = await server.request(path, { token: token.traveler, body: { check_in: day(3), check_out: day(2), rooms: 2, guests: 1 } })
    expect(bad).toMatchObject({ status: 400, body: { check_out: ['The check-out date must be after the check-in date.'] } })
    expect((await server.request(`${A}${ids.tours}/book/`, { token: token.traveler, body: {} })).status).toBe(404)
    expect((await server.request(path, { token: token.admin, body: { check_in: day(3) } })).body).toEqual({ detail: 'Only travelers can request a stay.' })
    expect((await server.request(path, { body: {} })).status).toBe(401)
  })
})
