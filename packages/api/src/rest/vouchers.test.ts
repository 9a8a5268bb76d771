import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBooking, insertUser } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { pdfPageCount, readPdfText } from '@meridian/core/testing'
import { and, eq, notifications, suppliers, tripAssignments, trips } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}
let tripId: number
let booking: { id: number; reference: string }

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const api = (path: string, who?: string, body?: unknown) => server.request(path, { token: who ? token[who] : undefined, body })

/** The raw answer (a PDF is not text). */
async function download(target: string, who?: string) {
  const res = await fetch(server.url + target, { headers: who ? { Authorization: `Bearer ${token[who]}` } : {} })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function book(values: { title: string; date: number; tripId?: number; supplierId?: number }) {
  const row = await insertBooking(server.handle.db, {
    bookingType: 'activity',
    travelerId: id.traveler!,
    tripId: values.tripId ?? tripId,
    supplierId: values.supplierId ?? null,
    title: values.title,
    serviceDate: day(values.date),
    partySize: 2,
    amount: '80.00',
    currency: 'USD',
  })
  return { id: row.id, reference: row.reference }
}

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  await insertUser(db, { username: 'traveler2', email: 'traveler2@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const username of ['admin', 'expert', 'editor', 'specialist', 'traveler', 'traveler2']) {
    const login = await server.login(username)
    token[username] = login.access
    id[username] = login.user.id
  }
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Azores week', startDate: day(30), endDate: day(37), travelerId: id.traveler!, expertId: id.expert! })
    .returning({ id: trips.id })
  tripId = trip!.id
  await db.insert(tripAssignments).values({ tripId, expertId: id.expert!, status: 'accepted' })
  const [supplier] = await db
    .insert(suppliers)
    .values({ name: 'Azores Whale Watch', phone: '+351 296 000 111', email: 'hello@whales.example' })
    .returning({ id: suppliers.id })
  booking = await book({ title: 'Whale watching from Ponta Delgada', date: 31, supplierId: supplier!.id })
})
afterAll(async () => {
  await server?.close()
})

describe('POST /api/bookings/{id}/supplier-confirmation/', () => {
  const path = () => `/api/bookings/${booking.id}/supplier-confirmation/`

  it('records the number and notes for staff handling the booking, tells the traveler, and answers the booking', async () => {
    const done = await api(path(), 'expert', { supplier_confirmation: ' WW-48213 ', supplier_notes: 'Boarding at the marina, pier 3.' })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toMatchObject({
      id: booking.id,
      reference: booking.reference,
      supplier_confirmation: 'WW-48213',
      supplier_notes: 'Boarding at the marina, pier 3.',
      supplier_confirmed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      can: { supplier_confirmation: true, voucher: true },
    })
    const seen = await api(`/api/bookings/${booking.id}/`, 'traveler')
    expect(seen.body).toMatchObject({ supplier_confirmation: 'WW-48213', can: { supplier_confirmation: false, voucher: true } })
    const told = await server.handle.db
      .select({ title: notifications.title, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, id.traveler!), eq(notifications.link, `/dashboard/bookings/${booking.id}`)))
    expect(told).toEqual([{ title: `Supplier confirmation for ${booking.reference}`, kind: 'booking.status' }])
  })

  it('answers 401, 403, 404 and DRF field errors in that order', async () => {
    expect((await api(path(), undefined, { supplier_confirmation: 'X' })).status).toBe(401)
    for (const who of ['traveler', 'specialist', 'editor']) expect((await api(path(), who, { supplier_confirmation: 'X' })).status).toBe(403)
    const elsewhere = await insertBooking(server.handle.db, {
      bookingType: 'activity',
      travelerId: id.traveler2!,
      title: 'Not the expert’s',
      serviceDate: day(20),
      partySize: 1,
      amount: '5.00',
      currency: 'USD',
    })
    expect((await api(`/api/bookings/${elsewhere.id}/supplier-confirmation/`, 'expert', { supplier_confirmation: 'X' })).status).toBe(404)
    expect((await api('/api/bookings/999999/supplier-confirmation/', 'admin', { supplier_confirmation: 'X' })).status).toBe(404)
    const bad = await api(path(), 'admin', { supplier_confirmation: 'W'.repeat(65), supplier_notes: ['no'] })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ supplier_confirmation: ['Ensure this field has no more than 64 characters.'], supplier_notes: ['Enter text.'] })
    expect((await api(`/api/bookings/${booking.id}/`, 'admin')).body.supplier_confirmation).toBe('WW-48213')
  })

  it('the typed procedure takes the same data', async () => {
    const other = await book({ title: 'Crater lake hike', date: 33 })
    const done = await server.request('/trpc/bookings.supplierConfirmation', {
      token: token.admin,
      body: { id: other.id, data: { supplier_confirmation: 'CL-7' } },
    })
    expect(done.body.result.data).toMatchObject({ id: other.id, supplier_confirmation: 'CL-7', supplier_notes: '' })
    const refused = await server.request('/trpc/bookings.supplierConfirmation', {
      token: token.traveler,
      body: { id: other.id, data: { supplier_confirmation: 'X' } },
    })
    expect(refused.body.error.data.code).toBe('FORBIDDEN')
  })
})

