import type { Page } from '@playwright/test'
import { expect, test, watchToasts } from './fixtures.ts'

/*
 * The error screens, reached the way users reach them. Playwright plays the part that fails, never the application:
 * a page's code that throws while drawing (its module is swapped for one that throws), a proxy in front of the
 * server that answers 502, a connection that drops. Nothing in the application exists for these tests.
 */

// The service worker answers the built scripts from its cache (docs/traveler-app.md), and Playwright's routing never
// sees what a worker answers: without it here, a swapped page module would not reach the page.
test.use({ serviceWorkers: 'block' })

const REPORT = '/api/monitoring/log-error/'
const isReport = (r: { url(): string; request(): { method(): string } }) => r.url().endsWith(REPORT) && r.request().method() === 'POST'

/** The page module of `routeFile` (e.g. 'dashboard.users') throws while rendering. */
async function breakPageModule(page: Page, routeFile: string, message: string) {
  const pattern = new RegExp(`^/assets/${routeFile.replace('.', '\\.')}-[\\w-]+\\.js$`)
  await page.route(
    (url) => pattern.test(url.pathname),
    (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `export default function BrokenPage() { throw new Error(${JSON.stringify(message)}) }`,
      }),
  )
}

/** The proxy in front of the server answers the page's data request with its own 502 page. */
async function badGateway(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === `${path}.data`,
    (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
  )
}

test.describe('the generic screen under /dashboard', () => {
  test('a page that throws shows Something went wrong with Try Again and Go to Dashboard, and is reported', async ({ page, signIn }) => {
    await signIn('superadmin')
    await breakPageModule(page, 'dashboard.users', 'The users page could not be drawn')
    await page.goto('/dashboard/overview')
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
    // Let the page hydrate, so that the click is a client-side navigation.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')

    const reported = page.waitForResponse(isReport)
    await page.getByRole('link', { name: 'User Management' }).first().click()

    const screen = page.getByTestId('error-screen')
    await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 })
    await expect(screen).toContainText('An unexpected error occurred. Please try again.')
    await expect(screen.getByRole('link', { name: 'Try Again' })).toBeVisible()
    await expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard/overview')
    await expect(screen).toContainText('If the problem persists, please contact support at support@meridian.example')
    // The production build keeps the internals to itself.
    await expect(screen.getByTestId('error-details')).toHaveCount(0)
    await expect(screen).not.toContainText('could not be drawn')

    const report = await reported
    expect(report.status()).toBe(201)
    const errorId = (await screen.getByTestId('error-id').textContent())!.trim()
    expect(report.request().postDataJSON()).toMatchObject({ errorId, message: 'The users page could not be drawn', retryCount: 0 })

    await screen.getByRole('link', { name: 'Go to Dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard\/overview$/)
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()

    // The report is in the staff list on the diagnostics screen.
    await page.goto('/dashboard/diagnostics')
    const row = page.getByTestId('error-report').filter({ hasText: errorId })
    await expect(row).toContainText('The users page could not be drawn')
    await expect(row).toContainText('/dashboard/users')
  })
})

