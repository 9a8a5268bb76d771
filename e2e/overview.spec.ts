import type { APIRequestContext, Page } from '@playwright/test'
import { createSession, DEMO_USERS, type DemoUsername, expect, plantSession, test, uniqueName } from './fixtures.ts'

/**
 * Quick Access cards per role, in 3-back-office.md §6's order: each shows to those its screen opens for
 * (packages/auth/src/screen-access.ts; docs/departures.md lists where that differs from the spec's table).
 */
const QUICK_ACCESS: Record<DemoUsername, string[]> = {
  superadmin: [
    'Destinations', 'Media Library', 'Communications', 'Activities',
    'Suppliers', 'Locations', 'Activity Management', 'Analytics',
    'User Management', 'Currency', 'System Diagnostics', 'Trip Planning',
  ],
  admin: [
    'Destinations', 'Media Library', 'Communications', 'Activities',
    'Suppliers', 'Locations', 'Activity Management', 'Analytics',
    'Currency', 'System Diagnostics', 'Trip Planning',
  ],
  expert: ['Destinations', 'Media Library', 'Communications', 'Activities', 'Suppliers', 'Locations', 'Activity Management', 'Trip Planning'],
  specialist: ['Destinations', 'Communications', 'Activities', 'Trip Planning'],
  editor: ['Destinations', 'Media Library', 'Activities', 'Locations', 'Activity Management'],
  traveler: ['Destinations', 'Communications', 'Activities', 'Trip Planning'],
}

/** The overview sections each role's sidebar links to (1-platform-core.md §2 navigation anchors, by the access table). */
const SECTIONS: Record<DemoUsername, string[]> = {
  superadmin: [
    'trip-management',
    'assignment-queue',
    'expert-assignments',
    'trip-planning',
    'communication-hub',
    'quiz-review',
    'customer-profiles',
    'analytics',
  ],
  admin: ['trip-planning', 'customer-profiles', 'analytics'],
  expert: ['trip-management', 'assignment-queue', 'trip-planning', 'communication-hub'],
  specialist: [
    'assignment-queue',
    'expert-assignments',
    'trip-planning',
    'communication-hub',
    'quiz-review',
    'customer-profiles',
  ],
  editor: [],
  traveler: ['trip-planning'],
}
const ALL_SECTIONS = SECTIONS.superadmin

const ANSWERS = {
  travel_style: 'Culture & History',
  budget_range: 'Comfortable ($1500-3000)',
  group_size: 'Group of friends',
}

const tile = (page: Page, key: string) => page.getByTestId(`stat-${key}`).locator('[data-role="value"]')
const tileNumber = async (page: Page, key: string) => Number((await tile(page, key).innerText()).replace(/,/g, ''))

/** A new traveler through the REST registration call; returns the credentials. */
async function registerTraveler(request: APIRequestContext, prefix: string) {
  const username = uniqueName(prefix)
  const password = 'a-long-passphrase-1'
  const response = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, first_name: 'Mira', last_name: 'Quist' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { username, password }
}

for (const { username, firstName, roleLabel } of DEMO_USERS) {
  test(`${username}: greeting, role label, Quick Access cards and sections`, async ({ page, signIn }) => {
    await signIn(username)
    await page.goto('/dashboard/overview')
    await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${firstName}!` })).toBeVisible()
    await expect(page.getByTestId('role-label')).toHaveText(roleLabel)

    const cards = page.getByTestId('quick-access-card')
    await expect(cards.locator('[data-role="title"]')).toHaveText(QUICK_ACCESS[username])
    await expect(cards.filter({ hasText: 'Destinations' })).toHaveAttribute('href', '/dashboard/destinations')
    if (QUICK_ACCESS[username].includes('Trip Planning')) {
      await expect(cards.filter({ hasText: 'Trip Planning' })).toHaveAttribute('href', '/dashboard/trip-planning')
    }
    if (QUICK_ACCESS[username].includes('System Diagnostics')) {
      await expect(cards.filter({ hasText: 'System Diagnostics' })).toHaveAttribute('href', '/dashboard/diagnostics')
    }

    await expect(page.locator('[data-testid^="stat-"]')).toHaveCount(4)
    for (const id of ALL_SECTIONS) {
      await expect(page.locator(`section#${id}`), id).toHaveCount(SECTIONS[username].includes(id) ? 1 : 0)
    }
    // Every sidebar anchor to the overview lands on a section of this page.
    const anchors = page.getByRole('navigation').locator('a[href^="/dashboard/overview#"]')
    for (const href of await anchors.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) {
      await expect(page.locator(`section${href.slice('/dashboard/overview'.length)}`), href).toHaveCount(1)
    }

    await expect(page.getByRole('heading', { name: 'Platform Status' })).toBeVisible()
    const checks = page.getByTestId('platform-status').locator('[data-status]')
    await expect(checks).toHaveCount(3)
    await expect(checks.first()).toContainText('Database')
    await expect(checks.nth(1)).toContainText('File Storage')
    await expect(checks.nth(2)).toContainText('Background Jobs')
    for (const status of await checks.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))) {
      expect(['operational', 'degraded', 'down']).toContain(status)
    }
    await expect(page.getByRole('heading', { name: 'Recent Platform Updates' })).toBeVisible()
  })
}

