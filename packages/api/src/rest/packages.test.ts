import { afterAll, beforeAll, expect, it } from 'vitest'
import { insertBooking } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { bookings, eq, inArray, payments } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
let serial = 0

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const api = (path: string, who?: string, body?: unknown) =>
  server.request(path, { token: who ? token[who] : undefined, ...(body !== undefined ? { body } : {}) })

/** Two legs of one itinerary, 20% due today and the balance 14 days before each; the first costs 25% to cancel inside 30 days. */
async function twoLegs(secondDate = day(25)) {
  const reference = `MC-REST-${++serial}`
  const leg = (over: Partial<Parameters<typeof insertBooking>[1]>) =>
    insertBooking(server.handle.db, {
      bookingType: 'flight',
      travelerId: id.traveler!,
      title: 'Leg',
      serviceDate: day(20),
      partySize: 1,
      amount: '400.00',
      currency: 'EUR',
      status: 'confirmed',
      scheduleTerms: { deposit_percent: '20', deposit_amount: null, deposit_due: 'booking', balance_days: 14 },
      cancellationTerms: { steps: [] },
      packageReference: reference,
      ...over,
    })
  const first = await leg({ cancellationTerms: { steps: [{ days_before: 30, percent: '25', amount: null }] } })
  const second = await leg({ serviceDate: secondDate, amount: '600.00' })
  return { reference, first, second }
}

beforeAll(async () => {
  server = await startTestServer()
  await seedCurrencies(server.handle.db)
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'traveler']) {
    const login = await server.login(username)
    token[username] = login.access
    id[username] = login.user.id
  }
})
afterAll(async () => {
  await server?.close()
})

it('GET /api/bookings/packages/{reference}/ answers the package to its traveler and staff, 404 to others', async () => {
  const { reference, first, second } = await twoLegs()
  const res = await api(`/api/bookings/packages/${reference}/`, 'traveler')
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body).toMatchObject({
    reference,
    bookings: [{ id: first.id, package_reference: reference }, { id: second.id }],
    totals: [{ currency: 'EUR', amount: '1000.00', paid: '0.00', outstanding: '1000.00' }],
    next_due: { due_on: day(0), totals: [{ currency: 'EUR', amount: '200.00' }] },
    cancellation: { totals: [{ currency: 'EUR', fee: '100.00', refund: '0.00', paid: '0.00' }] },
    can: { pay: true, cancel: true },
  })
  // A booking's own path is not confused with the package's.
  expect((await api(`/api/bookings/${first.id}/`, 'traveler')).body).toMatchObject({ package_reference: reference })
  expect((await api(`/api/bookings/packages/${reference}/`, 'admin')).status).toBe(200)
  expect((await api(`/api/bookings/packages/${reference}/`, 'expert')).status).toBe(404)
  expect((await api(`/api/bookings/packages/${reference}/`, 'editor')).status).toBe(403)
  expect((await api(`/api/bookings/packages/${reference}/`)).status).toBe(401)
  expect((await api('/api/bookings/packages/NOPE/', 'traveler')).status).toBe(404)
  // A reference no package can have (a NUL byte PostgreSQL's text cannot hold) names none: 404, never a 500.
  expect((await api('/api/bookings/packages/1%00/', 'traveler')).status).toBe(404)
})

it('POST …/pay/ writes every payment due next at once (201); staff mark them received in one step', async () => {
  const { reference, first, second } = await twoLegs()
  const paid = await api(`/api/bookings/packages/${reference}/pay/`, 'traveler', {})
  expect(paid.status, JSON.stringify(paid.body)).toBe(201)
  expect(paid.body).toMatchObject({ reference, due_on: day(0), totals: [{ currency: 'EUR', amount: '200.00' }], next_action: { type: 'manual', reference } })
  expect((paid.body as { payments: unknown[] }).payments).toHaveLength(2)
  expect((await api(`/api/bookings/packages/${reference}/pay/`, 'admin', {})).status).toBe(403)
  expect((await api(`/api/bookings/packages/${reference}/pay/`, 'traveler', { due_on: 'soon' })).body).toEqual({ due_on: ['Enter a valid date (YYYY-MM-DD).'] })

  expect((await api(`/api/bookings/packages/${reference}/mark-received/`, 'traveler', {})).status).toBe(403)
  const marked = await api(`/api/bookings/packages/${reference}/mark-received/`, 'admin', { method: 'bank_transfer' })
  expect(marked.status, JSON.stringify(marked.body)).toBe(200)
  expect(marked.body).toMatchObject({ totals: [{ currency: 'EUR', paid: '200.00', outstanding: '800.00' }] })
  const rows = await server.handle.db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, [first.id, second.id]))
  expect(rows.map((p) => p.status)).toEqual(['succeeded', 'succeeded'])
  expect((await api(`/api/bookings/packages/${reference}/mark-received/`, 'admin', {})).status).toBe(409)
})

it('POST …/cancel/ cancels every leg, or none: a refusal names the booking', async () => {
  const late = await twoLegs(day(0))
  const refused = await api(`/api/bookings/packages/${late.reference}/cancel/`, 'traveler', { reason: 'Ill' })
  expect(refused.status).toBe(403)
  expect((refused.body as { detail: string }).detail).toContain(late.second.reference)
  const rows = await server.handle.db
    .select({ status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.id, [late.first.id, late.second.id]))
  expect(rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed'])

  const { reference, first } = await twoLegs()
  const done = await api(`/api/bookings/packages/${reference}/cancel/`, 'traveler', { reason: 'Plans changed' })
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  expect(done.body).toMatchObject({
    bookings: [
      { status: 'cancelled', cancellation_fee: '100.00' },
      { status: 'cancelled', cancellation_fee: '0.00' },
    ],
  })
  const [row] = await server.handle.db.select().from(bookings).where(eq(bookings.id, first.id))
  expect(row!.cancelReason).toBe('Plans changed')
  expect((await api(`/api/bookings/packages/${reference}/cancel/`, 'traveler', {})).status).toBe(409)
})
