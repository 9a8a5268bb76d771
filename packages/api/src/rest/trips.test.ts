import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser, TRIP_MESSAGES } from '@meridian/core'
import { travelerExperts, tripRequests, trips, tripStatusHistory } from '@meridian/db'
import { eq, sql } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
let japan: number
let kyoto: number
let closedCountry: number
let lisbon: number

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

const request = (overrides: Record<string, unknown> = {}) => ({
  destination_id: japan,
  location_id: kyoto,
  start_date: day(30),
  end_date: day(39),
  travelers: 2,
  travel_style: 'comfort',
  trip_type: 'romantic',
  accommodation_type: ['hotel', 'boutique'],
  activities: ['culture', 'food'],
  dining_preferences: ['local'],
  transport_preferences: ['train'],
  budget_min: 1000,
  budget_max: 5000,
  budget_includes: ['accommodation', 'activities'],
  special_requests: 'A tea ceremony, please.',
  accessibility: [],
  dietary_restrictions: ['vegetarian'],
  priority_level: 'priority',
  expert_preference: 'Someone who has lived in Kyoto',
  ...overrides,
})

const submit = (body: unknown, who = 'traveler') => server.request('/users/api/traveler/trip-requests/', { token: token[who], body })
const countTrips = async () => Number((await server.handle.db.select({ n: sql`count(*)` }).from(trips))[0]!.n)
const countRequests = async () => Number((await server.handle.db.select({ n: sql`count(*)` }).from(tripRequests))[0]!.n)

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  id.traveler2 = await insertUser(db, { username: 'traveler2', email: 'traveler2@example.com', password: 'meridian-demo', role: 'traveler', firstName: 'Tara' })
  id.expert2 = await insertUser(db, { username: 'expert2', email: 'expert2@example.com', password: 'meridian-demo', role: 'expert', firstName: 'Ezra' })
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'specialist', 'traveler', 'traveler2', 'expert2']) {
    const login = await server.login(username)
    token[username] = login.access
    id[username] = login.user.id
  }
  const country = async (name: string, extra: Record<string, unknown> = {}) =>
    (await server.request('/api/destinations/countries-mgmt/', { token: token.admin, body: { name, continent: 'Asia', ...extra } })).body.id as number
  japan = await country('Japan')
  closedCountry = await country('Closedland', { is_active: false })
  const portugal = await country('Portugal', { continent: 'Europe' })
  const location = async (name: string, countryId: number) =>
    (await server.request('/api/destinations/locations-mgmt/', { token: token.admin, body: { name, country: countryId, location_type: 'city' } })).body.id as number
  kyoto = await location('Kyoto', japan)
  lisbon = await location('Lisbon', portugal)
})
afterAll(async () => {
  await server?.close()
})

