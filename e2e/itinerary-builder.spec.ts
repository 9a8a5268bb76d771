import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { acceptedTrip } from './support/trips.ts'

/** The demo expert's REST token and a trip of the test's own they have accepted (support/trips.ts). */
async function expertApi(request: APIRequestContext) {
  const trip = await acceptedTrip(request, { country: 'Iceland', nights: 2 })
  return { headers: { Authorization: `Bearer ${trip.expertAccess}` }, tripId: trip.id }
}

/** A new active activity at a fixed 45.50 USD, made by an admin through the REST API; its name is unique. */
async function activity(request: APIRequestContext) {
  const login = await request.post('/users/api/auth/login/', {
    data: { username: 'admin', password: 'meridian-demo' },
  })
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
  }
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(path, { data, headers })
    expect(res.status(), await res.text()).toBe(201)
    return (await res.json()) as { id: number; name: string }
  }
  const country = await post('/api/destinations/countries-mgmt/', {
    name: uniqueName('Planland '),
    continent: 'Europe',
  })
  const location = await post('/api/destinations/locations-mgmt/', {
    name: uniqueName('Plantown '),
    country: country.id,
    location_type: 'city',
  })
  return post('/api/activities/', {
    name: uniqueName('Harbour Cruise '),
    description: 'Two hours on the water at sunset.',
    supplier_name: 'Independent guide',
    location_id: location.id,
    category: 'culture',
    pricing: { pricing_model: 'fixed', fixed_price: '45.50', currency: 'USD' },
  })
}

const meal = (key: string, title: string, price: string) => ({
  key,
  type: 'meal',
  title,
  unit_price: price,
  currency: 'USD',
  duration_minutes: 60,
  start_time: '12:00',
  end_time: '13:00',
})

