import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { createSession, DEMO_PASSWORD, DEMO_USERS, expect, SESSION_COOKIE, test as setup, uniqueName } from './fixtures.ts'
import { A11Y_PLAN, type A11yPlan, type PlannedCheck } from './support/a11y-plan.ts'
import { dashboardScreens, type RecordKind } from './support/dashboard-screens.ts'

/*
 * Plans the accessibility check of every /dashboard screen for every role (e2e/a11y-dashboard.spec.ts): makes one
 * record of each kind a `$id` screen names, asks the server, as each role, for each screen, and groups what comes back
 * by the markup of its <main>. Screens that render the same for several roles are checked once; each role's frame
 * (sidebar, top bar) is checked on its overview, and its Access Denied screen once.
 */

async function makeRecords(request: APIRequestContext): Promise<Record<RecordKind, number | string>> {
  const login = await request.post('/users/api/auth/login/', { data: { username: 'admin', password: DEMO_PASSWORD } })
  const { access, user } = (await login.json()) as { access: string; user: { id: number } }
  const headers = { Authorization: `Bearer ${access}` }
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(path, { data, headers })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
    return ((await res.json()) as { id: number }).id
  }
  const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName('Axeland '), continent: 'Europe' })
  const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName('Axeton '), country, location_type: 'city' })
  const supplier = await post('/api/suppliers/', { name: uniqueName('Axe Tours '), country })
  const activity = await post('/api/activities/', {
    name: uniqueName('Axe Walk '),
    description: 'A walk to check every screen can be read by everyone.',
    supplier_id: supplier,
    location_id: location,
    pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Solo', min_quantity: 1, max_quantity: null, price_per_unit: '40' }] },
  })
  const transfer = await post('/api/itineraries/transfers/', { name: uniqueName('Axe ferry '), type: 'ferry', from_country: country })
  const currencies = (await (await request.get('/api/currencies-mgmt/?page_size=500', { headers })).json()) as { results: { id: number; code: string }[] }
  const code = (c: string) => currencies.results.find((r) => r.code === c)!.id
  const rate = await post('/api/currencies-mgmt/create_conversion_rate/', { from_currency: code('USD'), to_currency: code('EUR'), rate: '0.91', effective_date: '2019-06-14' })
  // A photo of the demo world's (nothing uploaded: the media library spec, which may run meanwhile, counts every
  // stored file).
  const library = (await (await request.get('/api/media/?media_type=photo&page_size=1', { headers })).json()) as { results: { id: number }[] }
  expect(library.results.length, 'the demo world has photos').toBeGreaterThan(0)
  const media = library.results[0]!.id
  // A trip of the demo traveler's, one that is still open (so its details offer Cancel Trip and Edit Trip).
  const traveler = (await (await request.post('/users/api/auth/login/', { data: { username: 'traveler', password: DEMO_PASSWORD } })).json()) as { access: string; user: { id: number } }
  const trips = (await (await request.get('/users/api/traveler/trips/?status=planning', { headers: { Authorization: `Bearer ${traveler.access}` } })).json()) as {
    results: { id: number }[]
  }
  expect(trips.results.length, 'the demo traveler has a trip in planning').toBeGreaterThan(0)
  // The demo traveler's customer profile (with their trips and quiz), and the demo expert's profile (with their trips).
  const expert = (await (await request.post('/users/api/auth/login/', { data: { username: 'expert', password: DEMO_PASSWORD } })).json()) as { user: { id: number } }
  // An itinerary of that trip with a second version, so its versions page lists two and compares them.
  const itinerary = await post('/api/itineraries/', { trip_id: trips.results[0]!.id, title: uniqueName('Axe plan ') })
  const plan = (await (await request.get(`/api/itineraries/${itinerary}/`, { headers })).json()) as { days: { key: string; date: string; title: string }[] }
  const saved = await request.patch(`/api/itineraries/${itinerary}/`, {
    headers,
    data: { version: 1, days: plan.days.map((d, i) => ({ key: d.key, date: d.date, title: d.title, items: i ? [] : [{ type: 'meal', title: 'Axe lunch', unit_price: '12.00', currency: 'USD' }] })) },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  // A conversation of the demo expert's with the demo traveler (the demo's own, or a new one), with a message in it.
  const expertToken = (await (await request.post('/users/api/auth/login/', { data: { username: 'expert', password: DEMO_PASSWORD } })).json()) as { access: string }
  const opened = await request.post('/api/chat/conversations/', { data: { traveler_id: traveler.user.id }, headers: { Authorization: `Bearer ${expertToken.access}` } })
  expect(opened.status(), await opened.text()).toBeLessThan(300)
  const conversation = ((await opened.json()) as { id: number }).id
  const message = await request.post(`/api/chat/conversations/${conversation}/messages/`, {
    data: { content: 'Your ferry tickets are in the itinerary.' },
    headers: { Authorization: `Bearer ${expertToken.access}` },
  })
  expect(message.status(), await message.text()).toBe(201)
  // A demo flight with seats, for Book Flight and the flight management screens.
  const flights = (await (await request.get('/api/flights/search/?from=LHR&class=economy', { headers })).json()) as { legs: { results: { id: number; availability: number }[] }[] }
  const flight = flights.legs[0]!.results.find((f) => f.availability > 0)!.id
  // A pending, priced booking of the demo traveler's (its details offer Cancel, Confirm to staff, and Pay now).
  const bookings = (await (await request.get('/api/bookings/?status=pending&page_size=100', { headers: { Authorization: `Bearer ${traveler.access}` } })).json()) as {
    results: { id: number; amount: string; package_reference: string | null }[]
  }
  const booking = bookings.results.find((b) => /[1-9]/.test(b.amount))!.id
  // A package of the demo traveler's: the bookings of the demo world's accepted proposal, paid and cancelled together.
  const packageReference = bookings.results.find((b) => b.package_reference)?.package_reference
  expect(packageReference, 'the demo traveler has a package').toBeTruthy()
  // A round of the demo traveler's proposals (the demo world's): the one waiting for them, with its options and thread.
  const rounds = (await (await request.get('/api/proposals/?page_size=100', { headers: { Authorization: `Bearer ${traveler.access}` } })).json()) as {
    results: { id: number; status: string }[]
  }
  const proposal = (rounds.results.find((r) => r.status === 'sent') ?? rounds.results[0])?.id
  expect(proposal, 'the demo traveler has a proposal').toBeDefined()
  return {
    country, location, supplier, activity, transfer, currency: code('GBP'), rate, media, user: user.id, trip: trips.results[0]!.id, customer: traveler.user.id, expert: expert.user.id,
    itinerary,
    conversation,
    flight,
    booking,
    proposal: proposal!,
    package: packageReference!,
  }
}

/**
 * The structure of a server-rendered page's <main>: its elements and attributes, without the text between them and
 * with numbers (ids, counts, times) blanked. Two roles that see the same elements get the same key: axe judges
 * elements, their names and colours, and a different name in the same element does not change its verdict.
 */
function contentKey(html: string) {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html
  return createHash('sha1')
    .update(main.replace(/>[^<]*</g, '><').replace(/(aria-label|title|alt|value|href|data-username)="[^"]*"/g, '$1=""').replace(/\d+/g, '0'))
    .digest('hex')
}

setup('plan the accessibility check of every dashboard screen', async ({ playwright, baseURL }) => {
  // About 550 server-rendered pages, one after another: minutes on a busy 2-core machine.
  setup.setTimeout(600_000)
  const request = await playwright.request.newContext({ baseURL })
  const records = await makeRecords(request)
  const screens = dashboardScreens()
  const checks: PlannedCheck[] = []
  const seen = new Set<string>()
  for (const { username } of DEMO_USERS) {
    const token = await createSession(request, baseURL!, username)
    let deniedChecked = false
    for (const screen of screens) {
      const url = screen.kind ? screen.pattern.replace(/\$(id|reference)/, encodeURIComponent(String(records[screen.kind]))) : screen.pattern
      const res = await request.get(url, { headers: { Cookie: `${SESSION_COOKIE}=${token}` }, maxRedirects: 0 })
      const status = res.status()
      if (status === 403 && !deniedChecked && screen.framed) {
        deniedChecked = true
        checks.push({ username, url, scope: 'main', why: 'its Access Denied screen' })
        continue
      }
      if (status !== 200) {
        expect([302, 303, 403, 404], `${username} GET ${url}`).toContain(status)
        continue
      }
      if (screen.pattern === '/dashboard/overview') {
        checks.push({ username, url, scope: 'page', why: 'its frame and overview' })
        continue
      }
      const key = `${screen.pattern} ${contentKey(await res.text())}`
      if (seen.has(key)) continue
      seen.add(key)
      // A page of its own has no dashboard frame around it: the whole page is its own.
      checks.push({ username, url, scope: screen.framed ? 'main' : 'page', why: screen.file })
    }
  }
  await request.dispose()
  const plan: A11yPlan = { checks }
  fs.writeFileSync(A11Y_PLAN, JSON.stringify(plan, null, 2))
  console.log(`[a11y] ${checks.length} checks cover ${screens.length} dashboard screens for ${DEMO_USERS.length} roles`)
})
