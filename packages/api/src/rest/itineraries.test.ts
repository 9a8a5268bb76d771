import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { eq, tripAssignments, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
let tripId: number
const I = '/api/itineraries/'

const day = (date: string, items: unknown[] = []) => ({ date, title: 'Day', items })
const meal = (title: string, price: string) => ({ type: 'meal', title, unit_price: price, currency: 'USD' })

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['expert', 'specialist', 'traveler', 'stranger', 'admin', 'editor']) token[u] = (await server.login(u)).access
  const id = async (u: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Lisbon, Portugal · May 1 – May 2, 2030', startDate: '2030-05-01', endDate: '2030-05-02', travelers: 2, travelerId: await id('traveler'), expertId: await id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await db.insert(tripAssignments).values({ tripId, expertId: await id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await server?.close()
})

describe('/api/itineraries/', () => {
  it('creates, lists and saves; two saves on the same version end in one 409 and no lost item', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ trip_id: tripId, status: 'draft', version: 1, total_days: 2, can: { save: true, approve: false } })
    const path = `${I}${created.body.id}/`

    const listed = await server.request(`${I}?trip=${tripId}`, { token: token.expert })
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: created.body.id, total_cost: '0.00', items_count: 0, status: 'draft' }] })

    const [a, b] = await Promise.all([
      server.request(path, { token: token.expert, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [meal('Pastéis', '4.50')])] } }),
      server.request(path, { token: token.admin, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [meal('Bacalhau', '28.00')])] } }),
    ])
    expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409])
    const winner = a.status === 200 ? a : b
    const loser = a.status === 200 ? b : a
    expect(loser.body.detail).toMatch(/version 2/)
    const now = await server.request(path, { token: token.expert })
    expect(now.body.version).toBe(2)
    expect(now.body.days[0].items.map((i: { title: string }) => i.title)).toEqual(winner.body.days[0].items.map((i: { title: string }) => i.title))
    // The loser saves again on the current version: both items are kept.
    const merged = await server.request(path, {
      token: token.admin,
      method: 'PATCH',
      body: { version: 2, days: [day('2030-05-01', [meal('Pastéis', '4.50'), meal('Bacalhau', '28.00')])] },
    })
    expect(merged.status).toBe(200)
    expect(merged.body).toMatchObject({ version: 3, total_cost: '32.50' })
    expect((await server.request(`${path}versions/`, { token: token.specialist })).body.map((v: { version: number }) => v.version)).toEqual([3, 2, 1])
    const diff = await server.request(`${path}compare/?from=1&to=3`, { token: token.specialist })
    expect(diff.body.changes.items_added.map((i: { title: string }) => i.title).sort()).toEqual(['Bacalhau', 'Pastéis'])
  })

  it('keeps itineraries from those who may not see them, and bad input answers 400 with field errors', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    const path = `${I}${created.body.id}/`
    expect((await server.request(path, { token: token.stranger })).status).toBe(404)
    // The traveler sees it once a version is approved.
    expect((await server.request(path, { token: token.traveler })).status).toBe(404)
    expect((await server.request(`${path}status/`, { token: token.expert, body: { status: 'review' } })).status).toBe(200)
    expect((await server.request(`${path}status/`, { token: token.specialist, body: { status: 'approved', version: 1 } })).status).toBe(200)
    const seen = await server.request(path, { token: token.traveler })
    expect(seen.status).toBe(200)
    expect(seen.body.can).toEqual({ save: false, approve: false })
    expect((await server.request(path, { token: token.traveler, method: 'PATCH', body: { version: 1, days: [day('2030-05-01')] } })).status).toBe(403)
    expect((await server.request(`${path}versions/`, { token: token.traveler })).status).toBe(403)
    expect((await server.request(I, { token: token.editor })).status).toBe(403)

    const bad = await server.request(path, { token: token.expert, method: 'PATCH', body: { version: 1, days: [{ date: '2030-02-30', title: '', items: [{ type: 'boat', title: 'x' }] }] } })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ 'days.0.date': ['Enter a valid date (YYYY-MM-DD).'], 'days.0.title': ['This field is required.'] })
    expect(Object.keys(bad.body)).toContain('days.0.items.0.type')
  })

  it('PATCH changes only what it is sent: a title alone keeps the days and their prices; the itinerary’s fields are taken as they are read', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    const path = `${I}${created.body.id}/`
    const first = await server.request(path, { token: token.expert, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [meal('Pastéis', '4.50'), meal('Bacalhau', '28.00')])] } })
    expect(first.status, JSON.stringify(first.body)).toBe(200)

    const renamed = await server.request(path, { token: token.expert, method: 'PATCH', body: { version: 2, title: 'Lisbon, slowly' } })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body).toMatchObject({ version: 3, title: 'Lisbon, slowly', total_cost: '32.50' })
    const days = (b: { days: { key: string; items: { key: string; title: string; details: unknown }[] }[] }) =>
      b.days.map((d) => ({ key: d.key, items: d.items.map((i) => [i.key, i.title, i.details]) }))
    expect(days(renamed.body)).toEqual(days(first.body))
    // Still a versioned save: a stale version is refused and changes nothing.
    expect((await server.request(path, { token: token.expert, method: 'PATCH', body: { version: 2, title: 'Stale' } })).status).toBe(409)

    // The read's shapes written back: travelers and budget as objects, the budget's read-only breakdown ignored.
    const read = (await server.request(path, { token: token.expert })).body
    const back = await server.request(path, {
      token: token.expert,
      method: 'PATCH',
      body: { version: read.version, title: read.title, travelers: { ...read.travelers, adults: 3 }, budget: { ...read.budget, total: '1500.00' } },
    })
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body).toMatchObject({ version: 4, title: 'Lisbon, slowly', travelers: { adults: 3 }, budget: { total: '1500.00', currency: read.budget.currency } })
    expect(days(back.body)).toEqual(days(first.body))
    expect((await server.request(`${path}versions/`, { token: token.specialist })).body.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1])
  })

  it('takes items in the shape it answers them: location {name, address} and details {duration, cost, currency, booking_required, tags}', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    const path = `${I}${created.body.id}/`
    const spec = {
      type: 'meal',
      title: 'Bifana at the market',
      location: { name: 'Mercado da Ribeira', address: 'Av. 24 de Julho 49, Lisbon' },
      details: { duration: 45, cost: '15.30', currency: 'USD', booking_required: true, tags: ['street food'] },
    }
    const saved = await server.request(path, { token: token.expert, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [spec])] } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const item = saved.body.days[0].items[0]
    expect(item).toMatchObject({
      title: 'Bifana at the market',
      location: { name: 'Mercado da Ribeira', address: 'Av. 24 de Julho 49, Lisbon' },
      details: { duration: 45, cost: '15.3000', currency: 'USD', booking_required: true, tags: ['street food'] },
      unit_price: '15.30',
    })
    // Written back exactly as read, the plan reads the same.
    const read = (await server.request(path, { token: token.expert })).body
    const again = await server.request(path, { token: token.expert, method: 'PATCH', body: { version: read.version, days: read.days } })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.days).toEqual(read.days)
  })

  it('POST …/status/ approves the version it names: a version saved since answers 409, no version 400', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    const path = `${I}${created.body.id}/`
    expect((await server.request(`${path}status/`, { token: token.expert, body: { status: 'review' } })).status).toBe(200)
    const read = await server.request(path, { token: token.specialist })
    expect(read.body).toMatchObject({ status: 'review', version: 1 })
    // Saved again while in review: version 2, with a 9,999.00 dinner.
    const saved = await server.request(path, { token: token.expert, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [meal('Dinner', '9999.00')])] } })
    expect(saved.body.version).toBe(2)

    const stale = await server.request(`${path}status/`, { token: token.specialist, body: { status: 'approved', version: read.body.version } })
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({ detail: 'Version 2 was saved after you opened version 1. Review it before approving.' })
    const missing = await server.request(`${path}status/`, { token: token.specialist, body: { status: 'approved' } })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ version: ['This field is required.'] })
    expect((await server.request(path, { token: token.specialist })).body).toMatchObject({ status: 'review', approved_version: null })
    expect((await server.request(path, { token: token.traveler })).status).toBe(404)

    // The version the answer calls `version` is the one sent back.
    const approved = await server.request(`${path}status/`, { token: token.specialist, body: { status: 'approved', version: saved.body.version } })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body).toMatchObject({ status: 'approved', version: 2, approved_version: 2 })
    expect((await server.request(path, { token: token.traveler })).body).toMatchObject({ status: 'approved', version: 2, approved_version: 2, total_cost: '9999.00' })
  })

  it('is the tRPC procedure itineraries.changeStatus, with the same refusals', async () => {
    const created = await server.request(I, { token: token.expert, body: { trip_id: tripId } })
    const id = created.body.id as number
    const trpc = (who: string, data: unknown) => server.request('/trpc/itineraries.changeStatus', { token: token[who], body: { id, data } })
    expect((await trpc('expert', { status: 'review' })).status).toBe(200)
    await server.request(`${I}${id}/`, { token: token.expert, method: 'PATCH', body: { version: 1, days: [day('2030-05-01', [meal('Dinner', '9999.00')])] } })

    const stale = await trpc('specialist', { status: 'approved', version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatchObject({ message: 'Version 2 was saved after you opened version 1. Review it before approving.', data: { code: 'CONFLICT' } })
    const missing = await trpc('specialist', { status: 'approved' })
    expect(missing.status).toBe(400)
    expect(missing.body.error.data).toMatchObject({ code: 'BAD_REQUEST', fields: { version: ['This field is required.'] } })
    const approved = await trpc('specialist', { status: 'approved', version: 2 })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.result.data).toMatchObject({ status: 'approved', approved_version: 2 })
  })
})