test("the admin's figures come from the database and follow a registration", async ({ page, signIn, request }) => {
  await signIn('admin')
  await page.goto('/dashboard/overview')
  await expect(page.getByTestId('stat-total_users')).toContainText('Total Users')
  const before = await tileNumber(page, 'total_users')
  // The six demo accounts, plus whatever other tests running alongside registered.
  expect(before).toBeGreaterThanOrEqual(DEMO_USERS.length)
  expect(await tileNumber(page, 'staff_users')).toBeGreaterThanOrEqual(5)
  // The demo trips: planning, booked and active ones count.
  expect(await tileNumber(page, 'active_trips')).toBeGreaterThanOrEqual(3)

  const { username } = await registerTraveler(request, 'tally')
  await page.reload()
  expect(await tileNumber(page, 'total_users')).toBeGreaterThanOrEqual(before + 1)
  // Staff see the registration in the feed, as it happened.
  const update = page
    .getByTestId('recent-updates')
    .getByRole('listitem')
    .filter({ hasText: `${username} joined as a traveler` })
  await expect(update).toBeVisible()
  await expect(update).toContainText('just now')
  // The newest traveler heads Customer Profiles.
  await expect(page.locator('section#customer-profiles')).toContainText(`@${username}`)
})

test('a traveler who completes the quiz sees it awaiting review; staff see it in their feed and queue', async ({
  page,
  signIn,
  request,
  browser,
  playwright,
  baseURL,
}) => {
  const { username, password } = await registerTraveler(request, 'quizzer')
  await signIn(username, password)
  await page.goto('/dashboard/overview')
  await expect(tile(page, 'quiz_status')).toHaveText('Not taken')
  await expect(page.locator('section#trip-planning').getByRole('link', { name: 'Take the quiz' })).toHaveAttribute(
    'href',
    '/onboarding-quiz'
  )

  const login = await request.post('/users/api/auth/login/', { data: { username, password } })
  expect(login.status()).toBe(200)
  const { access } = await login.json()
  const submitted = await request.post('/api/onboarding/quiz/', {
    data: { quiz_data: ANSWERS },
    headers: { Authorization: `Bearer ${access}` },
  })
  expect(submitted.status(), await submitted.text()).toBe(201)

  await page.reload()
  await expect(tile(page, 'quiz_status')).toHaveText('Awaiting review')
  await expect(tile(page, 'my_quizzes')).toHaveText('1')
  const planning = page.locator('section#trip-planning')
  await expect(planning.getByTestId('trip-planning-quiz-status')).toHaveText('Awaiting review')
  await expect(planning.getByRole('link', { name: 'Book Trip' })).toHaveAttribute('href', '/dashboard/book-trip')
  // A traveler's own feed holds their own event.
  await expect(page.getByTestId('recent-updates')).toContainText(`${username} completed the onboarding quiz`)

  const staff = await browser.newContext()
  const api = await playwright.request.newContext({ baseURL })
  try {
    await plantSession(staff, baseURL!, await createSession(api, baseURL!, 'specialist'))
    const specialist = await staff.newPage()
    await specialist.goto('/dashboard/overview')
    const event = specialist
      .getByTestId('recent-updates')
      .getByRole('listitem')
      .filter({ hasText: `${username} completed the onboarding quiz (Culture & History, Group of friends)` })
    await expect(event).toBeVisible()
    await expect(event).toContainText('just now')
    const review = specialist.locator('section#quiz-review')
    await expect(review).toContainText(`@${username}`)
    await expect(review.getByRole('link', { name: /Open Quiz Reviews/ })).toHaveAttribute(
      'href',
      '/dashboard/quiz-reviews'
    )
    expect(await tileNumber(specialist, 'pending_quizzes')).toBeGreaterThanOrEqual(1)
  } finally {
    await api.dispose()
    await staff.close()
  }
})

test.describe('the clock', () => {
  test.use({ timezoneId: 'UTC' })

  test('shows the date and time and moves on every minute', async ({ page, signIn }) => {
    await page.clock.install({ time: new Date('2030-01-01T09:59:30Z') })
    await signIn('editor')
    await page.goto('/dashboard/overview')
    const clock = page.getByTestId('current-time')
    await expect(clock).toHaveText('Tuesday, January 1, 2030 · 9:59 AM')
    await page.clock.fastForward(30_000)
    await expect(clock).toHaveText('Tuesday, January 1, 2030 · 10:00 AM')
    await page.clock.fastForward(60_000)
    await expect(clock).toHaveText('Tuesday, January 1, 2030 · 10:01 AM')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the whole overview is in the HTML', async ({ page, signIn }) => {
    await signIn('specialist')
    await page.goto('/dashboard/overview')
    await expect(page.getByRole('heading', { name: 'Welcome back, Priya!' })).toBeVisible()
    await expect(page.getByTestId('current-time')).toHaveText(/^\w+day, \w+ \d{1,2}, \d{4} · \d{1,2}:\d{2} [AP]M UTC$/)
    await expect(page.getByTestId('quick-access-card').locator('[data-role="title"]')).toHaveText(
      QUICK_ACCESS.specialist
    )
    await expect(page.locator('[data-testid^="stat-"]')).toHaveCount(4)
    await expect(page.locator('section#quiz-review')).toBeVisible()
  })
})

