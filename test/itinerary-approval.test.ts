import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tripAssignments, trips } from '@meridian/db'
import { type Credentials, type FullServer, startFullServer } from './support/full-server.ts'

/**
 * The versions page's Approve form (docs/itineraries.md "The versions page"), as a browser without JavaScript posts it:
 * it names the version the page shows, so a version saved after the page was drawn is refused, not approved unseen.
 */
let server: FullServer
const who: Record<string, Credentials> = {}

// The first file to start the whole app may build it first (more than a minute on a busy machine).
beforeAll(async () => {
  server = await startFullServer()
  for (const role of ['expert', 'specialist', 'traveler'] as const) who[role] = await server.credentials(role)
}, 600_000)
afterAll(() => server?.close())

async function rest(method: string, path: string, role: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${who[role]!.access}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** The page's form posted as the browser would: urlencoded, the session cookie, same origin, redirects not followed. */
async function post(path: string, role: string, fields: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: who[role]!.cookie, Origin: server.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: res.status, location: res.headers.get('location'), html: await res.text() }
}

describe('the versions page approves the version it shows', () => {
  it('a version saved after the page was drawn answers 409 with the message and the new version to approve', async () => {
    const [trip] = await server.handle.db
      .insert(trips)
      .values({ title: 'Porto, Portugal · Jun 1 – Jun 2, 2030', startDate: '2030-06-01', endDate: '2030-06-02', travelers: 2, travelerId: who.traveler!.userId, expertId: who.expert!.userId })
      .returning({ id: trips.id })
    await server.handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: who.expert!.userId, status: 'accepted' })
    const created = await rest('POST', '/api/itineraries/', 'expert', { trip_id: trip!.id })
    const id = created.body.id as number
    expect((await rest('POST', `/api/itineraries/${id}/status/`, 'expert', { status: 'review' })).status).toBe(200)

    const page = `/dashboard/itineraries/${id}/versions`
    const drawn = await fetch(`${server.url}${page}`, { headers: { Cookie: who.specialist!.cookie } })
    const html = await drawn.text()
    expect(drawn.status).toBe(200)
    expect(html).toContain('name="version" value="1"')
    expect(html).toContain('Approve version 1')

    // The expert saves while the specialist reads version 1: version 2 adds a 9,999.00 dinner.
    const days = [{ date: '2030-06-01', title: 'Day 1', items: [{ type: 'meal', title: 'Dinner', unit_price: '9999.00', currency: 'USD' }] }]
    expect((await rest('PATCH', `/api/itineraries/${id}/`, 'expert', { version: 1, days })).status).toBe(200)

    const stale = await post(page, 'specialist', { intent: 'status', status: 'approved', version: '1' })
    expect(stale.status).toBe(409)
    expect(stale.html).toContain('Version 2 was saved after you opened version 1. Review it before approving.')
    expect(stale.html).toContain('Approve version 2')
    // A page drawn before approvals named a version posts none: refused, with the reason in the banner.
    const unnamed = await post(page, 'specialist', { intent: 'status', status: 'approved' })
    expect(unnamed.status).toBe(400)
    expect(unnamed.html).toContain('Version: This field is required.')
    expect((await rest('GET', `/api/itineraries/${id}/`, 'specialist')).body).toMatchObject({ status: 'review', approved_version: null })

    const approved = await post(page, 'specialist', { intent: 'status', status: 'approved', version: '2' })
    expect(approved).toMatchObject({ status: 302, location: page })
    expect((await rest('GET', `/api/itineraries/${id}/`, 'specialist')).body).toMatchObject({ status: 'approved', approved_version: 2 })
    expect((await rest('GET', `/api/itineraries/${id}/`, 'traveler')).body).toMatchObject({ version: 2, total_cost: '9999.00' })
  })
})
