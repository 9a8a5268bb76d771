import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { eq, tripAssignments, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
let tripId: number

const meal = (key: string, title: string, price: string, extra: Record<string, unknown> = {}) => ({
  key,
  type: 'meal',
  title,
  unit_price: price,
  currency: 'USD',
  ...extra,
})

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['expert', 'specialist', 'traveler', 'stranger', 'admin']) token[u] = (await server.login(u)).access
  const id = async (u: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  const [trip] = await db
    .insert(trips)
    .values({
      title: 'Lisbon, Portugal',
      startDate: '2030-05-01',
      endDate: '2030-05-02',
      travelers: 2,
      travelerId: await id('traveler'),
      expertId: await id('expert'),
    })
    .returning({ id: trips.id })
  tripId = trip!.id
  await db.insert(tripAssignments).values({ tripId, expertId: await id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await server?.close()
})

describe('/api/proposals/', () => {
  it('sends an approved itinerary as a round, quotes the options chosen, takes comments and an acceptance', async () => {
    const created = await server.request('/api/itineraries/', { token: token.expert, body: { trip_id: tripId, currency: 'USD' } })
    const plan = `/api/itineraries/${created.body.id}/`
    const days = [
      {
        date: '2030-05-01',
        title: 'Arrival',
        items: [
          meal('lunch-a', 'Tasca lunch', '20.00', { option_group: 'lunch', recommended: true }),
          meal('lunch-b', 'Seafood lunch', '55.25', { option_group: 'lunch' }),
          meal('dinner', 'Fado dinner', '45.50'),
        ],
      },
    ]
    const saved = await server.request(plan, { token: token.expert, method: 'PATCH', body: { version: 1, days } })
    expect(saved.body.total_cost).toBe('65.50')

    const early = await server.request(`${plan}proposals/`, { token: token.expert, body: {} })
    expect(early.status).toBe(409)
    expect(early.body).toEqual({ detail: 'Approve the itinerary before sending it as a proposal.' })
    await server.request(`${plan}status/`, { token: token.expert, body: { status: 'review', version: 2 } })
    await server.request(`${plan}status/`, { token: token.specialist, body: { status: 'approved', version: 2 } })

    const bad = await server.request(`${plan}proposals/`, { token: token.expert, body: { valid_days: 0 } })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ valid_days: ['Enter a whole number of days from 1 to 90.'] })
    expect((await server.request(`${plan}proposals/`, { token: token.traveler, body: {} })).status).toBe(403)

    const sent = await server.request(`${plan}proposals/`, { token: token.expert, body: { note: 'Pick your lunch.', valid_days: 3 } })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body).toMatchObject({
      round: 1,
      status: 'sent',
      total: '65.50',
      note: 'Pick your lunch.',
      slots: [{ group: 'lunch', options: ['lunch-a', 'lunch-b'], recommended: 'lunch-a' }],
    })
    const at = `/api/proposals/${sent.body.id}/`

    const listed = await server.request('/api/proposals/', { token: token.traveler })
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: sent.body.id, round: 1, status: 'sent', total: '65.50', options: 1 }] })
    expect((await server.request('/api/proposals/', { token: token.stranger })).body).toMatchObject({ count: 0, results: [] })

    const quoted = await server.request(`${at}?choices=lunch:lunch-b`, { token: token.traveler })
    expect(quoted.status).toBe(200)
    expect(quoted.body.totals).toMatchObject({
      total: '100.75',
      per_person: '50.38',
      per_day: '100.75',
      differences: { 'lunch-a': '-35.25', 'lunch-b': '0.00' },
    })
    const wrong = await server.request(`${at}?choices=lunch:dinner`, { token: token.traveler })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ 'choices.lunch': ['"dinner" is not an option of this slot.'] })
    for (const who of ['stranger', 'specialist']) expect((await server.request(at, { token: token[who] })).status).toBe(404)

    const thread = await server.request(`${at}comments/`, { token: token.traveler, body: { item_key: 'dinner', body: 'Can it be vegetarian?' } })
    expect(thread.status).toBe(201)
    expect(thread.body).toMatchObject({ item_key: 'dinner', item_title: 'Fado dinner', open: true })
    const reply = await server.request(`${at}comments/`, { token: token.expert, body: { thread: thread.body.id, body: 'Yes.' } })
    expect(reply.body.comments).toHaveLength(2)
    const resolved = await server.request(`${at}resolve/`, { token: token.traveler, body: { thread: thread.body.id } })
    expect(resolved.body.open).toBe(false)
    expect((await server.request(`${at}resolve/`, { token: token.traveler, body: { thread: 999999 } })).body).toEqual({ thread: ['Comment thread not found.'] })
    expect((await server.request(`${at}comments/`, { token: token.expert })).body).toMatchObject({ count: 1, open: 0 })

    expect((await server.request(`${at}accept/`, { token: token.expert, body: {} })).status).toBe(403)
    const accepted = await server.request(`${at}accept/`, { token: token.traveler, body: { choices: { lunch: 'lunch-b' }, round: 1 } })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body).toMatchObject({ status: 'accepted', accepted_total: '100.75', accepted: { choices: { lunch: 'lunch-b' }, total: '100.75' } })
    const again = await server.request(`${at}accept/`, { token: token.traveler, body: {} })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ detail: 'This proposal has already been accepted.' })
    const rounds = await server.request(`${plan}proposals/`, { token: token.expert })
    expect(rounds.body).toMatchObject({ can_publish: false, results: [{ round: 1, status: 'accepted', accepted_total: '100.75' }] })
  })
})