/** A fresh itinerary of three days: Breakfast, Lunch and Dinner on day 1, a tea on day 2, day 3 empty. */
async function plan(request: APIRequestContext, budget: string | null = '1000.00') {
  const { headers, tripId } = await expertApi(request)
  const created = await request.post('/api/itineraries/', {
    headers,
    data: {
      trip_id: tripId,
      currency: 'USD',
      title: `Builder test ${Date.now().toString(36)}`,
    },
  })
  expect(created.status()).toBe(201)
  const it = (await created.json()) as {
    id: number
    start_date: string
    days: { key: string; date: string }[]
  }
  const date = (n: number) => new Date(Date.parse(`${it.start_date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
  const saved = await request.patch(`/api/itineraries/${it.id}/`, {
    headers,
    data: {
      version: 1,
      fields: { budget_total: budget },
      days: [
        {
          key: 'd1',
          date: date(0),
          title: 'Arrival',
          items: [meal('bfast', 'Breakfast', '10.00'), meal('lunch', 'Lunch', '20.00'), meal('dinner', 'Dinner', '30.00')],
        },
        {
          key: 'd2',
          date: date(1),
          title: 'Old town',
          items: [meal('tea', 'Tea', '5.00')],
        },
        { key: 'd3', date: date(2), title: 'Rest', items: [] },
      ],
    },
  })
  expect(saved.status()).toBe(200)
  return { id: it.id, headers }
}

/** Drag with the mouse in small steps, as a hand does (the drag starts after a few pixels). */
async function drag(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  await from.scrollIntoViewIfNeeded()
  const a = (await from.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, {
    steps: 5,
  })
  // Where the target is once the drag has started (the page may have scrolled).
  const b = (await to.boundingBox())!
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 })
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + b.height / 2, {
    steps: 2,
  })
  await page.mouse.up()
}

const dayLink = (page: Page, n: number) => page.getByRole('navigation', { name: 'Days' }).locator(`[data-day="${n}"]`)
const itemTitles = (page: Page) => page.locator('[data-item]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))

test.describe('itinerary builder', () => {
  test('shows the header, the days with their totals and the day in view', async ({ page, signIn, request }) => {
    const { id } = await plan(request, '50.00')
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Builder test')
    await expect(page.locator('[data-status="draft"]')).toHaveText('Draft')
    await expect(page.getByText('3 days')).toBeVisible()
    await expect(dayLink(page, 1)).toContainText('3 items')
    await expect(dayLink(page, 1)).toContainText('$60.00')
    await expect(page.locator('[data-total]')).toContainText('$65.00')
    // The budget is 50: the warning names the amount over.
    await expect(page.getByRole('alert').filter({ hasText: 'Over budget' })).toContainText('Over budget by $15.00.')
    await dayLink(page, 3).click()
    await expect(page.getByText('No activities planned')).toBeVisible()
  })

  test('drags an item onto another day and within a day, by mouse and keyboard, then saves', async ({ page, signIn, request }) => {
    const { id, headers } = await plan(request)
    await signIn('expert')
    // Tall enough that the day list and the items are in view together (no scrolling while dragging).
    await page.setViewportSize({ width: 1280, height: 1200 })
    await page.goto(`/dashboard/itineraries/${id}?day=1`)
    await expect(page.getByRole('button', { name: 'Drag Dinner' })).toBeVisible()

    // Dinner onto Old town in the left list: its cost and duration go with it.
    await drag(page, page.getByRole('button', { name: 'Drag Dinner' }), dayLink(page, 2))
    await expect(dayLink(page, 1)).toContainText('2 items')
    await expect(dayLink(page, 1)).toContainText('$30.00')
    await expect(dayLink(page, 2)).toContainText('$35.00')
    await expect(page.locator('[data-total]')).toContainText('$65.00')

    // Lunch above Breakfast with the keyboard: pick up, up, drop.
    // The keyboard sensor starts listening for keys in a timer it sets at pick-up, which may run after the item is
    // already drawn as picked up: a timer of the page's own, set after it, runs after it, and only then is a key sent.
    // The drop waits until Lunch is drawn above its place (a negative vertical translate), so it lands where shown.
    const lunch = page.getByRole('button', { name: 'Drag Lunch' })
    await lunch.focus()
    await page.keyboard.press('Space')
    await expect(lunch).toHaveAttribute('aria-pressed', 'true')
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
    await page.keyboard.press('ArrowUp')
    const lunchItem = page.locator('[data-item][aria-label="Lunch"]')
    await expect.poll(() => lunchItem.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42)).toBeLessThan(0)
    await page.keyboard.press('Space')
    await expect(lunch).not.toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => itemTitles(page)).toEqual(['Lunch', 'Breakfast'])

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText(/version 3/).first()).toBeVisible()
    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as { version: number; days: { items: { title: string }[] }[] }
    expect(saved.version).toBe(3)
    expect(saved.days.map((d) => d.items.map((i) => i.title))).toEqual([['Lunch', 'Breakfast'], ['Tea', 'Dinner'], []])
  })

  test('adds an activity from the library and a day, and saves both', async ({ page, signIn, request }) => {
    const { id, headers } = await plan(request)
    const { name } = await activity(request)
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}?day=3`)
    await page.getByRole('link', { name: 'Add Activity' }).click()
    const dialog = page.getByRole('dialog', { name: 'Activity Library' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Search activities').fill('zzzz-nothing')
    await dialog.getByRole('button', { name: 'Search' }).click()
    await expect(dialog.getByText('No activities found')).toBeVisible()
    await dialog.getByRole('link', { name: 'Clear All' }).click()
    await expect(dialog.getByText('No activities found')).toBeHidden()
    await dialog.getByLabel('Search activities').fill(name)
    await dialog.getByRole('button', { name: 'Search' }).click()
    const found = dialog.getByRole('article', { name })
    // Priced for the trip's travelers: a fixed price is the price whatever the group.
    await expect(found).toContainText('$45.50')
    await found.getByRole('button', { name: `Add ${name}` }).click()
    await expect(dialog).toBeHidden()
    const card = page.locator('[data-item]').filter({ hasText: name })
    await expect(card).toContainText('09:00–11:00')
    await expect(card).toContainText('To be determined')
    await expect(dayLink(page, 3)).toContainText('$45.50')
    await page.getByRole('button', { name: 'Add Day' }).click()
    await expect(page.getByText('4 days')).toBeVisible()
    await expect(dayLink(page, 4)).toContainText('Day 4')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText(/version 3/).first()).toBeVisible()
    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as {
      days: {
        title: string
        items: {
          title: string
          type: string
          details: { converted_cost: string | null }
        }[]
      }[]
    }
    expect(saved.days).toHaveLength(4)
    expect(saved.days[3]!.title).toBe('Day 4')
    expect(saved.days[2]!.items[0]).toMatchObject({
      title: name,
      type: 'activity',
    })
  })

  test('two browsers save the same version: the second sees both and combines, nothing is lost', async ({ page, signIn, request, browser, baseURL }) => {
    const { id, headers } = await plan(request)
    const { name } = await activity(request)
    const token = await signIn('expert')
    const other = await browser.newContext()
    await other.addCookies([
      {
        name: 'meridian_session',
        value: token,
        url: baseURL!,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ])
    const second = await other.newPage()
    await page.goto(`/dashboard/itineraries/${id}?day=1`)
    await second.goto(`/dashboard/itineraries/${id}?day=1`)
    await expect(second.getByRole('button', { name: 'Drag Dinner' })).toBeVisible()

    // The first removes Breakfast and saves; the second, still on version 2, adds an activity and saves.
    await page.getByRole('button', { name: 'Remove Breakfast' }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText(/version 3/).first()).toBeVisible()
    // The library is a link and a search away; the page keeps the version it opened.
    await second.getByRole('link', { name: 'Add Activity' }).click()
    const dialog = second.getByRole('dialog', { name: 'Activity Library' })
    await dialog.getByLabel('Search activities').fill(name)
    await dialog.getByRole('button', { name: 'Search' }).click()
    await dialog.getByRole('button', { name: `Add ${name}` }).click()
    await expect(second.locator('[data-item]').filter({ hasText: name })).toBeVisible()
    await second.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(second.getByText('Someone else saved this itinerary')).toBeVisible()
    await expect(second.getByText(/saved by someone else \(version 3\)/)).toBeVisible()
    await second.getByRole('button', { name: 'Combine: theirs plus my new items' }).click()
    await expect(second.getByText(/version 4/).first()).toBeVisible()
    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as { version: number; days: { items: { title: string }[] }[] }
    expect(saved.version).toBe(4)
    expect(saved.days[0]!.items.map((i) => i.title)).toEqual(['Lunch', 'Dinner', name])
    await other.close()
  })

  test('a traveler cannot open another traveler’s itinerary', async ({ page, signIn, request }) => {
    const { id } = await plan(request)
    // Nora (a demo traveler) has no part in the demo expert's trips.
    await signIn('nora')
    const response = await page.goto(`/dashboard/itineraries/${id}`)
    expect(response?.status()).toBe(404)
  })
})

