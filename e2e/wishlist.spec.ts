import type { APIRequestContext, Page } from '@playwright/test'
import { clickSaveToggle, expect, ready, test, uniqueName } from './fixtures.ts'
import { requestedTrip, restToken } from './support/trips.ts'

/** A destination of the test's own (an active country) with one place to stay, made as the demo superadmin. */
async function destinationWithStay(request: APIRequestContext) {
  const token = await restToken(request, 'superadmin')
  const headers = { Authorization: `Bearer ${token}` }
  const name = uniqueName('Wishland ')
  const country = await request.post('/api/destinations/countries-mgmt/', {
    headers,
    data: { name, continent: 'Europe', why_visit: 'Quiet coves and old harbours.' },
  })
  expect(country.status(), await country.text()).toBe(201)
  const countryId = ((await country.json()) as { id: number }).id
  const hotelName = uniqueName('Harbour House ')
  const hotel = await request.post('/api/suppliers/', {
    headers,
    data: { name: hotelName, supplier_type: 'accommodation', country: countryId, city: 'Port Wish', description: 'Rooms over the harbour.' },
  })
  expect(hotel.status(), await hotel.text()).toBe(201)
  return { countryId, name, hotelName }
}


/** One of the counts at the top of My Wishlist. */
const expectFigure = (page: Page, label: string, value: number) =>
  expect(page.getByRole('group', { name: label, exact: true })).toHaveText(new RegExp(`^${label}\\s*${value}$`))

for (const js of [false, true]) {
  test.describe(`Wishlist, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('save a destination, a hotel and a trip from their pages, see them counted and filtered, remove them', async ({ page, request, signIn }) => {
      const place = await destinationWithStay(request)
      const trip = await requestedTrip(request, { country: place.name, nights: 4 })
      await signIn(trip.username, trip.password)

      await page.goto('/dashboard/wishlist')
      await expect(page.getByText('No saved items found')).toBeVisible()
      await expectFigure(page, 'Total Saved', 0)

      await page.goto(`/dashboard/destinations/${place.countryId}`)
      await ready(page, js)
      const dialog = page.getByRole('dialog', { name: place.name })
      await clickSaveToggle(page, dialog.getByRole('button', { name: `Save ${place.name} to wishlist` }), js)
      await expect(dialog.getByRole('button', { name: `Saved ${place.name}: remove from wishlist` })).toHaveAttribute('aria-pressed', 'true')
      const stay = dialog.getByRole('article', { name: place.hotelName })
      await clickSaveToggle(page, stay.getByRole('button', { name: `Save ${place.hotelName} to wishlist` }), js)
      await expect(stay.getByRole('button', { name: `Saved ${place.hotelName}: remove from wishlist` })).toBeVisible()

      await page.goto(`/dashboard/trips/${trip.id}`)
      await ready(page, js)
      await clickSaveToggle(page, page.getByRole('dialog', { name: trip.title }).getByRole('button', { name: `Save ${trip.title} to wishlist` }), js)
      await expect(page.getByRole('dialog', { name: trip.title }).getByRole('button', { name: `Saved ${trip.title}: remove from wishlist` })).toBeVisible()

      await page.goto('/dashboard/wishlist')
      await ready(page, js)
      await expectFigure(page, 'Total Saved', 3)
      await expectFigure(page, 'Destinations', 1)
      await expectFigure(page, 'Hotels', 1)
      await expectFigure(page, 'Activities', 0)
      const saved = page.getByRole('article', { name: place.name, exact: true })
      await expect(saved).toContainText('Destination')
      await expect(saved).toContainText('Quiet coves and old harbours.')
      await expect(saved).toContainText(/Saved \w{3} \d{1,2}, \d{4}/)
      await expect(saved.getByRole('link', { name: `View ${place.name}`, exact: true })).toHaveAttribute('href', `/dashboard/destinations/${place.countryId}`)
      // A trip's price is its budget per traveler: the request's 2,000 a head for two.
      await expect(page.getByRole('article', { name: trip.title, exact: true })).toContainText('$2,000.00/person')
      await expect(page.getByRole('article', { name: place.hotelName })).toContainText('Port Wish')

      const filters = page.getByRole('navigation', { name: 'Saved item type' })
      await filters.getByRole('link', { name: /^Hotels/ }).click()
      await expect(page).toHaveURL(/\?type=hotel$/)
      await expect(page.getByRole('article')).toHaveCount(1)
      await expect(page.getByRole('article', { name: place.hotelName })).toBeVisible()
      await page
        .getByRole('article', { name: place.hotelName })
        .getByRole('button', { name: `Remove ${place.hotelName} from wishlist` })
        .click()
      await expect(page.getByText('No saved items found')).toBeVisible()
      await expect(page).toHaveURL(/\?type=hotel$/)

      await filters.getByRole('link', { name: /^All/ }).click()
      await expect(page.getByRole('article')).toHaveCount(2)
      await expectFigure(page, 'Total Saved', 2)

      // Removing from the destination page takes it off the list too.
      await page.goto(`/dashboard/destinations/${place.countryId}`)
      await ready(page, js)
      await clickSaveToggle(page, page.getByRole('dialog', { name: place.name }).getByRole('button', { name: `Saved ${place.name}: remove from wishlist` }), js)
      await expect(page.getByRole('dialog', { name: place.name }).getByRole('button', { name: `Save ${place.name} to wishlist` })).toBeVisible()
      await page.goto('/dashboard/wishlist?type=destination')
      await expect(page.getByText('No saved items found')).toBeVisible()
    })
  })
}

test('staff have no wishlist: the screen answers 403 and pages show no save toggle', async ({ page, request, signIn }) => {
  const place = await destinationWithStay(request)
  await signIn('expert')
  const res = await page.goto('/dashboard/wishlist')
  expect(res?.status()).toBe(403)
  await expect(page.getByText('Only travelers keep a wishlist.')).toBeVisible()
  await page.goto(`/dashboard/destinations/${place.countryId}`)
  await expect(page.getByRole('article', { name: place.hotelName })).toBeVisible()
  await expect(page.getByRole('button', { name: /to wishlist$/ })).toHaveCount(0)
  await expect(page.getByText('Request a stay')).toHaveCount(0)
})
