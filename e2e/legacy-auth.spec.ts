import { DEMO_PASSWORD, expect, OVERVIEW, test, uniqueName, watchToasts } from './fixtures.ts'
import type { Page } from '@playwright/test'

async function submitLegacyLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

async function register(page: Page, fields: { firstName: string; lastName: string; username: string; password: string }) {
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill(fields.firstName)
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(fields.lastName)
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(fields.username)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${fields.username}@example.test`)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(fields.password)
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(fields.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`legacy screen, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('blank fields ask for both username and password', async ({ page }) => {
      await page.goto('/legacy-login')
      await submitLegacyLogin(page, '', '')
      await expect(page.getByRole('alert')).toHaveText('Please enter both username and password')
      await expect(page).toHaveURL(/\/legacy-login$/)
    })

    test('a username with surrounding spaces signs in', async ({ page }) => {
      await page.goto('/legacy-login')
      await submitLegacyLogin(page, '  specialist  ', DEMO_PASSWORD)
      await expect(page).toHaveURL(OVERVIEW)
      await expect(page.getByTestId('role-label')).toHaveText('Travel Specialist')
    })

    test('/register creates a traveler who lands on the dashboard', async ({ page }) => {
      const username = uniqueName(javaScriptEnabled ? 'jsOn' : 'jsOff')
      const shown = javaScriptEnabled ? await watchToasts(page) : null
      await page.goto('/register')
      await register(page, { firstName: 'Ines', lastName: 'Duarte', username, password: 'a-long-passphrase' })
      await expect(page).toHaveURL(OVERVIEW)
      await expect(page.getByRole('heading', { name: 'Welcome back, Ines!' })).toBeVisible()
      await expect(page.getByTestId('role-label')).toHaveText('Traveler')
      if (shown) await expect.poll(shown).toContainEqual(expect.stringContaining('Account created. Welcome to Meridian Travel!'))
    })
  })
}

test('the new account can sign in again with its password', async ({ page }) => {
  const username = uniqueName('again')
  await page.goto('/register')
  await register(page, { firstName: 'Noor', lastName: 'Said', username, password: 'another-passphrase' })
  await expect(page).toHaveURL(OVERVIEW)
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.goto('/legacy-login')
  await submitLegacyLogin(page, username, 'another-passphrase')
  await expect(page).toHaveURL(OVERVIEW)
  await expect(page.getByRole('heading', { name: 'Welcome back, Noor!' })).toBeVisible()
})

test('registration with mismatched passwords keeps the visitor on the form', async ({ page }) => {
  const username = uniqueName('mismatch')
  await page.goto('/register')
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.test`)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-passphrase')
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('a-different-one')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText("Passwords don't match.")).toBeVisible()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue(username)
})
