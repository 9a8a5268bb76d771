import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { restToken } from './support/trips.ts'

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

async function newTraveler(request: APIRequestContext) {
  const username = uniqueName('legs')
  const password = 'a-long-flights-passphrase'
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Lea', last_name: 'Legs' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { username, password }
}

type Made = { id: number; airline: string; flight_number: string; availability: number }

/** A flight of the test's own between demo airports, with a flight number of its own. */
async function ownFlight(request: APIRequestContext, fields: Record<string, unknown>): Promise<Made> {
  const token = await restToken(request, 'admin')
  const res = await request.post('/api/flights/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      flight_number: String(5000 + Math.floor(Math.random() * 4999)),
      aircraft: 'Airbus A321neo',
      class: 'business',
      currency: 'EUR',
      seats_total: 8,
      amenities: ['wifi'],
      ...fields,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as Made
}

const card = (page: Page, f: Made) => page.getByRole('article', { name: `${f.airline} ${f.flight_number}` })

for (const js of [false, true]) {
  test.describe(`Flight filters and multi-city, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the filters live in the URL and the server applies them: airlines, stops, duration, time of day, price', async ({ page, request, signIn }) => {
      const d = day(20 + Math.floor(Math.random() * 35))
      // A non-stop morning flight of 2h 45m at €412.35, and a one-stop evening flight of 6h 30m at €1,500.
      const morning = await ownFlight(request, {
        airline_code: 'TP',
        from: 'LHR',
        to: 'LIS',
        departure: `${d}T07:10`,
        arrival: `${d}T09:55`,
        price: '412.35',
      })
      const evening = await ownFlight(request, {
        airline_code: 'BA',
        from: 'LHR',
        to: 'LIS',
        departure: `${d}T18:30`,
        arrival: `${d}T23:59`,
        stops: 1,
        price: '1500.00',
      })
      const who = await newTraveler(request)
      await signIn(who.username, who.password)
      await page.goto(`/dashboard/flights?from=LHR&to=LIS&departure_date=${d}&class=business`)
      if (js) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      const form = page.getByRole('form', { name: 'Search Flights' })
      /** Without JavaScript the filters apply with Search Flights; with it, as soon as they change. */
      const apply = async (param: RegExp) => {
        if (!js) await form.getByRole('button', { name: 'Search Flights' }).click()
        await expect(page).toHaveURL(param)
      }
      await expect(card(page, morning)).toBeVisible()
      await expect(card(page, evening)).toBeVisible()

      // The airline checkboxes are the results' airlines.
      const airlines = form.getByRole('group', { name: 'Airlines' })
      await expect(airlines.getByRole('checkbox', { name: 'TAP Portugal (TP)' })).toBeVisible()
      await airlines.getByRole('checkbox', { name: 'British Airways (BA)' }).check()
      await apply(/airlines=BA/)
      await expect(card(page, evening)).toBeVisible()
      await expect(card(page, morning)).toHaveCount(0)
      await form.getByRole('group', { name: 'Airlines' }).getByRole('checkbox', { name: 'British Airways (BA)' }).uncheck()
      await apply(/^(?!.*airlines=BA)/)

      await form.getByLabel('Stops').selectOption('0')
      await apply(/stops=0/)
      await expect(card(page, morning)).toBeVisible()
      await expect(card(page, evening)).toHaveCount(0)
      await form.getByLabel('Stops').selectOption('')
      await form.getByLabel('Duration').selectOption('4')
      await apply(/max_duration=4/)
      await expect(card(page, morning)).toBeVisible()
      await expect(card(page, evening)).toHaveCount(0)
      await form.getByLabel('Duration').selectOption('')
      await form.getByLabel('Departure time').selectOption('evening')
      await apply(/time_of_day=evening/)
      await expect(card(page, evening)).toBeVisible()
      await expect(card(page, morning)).toHaveCount(0)
      await form.getByLabel('Departure time').selectOption('')
      await form.getByLabel('Min price').fill('1000')
      await apply(/price_min=1000/)
      await expect(card(page, evening)).toBeVisible()
      await expect(card(page, morning)).toHaveCount(0)

      // A reload keeps the filters: they are the URL.
      await page.reload()
      await expect(page.getByRole('form', { name: 'Search Flights' }).getByLabel('Min price')).toHaveValue('1000')
      await expect(card(page, morning)).toHaveCount(0)

      await page.goto(`/dashboard/flights?from=LHR&to=LIS&max_duration=99`)
      await expect(page.getByText('Enter the longest flight time in whole hours, from 1 to 72.')).toBeVisible()
    })

    test('a multi-city trip: legs added, one flight chosen a leg, booked together; a leg short of seats refuses the whole itinerary', async ({
      page,
      request,
      signIn,
    }) => {
      const offset = 20 + Math.floor(Math.random() * 35)
      const first = await ownFlight(request, {
        airline_code: 'TP',
        from: 'LHR',
        to: 'LIS',
        departure: `${day(offset)}T08:05`,
        arrival: `${day(offset)}T10:50`,
        price: '300.00',
      })
      const second = await ownFlight(request, {
        airline_code: 'TP',
        from: 'LIS',
        to: 'JFK',
        departure: `${day(offset + 2)}T11:30`,
        arrival: `${day(offset + 2)}T14:10`,
        price: '650.50',
        currency: 'USD',
        seats_total: 1,
      })
      const who = await newTraveler(request)
      await signIn(who.username, who.password)
      await page.goto('/dashboard/flights')
      if (js) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      let form = page.getByRole('form', { name: 'Search Flights' })
      await form.getByRole('radio', { name: 'Multi-City' }).check()
      await form.getByLabel('From', { exact: true }).fill('LHR')
      await form.getByLabel('To', { exact: true }).fill('Lisbon')
      await form.getByLabel('Departure date').fill(day(offset))
      await form.getByLabel('Leg 2 from').fill('LIS')
      await form.getByLabel('Leg 2 to').fill('JFK')
      await form.getByLabel('Leg 2 date').fill(day(offset + 2))
      await form.getByLabel('Class').selectOption('business')
      await expect(form.getByLabel('Leg 3 from')).toHaveCount(0)
      await form.getByRole('button', { name: 'Add leg' }).click()
      form = page.getByRole('form', { name: 'Search Flights' })
      await expect(form.getByLabel('Leg 3 from')).toBeVisible()
      await expect(form.getByLabel('Leg 2 to')).toHaveValue('JFK')
      await form.getByRole('button', { name: 'Search Flights' }).click()

      await expect(page.getByRole('heading', { name: /^Available Flights \(\d+\)$/ })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Leg 1' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Leg 2' })).toBeVisible()
      await page.getByRole('radio', { name: `Choose ${first.airline} ${first.flight_number} for Leg 1` }).check()
      await page.getByRole('radio', { name: `Choose ${second.airline} ${second.flight_number} for Leg 2` }).check()
      await page.getByRole('button', { name: 'Book itinerary' }).click()

      let dialog = page.getByRole('dialog', { name: 'Book itinerary' })
      const legs = dialog.getByRole('table', { name: 'Legs of the itinerary' })
      await expect(legs).toContainText(`${first.airline} ${first.flight_number}`)
      await expect(legs).toContainText('LIS → JFK')
      await dialog.getByLabel('Passengers').selectOption('2')
      if (js) await expect(dialog).toContainText('Total €600.00 + $1,301.00 for 2 passengers')
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click()
      dialog = page.getByRole('dialog', { name: 'Book itinerary' })
      await expect(dialog).toContainText(`Leg 2 (${second.flight_number}): Only 1 seat left on this flight.`)
      // Nothing was booked: the first leg keeps its seats.
      const token = await restToken(request, 'admin')
      const leg1 = await request.get(`/api/flights/${first.id}/`, { headers: { Authorization: `Bearer ${token}` } })
      expect((await leg1.json()).availability).toBe(8)

      await dialog.getByLabel('Passengers').selectOption('1')
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click()
      await expect(page).toHaveURL(/tab=bookings/)
      if (js) await expect(page.getByText(/Itinerary booked: 2 flights under reference MB-/)).toBeVisible()
      const bookings = page.getByRole('article', { name: /^Booking MB-/ })
      await expect(bookings.filter({ hasText: first.flight_number })).toHaveCount(1)
      await expect(bookings.filter({ hasText: second.flight_number })).toHaveCount(1)
    })
  })
}
