import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

async function newTraveler(request: APIRequestContext) {
  const username = uniqueName('tripper')
  const password = 'a-long-trips-passphrase'
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Tom', last_name: 'Tripper' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { username, password }
}

for (const js of [false, true]) {
  test.describe(`My Trips, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('New Trip creates a trip, Edit Trip changes it, View Details shows the budget, Cancel Trip cancels it', async ({ page, request, signIn }) => {
      const who = await newTraveler(request)
      await signIn(who.username, who.password)
      await page.goto('/dashboard/trips')
      await expect(page.getByText('No trips found')).toBeVisible()
      await expect(page.getByText('Start planning your next adventure!')).toBeVisible()

      const title = uniqueName('Weekend in Porto ')
      await page.getByRole('link', { name: 'New Trip' }).click()
      let form = page.getByRole('form', { name: 'Trip' })
      await form.getByLabel('Trip Title').fill(title)
      await form.getByLabel('Start Date').fill(day(12))
      await form.getByLabel('End Date').fill(day(10))
      await form.getByRole('button', { name: 'Create Trip' }).click()
      form = page.getByRole('form', { name: 'Trip' })
      await expect(form.getByText('The return date cannot be before the departure date.')).toBeVisible()
      await form.getByLabel('End Date').fill(day(15))
      await form.getByRole('button', { name: 'Create Trip' }).click()
      const card = page.getByRole('article', { name: title })
      await expect(card).toContainText('Planning')
      await expect(card).toContainText('3 days')
      await expect(page.getByRole('navigation', { name: 'Trip status' }).getByRole('link', { name: /All Trips/ })).toContainText('1')

      await card.getByRole('link', { name: `Edit Trip: ${title}` }).click()
      form = page.getByRole('form', { name: 'Trip' })
      await form.getByLabel('Total budget (USD)').fill('1250.50')
      await form.getByLabel('Travellers').fill('2')
      await form.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByRole('article', { name: title })).toContainText('Budget $1,250.50')

      await page.getByRole('article', { name: title }).getByRole('link', { name: `View Details: ${title}` }).click()
      const details = page.getByRole('dialog', { name: title })
      await expect(details).toContainText('Remaining')
      await expect(details).toContainText('$1,250.50')
      await details.getByRole('button', { name: 'Cancel Trip' }).click()
      await expect(page.getByRole('article', { name: title })).toContainText('Cancelled')

      // Search keeps to the traveler's trips; a search with no match says so.
      await page.goto('/dashboard/trips?search=atlantis')
      await expect(page.getByText('Try adjusting your search criteria')).toBeVisible()
    })
  })
}

test('another role than a traveler is refused My Trips and Book Trip', async ({ page, signIn }) => {
  await signIn('editor')
  for (const path of ['/dashboard/trips', '/dashboard/book-trip']) {
    const res = await page.goto(path)
    expect(res?.status()).toBe(403)
    await expect(page.getByText('Only travelers can request trips.')).toBeVisible()
  }
})
