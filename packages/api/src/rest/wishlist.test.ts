import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { countries, eq, suppliers, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const ids = { country: 0, hotel: 0, trip: 0 }
const W = '/api/wishlist/'

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['traveler', 'stranger', 'admin', 'expert']) token[u] = (await server.login(u)).access
  const [traveler] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'traveler'))
  const [country] = await db.insert(countries).values({ name: 'Portugal', continent: 'Europe' }).returning()
  const [hotel] = await db.insert(suppliers).values({ name: 'Casa do Rio', supplierType: 'accommodation', city: 'Lisbon', countryId: country!.id }).returning()
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Lisbon in May', startDate: '2031-05-01', endDate: '2031-05-03', travelerId: traveler!.id, travelers: 2, budgetTotal: '900.00' })
    .returning()
  Object.assign(ids, { country: country!.id, hotel: hotel!.id, trip: trip!.id })
})
afterAll(async () => {
  await server?.close()
})

describe('/api/wishlist/', () => {
  it('saves (201, then 200 with the same item), lists by type, counts and removes', async () => {
    const saved = await server.request(W, { token: token.traveler, body: { type: 'destination', object_id: ids.country } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    expect(saved.body).toMatchObject({ type: 'destination', object_id: ids.country, title: 'Portugal', saved_at: expect.any(String) })
    const again = await server.request(W, { token: token.traveler, body: { type: 'destination', object_id: ids.country } })
    expect(again).toMatchObject({ status: 200, body: { id: saved.body.id } })
    expect((await server.request(W, { token: token.traveler, body: { type: 'hotel', object_id: ids.hotel } })).status).toBe(201)
    const trip = await server.request(W, { token: token.traveler, body: { type: 'trip', object_id: String(ids.trip) } })
    expect(trip.body).toMatchObject({ price: '450.00', currency: 'USD', price_suffix: '/person' })

    const listed = await server.request(W, { token: token.traveler })
    expect(listed.body).toMatchObject({ count: 3, next: null, previous: null })
    expect(listed.body.results.map((r: { type: string }) => r.type)).toEqual(['trip', 'hotel', 'destination'])
    const hotels = await server.request(`${W}?type=hotel`, { token: token.traveler })
    expect(hotels.body).toMatchObject({ count: 1, results: [{ object_id: ids.hotel, title: 'Casa do Rio' }] })
    const paged = await server.request(`${W}?page_size=2&page=2`, { token: token.traveler })
    expect(paged.body.results).toHaveLength(1)
    expect((await server.request(`${W}?type=villa`, { token: token.traveler })).body).toEqual({
      type: ['Select a valid type: destination, hotel, activity, trip.'],
    })
    expect((await server.request(`${W}counts/`, { token: token.traveler })).body).toEqual({ total: 3, destination: 1, hotel: 1, activity: 0, trip: 1 })

    // Someone else's item is not found, and stays.
    expect((await server.request(`${W}${saved.body.id}/`, { method: 'DELETE', token: token.stranger })).status).toBe(404)
    expect((await server.request(`${W}${saved.body.id}/`, { method: 'DELETE', token: token.traveler })).status).toBe(204)
    expect((await server.request(`${W}${saved.body.id}/`, { method: 'DELETE', token: token.traveler })).status).toBe(404)
    expect((await server.request(`${W}?type=hotel&object_id=${ids.hotel}`, { method: 'DELETE', token: token.traveler })).status).toBe(204)
    expect((await server.request(`${W}?type=hotel&object_id=${ids.hotel}`, { method: 'DELETE', token: token.traveler })).status).toBe(404)
    expect((await server.request(`${W}counts/`, { token: token.traveler })).body).toEqual({ total: 1, destination: 0, hotel: 0, activity: 0, trip: 1 })
  })

  it('answers field errors for what cannot be saved, 403 to staff and 401 to visitors', async () => {
    const others = await server.request(W, { token: token.stranger, body: { type: 'trip', object_id: ids.trip } })
    expect(others).toMatchObject({ status: 400, body: { object_id: [`Invalid pk "${ids.trip}" - object does not exist.`] } })
    expect((await server.request(W, { token: token.stranger, body: { type: 'villa', object_id: 1 } })).body).toHaveProperty('type')
    expect((await server.request(W, { token: token.stranger, body: {} })).status).toBe(400)
    for (const who of ['admin', 'expert']) {
      expect((await server.request(W, { token: token[who] })).body).toEqual({ detail: 'Only travelers keep a wishlist.' })
      expect((await server.request(W, { token: token[who], body: { type: 'destination', object_id: ids.country } })).status).toBe(403)
      expect((await server.request(`${W}counts/`, { token: token[who] })).status).toBe(403)
    }
    expect((await server.request(W)).status).toBe(401)
    expect((await server.request(`${W}counts/`)).status).toBe(401)
  })
})