describe('vouchers', () => {
  it('GET /api/bookings/{id}/voucher/ answers the PDF as an attachment, holding the confirmation number', async () => {
    const pdf = await download(`/api/bookings/${booking.id}/voucher/`, 'traveler')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="meridian-voucher-${booking.reference}.pdf"`)
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await readPdfText(pdf.bytes)
    expect(text).toContain('Meridian Travel')
    expect(text).toContain(booking.reference)
    expect(text).toContain('WW-48213')
    expect(text).toContain('Boarding at the marina, pier 3.')
    expect(text).toContain('Supplier: Azores Whale Watch')
    expect(text).toContain('Phone: +351 296 000 111')
    expect(text).toContain('Whale watching from Ponta Delgada')
    // The staff handling it too; to anyone else it does not exist.
    expect((await download(`/api/bookings/${booking.id}/voucher/`, 'expert')).status).toBe(200)
    expect((await download(`/api/bookings/${booking.id}/voucher/`, 'traveler2')).status).toBe(404)
    expect((await download(`/api/bookings/${booking.id}/voucher/`, 'specialist')).status).toBe(403)
    expect((await download(`/api/bookings/${booking.id}/voucher/`)).status).toBe(401)
    expect((await download('/api/bookings/abc/voucher/', 'traveler')).status).toBe(404)
  })

  it('a cancelled booking has no voucher (409 with the reason)', async () => {
    const gone = await book({ title: 'Hot springs evening', date: 32 })
    expect((await api(`/api/bookings/${gone.id}/cancel/`, 'traveler', {})).status).toBe(200)
    const refused = await api(`/api/bookings/${gone.id}/voucher/`, 'traveler')
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ detail: 'A cancelled booking has no voucher.' })
  })

  it('GET /api/trips/{id}/vouchers/ answers one PDF of the trip’s live bookings; 404 for another’s trip, 409 with none live', async () => {
    const pdf = await download(`/api/trips/${tripId}/vouchers/`, 'traveler')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="meridian-vouchers-trip-${tripId}.pdf"`)
    // Whale watching, and the crater lake hike; the cancelled hot springs evening is left out.
    expect(await pdfPageCount(pdf.bytes)).toBe(2)
    const text = await readPdfText(pdf.bytes)
    expect(text.indexOf('WW-48213')).toBeLessThan(text.indexOf('CL-7'))
    expect(text).not.toContain('Hot springs evening')
    expect((await download(`/api/trips/${tripId}/vouchers/`, 'expert')).status).toBe(200)
    expect((await download(`/api/trips/${tripId}/vouchers/`, 'traveler2')).status).toBe(404)
    expect((await download(`/api/trips/${tripId}/vouchers/`, 'editor')).status).toBe(403)
    const [empty] = await server.handle.db
      .insert(trips)
      .values({ title: 'Nothing booked yet', startDate: day(60), endDate: day(61), travelerId: id.traveler! })
      .returning({ id: trips.id })
    const none = await api(`/api/trips/${empty!.id}/vouchers/`, 'traveler')
    expect(none.status).toBe(409)
    expect(none.body).toEqual({ detail: 'This trip has no booking that is not cancelled: there is no voucher to download.' })
  })

  it('the typed procedures answer the file as base64', async () => {
    const one = await server.request(`/trpc/bookings.voucher?input=${encodeURIComponent(JSON.stringify({ id: booking.id }))}`, { token: token.traveler })
    expect(one.body.result.data).toMatchObject({ filename: `meridian-voucher-${booking.reference}.pdf`, content_type: 'application/pdf' })
    expect(await readPdfText(Buffer.from(one.body.result.data.base64, 'base64'))).toContain('WW-48213')
    const all = await server.request(`/trpc/bookings.tripVouchers?input=${encodeURIComponent(JSON.stringify({ id: tripId }))}`, { token: token.traveler })
    expect(all.body.result.data.filename).toBe(`meridian-vouchers-trip-${tripId}.pdf`)
    const hidden = await server.request(`/trpc/bookings.tripVouchers?input=${encodeURIComponent(JSON.stringify({ id: tripId }))}`, { token: token.traveler2 })
    expect(hidden.body.error.data.code).toBe('NOT_FOUND')
  })
})
