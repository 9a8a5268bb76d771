import { DEMO_USERS, expect, OVERVIEW, submitLoginForm, test, watchToasts } from './fixtures.ts'

test.describe('sign-in with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  for (const user of DEMO_USERS) {
    test(`${user.username} lands on the dashboard as ${user.roleLabel}`, async ({ page }) => {
      await page.goto('/login')
      await submitLoginForm(page, user.username)
      await expect(page).toHaveURL(OVERVIEW)
      await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}!` })).toBeVisible()
      await expect(page.getByTestId('role-label')).toHaveText(user.roleLabel)
    })
  }

  test('a wrong password shows the error on the page', async ({ page }) => {
    await page.goto('/login')
    await submitLoginForm(page, 'editor', 'not-the-password')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('alert')).toHaveText(/Login failed\. Please check your credentials\./)
    await expect(page.getByRole('textbox', { name: 'Username or email', exact: true })).toHaveValue('editor')
  })
})

test.describe('sign-in with JavaScript on', () => {
  test('shows a success toast and the dashboard', async ({ page }) => {
    const shown = await watchToasts(page)
    await page.goto('/login')
    await submitLoginForm(page, 'traveler')
    await expect(page).toHaveURL(OVERVIEW)
    await expect.poll(shown).toContainEqual(expect.stringContaining('Login successful!'))
    await expect(page.getByRole('heading', { name: 'Welcome back, Lucas!' })).toBeVisible()
    await expect(page.getByTestId('role-label')).toHaveText('Traveler')
  })

  test('signs in by e-mail address too', async ({ page }) => {
    await page.goto('/login')
    await submitLoginForm(page, 'Specialist@Meridian.example')
    await expect(page).toHaveURL(OVERVIEW)
    await expect(page.getByTestId('role-label')).toHaveText('Travel Specialist')
  })

  test('a wrong password shows an inline error and a toast, and keeps the user signed out', async ({ page }) => {
    const shown = await watchToasts(page)
    await page.goto('/login')
    await submitLoginForm(page, 'expert', 'not-the-password')
    const message = 'Login failed. Please check your credentials.'
    await expect(page.locator('form').getByRole('alert')).toContainText(message)
    await expect.poll(shown).toContainEqual(expect.stringContaining(message))
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()

    await page.goto('/dashboard/overview')
    await expect(page).toHaveURL(/\/login\?redirectTo=/)
  })

  test('blank fields are refused before anything is sent', async ({ page }) => {
    await page.goto('/login')
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url())
    })
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.locator('input[name="username"]:invalid')).toHaveCount(1)
    await expect(page.locator('input[name="password"]:invalid')).toHaveCount(1)
    await expect(page).toHaveURL(/\/login$/)
    expect(posts).toEqual([])
  })
})

test('the server refuses blank fields too, naming each one', async ({ request, baseURL }) => {
  const response = await request.post('/login', {
    form: { username: '   ', password: '' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(400)
  const html = await response.text()
  expect(html).toContain('Username is required')
  expect(html).toContain('Password is required')
  expect(response.headers()['set-cookie'] ?? '').not.toContain('meridian_session=')
})

test('a cross-site sign-in POST is refused', async ({ request }) => {
  const response = await request.post('/login', {
    form: { username: 'traveler', password: 'meridian-demo' },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(403)
})
