import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertUser } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { eq, tripAssignments, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const token: Record<string, string> = {}
let path: string
let id: number

/** The raw answer (a PDF is not text). */
async function download(target: string, who: string, method = 'GET') {
  const res = await fetch(server.url + target, { method, headers: { Authorization: `Bearer ${token[who]}` } })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

beforeAll(async () => {
  server = await startTestServer()
  const db = server.handle.db
  await seedCurrencies(db)
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['expert', 'specialist', 'traveler', 'stranger', 'editor']) token[u] = (await server.login(u)).access
  const userId = async (u: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  const [trip] = await db
    .insert(trips)
    .values({
      title: 'Lisbon, Portugal · May 1 – May 2, 2030',
      startDate: '2030-05-01',
      endDate: '2030-05-02',
      travelers: 2,
      travelerId: await userId('traveler'),
      expertId: await userId('expert'),
    })
    .returning({ id: trips.id })
  await db.insert(tripAssignments).values({ tripId: trip!.id, expertId: await userId('expert'), status: 'accepted' })
  const created = await server.request('/api/itineraries/', { token: token.expert, body: { trip_id: trip!.id, title: 'Lisbon, slowly' } })
  id = created.body.id
  path = `/api/itineraries/${id}/`
  const saved = await server.request(path, {
    token: token.expert,
    method: 'PATCH',
    body: {
      version: 1,
      days: [
        {
          date: '2030-05-01',
          title: 'Alfama',
          items: [{ type: 'meal', title: 'Pastéis de nata', unit_price: '4.50', currency: 'USD', start_time: '10:00', end_time: '10:30' }],
        },
      ],
    },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
})
afterAll(async () => {
  await server?.close()
})

describe('GET /api/itineraries/{id}/export/', () => {
  it('answers the PDF and the calendar as attachments with their types', async () => {
    const pdf = await download(`${path}export/?format=pdf`, 'expert')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="itinerary-${id}-v2.pdf"`)
    expect(Number(pdf.headers.get('content-length'))).toBe(pdf.bytes.length)
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.bytes.subarray(-6).toString()).toContain('%%EOF')

    const ics = await download(`${path}export?format=ics`, 'expert')
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(ics.headers.get('content-disposition')).toBe(`attachment; filename="itinerary-${id}-v2.ics"`)
    const text = ics.bytes.toString('utf8')
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(text).toContain('SUMMARY:Pastéis de nata\r\n')
    expect(text).toContain('DTSTART:20300501T100000\r\n')

    // HEAD answers the headers without the file.
    const head = await download(`${path}export/?format=ics`, 'expert', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(head.bytes.length).toBe(0)
  })

  it('refuses another format with a DRF field error, and keeps itineraries from those who may not see them', async () => {
    for (const query of ['?format=docx', '', '?format=PDF']) {
      const bad = await server.request(`${path}export/${query}`, { token: token.expert })
      expect(bad.status).toBe(400)
      expect(bad.headers.get('content-type')).toContain('application/json')
      expect(bad.body).toEqual({ format: ['Choose one of: pdf, ics.'] })
    }
    expect((await server.request(`${path}export/?format=pdf`, { token: token.stranger })).status).toBe(404)
    expect((await server.request(`${path}export/?format=docx`, { token: token.stranger })).body).toEqual({ detail: 'The requested itinerary was not found.' })
    expect((await server.request(`${path}export/?format=pdf`, { token: token.editor })).status).toBe(403)
    expect((await server.request(`${path}export/?format=pdf`)).status).toBe(401)
    // The traveler: nothing before approval, then the approved version.
    expect((await server.request(`${path}export/?format=ics`, { token: token.traveler })).status).toBe(404)
    expect((await server.request(`${path}status/`, { token: token.expert, body: { status: 'review' } })).status).toBe(200)
    expect((await server.request(`${path}status/`, { token: token.specialist, body: { status: 'approved', version: 2 } })).status).toBe(200)
    const approved = await download(`${path}export/?format=ics`, 'traveler')
    expect(approved.status).toBe(200)
    expect(approved.headers.get('content-disposition')).toBe(`attachment; filename="itinerary-${id}-v2.ics"`)
    expect((await server.request(`${path}export/?format=ics&version=1`, { token: token.traveler })).status).toBe(404)
  })

  it('is also the tRPC procedure itineraries.export, as base64', async () => {
    const input = encodeURIComponent(JSON.stringify({ id, format: 'ics', version: 'approved' }))
    const res = await server.request(`/trpc/itineraries.export?input=${input}`, { token: token.specialist })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const file = res.body.result.data
    expect(file).toMatchObject({ filename: `itinerary-${id}-v2.ics`, content_type: 'text/calendar; charset=utf-8' })
    expect(Buffer.from(file.base64, 'base64').toString('utf8')).toContain('SUMMARY:Pastéis de nata')
    const bad = await server.request(`/trpc/itineraries.export?input=${encodeURIComponent(JSON.stringify({ id, format: 'zip' }))}`, { token: token.specialist })
    expect(bad.status).toBe(400)
  })
})
