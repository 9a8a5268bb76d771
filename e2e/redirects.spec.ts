import { expect, OVERVIEW, submitLoginForm, test } from './fixtures.ts'

test.describe('the return path', () => {
  test('a signed-out visit to a private page goes to /login and back after signing in', async ({ page }) => {
    await page.goto('/dashboard/overview?tab=trips')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Foverview%3Ftab%3Dtrips$/)
    await submitLoginForm(page, 'admin')
    await expect(page).toHaveURL(/\/dashboard\/overview\?tab=trips$/)
    await expect(page.getByTestId('role-label')).toHaveText('Administrator')
  })

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    test('the same return trip works', async ({ page }) => {
      await page.goto('/dashboard/overview')
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Foverview$/)
      await submitLoginForm(page, 'editor')
      await expect(page).toHaveURL(OVERVIEW)
      await expect(page.getByTestId('role-label')).toHaveText('Content Editor')
    })
  })

  test('an off-site redirectTo is not honoured', async ({ page, baseURL }) => {
    await page.goto('/login?redirectTo=//evil.example')
    await submitLoginForm(page, 'traveler')
    await expect(page).toHaveURL(`${baseURL}/dashboard/overview`)
  })

  for (const target of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'evil.example']) {
    test(`the sign-in action ignores redirectTo=${target}`, async ({ request, baseURL }) => {
      const response = await request.post('/login', {
        form: { username: 'traveler', password: 'meridian-demo', redirectTo: target },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(302)
      expect(response.headers()['location']).toBe('/dashboard/overview')
    })
  }
})

test.describe('signed in', () => {
  test('visiting /login goes to the dashboard', async ({ page, signIn }) => {
    await signIn('expert')
    await page.goto('/login')
    await expect(page).toHaveURL(OVERVIEW)
    await expect(page.getByTestId('role-label')).toHaveText('Travel Expert')
  })

  test('visiting /login with an off-site redirectTo still goes to the dashboard', async ({ page, signIn, baseURL }) => {
    await signIn('expert')
    await page.goto('/login?redirectTo=//evil.example')
    await expect(page).toHaveURL(`${baseURL}/dashboard/overview`)
  })

  test('the legacy screens go to the dashboard', async ({ page, signIn }) => {
    await signIn('traveler')
    for (const path of ['/legacy-login', '/register']) {
      await page.goto(path)
      await expect(page).toHaveURL(OVERVIEW)
    }
  })

  for (const path of ['/dashboard', '/dashboard/expert', '/dashboard/admin', '/dashboard/specialist', '/dashboard/traveler', '/dashboard/superadmin']) {
    test(`${path} leads to the overview`, async ({ page, signIn }) => {
      await signIn('superadmin')
      await page.goto(path)
      await expect(page).toHaveURL(OVERVIEW)
      await expect(page.getByTestId('role-label')).toHaveText('Super Administrator')
    })
  }

  test('an unknown path leads to the overview', async ({ page, signIn }) => {
    await signIn('specialist')
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(OVERVIEW)
  })
})

test('an unknown path leads a visitor to the landing page', async ({ page, baseURL }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(page.getByRole('link', { name: 'Sign In', exact: true }).first()).toBeVisible()
})

test.describe("a signed-out visit to a management screen says the screen's own sign-in text", () => {
  const screens: [string, string][] = [
    ['/dashboard/users', 'Please log in to access user management.'],
    ['/dashboard/media', 'Please log in to access media management.'],
    ['/dashboard/currency-management', 'Please log in to access currency management.'],
    ['/dashboard/transfers', 'Sign in required'],
    ['/dashboard/destination-management', 'Please log in to access destination management.'],
    ['/dashboard/location-management', 'Please log in to access location management.'],
    ['/dashboard/supplier-management', 'Please log in to access supplier management.'],
    ['/dashboard/activity-management', 'Please log in to access activity management.'],
  ]
  for (const [path, text] of screens) {
    test(path, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`))
      await expect(page.getByText(text)).toBeVisible()
    })
  }
})

test.describe('the sign-in text of a screen, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('shows on the sign-in page the visitor is sent to', async ({ page }) => {
    await page.goto('/dashboard/media?type=photo')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fmedia%3Ftype%3Dphoto$/)
    await expect(page.getByRole('status').filter({ hasText: 'Please log in to access media management.' })).toBeVisible()
  })
})
