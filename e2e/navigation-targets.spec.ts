import { type BrowserContext, type Page } from '@playwright/test'
import { createSession, expect, OVERVIEW, plantSession, ready, SESSION_COOKIE, submitLoginForm, test } from './fixtures.ts'

/** /my-trips and /profile (spec 1 §2 public navigation targets) and session expiry on the sign-in page (spec 1 §4). */

const EXPIRED = 'Your session has expired. Please login again.'
const myTripsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'My Trips' })
const settingsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Settings' })
const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === SESSION_COOKIE)

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('/my-trips opens My Trips for a traveler and the overview for an admin', async ({ page, signIn, context }) => {
      await signIn('traveler')
      await page.goto('/my-trips')
      await expect(page).toHaveURL(/\/dashboard\/trips$/)
      await expect(myTripsHeading(page)).toBeVisible()

      await context.clearCookies()
      await signIn('admin')
      await page.goto('/my-trips')
      await expect(page).toHaveURL(OVERVIEW)
      await expect(page.getByTestId('role-label')).toHaveText('Administrator')
    })

    test('/my-trips signed out: sign in, then back to My Trips', async ({ page }) => {
      await page.goto('/my-trips')
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-trips$/)
      await expect(page.getByText(EXPIRED)).toHaveCount(0)
      await ready(page, js)
      await submitLoginForm(page, 'traveler')
      await expect(page).toHaveURL(/\/dashboard\/trips$/)
      await expect(myTripsHeading(page)).toBeVisible()
    })

    test('/profile opens the profile settings; signed out, after signing in', async ({ page, signIn, context }) => {
      await page.goto('/profile')
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/)
      await ready(page, js)
      await submitLoginForm(page, 'expert')
      await expect(page).toHaveURL(/\/dashboard\/settings$/)
      await expect(settingsHeading(page)).toBeVisible()

      await context.clearCookies()
      await signIn('traveler')
      await page.goto('/profile')
      await expect(page).toHaveURL(/\/dashboard\/settings$/)
      await expect(settingsHeading(page)).toBeVisible()
    })

    test('a bogus session cookie: sign-in page with the expiry message, the cookie gone, then back', async ({ page, context, baseURL }) => {
      await plantSession(context, baseURL!, 'no-such-session')
      await page.goto('/dashboard/settings')
      await expect(page).toHaveURL(/\/login\?expired=1&redirectTo=%2Fdashboard%2Fsettings$/)
      await expect(page.getByTestId('session-expired')).toContainText(EXPIRED)
      expect(await sessionCookie(context)).toBeUndefined()
      await ready(page, js)
      await submitLoginForm(page, 'specialist')
      await expect(page).toHaveURL(/\/dashboard\/settings$/)
      await expect(settingsHeading(page)).toBeVisible()
    })

    test('a fresh visitor sees the sign-in page without the expiry message', async ({ page }) => {
      await page.goto('/dashboard/overview')
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Foverview$/)
      await expect(page.getByText('Please log in to access the dashboard.')).toBeVisible()
      await expect(page.getByText(EXPIRED)).toHaveCount(0)
    })
  })
}

test('a session ended elsewhere: the next click in the dashboard lands on sign-in with the message', async ({ page, context, playwright, baseURL }) => {
  const origin = baseURL!
  const signer = await playwright.request.newContext({ baseURL: origin })
  const token = await createSession(signer, origin, 'traveler')
  await signer.dispose()
  await plantSession(context, origin, token)
  await page.goto('/dashboard/overview')
  await ready(page, true)
  await expect(page.getByTestId('role-label')).toHaveText('Traveler')

  // Signing out with the same session from another client ends it on the server; this tab still holds the cookie.
  const other = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: origin } })
  expect((await other.post('/logout', { maxRedirects: 0 })).status()).toBe(302)
  await other.dispose()
  expect(await sessionCookie(context)).toBeDefined()

  await page.getByTestId('sidebar-nav').getByRole('link', { name: 'My Trips' }).click()
  await expect(page).toHaveURL(/\/login\?expired=1&redirectTo=%2Fdashboard%2Ftrips$/)
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toBeVisible()
  expect(await sessionCookie(context)).toBeUndefined()
})
