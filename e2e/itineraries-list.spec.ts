import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { acceptedTrip as ownAcceptedTrip, restToken as token } from './support/trips.ts'

/** The seeded demo itineraries (seedDemoItineraries): approved on the demo traveler's Peru trip, a draft on Lisbon. */
const APPROVED = 'Lima, Cusco and Machu Picchu'
const DRAFT = 'Lisbon, Sintra and Belém'

/** A trip of the test's own that the demo expert has accepted and nobody has planned (Ines Planee's, to Portugal). */
const acceptedTrip = (request: APIRequestContext) => ownAcceptedTrip(request, { country: 'Portugal', nights: 3, firstName: 'Ines', lastName: 'Planee' })

/** The demo trips the demo itineraries are on, by the city their titles start with. */
async function demoTrips(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await token(request, 'expert')}` }
  const trips = (await (await request.get('/users/api/expert/trips/?page_size=100', { headers })).json()) as { results: { id: number; title: string }[] }
  const find = (city: string) => trips.results.find((t) => t.title.startsWith(city))!.id
  return { lima: find('Lima'), lisbon: find('Lisbon') }
}

test('the expert’s list shows the demo itineraries and filters by trip and status; the traveler sees only the approved one', async ({
  page,
  request,
  signIn,
}) => {
  const trips = await demoTrips(request)
  await signIn('expert')
  // Other specs add itineraries to these trips at the same time: each demo one is looked for on its own trip.
  await page.goto(`/dashboard/itineraries?trip=${trips.lima}`)
  await expect(page.getByRole('heading', { name: 'Itineraries', level: 1 })).toBeVisible()
  const approved = page.getByRole('article', { name: APPROVED })
  await expect(approved).toContainText('Approved')
  await expect(approved).toContainText('4 travellers')
  await expect(approved).toContainText(/Total \$[\d,]+\.\d\d of \$[\d,]+\.\d\d budget/)
  await expect(approved.getByRole('link', { name: APPROVED })).toHaveAttribute('href', /^\/dashboard\/itineraries\/\d+$/)
  await expect(page.getByRole('article', { name: DRAFT })).toHaveCount(0)

  // The trip select names the trips; with JavaScript (once the page is hydrated) a select applies at once.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  const filters = page.getByRole('search', { name: 'Filters' })
  await filters.getByLabel('Trip').selectOption(String(trips.lisbon))
  await expect(page).toHaveURL(new RegExp(`trip=${trips.lisbon}`))
  const draft = page.getByRole('article', { name: DRAFT })
  await expect(draft).toContainText('Draft')
  await expect(draft).toContainText('Version 3')
  await filters.getByLabel('Status').selectOption('approved')
  await expect(page).toHaveURL(/status=approved/)
  await expect(page.getByRole('article', { name: DRAFT })).toHaveCount(0)
  await page.goto('/dashboard/itineraries?status=review&trip=2147483647')
  await expect(page.getByText('No itineraries found')).toBeVisible()
  await expect(page.getByText('Try adjusting your filters')).toBeVisible()

  await signIn('traveler')
  await page.goto('/dashboard/itineraries')
  await expect(page.getByRole('article', { name: APPROVED })).toContainText('Approved')
  await expect(page.getByRole('article', { name: DRAFT })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'New itinerary' })).toHaveCount(0)
  const href = await page.getByRole('article', { name: APPROVED }).getByRole('link', { name: APPROVED }).getAttribute('href')

  // The trip's details lead to its itinerary once one is approved, and only then.
  await page.goto(`/dashboard/trips/${trips.lima}`)
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Itinerary' })).toHaveAttribute('href', href!)
  await page.goto(`/dashboard/trips/${trips.lisbon}`)
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Close' }).first()).toBeVisible()
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Itinerary' })).toHaveCount(0)
})

test('the editor has no trips and so no itineraries', async ({ page, signIn }) => {
  await signIn('editor')
  const res = await page.goto('/dashboard/itineraries')
  expect(res?.status()).toBe(403)
  await expect(page.getByText("You don't have permission to perform this action.")).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the expert starts an itinerary for their accepted trip, arriving from it, and finds it in the list', async ({ page, request, signIn }) => {
    const trip = await acceptedTrip(request)
    await signIn('expert')
    await page.goto(`/dashboard/itineraries?trip=${trip.id}`)
    let form = page.getByRole('form', { name: 'New itinerary' })
    await expect(form.getByLabel('Trip')).toHaveValue(String(trip.id))

    // Without a trip: the service's message on the field, and nothing made.
    await form.getByLabel('Trip').selectOption('')
    await form.getByLabel('Title (optional)').fill('Porto and the Douro')
    await form.getByRole('button', { name: 'Create itinerary' }).click()
    form = page.getByRole('form', { name: 'New itinerary' })
    await expect(form.getByText('This field is required.')).toBeVisible()
    await expect(form.getByLabel('Title (optional)')).toHaveValue('Porto and the Douro')

    await form.getByLabel('Trip').selectOption(String(trip.id))
    await form.getByLabel('Currency').selectOption('USD')
    await form.getByRole('button', { name: 'Create itinerary' }).click()
    await expect(page).toHaveURL(/\/dashboard\/itineraries\/\d+$/)
    const id = new URL(page.url()).pathname.split('/').pop()

    // The trip filter names the trip; the list shows the new draft with a day per date.
    await page.goto(`/dashboard/itineraries?trip=${trip.id}`)
    await expect(page.getByRole('search', { name: 'Filters' }).getByLabel('Trip')).toHaveValue(String(trip.id))
    const card = page.getByRole('article', { name: 'Porto and the Douro' })
    await expect(card).toContainText('Draft')
    await expect(card).toContainText('4 days')
    await expect(card).toContainText('0 items')
    await expect(card.getByRole('link', { name: 'Porto and the Douro' })).toHaveAttribute('href', `/dashboard/itineraries/${id}`)
    await expect(page.getByText('1 itinerary', { exact: true })).toBeVisible()
    // Planned now: it is no longer offered for a new itinerary.
    await expect(page.getByRole('form', { name: 'New itinerary' }).getByLabel('Trip').locator(`option[value="${trip.id}"]`)).toHaveCount(0)

    // The Filter button applies the status filter.
    await page.getByRole('search', { name: 'Filters' }).getByLabel('Status').selectOption('approved')
    await page.getByRole('search', { name: 'Filters' }).getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(/status=approved/)
    await expect(page.getByText('No itineraries found')).toBeVisible()
  })
})
