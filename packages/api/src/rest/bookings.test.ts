import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBooking, insertUser } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { insertTestActivity } from '@meridian/core/testing'
import { activities, activityPricingTiers, eq, trips } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
let kayak: number
let tripId: number

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const api = (path: string, who?: string, body?: unknown) => server.request(path, { token: who ? token[who] : undefined, body })

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  id.traveler2 = await insertUser(db, { username: 'traveler2', email: 'traveler2@example.com', password: 'meridian-demo', role: 'traveler', firstName: 'Tara' })
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'specialist', 'traveler', 'traveler2']) {
    const login = await server.login(username)
    token[username] = login.access
    id[username] = login.user.id
  }
  kayak = await insertTestActivity(db, 'Lagoon kayak')
  await db.update(activities).set({ maxParticipants: 6, instantConfirmation: false }).where(eq(activities.id, kayak))
  await db.insert(activityPricingTiers).values({ activityId: kayak, name: 'Everyone', minQuantity: 1, maxQuantity: null, pricePerUnit: '33.35' })
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Lagoon weekend', startDate: day(10), endDate: day(12), travelerId: id.traveler! })
    .returning({ id: trips.id })
  tripId = trip!.id
})
afterAll(async () => {
  await server?.close()
})

describe('booking and reading', () => {
  let booking: { id: number; reference: string }

  it('POST /api/activities/{id}/book/ books the group at the engine’s price; bad input is a DRF field error', async () => {
    const made = await api(`/api/activities/${kayak}/book/`, 'traveler', { date: day(20), participants: 3, trip_id: tripId })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({
      type: 'activity',
      title: 'Lagoon kayak',
      status: 'pending',
      payment_status: 'unpaid',
      amount: '100.05',
      currency: 'USD',
      party_size: 3,
      trip: { id: tripId, title: 'Lagoon weekend' },
    })
    expect(made.body.reference).toMatch(/^MB-[2-9A-HJ-NP-Z]{8}$/)
    booking = made.body
    const bad = await api(`/api/activities/${kayak}/book/`, 'traveler', { date: 'soon', participants: 'many' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ date: [expect.any(String)], participants: [expect.any(String)] })
    expect((await api(`/api/activities/${kayak}/book/`, 'expert', { date: day(20), participants: 1 })).status).toBe(403)
    expect((await api('/api/activities/999999/book/', 'traveler', { date: day(20), participants: 1 })).status).toBe(404)
    expect((await api(`/api/activities/${kayak}/book/`, undefined, {})).status).toBe(401)
  })

  it('GET /api/bookings/ pages and filters; GET /api/bookings/{id}/ is the traveler’s and the staff’s only', async () => {
    const page = await api('/api/bookings/?type=activity&search=lagoon', 'traveler')
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ count: 1, next: null, previous: null, results: [{ id: booking.id, reference: booking.reference }] })
    expect((await api('/api/bookings/?type=hotel', 'traveler')).body.count).toBe(0)
    expect((await api('/api/bookings/?type=cruise', 'traveler')).status).toBe(400)
    expect((await api('/api/bookings/', 'traveler2')).body.count).toBe(0)
    expect((await api('/api/bookings/', 'specialist')).status).toBe(403)
    expect((await api('/api/bookings/', 'editor')).status).toBe(403)

    const own = await api(`/api/bookings/${booking.id}/`, 'traveler')
    expect(own.body).toMatchObject({ id: booking.id, can: { confirm: false, cancel: true, pay: true } })
    expect((await api(`/api/bookings/${booking.id}/`, 'traveler2')).status).toBe(404)
    expect((await api(`/api/bookings/${booking.id}/`, 'expert')).status).toBe(404)
    expect((await api(`/api/bookings/${booking.id}/`, 'admin')).body.can).toMatchObject({ confirm: true, cancel: true, pay: false })
    expect((await api('/api/bookings/abc/', 'traveler')).status).toBe(404)
  })

  it('the summary counts and adds exactly', async () => {
    const summary = await api('/api/bookings/summary/', 'traveler')
    expect(summary.body).toEqual({ confirmed: 0, pending: 1, cancelled: 0, upcoming: 1, total_value: '100.05', currency: 'USD', unconverted: [] })
  })

  it('confirm and cancel follow the status table; another traveler cannot touch the booking', async () => {
    expect((await api(`/api/bookings/${booking.id}/confirm/`, 'traveler', {})).status).toBe(403)
    const confirmed = await api(`/api/bookings/${booking.id}/confirm/`, 'admin', {})
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ status: 'confirmed', amount: '100.05' })
    const again = await api(`/api/bookings/${booking.id}/confirm/`, 'admin', {})
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ detail: 'A confirmed booking cannot become confirmed.' })

    const foreign = await api(`/api/bookings/${booking.id}/cancel/`, 'traveler2', { reason: 'mine now' })
    expect(foreign.status).toBe(404)
    expect((await api(`/api/bookings/${booking.id}/`, 'traveler')).body.status).toBe('confirmed')
    const cancelled = await api(`/api/bookings/${booking.id}/cancel/`, 'traveler', { reason: 'Weather looks bad' })
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Weather looks bad', can: { cancel: false, pay: false } })
    expect((await api(`/api/bookings/${booking.id}/cancel/`, 'traveler', {})).status).toBe(409)
  })

  it('a stay is confirmed with its quoted total and currency', async () => {
    const stay = await insertBooking(server.handle.db, {
      bookingType: 'hotel',
      travelerId: id.traveler!,
      title: 'Stay at Lagoon Lodge',
      serviceDate: day(30),
      endDate: day(33),
      partySize: 2,
      rooms: 1,
      amount: '0.00',
      currency: 'USD',
    })
    const missing = await api(`/api/bookings/${stay.id}/confirm/`, 'admin', {})
    expect(missing.status).toBe(400)
    expect(missing.body).toHaveProperty('amount')
    const done = await api(`/api/bookings/${stay.id}/confirm/`, 'admin', { amount: '845.5', currency: 'GBP' })
    expect(done.body).toMatchObject({ status: 'confirmed', amount: '845.50', currency: 'GBP' })
  })

  it('GET /api/bookings/export/ answers the traveler’s bookings as CSV', async () => {
    const res = await server.request('/api/bookings/export/', { token: token.traveler })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="meridian-bookings.csv"')
    const lines = String(res.body)
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('Reference,Type,Title,Status,Payment status,Date,End date,Party size,Amount,Currency,Trip,Created,Supplier confirmation')
    expect(lines).toHaveLength(3)
    expect(lines.some((l) => l.includes(booking.reference) && l.includes('Lagoon weekend') && l.includes(',100.05,USD,'))).toBe(true)
    expect((await server.request('/api/bookings/export/', { token: token.specialist })).status).toBe(403)
  })

  it('the typed procedures answer the same shapes', async () => {
    const list = await server.request(`/trpc/bookings.list?input=${encodeURIComponent(JSON.stringify({ filters: { type: 'hotel' } }))}`, {
      token: token.traveler,
    })
    expect(list.body.result.data).toMatchObject({ count: 1, results: [{ type: 'hotel', amount: '845.50' }], next_cursor: null })
    const summary = await server.request('/trpc/bookings.summary', { token: token.traveler })
    expect(summary.body.result.data).toMatchObject({ confirmed: 1, pending: 0, cancelled: 1 })
    const refused = await server.request('/trpc/bookings.confirm', { token: token.traveler, body: { id: booking.id } })
    expect(refused.body.error.data.code).toBe('FORBIDDEN')
  })
})