test('a sidebar anchor scrolls to its section', async ({ page, signIn }) => {
  await signIn('superadmin')
  await page.goto('/dashboard/overview')
  await page.waitForLoadState('networkidle')
  const link = page.getByRole('navigation').getByRole('link', { name: 'Analytics', exact: true })
  // A click that lands while the page hydrates can be lost on a busy machine: click until the hash is there.
  await expect(async () => {
    await link.click()
    await expect(page).toHaveURL(/\/dashboard\/overview#analytics$/, { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(page.locator('section#analytics')).toBeInViewport()
  await expect(page.getByTestId('users-by-role')).toContainText('Traveler')
})

// Accessibility of the overview, for every role, light and dark: e2e/a11y-dashboard.spec.ts.

for (const js of [true, false]) {
  test.describe(`Trip Management and the Communication Hub, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the expert sees their trips with the next step, and a conversation that opens in Chat & Messages', async ({ page, signIn }) => {
      // Other specs add trips and conversations while this one runs: what is checked holds whatever they add.
      await signIn('expert')
      await page.goto('/dashboard/overview')
      if (js) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      const trips = page.locator('section#trip-management')
      await expect(trips).not.toContainText('No trips in progress')
      // The demo trips: one in each status, each with what it needs next and a link to its itinerary screen.
      const steps = {
        planning: /Build the itinerary|Send the itinerary for review|Itinerary in review: waiting for approval|Itinerary approved: confirm the bookings/,
        booked: /Departs (in \d+ days|tomorrow|today)|Was due to depart on .+: mark it under way/,
        active: /Under way, returns (today|on \w{3} \d{1,2}, \d{4})|Returned on .+: mark it completed/,
      }
      for (const [status, step] of Object.entries(steps)) {
        const group = trips.getByTestId(`trips-${status}`)
        await expect(group.getByRole('heading', { level: 3 }), status).toHaveText({ planning: 'Planning', booked: 'Booked', active: 'Active' }[status]!)
        const trip = group.getByTestId('work-trip').first()
        await expect(trip.getByTestId('next-step'), status).toHaveText(step)
        await expect(trip.getByRole('link').first(), status).toHaveAttribute('href', /^\/dashboard\/itineraries(\/\d+|\?trip=\d+)$/)
      }
      // The demo Kenya trip has no expert: it is never among the expert's.
      await expect(trips).not.toContainText('Nairobi')
      await expect(trips.getByRole('link', { name: 'Open Trip Planning' })).toHaveAttribute('href', '/dashboard/trip-planning')

      // A trip's link opens its itinerary screen.
      const first = trips.getByTestId('work-trip').first().getByRole('link').first()
      const target = (await first.getAttribute('href'))!
      await first.click()
      await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`))
      await page.goBack()

      const hub = page.locator('section#communication-hub')
      const conversation = hub.getByTestId('hub-conversation').first()
      await expect(conversation.getByTestId('hub-excerpt')).toHaveText(/\S/)
      await expect(conversation).toContainText(/just now|\d+[mhd] ago/)
      const link = conversation.getByRole('link').first()
      await expect(link).toHaveAttribute('href', /^\/dashboard\/chat\/\d+$/)
      const title = (await link.innerText()).trim()
      await link.click()
      await expect(page).toHaveURL(/\/dashboard\/chat\/\d+$/)
      await expect(page.locator('#chat-pane-title')).toHaveText(title)
      await expect(page.getByRole('log', { name: 'Messages' }).getByRole('listitem').first()).toBeVisible()
      // Opening it read it: back on the overview it has no unread count.
      await page.goto('/dashboard/overview')
      await expect(page.locator('section#communication-hub').getByTestId('hub-conversation').filter({ hasText: title }).getByTestId('hub-unread')).toHaveCount(0)
    })
  })
}

test('the superadmin sees every expert’s trips and those waiting for one, and the conversation they were asked into', async ({ page, signIn }) => {
  await signIn('superadmin')
  await page.goto('/dashboard/overview')
  const trips = page.locator('section#trip-management')
  await expect(trips).not.toContainText('No trips in progress')
  await expect(trips.getByTestId('work-trip').first()).toContainText(/Expert: |No expert yet/)
  await expect(trips.getByRole('link', { name: 'Open Trip Planning' })).toHaveAttribute('href', '/dashboard/trip-planning')
  const hub = page.locator('section#communication-hub')
  await expect(hub).not.toContainText('No conversations yet')
  await expect(hub.getByTestId('hub-conversation').first().getByRole('link').first()).toHaveAttribute('href', /^\/dashboard\/chat\/\d+$/)
  await expect(hub.getByRole('link', { name: /Open Chat & Messages/ })).toHaveAttribute('href', '/dashboard/chat')
})
