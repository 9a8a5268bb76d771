import { expect, test, uniqueName } from './fixtures.ts'
import { isoDay, restToken } from './support/trips.ts'

/**
 * Packages (docs/bookings.md "Packages: paid and cancelled in one step"), JavaScript off: a traveler books a two-leg
 * multi-city itinerary, opens its package from a leg, pays everything due now in one step, then cancels the whole
 * package after the confirm step has shown the total fee.
 */
test.describe('A package, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the traveler pays all due now and cancels the two-leg itinerary in one step', async ({ page, request, signIn }) => {
    const admin = { Authorization: `Bearer ${await restToken(request, 'admin')}` }
    const flight = async (days: number, from: string, to: string, price: string) => {
      const res = await request.post('/api/flights/', {
        headers: admin,
        data: {
          airline_code: 'TP',
          flight_number: String(1000 + Math.floor(Math.random() * 8999)),
          aircraft: 'Airbus A321neo',
          from,
          to,
          departure: `${isoDay(days)}T08:15`,
          arrival: `${isoDay(days)}T11:00`,
          class: 'economy',
          price,
          currency: 'EUR',
          seats_total: 9,
        },
      })
      expect(res.status(), await res.text()).toBe(201)
      return (await res.json()) as { id: number }
    }
    const out = await flight(20, 'LHR', 'LIS', '300.00')
    const back = await flight(25, 'LIS', 'LHR', '450.00')
    const username = uniqueName('packager')
    const password = 'a-long-packaging-passphrase'
    const registered = await request.post('/users/api/auth/register/', {
      data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Pat', last_name: 'Packager' },
    })
    expect(registered.status(), await registered.text()).toBe(201)
    const traveler = { Authorization: `Bearer ${((await registered.json()) as { access: string }).access}` }
    const booked = await request.post('/api/flights/book/', { headers: traveler, data: { flights: [out.id, back.id], passengers: 1 } })
    expect(booked.status(), await booked.text()).toBe(201)
    const { reference, bookings: legs } = (await booked.json()) as { reference: string; bookings: { id: number; title: string }[] }
    const quote = async () =>
      (await (await request.get(`/api/bookings/packages/${reference}/`, { headers: traveler })).json()) as {
        cancellation: { totals: { currency: string; fee: string }[] } | null
        awaiting_payments: unknown[]
        bookings: { status: string }[]
      }

    await signIn(username, password)
    await page.goto(`/dashboard/bookings/${legs[0]!.id}`)
    await page
      .getByRole('dialog', { name: legs[0]!.title })
      .getByRole('link', { name: `Part of package ${reference}` })
      .click()
    const dialog = page.getByRole('dialog', { name: `Package ${reference}` })
    await expect(dialog.getByRole('table', { name: 'Bookings of the package' }).getByRole('row')).toHaveCount(3)
    await expect(dialog.getByTestId('package-totals')).toContainText('Total €750.00')

    await dialog.getByRole('button', { name: 'Pay all due now' }).click()
    await expect(page.getByRole('dialog', { name: `Package ${reference}` })).toContainText(`quoting ${reference}`)
    expect((await quote()).awaiting_payments.length).toBeGreaterThan(0)

    const fee = (await quote()).cancellation!.totals[0]!.fee
    await page
      .getByRole('dialog', { name: `Package ${reference}` })
      .getByRole('link', { name: 'Cancel the whole package' })
      .click()
    const confirm = page.getByRole('dialog', { name: `Package ${reference}` })
    await expect(confirm.getByTestId('package-cancel-cost')).toContainText(`Cancelling every booking now costs €${fee} in fees`)
    await confirm.getByLabel('Reason (optional)').fill('Plans changed.')
    await confirm.getByRole('button', { name: 'Yes, cancel the whole package' }).click()
    const after = page.getByRole('dialog', { name: `Package ${reference}` })
    await expect(after.getByText('Every booking of this package is cancelled.')).toBeVisible()
    expect((await quote()).bookings.map((b) => b.status)).toEqual(['cancelled', 'cancelled'])
  })
})
