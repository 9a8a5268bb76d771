import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_USERS, expect, OVERVIEW, SESSION_COOKIE, test, uniqueName } from './fixtures.ts'

/**
 * The sidebar of each role: the items of 1-platform-core.md §2 (Navigation items) whose screens open for it
 * (packages/auth/src/screen-access.ts); docs/departures.md lists where that differs from the spec's role lists.
 */
const SIDEBAR: Record<string, string[]> = {
  superadmin: [
    'Dashboard', 'My Trips', 'Trip Assignments', 'Trip Management', 'Assignment Queue', 'Expert Assignments',
    'Trip Planning', 'Book Trip', 'Itineraries', 'Proposals',
    'Chat & Messages', 'Communication Hub',
    'Flights', 'Flight Management', 'Transfers', 'Bookings',
    'Destinations',
    'Search & Discovery', 'Activity Management',
    'Destination Management', 'Location Management', 'Content', 'Media Library', 'Supplier Management',
    'Currency Management',
    'Quiz Reviews', 'Quiz Review', 'Customer Profiles', 'Wishlist',
    'Analytics', 'Performance',
    'User Management',
  ],
  admin: [
    'Dashboard',
    'Trip Planning', 'Itineraries', 'Proposals',
    'Chat & Messages',
    'Flights', 'Flight Management', 'Transfers', 'Bookings',
    'Destinations',
    'Search & Discovery', 'Activity Management',
    'Destination Management', 'Location Management', 'Content', 'Media Library', 'Supplier Management',
    'Currency Management',
    'Customer Profiles',
    'Analytics',
  ],
  expert: [
    'Dashboard', 'Trip Assignments', 'Trip Management', 'Assignment Queue',
    'Trip Planning', 'Itineraries', 'Proposals',
    'Chat & Messages', 'Communication Hub',
    'Flights', 'Flight Management', 'Transfers', 'Bookings',
    'Destinations',
    'Search & Discovery', 'Activity Management',
    'Destination Management', 'Location Management', 'Content', 'Media Library', 'Supplier Management',
    'Performance',
  ],
  specialist: [
    'Dashboard', 'Trip Assignments', 'Assignment Queue', 'Expert Assignments',
    'Trip Planning', 'Itineraries',
    'Chat & Messages', 'Communication Hub',
    'Destinations',
    'Search & Discovery',
    'Quiz Reviews', 'Quiz Review', 'Customer Profiles',
    'Performance',
  ],
  editor: ['Dashboard', 'Destinations', 'Search & Discovery', 'Activity Management', 'Destination Management', 'Location Management', 'Content', 'Media Library'],
  traveler: [
    'Dashboard', 'My Trips',
    'Trip Planning', 'Book Trip', 'Itineraries', 'Proposals',
    'Expert Communication',
    'Flights', 'Bookings',
    'Destinations',
    'Search & Discovery',
    'Wishlist',
  ],
}

const sidebar = (page: Page) => page.getByTestId('sidebar-nav')
/** The bell becomes a button once the page's JavaScript has taken over. */
const hydrated = (page: Page) => expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toBeVisible()
/** Every item label, collapsed sections included. */
const sidebarLabels = (page: Page) => sidebar(page).locator('a').allTextContents()

/** A traveler of this test's own, so saved preferences cannot meet another test's. */
async function registerTraveler(request: APIRequestContext, baseURL: string) {
  const username = uniqueName('nav')
  const password = 'a-long-passphrase'
  const response = await request.post('/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, first_name: 'Nadia', last_name: 'Ortiz' },
    headers: { Origin: baseURL },
  })
  expect(response.status()).toBe(201)
  return { username, password }
}

for (const [role, labels] of Object.entries(SIDEBAR)) {
  test(`${role}: sidebar items, header buttons, role path`, async ({ page, signIn }) => {
    await signIn(role)
    await page.goto(`/dashboard/${role}`)
    await expect(page).toHaveURL(OVERVIEW)

    expect((await sidebarLabels(page)).map((s) => s.trim())).toEqual(labels)
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')

    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Plan Trip' })).toHaveCount(role === 'traveler' ? 1 : 0)
    await expect(header.getByRole('link', { name: 'New Chat' })).toHaveCount(role === 'expert' || role === 'specialist' ? 1 : 0)
    await expect(header.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search trips, customers, destinations...')
    await expect(header.getByTestId('user-avatar')).toHaveText(DEMO_USERS.find((u) => u.username === role)!.firstName.charAt(0))
    await expect(page.getByText('v2.0')).toBeVisible()
  })
}

test('on a phone the sidebar sits behind the burger menu', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn('admin')
  await page.goto('/dashboard/overview')
  await hydrated(page)
  const flights = sidebar(page).getByRole('link', { name: 'Flights' })
  await expect(flights).not.toBeInViewport()
  await page.getByRole('button', { name: 'Open navigation' }).click()
  await expect(flights).toBeInViewport()
  await flights.click()
  await expect(page).toHaveURL(/\/dashboard\/flights$/)
  await expect(page.getByRole('heading', { name: 'Flight Management' })).toBeVisible()
  await expect(flights).not.toBeInViewport()
})

