import type { APIRequestContext, Page } from '@playwright/test'
import { expect, ready, test, watchToasts } from './fixtures.ts'
import { blockingViolations } from './support/axe.ts'
import { acceptedTrip, restToken } from './support/trips.ts'

/*
 * The expert's side of proposals in the builder (docs/proposals.md): options of a slot, Send proposal and the rounds
 * panel, and the traveler's comment threads answered beside their items, with JavaScript and without.
 */

const stay = (key: string, title: string, price: string) => ({ key, type: 'accommodation', title, unit_price: price, currency: 'USD', nights: 1 })
const meal = (key: string, title: string, price: string) => ({ key, type: 'meal', title, unit_price: price, currency: 'USD', duration_minutes: 60 })

/** A fresh itinerary of the demo expert's: Hotel Cusco and Lunch on day 1, Dinner on day 2; approved when asked. */
async function plan(request: APIRequestContext, options: { approved?: boolean } = {}) {
  const trip = await acceptedTrip(request, { country: 'Peru', nights: 2 })
  const headers = { Authorization: `Bearer ${trip.expertAccess}` }
  const created = await request.post('/api/itineraries/', {
    headers,
    data: { trip_id: trip.id, currency: 'USD', title: `Proposal test ${Date.now().toString(36)}` },
  })
  expect(created.status(), await created.text()).toBe(201)
  const it = (await created.json()) as { id: number; start_date: string }
  const date = (n: number) => new Date(Date.parse(`${it.start_date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
  const saved = await request.patch(`/api/itineraries/${it.id}/`, {
    headers,
    data: {
      version: 1,
      days: [
        { key: 'd1', date: date(0), title: 'Arrival', items: [stay('cusco', 'Hotel Cusco', '120.00'), meal('lunch', 'Lunch', '20.00')] },
        { key: 'd2', date: date(1), title: 'Sacred Valley', items: [meal('dinner', 'Dinner', '30.00')] },
      ],
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  if (options.approved) {
    const move = async (token: string, data: Record<string, unknown>) => {
      const res = await request.post(`/api/itineraries/${it.id}/status/`, { headers: { Authorization: `Bearer ${token}` }, data })
      expect(res.status(), await res.text()).toBe(200)
    }
    await move(trip.expertAccess, { status: 'review' })
    await move(await restToken(request, 'specialist'), { status: 'approved', version: 2 })
  }
  const traveler = { Authorization: `Bearer ${await restToken(request, trip.username, trip.password)}` }
  return { id: it.id, headers, traveler, date }
}

type Saved = { version: number; total_cost: string; days: { items: { key: string; title: string; option_group: string | null; recommended: boolean }[] }[] }

/** The latest round's id, as the expert reads the rounds. */
async function latestRound(request: APIRequestContext, id: number, headers: Record<string, string>) {
  const res = await request.get(`/api/itineraries/${id}/proposals/`, { headers })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { results: { id: number; round: number }[] }).results[0]!
}

/** The traveler comments on an item of the latest round (or the whole proposal); the thread's id. */
async function travelerComment(request: APIRequestContext, proposal: number, traveler: Record<string, string>, body: string, item_key: string | null) {
  const res = await request.post(`/api/proposals/${proposal}/comments/`, { headers: traveler, data: { body, item_key } })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

const total = (page: Page) => page.locator('[data-total]')
const slot = (page: Page, group: string) => page.locator(`[data-slot="${group}"]`)

test.describe('proposals in the builder', () => {
  test('adds options to a slot and makes another one recommended: the totals count the recommended one only (JavaScript on)', async ({
    page,
    signIn,
    request,
  }) => {
    const { id, headers } = await plan(request)
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}?day=1`)
    await ready(page, true)
    await expect(total(page)).toContainText('$170.00')

    await page.getByRole('button', { name: 'Add an option to Hotel Cusco' }).click()
    await expect(slot(page, 'hotel-cusco').locator('[data-item]')).toHaveCount(2)
    await expect(slot(page, 'hotel-cusco').getByText('Option of hotel-cusco')).toHaveCount(2)
    await expect(slot(page, 'hotel-cusco').getByText('Recommended', { exact: true })).toHaveCount(1)
    await expect(total(page)).toContainText('$170.00')

    // A different hotel as a third option, through Add item (saved at once, with the copy).
    await page.getByLabel('Kind').selectOption('accommodation')
    await page.getByLabel('Title').fill('Inn of the Incas')
    await page.getByLabel('Price per night').fill('80.00')
    await page.getByLabel('An option of').selectOption({ label: 'Hotel Cusco (hotel-cusco)' })
    await page.getByRole('button', { name: 'Add to this day' }).click()
    await expect(slot(page, 'hotel-cusco').locator('[data-item]')).toHaveCount(3)
    await expect(page.getByText(/version 3/).first()).toBeVisible()

    await page.getByRole('button', { name: 'Make recommended: Inn of the Incas' }).click()
    await expect(page.locator('[data-item][aria-label="Inn of the Incas"]').getByText('Recommended', { exact: true })).toBeVisible()
    await expect(total(page)).toContainText('$130.00')
    await expect(page.locator('[data-day-total]')).toContainText('$100.00')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText(/version 4/).first()).toBeVisible()

    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as Saved
    expect(saved.days[0]!.items.map((i) => [i.title, i.option_group, i.recommended])).toEqual([
      ['Hotel Cusco', 'hotel-cusco', false],
      ['Hotel Cusco', 'hotel-cusco', false],
      ['Inn of the Incas', 'hotel-cusco', true],
      ['Lunch', null, false],
    ])
    expect(saved.total_cost).toBe('130.00')
  })

  test('adds a catalogue flight as a transport, priced at its fare for each traveler (JavaScript on)', async ({ page, signIn, request }) => {
    const { id, headers, date } = await plan(request)
    const number = String(1000 + Math.floor(Math.random() * 8999))
    const flight = await request.post('/api/flights/', {
      headers,
      data: {
        airline_code: 'LA',
        flight_number: number,
        from: 'JFK',
        to: 'LIM',
        departure: `${date(1)}T09:40`,
        arrival: `${date(1)}T17:10`,
        class: 'economy',
        price: '300.00',
        currency: 'USD',
        seats_total: 180,
      },
    })
    expect(flight.status(), await flight.text()).toBe(201)
    const { id: flightId } = (await flight.json()) as { id: number }
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}?day=2`)
    await ready(page, true)
    await page.getByLabel('Kind').selectOption('transport')
    await page.getByLabel('Title').fill('Flight to Lima')
    const choice = page.getByLabel('Or a catalogue flight (transport)')
    await expect(choice.locator('optgroup').first()).toHaveAttribute('label', /^Flights on /)
    await choice.selectOption({ label: `LA${number} JFK → LIM · 09:40 · Economy · $300.00 per person` })
    await page.getByRole('button', { name: 'Add to this day' }).click()
    // Two adults: twice the fare.
    await expect(page.locator('[data-item][aria-label="Flight to Lima"] [data-cost]')).toHaveText('$600.00')
    await expect(total(page)).toContainText('$770.00')
    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as {
      total_cost: string
      days: { items: { title: string; flight_id: number | null; transfer_id: number | null }[] }[]
    }
    expect(saved.days[1]!.items.at(-1)).toMatchObject({ title: 'Flight to Lima', flight_id: flightId, transfer_id: null })
    expect(saved.total_cost).toBe('770.00')
  })

  test('sends a proposal, shows its round and the change request, answers and resolves a thread (JavaScript on)', async ({ page, signIn, request }) => {
    const { id, headers, traveler } = await plan(request, { approved: true })
    await signIn('expert')
    const toasts = await watchToasts(page)
    await page.goto(`/dashboard/itineraries/${id}?day=1`)
    await ready(page, true)
    await page.getByRole('link', { name: 'Send proposal' }).click()
    const form = page.getByRole('region', { name: 'Send proposal' })
    await form.getByLabel('Note to the traveler').fill('Two hotels to choose from in Cusco.')
    await form.getByLabel('Not included (one per line)').fill('International flights\nTravel insurance')
    await form.getByRole('button', { name: 'Send proposal' }).click()
    await expect.poll(toasts).toContainEqual(expect.stringContaining('Round 1 sent to the traveler.'))
    const row = page.getByRole('table', { name: 'Proposal rounds' }).locator('[data-round="1"]')
    await expect(row).toContainText('Waiting for the traveler')
    await expect(row).toContainText('$170.00')
    await expect(row.getByRole('link', { name: 'Open round 1' })).toHaveAttribute('href', /\/dashboard\/proposals\/\d+$/)

    // The traveler comments on the lunch and asks for changes.
    const round = await latestRound(request, id, headers)
    const thread = await travelerComment(request, round.id, traveler, 'Could lunch be vegetarian?', 'lunch')
    const changes = await request.post(`/api/proposals/${round.id}/request-changes/`, { headers: traveler, data: { message: 'A quieter hotel, please.' } })
    expect(changes.status(), await changes.text()).toBe(200)

    await page.reload()
    await ready(page, true)
    await expect(page.locator('[data-changes-round="1"]')).toContainText('A quieter hotel, please.')
    const card = page.locator(`#thread-${thread}`)
    await expect(card).toContainText('Could lunch be vegetarian?')
    await expect(card).toContainText('(traveler)')
    await card.getByRole('textbox', { name: 'Reply on Lunch' }).fill('Yes: a vegetarian menu is booked.')
    await card.getByRole('button', { name: 'Send reply' }).click()
    await expect(card).toContainText('Yes: a vegetarian menu is booked.')
    await expect.poll(toasts).toContainEqual(expect.stringContaining('Reply sent to the traveler.'))
    await card.getByRole('button', { name: 'Resolve' }).click()
    await expect(page.locator(`details#thread-${thread}`)).toContainText('Resolved thread on Lunch')
  })

  test('a link to a thread on another day opens that day at the thread (JavaScript on)', async ({ page, signIn, request }) => {
    const { id, headers, traveler } = await plan(request, { approved: true })
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}?day=1`)
    await ready(page, true)
    await page.getByRole('region', { name: 'Send proposal' }).getByRole('button', { name: 'Send proposal' }).click()
    await expect(page.getByRole('table', { name: 'Proposal rounds' }).locator('[data-round="1"]')).toBeVisible()
    const round = await latestRound(request, id, headers)
    const thread = await travelerComment(request, round.id, traveler, 'Is dinner far from the hotel?', 'dinner')
    await page.goto(`/dashboard/itineraries/${id}#thread-${thread}`)
    await expect(page).toHaveURL(new RegExp(`\\?day=2#thread-${thread}$`))
    await expect(page.locator(`#thread-${thread}`)).toContainText('Is dinner far from the hotel?')
  })
})

