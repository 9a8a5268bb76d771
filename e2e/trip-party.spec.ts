import type { APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD, expect, test } from './fixtures.ts'

/* Who travels, on the trip screen (docs/traveler-app.md "Per traveler"), with plain forms. */

/** The demo traveler's first trip, over REST. */
async function firstTrip(request: APIRequestContext): Promise<number> {
  const login = await request.post('/users/api/auth/login/', { data: { username: 'traveler', password: DEMO_PASSWORD } })
  const { access } = (await login.json()) as { access: string }
  const res = await request.get('/users/api/traveler/trips/?page_size=1', { headers: { Authorization: `Bearer ${access}` } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { results: { id: number }[] }).results[0]!.id
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the traveler names someone of the party, sees them, and removes them', async ({ page, signIn, request }) => {
    const tripId = await firstTrip(request)
    await signIn('traveler')
    await page.goto(`/dashboard/trips/${tripId}`)
    const party = page.locator('[aria-label="Who travels"]')
    const name = `Zoé ${Date.now() % 100000}`
    await party.getByLabel('Add someone').fill(name)
    await party.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(party.getByText(name, { exact: true })).toBeVisible()
    // The same name again is refused beside the field, and nothing is added.
    await party.getByLabel('Add someone').fill(name.toUpperCase())
    await party.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(page.getByText('This trip’s party has someone of that name already.')).toBeVisible()
    await party.getByRole('button', { name: `Remove ${name}` }).click()
    await expect(party.getByText(name, { exact: true })).toHaveCount(0)
  })
})