test.describe('the global screen', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('shows the error ID and message with Try Again, Reload, Home, Copy Details and Report Bug', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await badGateway(page, '/onboarding-quiz')
    const reported = page.waitForResponse(isReport)
    await page.getByRole('link', { name: 'Start Your Journey' }).first().click()

    const screen = page.getByTestId('global-error-screen')
    await expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible({ timeout: 15_000 })
    await expect(screen.getByTestId('error-message')).toHaveText('Server error occurred. Our team has been notified.')
    const errorId = (await screen.getByTestId('error-id').textContent())!.trim()
    expect(errorId).toMatch(/^err_[a-z0-9]+_[a-z0-9]+$/)
    for (const name of ['Try Again', 'Reload', 'Home']) await expect(screen.getByRole('link', { name })).toBeVisible()
    await expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')

    const href = (await screen.getByRole('link', { name: 'Report Bug' }).getAttribute('href'))!
    expect(href.startsWith('mailto:support@meridian.example?')).toBe(true)
    const mail = new URLSearchParams(href.slice(href.indexOf('?') + 1))
    expect(mail.get('subject')).toBe('Bug Report: Server error occurred. Our team has been notified.')
    expect(mail.get('body')).toContain(`Error ID: ${errorId}`)

    // The page notes, on its own clock, when the button's label changes: a slow test runner cannot blur the 2 seconds.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Copy Details')!
      const seen: { label: string; at: number }[] = []
      Object.assign(window, { __e2eLabels: seen })
      new MutationObserver(() => seen.push({ label: button.textContent ?? '', at: performance.now() })).observe(button, {
        childList: true,
        subtree: true,
        characterData: true,
      })
    })
    await screen.getByRole('button', { name: 'Copy Details' }).click()
    await expect(screen.getByRole('button', { name: 'Copied!' })).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain(`Error ID: ${errorId}`)
    expect(copied).toContain('/onboarding-quiz')
    // 'Copied!' stays for 2 seconds, then the label comes back (the upper bound is the 2 s plus a margin for a busy machine).
    await expect(screen.getByRole('button', { name: 'Copy Details' })).toBeVisible()
    const labels = await page.evaluate(() => (window as unknown as { __e2eLabels: { label: string; at: number }[] }).__e2eLabels)
    const shown = labels.find((l) => l.label === 'Copied!')
    const back = labels.find((l) => l.label === 'Copy Details' && shown && l.at > shown.at)
    expect(shown && back, JSON.stringify(labels)).toBeTruthy()
    expect(back!.at - shown!.at).toBeGreaterThanOrEqual(1_950)
    expect(back!.at - shown!.at).toBeLessThan(2_000 + 3_000)

    const report = await reported
    expect(report.status()).toBe(201)
    const sent = report.request().postDataJSON()
    expect(sent).toMatchObject({ errorId, retryCount: 0, userId: null })
    expect(sent.message).toContain('Unable to decode turbo-stream response')
    expect(sent.url).toContain('/onboarding-quiz')
    expect(sent.sessionId).toMatch(/^sess_/)
    expect(sent.userAgent).toBeTruthy()
    expect(Number.isNaN(Date.parse(sent.timestamp))).toBe(false)

    // Try Again asks for the page's data again: the proxy has recovered.
    await page.unrouteAll()
    await screen.getByRole('link', { name: 'Try Again' }).click()
    await expect(page.getByTestId('quiz-progress')).toBeVisible()
    await expect(page.getByTestId('global-error-screen')).toHaveCount(0)
  })

  test('Home leaves the error page for the landing page', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await badGateway(page, '/login')
    await page.getByRole('link', { name: 'Sign In' }).first().click()
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible({ timeout: 15_000 })
    await page.unrouteAll()
    await page.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('link', { name: 'Start Your Journey' }).first()).toBeVisible()
    await expect(page.getByTestId('global-error-screen')).toHaveCount(0)
  })

  test('a dropped connection is retried by itself after 1 s, then 2 s', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    let attempts = 0
    const times: number[] = []
    await page.route(
      (url) => url.pathname === '/onboarding-quiz.data',
      (route) => {
        attempts += 1
        times.push(Date.now())
        // The first load and the first automatic retry fail; the second retry gets through.
        return attempts <= 2 ? route.abort('failed') : route.continue()
      },
    )
    await page.getByRole('link', { name: 'Start Your Journey' }).first().click()
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('error-message')).toHaveText('Network error occurred. Please try again.')
    await expect(page.getByTestId('auto-retry')).toContainText('attempt 1 of 3')
    // The retries come after 1 s and 2 s: the waits below are those delays plus a margin for a busy machine.
    await expect(page.getByTestId('auto-retry')).toContainText('attempt 2 of 3', { timeout: 1_000 + 10_000 })
    await expect(page.getByTestId('quiz-progress')).toBeVisible({ timeout: 2_000 + 10_000 })
    expect(attempts).toBe(3)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900)
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1_900)
  })
})

test.describe('connectivity', () => {
  test('going offline and back shows the two toasts and a notice while offline', async ({ page, context, signIn }) => {
    await signIn('traveler')
    const shown = await watchToasts(page)
    await page.goto('/dashboard/overview')
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')

    await context.setOffline(true)
    await expect
      .poll(shown, { timeout: 10_000 })
      .toContainEqual(expect.stringContaining('You are now offline. Some features may not work.'))
    await expect(page.getByTestId('offline-notice')).toHaveText('You appear to be offline. Please check your internet connection.')

    await context.setOffline(false)
    await expect.poll(shown, { timeout: 10_000 }).toContainEqual(expect.stringContaining('Connection restored!'))
    await expect(page.getByTestId('offline-notice')).toHaveCount(0)
  })
})