test.describe('itinerary builder without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('moves up and down and to another day, removes, adds a day and an item; each saves', async ({ page, signIn, request }) => {
    const { id, headers } = await plan(request)
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}?day=1`)
    await page.getByRole('button', { name: 'Move Breakfast down' }).click()
    await expect.poll(() => itemTitles(page)).toEqual(['Lunch', 'Breakfast', 'Dinner'])
    await page.getByRole('button', { name: 'Move Dinner up' }).click()
    await expect.poll(() => itemTitles(page)).toEqual(['Lunch', 'Dinner', 'Breakfast'])

    const dinner = page.locator('[data-item="dinner"]')
    await dinner.getByLabel('Day to move Dinner to').selectOption('3')
    await dinner.getByRole('button', { name: 'Move', exact: true }).click()
    await expect(page).toHaveURL(/day=3/)
    await expect.poll(() => itemTitles(page)).toEqual(['Dinner'])
    await expect(dayLink(page, 3)).toContainText('$30.00')

    await page.getByRole('button', { name: 'Remove Dinner' }).click()
    await expect(page.getByText('No activities planned')).toBeVisible()
    await page.getByRole('button', { name: 'Add Day' }).click()
    await expect(dayLink(page, 4)).toContainText('Day 4')

    await page.getByLabel('Kind').selectOption('free_time')
    await page.getByLabel('Title').fill('Beach afternoon')
    await page.getByRole('button', { name: 'Add to this day' }).click()
    await expect(page.locator('[data-item]').filter({ hasText: 'Beach afternoon' })).toBeVisible()

    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as {
      version: number
      total_cost: string
      days: { items: { title: string }[] }[]
    }
    expect(saved.days.map((d) => d.items.map((i) => i.title))).toEqual([['Lunch', 'Breakfast'], ['Tea'], [], ['Beach afternoon']])
    expect(saved.total_cost).toBe('35.00')
    expect(saved.version).toBe(8)
  })

  test('adds an activity from the library', async ({ page, signIn, request }) => {
    const { id, headers } = await plan(request)
    const { name } = await activity(request)
    await signIn('expert')
    await page.goto(`/dashboard/itineraries/${id}/library?day=2&search=${encodeURIComponent(name)}`)
    await page.getByRole('button', { name: `Add ${name}` }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/itineraries/${id}\\?day=2`))
    await expect(page.locator('[data-item]').filter({ hasText: name })).toBeVisible()
    const saved = (await (await request.get(`/api/itineraries/${id}/`, { headers })).json()) as { days: { items: { title: string }[] }[] }
    expect(saved.days[1]!.items.map((i) => i.title)).toEqual(['Tea', name])
  })
})
