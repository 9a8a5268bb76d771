import { afterAll, beforeAll, expect, it } from 'vitest'
import { insertBooking } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { bookings, eq, paymentScheduleLines } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
let booking: { id: number; reference: string }

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const api = (path: string, who?: string) => server.request(path, { token: who ? token[who] : undefined })

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  for (const username of ['superadmin', 'admin', 'expert', 'editor', 'specialist', 'traveler']) {
    const login = await server.login(username)
    token[username] = login.access
    id[username] = login.user.id
  }
  // One booking whose whole amount fell due three days ago, unpaid.
  booking = await insertBooking(db, { bookingType: 'transfer', travelerId: id.traveler!, title: 'Harbour transfer', serviceDate: day(90), partySize: 1, amount: '80.00', currency: 'USD' })
  await db.update(bookings).set({ freeCancelUntil: null }).where(eq(bookings.id, booking.id))
  await db.delete(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, booking.id))
  await db.insert(paymentScheduleLines).values({ bookingId: booking.id, position: 1, kind: 'full', amount: '80.00', currency: 'USD', dueOn: day(-3) })
})
afterAll(async () => {
  await server?.close()
})

it('GET /api/bookings/due-soon/ answers a DRF page of what falls due, overdue first, to staff', async () => {
  const res = await api('/api/bookings/due-soon/?overdue=true', 'admin')
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body).toEqual({
    count: 1,
    next: null,
    previous: null,
    results: [
      expect.objectContaining({
        kind: 'payment',
        line_kind: 'full',
        booking: expect.objectContaining({ id: booking.id, reference: booking.reference }),
        amount: '80.00',
        currency: 'USD',
        due_on: day(-3),
        status: 'overdue',
        overdue: true,
        days_left: -3,
      }),
    ],
  })
  // Not a booking id: the path is the list's.
  expect((await api('/api/bookings/due-soon/', 'superadmin')).status).toBe(200)
})

it('refuses travelers, specialists and editors, asks anonymous callers to sign in, and names a bad filter', async () => {
  for (const who of ['traveler', 'specialist', 'editor']) expect((await api('/api/bookings/due-soon/', who)).status).toBe(403)
  expect((await api('/api/bookings/due-soon/')).status).toBe(401)
  const bad = await api('/api/bookings/due-soon/?kind=refund', 'admin')
  expect(bad.status).toBe(400)
  expect(bad.body).toEqual({ kind: ['"refund" is not a valid choice. Choose one of: payment, cancellation.'] })
  expect((await api('/api/bookings/due-soon/?page=9', 'admin')).status).toBe(404)
})

it('shows an expert only the bookings they handle', async () => {
  const res = await api('/api/bookings/due-soon/', 'expert')
  expect(res.status).toBe(200)
  expect(res.body).toMatchObject({ count: 0, results: [] })
})