test('a collapsed section stays collapsed after a reload; a new account’s bell is all caught up', async ({ page, signIn, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL })
  const { username, password } = await registerTraveler(api, baseURL!).finally(() => api.dispose())
  await signIn(username, password)
  await page.goto('/dashboard/overview')
  await hydrated(page)

  const toggle = page.getByRole('button', { name: 'Travel Planning', exact: true })
  const bookTrip = sidebar(page).getByRole('link', { name: 'Book Trip' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const saved = page.waitForResponse((r) => r.url().includes('/resources/preferences') && r.request().method() === 'POST')
  await toggle.click()
  await expect(bookTrip).toBeHidden()
  expect((await saved).ok()).toBe(true)

  await page.reload()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(bookTrip).toBeHidden()
  await expect(sidebar(page).getByRole('link', { name: 'My Trips' })).toBeVisible()

  // The bell holds notifications of real events (e2e/notifications.spec.ts): none yet for a new account.
  await page.getByRole('button', { name: 'Notifications' }).click()
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText("You're all caught up")
})

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the section toggle is a form post back to the same page', async ({ page, signIn, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL })
    const { username, password } = await registerTraveler(api, baseURL!).finally(() => api.dispose())
    await signIn(username, password)
    await page.goto('/dashboard/flights')
    await page.getByRole('button', { name: 'Booking & Reservations', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/flights$/)
    await expect(page.getByRole('button', { name: 'Booking & Reservations', exact: true })).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page).getByRole('link', { name: 'Bookings' })).toBeHidden()
  })

  test('the header search submits to /dashboard/search', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/dashboard/overview')
    await page.getByRole('searchbox', { name: 'Search' }).first().fill('currency')
    await page.getByRole('searchbox', { name: 'Search' }).first().press('Enter')
    await expect(page).toHaveURL(/\/dashboard\/search\?q=currency$/)
    await expect(page.getByRole('main').getByRole('link', { name: 'Currency Management' })).toBeVisible()
  })
})

test('the header search finds screens the role may open, and nothing else', async ({ page, signIn }) => {
  await signIn('admin')
  await page.goto('/dashboard/overview')
  await hydrated(page)
  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill('currency')
  // The dropdown waits for typing to pause, then asks the server.
  await expect(page.getByRole('option', { name: /Currency Management/ })).toBeVisible({ timeout: 15_000 })
  await page.getByRole('option', { name: /Currency Management/ }).click()
  await expect(page).toHaveURL(/\/dashboard\/currency-management$/)
  await expect(page.getByRole('heading', { name: 'Currency Management' })).toBeVisible()
})

test('a traveler’s search for currencies finds nothing', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/overview')
  await hydrated(page)
  await page.getByRole('searchbox', { name: 'Search' }).fill('currency')
  await expect(page.getByText('No results for “currency”')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('option')).toHaveCount(0)
  await page.goto('/dashboard/search?q=currency')
  await expect(page.getByText('No results match your search.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Screens and people' })).toHaveCount(0)
})

test('Emergency Logout clears the browser’s storage and ends the session', async ({ page, context, signIn }) => {
  await signIn('editor')
  await page.goto('/dashboard/overview')
  await hydrated(page)
  await page.evaluate(() => {
    localStorage.setItem('draft', 'x')
    sessionStorage.setItem('session-id', 'y')
    document.cookie = 'readable=1; path=/'
  })
  await page.getByRole('button', { name: 'Emergency Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => [localStorage.getItem('draft'), sessionStorage.getItem('session-id'), document.cookie.includes('readable')])).toEqual([null, null, false])
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
})

test('Ctrl+Shift+L signs out', async ({ page, signIn }) => {
  await signIn('expert')
  await page.goto('/dashboard/overview')
  await hydrated(page)
  await page.keyboard.press('Control+Shift+L')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/dashboard/overview')
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
})

test('placeholder pages and the accommodation notice', async ({ page, signIn }) => {
  await signIn('superadmin')
  await page.goto('/dashboard/accommodations')
  await expect(page.getByRole('heading', { name: 'Accommodation Management' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
  await expect(page.getByRole('link', { name: 'Browse Destinations' })).toHaveAttribute('href', '/dashboard/destinations')

  await page.goto('/dashboard/content')
  const areas: [string, string][] = [['Activities', '/dashboard/activity-management'], ['Media', '/dashboard/media'], ['Destinations', '/dashboard/destination-management']]
  for (const [name, href] of areas) {
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href)
  }
  await expect(page.getByText('Coming Soon', { exact: true })).toHaveCount(3)

  const pages: [string, string][] = [
    ['quiz-reviews', 'Quiz Review Center'], ['trip-planning', 'Trip Planning'], ['chat', 'Chat & Messages'], ['analytics', 'Analytics Dashboard'],
    ['itineraries', 'Itineraries'], ['activity-management', 'Activity Management'], ['media', 'Media Library'], ['flights', 'Flight Management'],
    ['transfers', 'Transfers'], ['trips', 'My Trips'], ['bookings', 'Booking Management'], ['wishlist', 'My Wishlist'],
    ['destination-management', 'Destination Management'], ['location-management', 'Location Management'],
    ['currency-management', 'Currency Management'], ['supplier-management', 'Supplier Management'], ['customers', 'Customer Profiles'],
    ['users', 'User Management'], ['experts', 'Expert Management'], ['performance', 'Performance'], ['assignments', 'Trip Assignments'],
    ['book-trip', 'Book Trip'], ['search', 'Search & Discovery'],
  ]
  for (const [path, title] of pages) {
    const response = await page.request.get(`/dashboard/${path}`)
    expect(response.status(), path).toBe(200)
    expect(await response.text(), path).toContain(`>${title.replace('&', '&amp;')}</h1>`)
  }
})

test('a signed-out visit to a placeholder page goes to sign-in', async ({ page }) => {
  await page.goto('/dashboard/wishlist')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fwishlist$/)
})
