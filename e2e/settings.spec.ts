import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test'
import { createSession, expect, SESSION_COOKIE, test, uniqueName, watchToasts } from './fixtures.ts'

type Playwright = PlaywrightWorkerArgs['playwright']

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A traveler of this test's own (settings change the account, so never a shared demo user). */
async function newTraveler(request: APIRequestContext, prefix: string) {
  const username = uniqueName(prefix)
  const password = 'first-passphrase-1'
  const response = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, first_name: 'Ada', last_name: 'Quill' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { username, password }
}

/** A browser session of `username` made with another User-Agent (another device). */
async function otherDeviceSession(
  playwright: Playwright,
  baseURL: string,
  username: string,
  password: string,
  userAgent = FIREFOX
) {
  const api = await playwright.request.newContext({ baseURL, userAgent })
  try {
    return await createSession(api, baseURL, username, password)
  } finally {
    await api.dispose()
  }
}

/** Whether a session cookie still opens the dashboard. */
async function sessionWorks(playwright: Playwright, baseURL: string, token: string) {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `${SESSION_COOKIE}=${token}` },
  })
  try {
    const response = await api.get('/dashboard/overview', { maxRedirects: 0 })
    return response.status() === 200
  } finally {
    await api.dispose()
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the profile form saves, and shows a server-side error inline keeping what was typed', async ({
    page,
    signIn,
    request,
  }) => {
    test.slow()
    const { username, password } = await newTraveler(request, 'prof')
    await signIn(username, password)
    await page.goto('/dashboard/settings')
    const form = page.getByRole('form', { name: 'Profile' })
    await expect(form.getByLabel('First name')).toHaveValue('Ada')

    await form.getByLabel('First name').fill('Adaline')
    await form.getByLabel('Last name').fill('Quillon')
    await form.getByLabel('City').fill('Porto')
    await form.getByLabel('Country').fill('Portugal')
    await form.getByLabel('Phone number').fill('+351 912 345 678')
    await form.getByLabel('Bio').fill('Slow travel, good coffee.')
    await form.getByRole('button', { name: 'Save profile' }).click()
    await expect(page).toHaveURL(/\/dashboard\/settings$/)
    await expect(form.getByLabel('First name')).toHaveValue('Adaline')
    await expect(form.getByLabel('City')).toHaveValue('Porto')
    await expect(form.getByLabel('Bio')).toHaveValue('Slow travel, good coffee.')

    // Someone else's address is refused by the server, next to the field.
    await form.getByLabel('Email').fill('admin@meridian.example')
    await form.getByLabel('City').fill('Lisbon')
    await form.getByRole('button', { name: 'Save profile' }).click()
    await expect(form.getByText('A user with that email already exists.')).toBeVisible()
    await expect(form.getByLabel('Email')).toHaveValue('admin@meridian.example')
    await expect(form.getByLabel('City')).toHaveValue('Lisbon')

    await page.goto('/dashboard/overview')
    await expect(page.getByRole('heading', { name: 'Welcome back, Adaline!' })).toBeVisible()
    await page.goto('/dashboard/settings')
    await expect(form.getByLabel('Email')).toHaveValue(`${username}@example.test`)
    await expect(form.getByLabel('City')).toHaveValue('Porto')
  })

  test('preferences save through a plain form post', async ({ page, signIn, request }) => {
    test.slow()
    const { username, password } = await newTraveler(request, 'pref')
    await signIn(username, password)
    await page.goto('/dashboard/settings')
    const form = page.getByRole('form', { name: 'Preferences' })
    await expect(form.getByLabel('Auto (follow the system)')).toBeChecked()
    await expect(form.getByLabel('Items per page')).toHaveValue('20')
    await expect(form.getByLabel('Refresh interval (seconds)')).toHaveValue('30')
    await expect(form.getByLabel('List')).toBeChecked()

    await form.getByLabel('Dark').check()
    await form.getByLabel('Items per page').selectOption('50')
    await form.getByLabel('Grid').check()
    await form.getByLabel('Auto refresh').uncheck()
    await form.getByLabel('Refresh interval (seconds)').fill('120')
    await form.getByLabel('Notifications').uncheck()
    await form.getByRole('button', { name: 'Save preferences' }).click()

    await expect(page).toHaveURL(/\/dashboard\/settings$/)
    await expect(form.getByLabel('Dark')).toBeChecked()
    await expect(form.getByLabel('Items per page')).toHaveValue('50')
    await expect(form.getByLabel('Grid')).toBeChecked()
    await expect(form.getByLabel('Auto refresh')).not.toBeChecked()
    await expect(form.getByLabel('Refresh interval (seconds)')).toHaveValue('120')
    await expect(form.getByLabel('Notifications')).not.toBeChecked()
  })

  test('revoking this browser on the security page signs it out', async ({ page, context, signIn, request }) => {
    const { username, password } = await newTraveler(request, 'self')
    await signIn(username, password)
    await page.goto('/dashboard/security')
    const current = page.getByTestId('sign-in').filter({ hasText: 'This device' })
    await expect(current).toHaveCount(1)
    await current.getByRole('button', { name: /^Revoke/ }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
    await page.goto('/dashboard/security')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fsecurity$/)
  })
})