describe('trip requests', () => {
  it('creates the request and a trip in planning, titled from the destination and dates, budget × travelers', async () => {
    const res = await submit(request())
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe('Trip request submitted successfully! An expert will be assigned to help plan your perfect trip.')
    expect(res.body.request).toMatchObject({ destination_id: japan, location_id: kyoto, travelers: 2, activities: ['culture', 'food'], priority_level: 'priority' })
    const trip = await server.request(`/users/api/traveler/trips/${res.body.trip.id}/`, { token: token.traveler })
    expect(trip.status).toBe(200)
    expect(trip.body).toMatchObject({ status: 'planning', city: 'Kyoto', country: 'Japan', travelers: 2, budget_total: '10000.00', budget_spent: '0.00', budget_remaining: '10000.00', expert: null, days: 9 })
    expect(trip.body.title).toMatch(/^Kyoto, Japan · /)
    expect(trip.body.history).toEqual([expect.objectContaining({ from_status: null, to_status: 'planning' })])
  })

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = [await countTrips(), await countRequests()]
    const cases: [Record<string, unknown>, string][] = [
      [{ start_date: day(-3) }, 'start_date'],
      [{ end_date: day(10), start_date: day(20) }, 'end_date'],
      [{ travelers: 0 }, 'travelers'],
      [{ budget_min: 0 }, 'budget_min'],
      [{ budget_min: 6000, budget_max: 5000 }, 'budget_min'],
      [{ travel_style: 'shoestring' }, 'travel_style'],
      [{ activities: ['skydiving'] }, 'activities'],
      [{ activities: [] }, 'activities'],
      [{ destination_id: closedCountry, location_id: null }, 'destination_id'],
      [{ destination_id: 999999, location_id: null }, 'destination_id'],
      [{ location_id: lisbon }, 'location_id'],
      [{ start_date: '2027-02-30' }, 'start_date'],
      [{ priority_level: 'whenever' }, 'priority_level'],
    ]
    for (const [change, field] of cases) {
      const res = await submit(request(change))
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body[field], `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBeInstanceOf(Array)
    }
    expect([await countTrips(), await countRequests()]).toEqual(before)
  })

  it('is for travelers only', async () => {
    for (const who of ['expert', 'specialist', 'admin', 'editor']) expect((await submit(request(), who)).status, who).toBe(403)
    expect((await server.request('/users/api/traveler/trip-requests/', { body: request() })).status).toBe(401)
  })

  it('goes at once to the expert the traveler already works with for that trip type, else for all types', async () => {
    const db = server.handle.db
    await db.insert(travelerExperts).values({ travelerId: id.traveler2!, expertId: id.expert2!, tripType: 'adventure' })
    await db.insert(travelerExperts).values({ travelerId: id.traveler2!, expertId: id.expert!, tripType: null })
    const adventure = await submit(request({ trip_type: 'adventure' }), 'traveler2')
    const family = await submit(request({ trip_type: 'family' }), 'traveler2')
    expect(adventure.body.trip.expert_id).toBe(id.expert2)
    expect(family.body.trip.expert_id).toBe(id.expert)
    const queue = await server.request('/users/api/expert/assignments/', { token: token.expert2 })
    expect(queue.body.results.map((a: any) => [a.trip_id, a.status])).toEqual([[adventure.body.trip.id, 'pending']])
    await db.delete(travelerExperts).where(eq(travelerExperts.travelerId, id.traveler2!))
  })
})

describe('who sees which trips', () => {
  let mine: number
  let theirs: number
  beforeAll(async () => {
    mine = (await submit(request())).body.trip.id
    theirs = (await submit(request(), 'traveler2')).body.trip.id
  })

  it('a traveler reaches only their own trips; another traveler’s id answers 404', async () => {
    const list = await server.request('/users/api/traveler/trips/', { token: token.traveler })
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ next: null, previous: null })
    expect(list.body.results.map((t: any) => t.id)).toContain(mine)
    expect(list.body.results.map((t: any) => t.id)).not.toContain(theirs)
    expect((await server.request(`/users/api/traveler/trips/${theirs}/`, { token: token.traveler })).status).toBe(404)
    const patch = await server.request(`/users/api/traveler/trips/${theirs}/`, { token: token.traveler, method: 'PATCH', body: { title: 'Mine now' } })
    expect(patch.status).toBe(404)
    expect((await server.request(`/users/api/traveler/trips/${theirs}/`, { token: token.traveler2 })).body.title).not.toBe('Mine now')
  })

  it('an expert reaches only the trips assigned to them; staff and specialists every trip; the editor none', async () => {
    expect((await server.request(`/users/api/traveler/trips/${mine}/`, { token: token.expert })).status).toBe(404)
    const assigned = await server.request(`/users/api/traveler/trips/${mine}/assign/`, { token: token.specialist, body: { expert_id: id.expert } })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201)
    expect((await server.request(`/users/api/traveler/trips/${mine}/`, { token: token.expert })).status).toBe(200)
    expect((await server.request(`/users/api/traveler/trips/${mine}/`, { token: token.expert2 })).status).toBe(404)
    for (const who of ['admin', 'superadmin', 'specialist']) expect((await server.request(`/users/api/traveler/trips/${theirs}/`, { token: token[who] })).status, who).toBe(200)
    expect((await server.request(`/users/api/traveler/trips/${mine}/`, { token: token.editor })).status).toBe(403)
    const expertTrips = await server.request('/users/api/expert/trips/', { token: token.expert })
    expect(expertTrips.body.results.map((t: any) => t.id)).toContain(mine)
    expect(expertTrips.body.results.map((t: any) => t.id)).not.toContain(theirs)
  })

  it('search finds title, city and country, ignoring accents and case', async () => {
    const hits = async (q: string) =>
      (await server.request(`/users/api/traveler/trips/?search=${encodeURIComponent(q)}`, { token: token.traveler })).body.results.map((t: any) => t.id)
    expect(await hits('KYÖTO')).toContain(mine)
    expect(await hits('japan')).toContain(mine)
    expect(await hits('lisbon')).not.toContain(mine)
  })
})

describe('assignments and the status table', () => {
  it('accept and decline are idempotent, only the assigned expert answers, a declined trip returns to the queue', async () => {
    const tripId = (await submit(request())).body.trip.id
    const assign = await server.request(`/users/api/traveler/trips/${tripId}/assign/`, { token: token.admin, body: { expert_id: id.expert2 } })
    const assignment = assign.body.id
    expect(assign.body).toMatchObject({ status: 'pending', expert_id: id.expert2 })
    expect((await server.request(`/users/api/expert/accept-assignment/${assignment}/`, { token: token.expert, body: {} })).status).toBe(404)
    expect((await server.request(`/users/api/expert/accept-assignment/${assignment}/`, { token: token.traveler, body: {} })).status).toBe(403)
    const declined = await server.request(`/users/api/expert/decline-assignment/${assignment}/`, { token: token.expert2, body: {} })
    expect(declined.body.status).toBe('declined')
    expect((await server.request(`/users/api/expert/decline-assignment/${assignment}/`, { token: token.expert2, body: {} })).body.status).toBe('declined')
    const accept = await server.request(`/users/api/expert/accept-assignment/${assignment}/`, { token: token.expert2, body: {} })
    expect(accept.status).toBe(409)
    expect((await server.request(`/users/api/traveler/trips/${tripId}/`, { token: token.admin })).body.expert).toBeNull()
    const again = await server.request(`/users/api/traveler/trips/${tripId}/assign/`, { token: token.specialist, body: { expert_id: id.expert } })
    const ok = await server.request(`/users/api/expert/accept-assignment/${again.body.id}/`, { token: token.expert, body: {} })
    expect(ok.body.status).toBe('accepted')
    expect((await server.request(`/users/api/expert/accept-assignment/${again.body.id}/`, { token: token.expert, body: {} })).body.status).toBe('accepted')
  })

  it('refuses an expert who is not an active expert, and assigning by travelers and experts', async () => {
    const tripId = (await submit(request())).body.trip.id
    const bad = await server.request(`/users/api/traveler/trips/${tripId}/assign/`, { token: token.admin, body: { expert_id: id.traveler2 } })
    expect(bad.status).toBe(400)
    expect(bad.body.expert_id).toEqual(['Select an active expert.'])
    for (const who of ['traveler', 'expert', 'editor']) {
      expect((await server.request(`/users/api/traveler/trips/${tripId}/assign/`, { token: token[who], body: { expert_id: id.expert } })).status, who).toBe(403)
    }
  })

  it('moves along the table: the expert along the chain, the traveler cancels, illegal moves answer 409 and change nothing', async () => {
    const tripId = (await submit(request())).body.trip.id
    const assignment = (await server.request(`/users/api/traveler/trips/${tripId}/assign/`, { token: token.specialist, body: { expert_id: id.expert } })).body.id
    const move = (status: string, who: string) => server.request(`/users/api/expert/update-trip-status/${tripId}/`, { token: token[who], body: { status, note: `to ${status}` } })
    expect((await move('booked', 'expert')).status, 'a pending expert may not move it').toBe(403)
    const accepted = await server.request(`/users/api/expert/accept-assignment/${assignment}/`, { token: token.expert, body: {} })
    expect(accepted.body.status, JSON.stringify(accepted.body)).toBe('accepted')
    const illegal = await move('completed', 'expert')
    expect(illegal.status).toBe(409)
    expect(illegal.body.detail).toBe(TRIP_MESSAGES.illegalMove('planning', 'completed'))
    const booked = await move('booked', 'expert')
    expect(booked.body.status, JSON.stringify(booked.body)).toBe('booked')
    const cancelByExpert = await move('cancelled', 'expert')
    expect(cancelByExpert.status).toBe(403)
    expect(cancelByExpert.body.detail).toBe('You cannot move this trip from booked to cancelled.')
    expect((await move('active', 'expert')).body.status).toBe('active')
    const travelerCancel = await server.request(`/users/api/traveler/trips/${tripId}/`, { token: token.traveler, method: 'PATCH', body: { status: 'cancelled' } })
    expect(travelerCancel.status).toBe(409)
    expect((await move('completed', 'expert')).body.status).toBe('completed')
    const history = await server.handle.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.tripId, tripId)).orderBy(tripStatusHistory.id)
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'planning'],
      ['planning', 'booked'],
      ['booked', 'active'],
      ['active', 'completed'],
    ])
    const edit = await server.request(`/users/api/traveler/trips/${tripId}/`, { token: token.traveler, method: 'PATCH', body: { title: 'Too late' } })
    expect(edit.status).toBe(409)
  })

  it('the traveler rates a completed trip once; the expert’s performance counts it', async () => {
    const tripId = (await submit(request())).body.trip.id
    const assignment = (await server.request(`/users/api/traveler/trips/${tripId}/assign/`, { token: token.admin, body: { expert_id: id.expert2 } })).body.id
    await server.request(`/users/api/expert/accept-assignment/${assignment}/`, { token: token.expert2, body: {} })
    for (const status of ['booked', 'active', 'completed']) await server.request(`/users/api/expert/update-trip-status/${tripId}/`, { token: token.expert2, body: { status } })
    expect((await server.request(`/trpc/trips.rate`, { token: token.traveler, body: { id: tripId, data: { rating: 6 } } })).status).toBe(400)
    const rated = await server.request(`/trpc/trips.rate`, { token: token.traveler, body: { id: tripId, data: { rating: 5, comment: 'Perfect' } } })
    expect(rated.status, JSON.stringify(rated.body)).toBe(200)
    expect((await server.request(`/trpc/trips.rate`, { token: token.traveler, body: { id: tripId, data: { rating: 4 } } })).status).toBe(409)
    const perf = await server.request('/users/api/expert/performance/', { token: token.expert2 })
    expect(perf.body).toMatchObject({ rating: { average: 5, count: 1 }, trips_by_status: { completed: 1 } })
    expect(perf.body.completed_per_month.at(-1).completed).toBe(1)
    expect(perf.body.acceptance_rate).toBeGreaterThan(0)
    expect((await server.request(`/users/api/expert/performance/?expert_id=${id.expert}`, { token: token.expert2 })).status).toBe(403)
    expect((await server.request(`/users/api/expert/performance/?expert_id=${id.expert2}`, { token: token.admin })).body.rating.count).toBe(1)
  })
})

describe('My Trips: New Trip and Edit Trip', () => {
  it('creates a trip from a title and dates and edits it; bad dates answer 400 and change nothing', async () => {
    const created = await server.request('/trpc/trips.create', { token: token.traveler, body: { title: 'Weekend in Lisbon', start_date: day(5), end_date: day(7) } })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const tripId = created.body.result.data.id
    const bad = await server.request(`/users/api/traveler/trips/${tripId}/`, { token: token.traveler, method: 'PATCH', body: { end_date: day(1) } })
    expect(bad.status).toBe(400)
    expect(bad.body.end_date).toBeInstanceOf(Array)
    const ok = await server.request(`/users/api/traveler/trips/${tripId}/`, { token: token.traveler, method: 'PATCH', body: { title: 'Long weekend in Lisbon', budget_total: '1250.50' } })
    expect(ok.body).toMatchObject({ title: 'Long weekend in Lisbon', budget_total: '1250.50', budget_remaining: '1250.50', days: 2 })
  })
})