test('the builder with options, rounds, a change request and threads has no serious or critical axe finding, light or dark', async ({
  page,
  signIn,
  request,
}) => {
  const { id, headers, traveler } = await plan(request, { approved: true })
  const sent = await request.post(`/api/itineraries/${id}/proposals/`, { headers, data: { note: 'For you.' } })
  expect(sent.status(), await sent.text()).toBe(201)
  const round = await latestRound(request, id, headers)
  await travelerComment(request, round.id, traveler, 'Is there a pool?', 'cusco')
  await travelerComment(request, round.id, traveler, 'Looks good overall.', null)
  const changes = await request.post(`/api/proposals/${round.id}/request-changes/`, { headers: traveler, data: { message: 'One more night, please.' } })
  expect(changes.status(), await changes.text()).toBe(200)
  const current = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as { days: { key: string; date: string; title: string }[] }
  const [d1, d2] = current.days
  const options = await request.patch(`/api/itineraries/${id}/`, {
    headers,
    data: {
      version: 2,
      days: [
        {
          ...d1,
          items: [
            { ...stay('cusco', 'Hotel Cusco', '120.00'), option_group: 'hotel-cusco', recommended: true },
            { ...stay('inn', 'Inn of the Incas', '80.00'), option_group: 'hotel-cusco' },
            meal('lunch', 'Lunch', '20.00'),
          ],
        },
        { ...d2, items: [meal('dinner', 'Dinner', '30.00')] },
      ],
    },
  })
  expect(options.status(), await options.text()).toBe(200)
  await signIn('expert')
  await page.goto(`/dashboard/itineraries/${id}?day=1`)
  await expect(slot(page, 'hotel-cusco')).toBeVisible()
  await expect(page.locator('[data-changes-round="1"]')).toBeVisible()
  const findings = (await blockingViolations(page)).map((l) => `light: ${l}`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  findings.push(...(await blockingViolations(page, { only: ['color-contrast'] })).map((l) => `dark: ${l}`))
  expect(findings).toEqual([])
})

test.describe('proposals in the builder without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('adds an option and recommends it, sends a proposal and answers a thread, each a form post', async ({ page, signIn, request }) => {
    const { id, headers, traveler } = await plan(request, { approved: true })
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}?day=1`)

    // The proposal sends the approved version (2), whatever is saved after it.
    await page.getByLabel('Note to the traveler').fill('Your plan for Peru.')
    await expect(page.getByLabel('Quote valid until')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
    await page.getByRole('region', { name: 'Send proposal' }).getByRole('button', { name: 'Send proposal' }).click()
    await expect(page).toHaveURL(/#proposal$/)
    await expect(page.getByText('Round 1 sent to the traveler.')).toBeVisible()
    await expect(page.getByRole('table', { name: 'Proposal rounds' }).locator('[data-round="1"]')).toContainText('$170.00')

    await page.getByRole('button', { name: 'Add an option to Hotel Cusco' }).click()
    await expect(slot(page, 'hotel-cusco').locator('[data-item]')).toHaveCount(2)
    await page.getByRole('button', { name: 'Make recommended: Hotel Cusco' }).click()
    await expect(page.getByText(/is the recommended option of hotel-cusco/)).toBeVisible()
    await page.getByRole('button', { name: 'Hotel Cusco: leave the slot' }).first().click()
    await expect(slot(page, 'hotel-cusco')).toHaveCount(0)
    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as Saved
    expect(saved.days[0]!.items.map((i) => [i.title, i.option_group])).toEqual([
      ['Hotel Cusco', null],
      ['Hotel Cusco', null],
      ['Lunch', null],
    ])
    expect(saved.version).toBe(5)

    const round = await latestRound(request, id, headers)
    const thread = await travelerComment(request, round.id, traveler, 'Can we arrive a day early?', null)
    await page.goto(`/dashboard/itineraries/${id}?day=1`)
    const card = page.locator(`#thread-${thread}`)
    await expect(card).toContainText('Can we arrive a day early?')
    // An empty reply is refused beside the field.
    await card.getByRole('textbox', { name: 'Reply on the whole proposal' }).fill('   ')
    await card.getByRole('button', { name: 'Send reply' }).click()
    await expect(page.locator(`#thread-${thread}`)).toContainText('Write a comment.')
    await page.locator(`#thread-${thread}`).getByRole('textbox', { name: 'Reply on the whole proposal' }).fill('Yes, from the 2nd.')
    await page.locator(`#thread-${thread}`).getByRole('button', { name: 'Send reply' }).click()
    await expect(page).toHaveURL(new RegExp(`#thread-${thread}$`))
    await expect(page.locator(`#thread-${thread}`)).toContainText('Yes, from the 2nd.')
  })
})
