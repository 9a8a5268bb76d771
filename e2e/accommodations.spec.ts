import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { isoDay, restToken } from './support/trips.ts'

/** A destination of the test's own with one place to stay, and a traveler registered for the test. */
async function setUp(request: APIRequestContext) {
  const token = await restToken(request, 'superadmin')
  const headers = { Authorization: `Bearer ${token}` }
  const name = uniqueName('Stayland ')
  const country = await request.post('/api/destinations/countries-mgmt/', { headers, data: { name, continent: 'Asia' } })
  expect(country.status(), await country.text()).toBe(201)
  const countryId = ((await country.json()) as { id: number }).id
  const hotelName = uniqueName('Garden Inn ')
  const hotel = await request.post('/api/suppliers/', {
    headers,
    data: { name: hotelName, supplier_type: 'accommodation', country: countryId, city: 'Bloom', email: 'desk@garden.example', payment_terms: 'Net 30' },
  })
  expect(hotel.status(), await hotel.text()).toBe(201)
  const username = uniqueName('sleeper')
  const password = 'a-long-stay-passphrase'
  const registered = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Sam', last_name: 'Sleeper' },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  return { countryId, name, hotelName, hotelId: ((await hotel.json()) as { id: number }).id, username, password }
}

test.describe('the accommodation notice', () => {
  test('signed out, it asks to sign in with the spec’s words', async ({ page }) => {
    await page.goto('/dashboard/accommodations')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Faccommodations$/)
    const notice = page.getByRole('status')
    await expect(notice).toContainText('Authentication Required')
    await expect(notice).toContainText('Please log in to access this page.')
  })

  test('signed in, any role sees only the removal notice and the two buttons', async ({ page, signIn }) => {
    for (const who of ['editor', 'traveler'] as const) {
      await signIn(who)
      const res = await page.goto('/dashboard/accommodations')
      expect(res?.status()).toBe(200)
      await expect(page.getByRole('heading', { name: 'Accommodation Management' })).toBeVisible()
      await expect(
        page.getByText('The legacy accommodation system, villa types and meal plans have been removed, and their data has been purged.'),
      ).toBeVisible()
      await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
      await expect(page.getByRole('link', { name: 'Browse Destinations' })).toHaveAttribute('href', '/dashboard/destinations')
    }
  })
})

for (const js of [false, true]) {
  test.describe(`Request a stay, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a traveler requests a stay from Where to stay: mistakes are shown beside the fields, then the request is pending', async ({
      page,
      request,
      signIn,
    }) => {
      const s = await setUp(request)
      await signIn(s.username, s.password)
      await page.goto(`/dashboard/destinations/${s.countryId}`)
      // With JavaScript the modal is mounted again once hydrated: a disclosure opened before that would close.
      if (js) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      const dialog = page.getByRole('dialog', { name: s.name })
      await expect(dialog.getByRole('heading', { name: 'Where to stay (1)' })).toBeVisible()
      const card = dialog.getByRole('article', { name: s.hotelName })
      await expect(card).toContainText('Bloom')
      // What only staff see stays with staff.
      await expect(card).not.toContainText('desk@garden.example')
      await card.getByText('Request a stay', { exact: true }).first().click()
      let form = page.getByRole('form', { name: `Request a stay at ${s.hotelName}` })
      await form.getByLabel('Check-in').fill(isoDay(20))
      await form.getByLabel('Check-out').fill(isoDay(23))
      await form.getByLabel('Rooms').fill('2')
      await form.getByLabel('Guests').fill('1')
      await form.getByRole('button', { name: 'Request a stay' }).click()
      form = page.getByRole('form', { name: `Request a stay at ${s.hotelName}` })
      await expect(form.getByText('Each room needs at least one guest.')).toBeVisible()
      await expect(form.getByLabel('Rooms')).toHaveValue('2')
      await form.getByLabel('Guests').fill('3')
      await form.getByLabel('Notes (optional)').fill('A quiet room, please.')
      await form.getByRole('button', { name: 'Request a stay' }).click()
      const done = page.getByRole('status').filter({ hasText: 'Stay requested' })
      await expect(done).toContainText(/Your request MB-[2-9A-Z]{8} is pending/)
      const reference = /MB-[2-9A-Z]{8}/.exec((await done.textContent()) ?? '')![0]

      // The traveler's booking: pending, to be quoted, as the REST client sees it.
      const token = await restToken(request, s.username, s.password)
      const stays = await request.get(`/api/accommodations/${s.hotelId}/`, { headers: { Authorization: `Bearer ${token}` } })
      expect(await stays.json()).not.toHaveProperty('email')
      const again = await request.post(`/api/accommodations/${s.hotelId}/book/`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { check_in: isoDay(20), check_out: isoDay(23), rooms: 2, guests: 3 },
      })
      expect(again.status()).toBe(201)
      const booking = (await again.json()) as { reference: string; status: string; amount: string; type: string }
      expect(booking).toMatchObject({ status: 'pending', amount: '0.00', type: 'hotel' })
      expect(booking.reference).not.toBe(reference)
    })
  })
}