describe('cancellation fees (docs/bookings.md "Cancellation policies")', () => {
  it('GET …/cancellation/ quotes the fee; a traveler waiving it is a field error; the cancel answers the fee', async () => {
    // 20 days out under the default policy: 25% of 100.05 from 30 days before.
    const made = await api(`/api/activities/${kayak}/book/`, 'traveler', { date: day(20), participants: 3 })
    const quote = await api(`/api/bookings/${made.body.id}/cancellation/`, 'traveler')
    expect(quote.status).toBe(200)
    expect(quote.body).toMatchObject({ fee: '25.01', refund: '0.00', paid: '0.00', currency: 'USD', time_zone: 'UTC', fee_waived: false })
    expect(quote.body.free_until).toBe(`${day(-10)}T00:00:00.000Z`)
    expect(quote.body.next_step_at).toBe(`${day(6)}T00:00:00.000Z`)
    expect((await api(`/api/bookings/${made.body.id}/cancellation/`, 'traveler2')).status).toBe(404)

    const waived = await api(`/api/bookings/${made.body.id}/cancel/`, 'traveler', { waive_fee: true })
    expect(waived.status).toBe(400)
    expect(waived.body).toEqual({ waive_fee: ['Only staff can waive a cancellation fee.'] })
    const done = await api(`/api/bookings/${made.body.id}/cancel/`, 'traveler', { reason: 'Plans changed' })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ status: 'cancelled', cancellation_fee: '25.01', refund_owed: '0.00' })
    expect((await api(`/api/bookings/${made.body.id}/cancellation/`, 'traveler')).status).toBe(409)
  })
})
