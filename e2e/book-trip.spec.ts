import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** A traveler of the test's own: the wizard keeps one draft per traveler, so tests never share one. */
async function newTraveler(request: APIRequestContext) {
  const username = uniqueName('voyager')
  const password = 'a-long-wizard-passphrase'
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Vera', last_name: 'Voyager' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { username, password }
}

const next = (page: Page) => page.getByRole('form', { name: /^Trip request/ }).getByRole('button', { name: 'Next' }).click()

async function stepOne(page: Page, js = false) {
  await page.goto('/dashboard/book-trip?q=japan')
  await expect(page.getByText('Step 1 of 5')).toBeVisible()
  // With JavaScript, what is typed before the page hydrates would be reset by it: wait until it has.
  if (js) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.getByRole('radio', { name: 'Japan' }).check()
  await page.getByLabel('Departure date').fill(day(40))
  await page.getByLabel('Return date').fill(day(47))
  await next(page)
  await expect(page.getByText('Step 2 of 5')).toBeVisible()
}

async function finish(page: Page) {
  // Step 2 keeps the defaults (1 traveler, comfort, romantic); step 3 needs an activity.
  await next(page)
  await expect(page.getByText('Step 3 of 5')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Culture' }).check()
  await page.getByRole('checkbox', { name: 'Boutique' }).check()
  await next(page)
  await expect(page.getByText('Step 4 of 5')).toBeVisible()
  await expect(page.getByText('Total for 1 traveler: $1,000.00 – $5,000.00')).toBeVisible()
  await next(page)
  await expect(page.getByText('Step 5 of 5')).toBeVisible()
  await expect(page.getByText('Priority: 2-3 days, +$99')).toBeVisible()
  await page.getByRole('radio', { name: /^Priority:/ }).check()
  await page.getByLabel('Special requests').fill('A tea ceremony in Kyoto, please.')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Trip request submitted successfully! An expert will be assigned to help plan your perfect trip.')).toBeVisible()
  // Back to the defaults at step 1.
  await expect(page.getByText('Step 1 of 5')).toBeVisible()
  await expect(page.getByLabel('Departure date')).toHaveValue('')
  // The trip is in My Trips, in planning, with its budget.
  await page.goto('/dashboard/trips')
  const card = page.getByRole('article', { name: /Japan/ })
  await expect(card).toContainText('Planning')
  await expect(card).toContainText('7 days')
  await expect(card).toContainText('Budget $5,000.00')
}

test.describe('the trip request wizard, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('five steps as form posts, with the server checking each step, then the request and its trip', async ({ page, request, signIn }) => {
    const who = await newTraveler(request)
    await signIn(who.username, who.password)
    await page.goto('/dashboard/book-trip?q=japan')
    // Next without a destination is refused by the server with the field's message.
    await page.getByLabel('Departure date').fill(day(40))
    await next(page)
    await expect(page.getByText('Step 1 of 5')).toBeVisible()
    await expect(page.getByText('This field is required.').first()).toBeVisible()
    await stepOne(page)
    await next(page)
    await next(page)
    await expect(page.getByText('Step 3 of 5')).toBeVisible()
    await expect(page.getByText('Choose at least one activity.')).toBeVisible()
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(page.getByText('Step 2 of 5')).toBeVisible()
    await finish(page)
  })
})

test.describe('the trip request wizard, JavaScript on', () => {
  test('moves between steps in the page; a reload resumes the draft kept on the server', async ({ page, request, signIn }) => {
    const who = await newTraveler(request)
    await signIn(who.username, who.password)
    await stepOne(page, true)
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(page.getByText('Step 2 of 5')).toBeVisible()
    // Next waits for the step to be complete.
    await next(page)
    await expect(page.getByText('Step 3 of 5')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(page.getByText('Step 2 of 5')).toBeVisible()
    await finish(page)
  })
})
