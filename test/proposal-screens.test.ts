import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, proposals, tripAssignments, trips } from '@meridian/db'
import { type Credentials, type FullServer, startFullServer } from './support/full-server.ts'

/**
 * The proposal round's page (docs/proposals.md "Screens") as a browser without JavaScript uses it: the choices in the
 * address quote the total on the server, and every refusal of the services is the page with the message (400, 409),
 * never an error screen; a round that is not the reader's is not found.
 */
let server: FullServer
const who: Record<string, Credentials> = {}

beforeAll(async () => {
  server = await startFullServer()
  for (const role of ['expert', 'specialist', 'traveler', 'admin'] as const) who[role] = await server.credentials(role)
}, 600_000)
afterAll(() => server?.close())

async function rest(method: string, path: string, role: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${who[role]!.access}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, any>
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

async function page(path: string, role: string) {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: who[role]!.cookie } })
  return { status: res.status, html: await res.text() }
}

/** A form posted as the browser would: urlencoded, the session cookie, same origin, redirects not followed. */
async function post(path: string, role: string, fields: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: who[role]!.cookie, Origin: server.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: res.status, location: res.headers.get('location'), html: await res.text() }
}

/** The value of the checked radio of a slot, as the server drew it. */
function checkedOption(html: string, group: string) {
  const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? []
  const checked = radios.filter((r) => r.includes(`name="choice.${group}"`) && / checked=""/.test(r))
  return checked.map((r) => /value="([^"]*)"/.exec(r)?.[1])
}

/** A round sent to the demo traveler: a stay to choose ($100.00 recommended, or $150.00) and a $20.00 lunch, for one night. */
async function sentRound() {
  const [trip] = await server.handle.db
    .insert(trips)
    .values({
      title: 'Porto · Jun 1 – Jun 2, 2030',
      startDate: '2030-06-01',
      endDate: '2030-06-02',
      travelers: 2,
      travelerId: who.traveler!.userId,
      expertId: who.expert!.userId,
    })
    .returning({ id: trips.id })
  await server.handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: who.expert!.userId, status: 'accepted' })
  const created = await rest('POST', '/api/itineraries/', 'expert', { trip_id: trip!.id, title: 'Porto weekend' })
  const stay = (title: string, price: string, recommended: boolean) => ({
    type: 'accommodation',
    title,
    unit_price: price,
    currency: 'USD',
    option_group: 'stay',
    recommended,
  })
  const days = created.days.map((d: { key: string; date: string; title: string }, i: number) => ({
    key: d.key,
    date: d.date,
    title: d.title,
    items: i ? [] : [stay('Quinta', '100.00', true), stay('Palace', '150.00', false), { type: 'meal', title: 'Lunch', unit_price: '20.00', currency: 'USD' }],
  }))
  const saved = await rest('PATCH', `/api/itineraries/${created.id}/`, 'expert', { version: 1, days })
  await rest('POST', `/api/itineraries/${created.id}/status/`, 'expert', { status: 'review' })
  await rest('POST', `/api/itineraries/${created.id}/status/`, 'specialist', { status: 'approved', version: 2 })
  const round = await rest('POST', `/api/itineraries/${created.id}/proposals/`, 'expert', { note: 'Choose your stay.' })
  const [quinta, palace] = saved.days[0].items as { key: string }[]
  return { id: round.id as number, itinerary: created.id as number, url: `/dashboard/proposals/${round.id}`, quinta: quinta!.key, palace: palace!.key }
}

