import type { APIRequestContext, Page } from '@playwright/test'
import { expect, ready, test, uniqueName } from './fixtures.ts'
import { activityWorld } from './support/bookings.ts'
import { acceptedTrip, isoDay, restToken } from './support/trips.ts'

/**
 * Booking Management with its own data: a traveler registered for the test, an activity (25 USD a person, confirmed by
 * staff) and a place to stay made as the superadmin, so the cards and the list count this test's bookings only.
 */
async function setUp(request: APIRequestContext) {
  const { post, activity, country } = await activityWorld(request, 'Book')
  const hotel = await post('/api/suppliers/', { name: uniqueName('Harbour Inn '), supplier_type: 'accommodation', country: country.id, city: 'Bookton' })
  return { post, activity, hotel, country }
}


const card = (page: Page, label: string) => page.getByRole('region', { name: 'Booking summary' }).locator(`[data-card="${label}"]`)

for (const js of [false, true]) {
  test.describe(`Booking Management, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a traveler books an activity from its page, sees the cards and the list, filters, searches and cancels', async ({ page, request, signIn }) => {
      const { post, activity, hotel } = await setUp(request)
      const kayak = await activity(uniqueName('Lagoon kayak '))
      const walk = await activity(uniqueName('Cliff walk '))
      const username = uniqueName('booker')
      const password = 'a-long-booking-passphrase'
      const registered = await post(
        '/users/api/auth/register/',
        { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Bea', last_name: 'Booker' },
        {},
      )
      const traveler = { Authorization: `Bearer ${registered.access}` }
      const stay = await post(`/api/accommodations/${hotel.id}/book/`, { check_in: isoDay(40), check_out: isoDay(43), rooms: 1, guests: 2 }, traveler)
      const walked = await post(`/api/activities/${walk.id}/book/`, { date: isoDay(35), participants: 1 }, traveler)

      await signIn(username, password)
      // Book this activity: the day and the group, priced by the engine.
      await page.goto(`/dashboard/activities/${kayak.id}/book`)
      await ready(page, js)
      const form = page.getByRole('form', { name: `Book ${kayak.name}` })
      await form.getByLabel('Date').fill(isoDay(30))
      await form.getByLabel('Participants').fill('2')
      await form.getByRole('button', { name: 'Book this activity' }).click()
      await expect(page).toHaveURL(/\/dashboard\/bookings\/\d+$/)
      const dialog = page.getByRole('dialog', { name: kayak.name })
      await expect(dialog).toContainText('$50.00')
      await expect(dialog.getByText('Pending', { exact: true })).toBeVisible()
      const reference = (await dialog
        .getByText(/^MB-[2-9A-HJ-NP-Z]{8}$/)
        .first()
        .textContent())!

      await page.goto('/dashboard/bookings')
      await ready(page, js)
      await expect(card(page, 'Confirmed')).toHaveText('0')
      await expect(card(page, 'Pending')).toHaveText('3')
      await expect(card(page, 'Total Value')).toHaveText('$75.00')
      await expect(card(page, 'Upcoming')).toHaveText('3')
      const table = page.getByRole('table', { name: 'Bookings' })
      await expect(table.getByRole('row')).toHaveCount(4)
      await expect(table.getByRole('row', { name: new RegExp(stay.reference) })).toContainText('To be quoted')
      await expect(page.getByRole('link', { name: `Pay now: ${walked.reference}` })).toHaveAttribute('href', `/dashboard/bookings/${walked.id}/pay`)
      const main = page.getByRole('main')
      await expect(main.getByRole('link', { name: 'Flights', exact: true })).toHaveAttribute('href', '/dashboard/flights')
      await expect(main.getByRole('link', { name: 'Accommodations', exact: true })).toHaveAttribute('href', '/dashboard/accommodations')

      // The type filters are links; the search a GET form that keeps the type.
      await page.getByRole('navigation', { name: 'Booking type' }).getByRole('link', { name: 'hotel', exact: true }).click()
      await expect(page).toHaveURL(/type=hotel/)
      await expect(table.getByRole('row')).toHaveCount(2)
      await expect(table).toContainText(stay.title)
      await page.getByRole('navigation', { name: 'Booking type' }).getByRole('link', { name: 'all', exact: true }).click()
      await expect(table.getByRole('row')).toHaveCount(4)
      const search = page.getByRole('search', { name: 'Filters' })
      await search.getByLabel('Search').fill(reference.toLowerCase())
      await search.getByRole('button', { name: 'Filter' }).click()
      await expect(page).toHaveURL(/search=mb-/)
      await expect(table.getByRole('row')).toHaveCount(2)
      await expect(table).toContainText(kayak.name)
      await search.getByLabel('Search').fill('no such booking anywhere')
      await search.getByRole('button', { name: 'Filter' }).click()
      await expect(page.getByText('No bookings found')).toBeVisible()

      // Cancel, with its confirm step and a reason.
      await page.goto(`/dashboard/bookings?search=${encodeURIComponent(reference)}`)
      await ready(page, js)
      await table.getByRole('link', { name: kayak.name }).click()
      await page.getByRole('dialog', { name: kayak.name }).getByRole('link', { name: 'Cancel booking' }).click()
      const confirmStep = page.getByRole('dialog', { name: kayak.name })
      await confirmStep.getByLabel('Reason (optional)').fill('The forecast is stormy.')
      await confirmStep.getByRole('button', { name: 'Yes, cancel booking' }).click()
      await expect(page.getByRole('dialog', { name: kayak.name }).getByText('Cancelled', { exact: true })).toBeVisible()
      await expect(page.getByRole('dialog', { name: kayak.name })).toContainText('The forecast is stormy.')
      await expect(page.getByRole('dialog', { name: kayak.name }).getByRole('link', { name: 'Cancel booking' })).toHaveCount(0)
      await page.goto('/dashboard/bookings')
      await expect(card(page, 'Pending')).toHaveText('2')
      await expect(card(page, 'Total Value')).toHaveText('$25.00')

      // The export holds the same bookings.
      const csv = await page.request.get('/dashboard/bookings/export')
      expect(csv.headers()['content-disposition']).toBe('attachment; filename="meridian-bookings.csv"')
      const text = await csv.text()
      expect(text).toContain(reference)
      expect(text.trimEnd().split('\r\n')).toHaveLength(4)
    })

    test('a traveler books an approved itinerary item; the expert confirms their stay with its quoted total', async ({ page, request, signIn }) => {
      const { post, activity, hotel } = await setUp(request)
      const kayak = await activity(uniqueName('Sea kayak '))
      const trip = await acceptedTrip(request, { country: 'Portugal', nights: 2, firstName: 'Ines', lastName: 'Itinerant' })
      const expert = { Authorization: `Bearer ${trip.expertAccess}` }
      const plan = await post('/api/itineraries/', { trip_id: trip.id, currency: 'USD', title: uniqueName('Coast plan ') }, expert)
      const [first, ...rest] = plan.days as { key: string; date: string; title: string }[]
      const saved = await request.patch(`/api/itineraries/${plan.id}/`, {
        headers: expert,
        data: {
          version: 1,
          days: [
            { key: first!.key, date: first!.date, title: first!.title, items: [{ type: 'activity', title: kayak.name, activity_id: kayak.id }] },
            ...rest.map((d) => ({ key: d.key, date: d.date, title: d.title, items: [] })),
          ],
        },
      })
      expect(saved.status(), await saved.text()).toBe(200)
      expect((await request.post(`/api/itineraries/${plan.id}/status/`, { headers: expert, data: { status: 'review' } })).status()).toBe(200)
      const specialist = { Authorization: `Bearer ${await restToken(request, 'specialist')}` }
      expect((await request.post(`/api/itineraries/${plan.id}/status/`, { headers: specialist, data: { status: 'approved', version: ((await saved.json()) as { version: number }).version } })).status()).toBe(200)
      const login = await request.post('/users/api/auth/login/', { data: { username: trip.username, password: trip.password } })
      const traveler = { Authorization: `Bearer ${((await login.json()) as { access: string }).access}` }
      const stay = await post(
        `/api/accommodations/${hotel.id}/book/`,
        { check_in: first!.date, check_out: rest.at(-1)?.date ?? first!.date, rooms: 1, guests: 2, trip_id: trip.id },
        traveler,
      )

      // The traveler reads the approved plan and books its activity (for the trip's two travelers, on its day).
      await signIn(trip.username, trip.password)
      await page.goto(`/dashboard/itineraries/${plan.id}`)
      await ready(page, js)
      await page.getByRole('link', { name: `Book ${kayak.name}` }).click()
      await expect(page.getByRole('form', { name: `Book ${kayak.name}` })).toContainText('From your approved itinerary')
      await expect(page.getByRole('form', { name: `Book ${kayak.name}` }).getByLabel('Participants')).toHaveValue('2')
      await page.getByRole('button', { name: 'Book this item' }).click()
      await expect(page).toHaveURL(/\/dashboard\/bookings\/\d+$/)
      await expect(page.getByRole('dialog', { name: kayak.name })).toContainText('$50.00')
      await page.goto(`/dashboard/itineraries/${plan.id}`)
      await expect(page.getByText(/^Booked: MB-/)).toBeVisible()
      await expect(page.getByRole('link', { name: `Book ${kayak.name}` })).toHaveCount(0)

      // The demo expert handles the trip: they see the stay request and confirm it with the hotel's quote.
      await page.context().clearCookies()
      await signIn('expert')
      await page.goto(`/dashboard/bookings?search=${encodeURIComponent(stay.reference)}`)
      await ready(page, js)
      const table = page.getByRole('table', { name: 'Bookings' })
      await expect(table.getByRole('row')).toHaveCount(2)
      await expect(table).toContainText('Ines Itinerant')
      await table.getByRole('link', { name: stay.title }).click()
      const dialog = page.getByRole('dialog', { name: stay.title })
      await dialog.getByLabel('Quoted total').fill('845.5')
      await dialog.getByLabel('Currency').selectOption('EUR')
      await dialog.getByRole('button', { name: 'Confirm booking' }).click()
      await expect(page.getByRole('dialog', { name: stay.title }).getByText('Confirmed', { exact: true })).toBeVisible()
      await expect(page.getByRole('dialog', { name: stay.title })).toContainText('€845.50')
      await expect(page.getByRole('dialog', { name: stay.title }).getByRole('button', { name: 'Confirm booking' })).toHaveCount(0)
    })
  })
}

test.describe('who reaches Booking Management', () => {
  test('specialists and editors are refused; a traveler cannot open another’s booking', async ({ page, request, signIn }) => {
    await signIn('specialist')
    expect((await page.goto('/dashboard/bookings'))?.status()).toBe(403)
    await expect(page.getByRole('alert')).toContainText("You don't have permission to perform this action.")
    const demo = { Authorization: `Bearer ${await restToken(request, 'traveler')}` }
    const theirs = ((await (await request.get('/api/bookings/?page_size=1', { headers: demo })).json()) as { results: { id: number }[] }).results[0]!
    const username = uniqueName('nosy')
    const password = 'a-long-nosy-passphrase'
    expect(
      (
        await request.post('/users/api/auth/register/', {
          data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Nora', last_name: 'Nosy' },
        })
      ).status(),
    ).toBe(201)
    await signIn(username, password)
    expect((await page.goto(`/dashboard/bookings/${theirs.id}`))?.status()).toBe(404)
  })
})