test('profile changes show a toast', async ({ page, signIn, request }) => {
  const { username, password } = await newTraveler(request, 'toast')
  await signIn(username, password)
  const shown = await watchToasts(page)
  await page.goto('/dashboard/settings')
  const form = page.getByRole('form', { name: 'Profile' })
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect.poll(shown).toContainEqual(expect.stringContaining('Profile updated.'))
  await expect(form.getByLabel('Last name')).toHaveValue('Lovelace')
})

test('changing the password ends the other sessions and tokens; the new password works', async ({
  page,
  signIn,
  request,
  playwright,
  baseURL,
}) => {
  test.slow()
  const { username, password } = await newTraveler(request, 'pass')
  await signIn(username, password)
  const elsewhere = await otherDeviceSession(playwright, baseURL!, username, password)
  const tokens = await (await request.post('/users/api/auth/login/', { data: { username, password } })).json()

  const shown = await watchToasts(page)
  await page.goto('/dashboard/settings')
  const form = page.getByRole('form', { name: 'Change password' })
  await form.getByLabel('Current password').fill('not-my-password')
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('second-passphrase-2')
  await form.getByLabel('Confirm new password').fill('second-passphrase-2')
  await form.getByRole('button', { name: 'Change password' }).click()
  // Password hashing makes these answers slower than most: wait for them rather than the default few seconds.
  await expect(form.getByText('Your old password was entered incorrectly. Please enter it again.')).toBeVisible({
    timeout: 30_000,
  })

  await form.getByLabel('Current password').fill(password)
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('second-passphrase-2')
  await form.getByLabel('Confirm new password').fill('second-passphrase-3')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(form.getByText("Passwords don't match.")).toBeVisible({ timeout: 30_000 })
  expect(await sessionWorks(playwright, baseURL!, elsewhere)).toBe(true)

  await form.getByLabel('Current password').fill(password)
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('second-passphrase-2')
  await form.getByLabel('Confirm new password').fill('second-passphrase-2')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect
    .poll(shown, { timeout: 30_000 })
    .toContainEqual(expect.stringContaining('Password changed. You were signed out everywhere else.'))
  await expect(form.getByLabel('Current password')).toHaveValue('')

  // This browser carries on with a fresh session; the other device and the API tokens are out.
  await page.goto('/dashboard/overview')
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible()
  expect(await sessionWorks(playwright, baseURL!, elsewhere)).toBe(false)
  expect((await request.post('/users/api/auth/refresh/', { data: { refresh: tokens.refresh } })).status()).toBe(401)
  expect(
    (await request.get('/users/api/auth/profile/', { headers: { Authorization: `Bearer ${tokens.access}` } })).status()
  ).toBe(401)

  expect((await request.post('/users/api/auth/login/', { data: { username, password } })).status()).toBe(401)
  expect(
    (await request.post('/users/api/auth/login/', { data: { username, password: 'second-passphrase-2' } })).status()
  ).toBe(200)
})

