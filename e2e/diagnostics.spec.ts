import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const endpoint = (page: Page, path: string) => page.locator(`[data-testid="endpoint"][data-path="${path}"]`)

/** The browser's run of the endpoint tests has finished: every one is Working or Failed. */
async function settled(page: Page) {
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-run', 'done', { timeout: 30_000 })
  await expect(page.locator('[data-testid="endpoint"][data-state="pending"]')).toHaveCount(0)
}

test.describe('diagnostics for staff', () => {
  test('tests the endpoints one after another; Sync Tokens lets the bearer-token paths through', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/dashboard/diagnostics')
    await expect(page.getByRole('heading', { name: 'API Diagnostics' })).toBeVisible()
    await expect(page.getByTestId('endpoint')).toHaveCount(10)
    await settled(page)

    await expect(endpoint(page, '/healthz').getByTestId('endpoint-state')).toHaveText('Working')
    await expect(endpoint(page, '/healthz').getByTestId('endpoint-detail')).toContainText('200 OK')
    await expect(endpoint(page, '/readyz').getByTestId('endpoint-state')).toHaveText('Working')
    await expect(endpoint(page, '/trpc/auth.me').getByTestId('endpoint-state')).toHaveText('Working')
    // Without a bearer token the REST profile refuses.
    await expect(page.getByTestId('token-status')).toContainText('None')
    await expect(endpoint(page, '/users/api/auth/profile/').getByTestId('endpoint-state')).toHaveText('Failed')
    await expect(endpoint(page, '/users/api/auth/profile/').getByTestId('endpoint-detail')).toContainText('401 Unauthorized')
    // Every state is one of the three the spec names, with '{status} {statusText}' on failures.
    for (const row of await page.getByTestId('endpoint').all()) {
      const state = await row.getByTestId('endpoint-state').textContent()
      expect(['Working', 'Failed']).toContain(state)
      if (state === 'Failed') await expect(row.getByTestId('endpoint-detail')).toHaveText(/^\d{3} [A-Za-z ]+/)
    }

    await page.getByRole('button', { name: 'Sync Tokens' }).click()
    await expect(page.getByTestId('token-status')).toContainText('Held')
    await settled(page)
    await expect(endpoint(page, '/users/api/auth/profile/').getByTestId('endpoint-state')).toHaveText('Working')
    await expect(endpoint(page, '/users/api/auth/profile/').getByTestId('endpoint-detail')).toContainText('200 OK')
    await expect(endpoint(page, '/healthz').getByTestId('endpoint-state')).toHaveText('Working')
    const stored = await page.evaluate(() => sessionStorage.getItem('meridian.access_token'))
    expect(stored?.split('.')).toHaveLength(3)

    // The token held by the page belongs to the signed-in user.
    const profile = await page.evaluate(async (token) => {
      const res = await fetch('/users/api/auth/profile/', { headers: { Authorization: `Bearer ${token}` } })
      return res.json()
    }, stored)
    expect(profile.username).toBe('admin')

    await expect(page.getByTestId('auth-status')).toContainText('Amir')
    await expect(page.getByTestId('auth-status')).toContainText('@admin')
    await expect(page.getByTestId('auth-status')).toContainText('Session expires')
  })

  test('Retest All shows Testing... while a path is being tested', async ({ page, signIn }) => {
    await signIn('specialist')
    await page.goto('/dashboard/diagnostics')
    await settled(page)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // What the browser asked for, in order, with a mark where /healthz was let through.
    const events: string[] = []
    await page.route('**/healthz', async (route) => {
      await held
      events.push('released /healthz')
      await route.continue()
    })
    page.on('request', (r) => events.push(new URL(r.url()).pathname))
    await page.getByRole('button', { name: 'Retest All' }).click()
    await expect(endpoint(page, '/healthz').getByTestId('endpoint-state')).toHaveText('Testing...')
    // The path before /healthz is done; the one after it still shows Testing... while /healthz is held.
    await expect(endpoint(page, '/api/currencies/').getByTestId('endpoint-state')).not.toHaveText('Testing...')
    await expect(endpoint(page, '/readyz').getByTestId('endpoint-state')).toHaveText('Testing...')
    release()
    await settled(page)
    await expect(endpoint(page, '/healthz').getByTestId('endpoint-state')).toHaveText('Working')
    // One after another: /readyz was asked for only after /healthz was let through, and /healthz after /api/currencies/.
    const at = (entry: string) => events.indexOf(entry)
    expect(at('/readyz'), events.join(', ')).toBeGreaterThan(at('released /healthz'))
    expect(at('/healthz'), events.join(', ')).toBeGreaterThan(at('/api/currencies/'))
    expect(at('/api/currencies/'), events.join(', ')).toBeGreaterThanOrEqual(0)
  })

  test('Back to Dashboard goes to the overview', async ({ page, signIn }) => {
    await signIn('expert')
    await page.goto('/dashboard/diagnostics')
    await page.waitForLoadState('networkidle')
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await expect(page).toHaveURL(/\/dashboard\/overview$/, { timeout: 15_000 })
  })
})

test.describe('diagnostics without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the server runs the tests; Sync Tokens runs them again with a bearer token', async ({ page, signIn }) => {
    await signIn('superadmin')
    await page.goto('/dashboard/diagnostics')
    await expect(endpoint(page, '/healthz').getByTestId('endpoint-state')).toHaveText('Working')
    await expect(endpoint(page, '/trpc/auth.me').getByTestId('endpoint-state')).toHaveText('Working')
    await expect(endpoint(page, '/users/api/auth/profile/').getByTestId('endpoint-detail')).toContainText('401 Unauthorized')

    await page.getByRole('button', { name: 'Sync Tokens' }).click()
    await expect(endpoint(page, '/users/api/auth/profile/').getByTestId('endpoint-state')).toHaveText('Working')
    await expect(endpoint(page, '/healthz').getByTestId('endpoint-state')).toHaveText('Working')
    // The pair is not written into a page that cannot keep it.
    expect(await page.content()).not.toContain('"refresh"')

    await page.getByRole('button', { name: 'Retest All' }).click()
    await expect(page).toHaveURL(/\/dashboard\/diagnostics/)
    await expect(endpoint(page, '/healthz').getByTestId('endpoint-state')).toHaveText('Working')
  })
})

test.describe('diagnostics for travelers', () => {
  test('a traveler is denied', async ({ page, signIn }) => {
    await signIn('traveler')
    const response = await page.goto('/dashboard/diagnostics')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('alert')).toContainText("You don't have permission to perform this action.")
    await expect(page.getByTestId('endpoint')).toHaveCount(0)
    await expect(page.getByTestId('recent-errors')).toHaveCount(0)
  })

  test('and cannot obtain tokens through its action', async ({ page, signIn }) => {
    await signIn('traveler')
    await page.goto('/dashboard/overview')
    const status = await page.evaluate(async () => {
      const body = new FormData()
      body.set('intent', 'sync-tokens')
      body.set('keep', 'tab')
      const res = await fetch('/dashboard/diagnostics', { method: 'POST', body })
      return res.status
    })
    expect(status).toBe(403)
  })

  test('a signed-out visit goes to the sign-in page', async ({ page }) => {
    await page.goto('/dashboard/diagnostics')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fdiagnostics$/)
  })
})
