import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { restToken } from './support/trips.ts'

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const pad = (n: number) => String(n).padStart(2, '0')

async function newTraveler(request: APIRequestContext) {
  const username = uniqueName('flyer')
  const password = 'a-long-flights-passphrase'
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Fay', last_name: 'Flyer' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { username, password }
}

/** A flight of the test's own between two demo airports (London Heathrow to Lisbon), on a day of its own. */
async function ownFlight(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const token = await restToken(request, 'admin')
  const offset = 20 + Math.floor(Math.random() * 35)
  const res = await request.post('/api/flights/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      airline_code: 'TP',
      flight_number: String(5000 + Math.floor(Math.random() * 4999)),
      aircraft: 'Airbus A321neo',
      from: 'LHR',
      to: 'LIS',
      departure: `${day(offset)}T${pad(6 + Math.floor(Math.random() * 10))}:${pad(Math.floor(Math.random() * 60))}`,
      arrival: `${day(offset)}T20:45`,
      class: 'business',
      price: '412.35',
      currency: 'EUR',
      seats_total: 8,
      amenities: ['wifi', 'meals', 'entertainment'],
      rating: '4.6',
      reviews: 88,
      ...overrides,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: number; airline: string; flight_number: string; departure: { date: string } }
}

for (const js of [false, true]) {
  test.describe(`Flights, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a traveler searches, books with Book Now and Confirm Booking, and finds the booking in Manage Bookings', async ({ page, request, signIn }) => {
      const flight = await ownFlight(request)
      const who = await newTraveler(request)
      await signIn(who.username, who.password)
      await page.goto('/dashboard/flights')
      const form = page.getByRole('form', { name: 'Search Flights' })
      await form.getByLabel('From', { exact: true }).fill('london')
      await form.getByLabel('To', { exact: true }).fill('LIS')
      await form.getByLabel('Departure date').fill(flight.departure.date)
      await form.getByLabel('Passengers').selectOption('2')
      await form.getByLabel('Class').selectOption('business')
      await form.getByRole('button', { name: 'Search Flights' }).click()
      await expect(page.getByRole('heading', { name: /^Available Flights \(\d+\)$/ })).toBeVisible()
      const card = page.getByRole('article', { name: `${flight.airline} ${flight.flight_number}` })
      await expect(card).toContainText('Business')
      await expect(card).toContainText('8 seats left')
      await expect(card).toContainText('LHR')
      await expect(card).toContainText('Lisbon')
      await expect(card).toContainText('Non-stop')
      await expect(card).toContainText('€412.35')
      await expect(card.getByRole('img', { name: 'Wi-Fi' })).toBeVisible()

      await card.getByRole('link', { name: `Book Now: ${flight.airline} ${flight.flight_number}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Book Flight' })
      await expect(dialog).toContainText(flight.airline)
      await expect(dialog).toContainText(`Flight ${flight.flight_number}`)
      await expect(dialog).toContainText('LHR London → LIS Lisbon')
      await expect(dialog).toContainText('€412.35 per person')
      await expect(dialog).toContainText('Total €824.70 for 2 passengers')
      await dialog.getByLabel('Passenger names (optional, one a line)').fill('Fay Flyer\nFinn Flyer')
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click()

      await expect(page).toHaveURL(/tab=bookings/)
      const booking = page.getByRole('article', { name: /^Booking MB-/ })
      await expect(booking).toContainText(`${flight.airline} ${flight.flight_number}`)
      await expect(booking).toContainText('2 passengers · Business')
      await expect(booking).toContainText('€824.70')
      await expect(booking).toContainText('Pending')

      // Six seats are left: a search for more passengers than that no longer shows the flight; 7 is refused.
      await page.goto(`/dashboard/flights?from=LHR&to=LIS&departure_date=${flight.departure.date}&class=business&passengers=6`)
      await expect(page.getByRole('article', { name: `${flight.airline} ${flight.flight_number}` })).toContainText('6 seats left')
      await page.goto(`/dashboard/flights?from=LHR&to=LIS&departure_date=${flight.departure.date}&passengers=7`)
      await expect(page.getByText('Passengers must be between 1 and 6.')).toBeVisible()
    })

    test('staff create, import and withdraw flights in Flight Management', async ({ page, signIn }) => {
      await signIn('expert')
      await page.goto('/dashboard/flight-management')
      await page.getByRole('link', { name: 'New Flight' }).click()
      let form = page.getByRole('form', { name: 'Flight' })
      const number = String(6000 + Math.floor(Math.random() * 3999))
      const date = day(30 + Math.floor(Math.random() * 25))
      await form.getByLabel('Airline (IATA code)').fill('FI')
      await form.getByLabel('Flight number').fill(number)
      await form.getByLabel('From (airport IATA code, city or name)').fill('LHR')
      await form.getByLabel('To (airport IATA code, city or name)').fill('KEF')
      await form.getByLabel('Departure (local time at the airport)').fill(`${date}T12:40`)
      await form.getByLabel('Arrival (local time at the airport)').fill(`${date}T11:50`)
      await form.getByLabel('Price per person').fill('189.90')
      await form.getByLabel('Currency').selectOption('GBP')
      await form.getByLabel(/^Seats/).fill('120')
      await form.getByRole('button', { name: 'Save Flight' }).click()
      form = page.getByRole('form', { name: 'Flight' })
      await expect(form.getByText('Arrival must be after departure.')).toBeVisible()
      await form.getByLabel('Arrival (local time at the airport)').fill(`${date}T15:50`)
      await form.getByRole('button', { name: 'Save Flight' }).click()
      await expect(page.getByRole('form', { name: 'Flight' })).toHaveCount(0)

      await page.goto(`/dashboard/flight-management?airline=FI&flight_number=${number}`)
      const row = page.getByRole('row', { name: new RegExp(`FI${number}`) })
      await expect(row).toContainText('LHR → KEF')
      await expect(row).toContainText('£189.90')
      await expect(row).toContainText('120 / 120')

      // A schedule file: one bad row refuses it whole, with the row named; the corrected file imports.
      await page.getByRole('link', { name: 'Import Schedule' }).click()
      const header = 'airline_code,flight_number,from,to,departure,arrival,class,price,currency,seats,amenities'
      const second = String(Number(number) + 1)
      const bad = `${header}\nFI,${second},KEF,LHR,${date}T07:40,${date}T10:40,economy,149.00,GBP,150,wifi\nFI,${second},KEF,LHR,${date}T17:40,${date}T16:40,economy,149.00,GBP,150,wifi\n`
      let importForm = page.getByRole('form', { name: 'Import schedule file' })
      await importForm.getByLabel("Or paste the file's text").fill(bad)
      await importForm.getByRole('button', { name: 'Import' }).click()
      await expect(page.getByRole('list', { name: 'Problems in the file' })).toContainText('Row 3: arrival must be after departure.')
      importForm = page.getByRole('form', { name: 'Import schedule file' })
      await importForm.locator('input[type=file]').setInputFiles({
        name: 'schedule.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `${header}\nFI,${second},KEF,LHR,${date}T07:40,${date}T10:40,economy,149.00,GBP,150,wifi\nFI,${second},KEF,LHR,${date}T07:40,${date}T10:40,business,449.00,GBP,20,wifi|meals\n`,
        ),
      })
      await importForm.getByLabel("Or paste the file's text").fill('')
      await importForm.getByRole('button', { name: 'Import' }).click()
      await expect(page.getByRole('form', { name: 'Import schedule file' })).toHaveCount(0)
      await page.goto(`/dashboard/flight-management?airline=FI&flight_number=${second}`)
      await expect(page.getByRole('row', { name: new RegExp(`FI${second}`) })).toHaveCount(2)

      // Withdrawing takes it out of the search.
      await page.goto(`/dashboard/flight-management?airline=FI&flight_number=${number}`)
      await page.getByRole('link', { name: `Withdraw FI${number} on ${date}` }).click()
      await page.getByRole('form', { name: 'Withdraw flight' }).getByRole('button', { name: 'Withdraw' }).click()
      await expect(page.getByRole('row', { name: new RegExp(`FI${number}`) })).toContainText('withdrawn')
      await page.goto(`/dashboard/flights?from=LHR&to=KEF&departure_date=${date}&class=economy`)
      await expect(page.getByRole('heading', { name: /^Available Flights/ })).toBeVisible()
      await expect(page.getByRole('article', { name: `Icelandair FI${number}` })).toHaveCount(0)
    })
  })
}

test('the demo traveler sees their flights in Manage Bookings and Flight History; the editor is refused', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/flights?tab=bookings')
  await expect(page.getByRole('heading', { name: /^Upcoming flight bookings \(\d+\)$/ })).toBeVisible()
  await expect(page.getByRole('article', { name: /^Booking MB-/ }).first()).toBeVisible()
  await page.getByRole('link', { name: 'Flight History' }).click()
  await expect(page.getByRole('heading', { name: /^Past flights \(\d+\)$/ })).toBeVisible()
  await expect(page.getByRole('article', { name: /^Booking MB-/ }).first()).toContainText('Icelandair')
  await expect(page.getByRole('link', { name: 'Export' })).toHaveAttribute('href', '/dashboard/bookings/export?type=flight')

  await signIn('editor')
  const res = await page.goto('/dashboard/flights')
  expect(res?.status()).toBe(403)
})