describe('the proposal page without JavaScript', () => {
  it('quotes the options the address names, and shows a choice that is not an option beside its slot', async () => {
    const r = await sentRound()
    const first = await page(r.url, 'traveler')
    expect(first.status).toBe(200)
    expect(first.html).toContain('$120.00')
    expect(first.html).toContain('Update total')
    expect(checkedOption(first.html, 'stay')).toEqual([r.quinta])

    const chosen = await page(`${r.url}?round=1&choice.stay=${r.palace}`, 'traveler')
    expect(chosen.status).toBe(200)
    expect(chosen.html).toContain('$170.00')
    expect(chosen.html).toContain('$85.00')
    expect(checkedOption(chosen.html, 'stay')).toEqual([r.palace])

    const wrong = await page(`${r.url}?choice.stay=nothing`, 'traveler')
    expect(wrong.status).toBe(400)
    expect(wrong.html).toContain('Some of the options chosen are not offered: the recommended ones are shown instead.')
    expect(wrong.html).toContain('&quot;nothing&quot; is not an option of this slot.')
    expect(wrong.html).toContain('$120.00')
  })

  it('answers refusals on the page: a stale round and an expired quote 409, an empty comment and an unknown option 400', async () => {
    const r = await sentRound()
    const empty = await post(r.url, 'traveler', { intent: 'comment', body: '  ' })
    expect(empty.status).toBe(400)
    expect(empty.html).toContain('Write a comment.')

    const option = await post(r.url, 'traveler', { intent: 'accept', round: '1', 'choice.stay': 'nothing' })
    expect(option.status).toBe(400)
    expect(option.html).toContain('&quot;nothing&quot; is not an option of this slot.')

    const stale = await post(r.url, 'traveler', { intent: 'accept', round: '3', 'choice.stay': r.palace })
    expect(stale.status).toBe(409)
    expect(stale.html).toContain('You are accepting round 3, but round 1 is the latest. Review it before accepting.')

    // A thread that is not this proposal's: its form is not on the page, so the message is at the top.
    const stray = await post(r.url, 'traveler', { intent: 'resolve', thread: '999999' })
    expect(stray.status).toBe(400)
    expect(stray.html).toContain('Comment thread not found.')

    const unknown = await post(r.url, 'traveler', { intent: 'dance' })
    expect(unknown.status).toBe(400)
    expect(unknown.html).toContain('Choose one of: accept, request_changes, comment, resolve, reopen.')

    await server.handle.db.update(proposals).set({ expiresOn: '2020-01-01' }).where(eq(proposals.id, r.id))
    const expired = await page(r.url, 'traveler')
    expect(expired.html).toContain('This quote has expired')
    expect(expired.html).toContain('Ask for a new quote')
    expect(expired.html).not.toContain('Accept round 1')
    const late = await post(r.url, 'traveler', { intent: 'accept', round: '1' })
    expect(late.status).toBe(409)
    expect(late.html).toContain('This quote expired on 2020-01-01. Ask your expert to re-price it.')
    const asked = await post(r.url, 'traveler', { intent: 'request_changes', message: 'Please send a new quote: this one expired on Jan 1, 2020.' })
    expect(asked).toMatchObject({ status: 302, location: r.url })
    expect((await rest('GET', `/api/proposals/${r.id}/`, 'traveler')).status).toBe('changes_requested')
  })

  it('accepts the options posted and shows the accepted lines; a comment lands on its thread', async () => {
    const r = await sentRound()
    const comment = await post(`${r.url}?choice.stay=${r.palace}`, 'traveler', { intent: 'comment', item_key: r.palace, body: 'A room with a view?' })
    expect(comment.status).toBe(302)
    expect(comment.location).toMatch(new RegExp(`^${r.url}\\?choice\\.stay=${r.palace}#thread-\\d+$`))
    const thread = comment.location!.split('#')[1]!
    expect((await page(`${r.url}?choice.stay=${r.palace}`, 'traveler')).html).toContain(`id="${thread}"`)

    const accepted = await post(r.url, 'traveler', { intent: 'accept', round: '1', 'choice.stay': r.palace })
    expect(accepted).toMatchObject({ status: 302, location: r.url })
    const after = await page(r.url, 'traveler')
    expect(after.html).toContain('You accepted this proposal')
    expect(after.html).toContain('$170.00')
    expect(after.html).not.toContain('Accept round 1')
    expect(await rest('GET', `/api/proposals/${r.id}/`, 'traveler')).toMatchObject({
      status: 'accepted',
      accepted_total: '170.00',
      choices: { stay: r.palace },
    })
    // A request for changes from a page drawn before: its form is gone, its refusal is said at the top.
    const late = await post(r.url, 'traveler', { intent: 'request_changes', message: 'One more night?' })
    expect(late.status).toBe(409)
    expect(late.html).toContain('This proposal has already been accepted.')
  })

  it('the planners read the round and answer threads but do not accept; anyone else gets the not-found page', async () => {
    const r = await sentRound()
    const expert = await page(r.url, 'expert')
    expect(expert.status).toBe(200)
    expect(expert.html).toContain('Waiting for the traveler')
    expect(expert.html).not.toContain('Accept round 1')
    expect(expert.html).not.toContain('Request changes')
    const refused = await post(r.url, 'expert', { intent: 'accept', round: '1' })
    expect(refused.status).toBe(403)
    expect(refused.html).toContain('Only the traveler of this trip can do this.')
    expect(await post(r.url, 'expert', { intent: 'comment', body: 'Happy to change the stay.' })).toMatchObject({ status: 302 })

    expect((await page(r.url, 'specialist')).status).toBe(404)
    expect((await post(r.url, 'specialist', { intent: 'comment', body: 'Hello' })).status).toBe(404)
    expect((await page('/dashboard/proposals', 'specialist')).status).toBe(403)
    const list = await page('/dashboard/proposals', 'admin')
    expect(list.status).toBe(200)
    expect(list.html).toContain('Porto weekend')
  })
})