test('the security page lists devices and revokes one, or all the others', async ({
  page,
  signIn,
  request,
  playwright,
  baseURL,
}) => {
  test.slow()
  const { username, password } = await newTraveler(request, 'sec')
  await signIn(username, password)
  const firefox = await otherDeviceSession(playwright, baseURL!, username, password)
  const tokens = await (
    await request.post('/users/api/auth/login/', {
      data: { username, password },
      headers: { 'User-Agent': 'curl/8.5.0' },
    })
  ).json()
  const macSafari = await otherDeviceSession(
    playwright,
    baseURL!,
    username,
    password,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
  )

  const shown = await watchToasts(page)
  await page.goto('/dashboard/security')
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
  const rows = page.getByTestId('sign-in')
  // This browser, Firefox, Safari, and two API sign-ins: the registration's tokens and curl's.
  await expect(rows).toHaveCount(5)
  await expect(rows.first()).toContainText('This device')
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1)
  const firefoxRow = rows.filter({ hasText: 'Firefox on Windows' })
  await expect(firefoxRow).toHaveCount(1)
  await expect(firefoxRow).toContainText(/Signed in \w{3} \d{1,2}, \d{4}/)
  await expect(firefoxRow).toContainText(/Last used (just now|\d+m ago)/)
  await expect(firefoxRow).toContainText(/Expires \w{3} \d{1,2}, \d{4}/)
  await expect(rows.filter({ hasText: 'Safari on macOS' })).toHaveCount(1)
  const curlRow = rows.filter({ hasText: 'curl (app sign-in)' })
  await expect(curlRow).toContainText('API token')

  await firefoxRow.getByRole('button', { name: 'Revoke Firefox on Windows' }).click()
  await expect.poll(shown).toContainEqual(expect.stringContaining('Session revoked.'))
  await expect(rows).toHaveCount(4)
  expect(await sessionWorks(playwright, baseURL!, firefox)).toBe(false)
  expect(await sessionWorks(playwright, baseURL!, macSafari)).toBe(true)

  await curlRow.getByRole('button', { name: /^Revoke curl/ }).click()
  await expect(rows).toHaveCount(3)
  expect((await request.post('/users/api/auth/refresh/', { data: { refresh: tokens.refresh } })).status()).toBe(401)

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect.poll(shown).toContainEqual(expect.stringContaining('Signed out of 2 other sessions.'))
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('This device')
  expect(await sessionWorks(playwright, baseURL!, macSafari)).toBe(false)
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()

  await page.goto('/dashboard/overview')
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible()
})

test("a session id from someone else's list cannot be revoked", async ({
  page,
  signIn,
  request,
  playwright,
  baseURL,
}) => {
  const victim = await newTraveler(request, 'victim')
  const victimSession = await otherDeviceSession(playwright, baseURL!, victim.username, victim.password)
  const attacker = await newTraveler(request, 'attacker')
  await signIn(attacker.username, attacker.password)

  // The victim's handle, as their own security page shows it.
  const victimContext = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `${SESSION_COOKIE}=${victimSession}` },
  })
  const html = await (await victimContext.get('/dashboard/security')).text()
  await victimContext.dispose()
  const handle = html.match(/name="id" value="(s_[0-9a-f]{16})"/)?.[1]
  expect(handle).toBeTruthy()

  await page.goto('/dashboard/security')
  const response = await page.request.post('/dashboard/security', {
    form: { intent: 'revoke', id: handle! },
    headers: { Origin: baseURL! },
  })
  expect(response.status()).toBe(404)
  expect(await sessionWorks(playwright, baseURL!, victimSession)).toBe(true)
})

test('settings and security need a signed-in user, for pages and form posts alike', async ({
  page,
  request,
  baseURL,
}) => {
  for (const path of ['/dashboard/settings', '/dashboard/security']) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`))
    const post = await request.post(path, {
      form: { intent: 'revoke-others' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    })
    expect(post.status(), path).toBe(302)
    expect(post.headers().location, path).toMatch(/^\/login\?redirectTo=/)
  }
})
