import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { isoDay, restToken } from './support/trips.ts'

/**
 * A booking of the demo traveler's, of this test's own, three months ahead: an activity (400 USD a person) booked for
 * two through the REST API, so it is paid on the settings' schedule (a 30% deposit now, the balance 42 days before).
 */
async function farBooking(request: APIRequestContext) {
  const admin = { Authorization: `Bearer ${await restToken(request, 'superadmin')}` }
  const post = async (path: string, data: unknown, headers = admin) => {
    const res = await request.post(path, { headers, data })
    expect(res.status(), await res.text()).toBe(201)
    return (await res.json()) as Record<string, any>
  }
  const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName('Depositland '), continent: 'Asia' })
  const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName('Deposit Bay '), country: country.id, location_type: 'city' })
  const supplier = await post('/api/suppliers/', { name: uniqueName('Deposit Tours '), country: country.id })
  const activity = await post('/api/activities/', {
    name: uniqueName('Island hopping '),
    description: 'A day among the islands, paid with a deposit now and the balance later.',
    supplier_id: supplier.id,
    location_id: location.id,
    instant_confirmation: false,
    pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Any', min_quantity: 1, max_quantity: null, price_per_unit: '400' }] },
  })
  const traveler = { Authorization: `Bearer ${await restToken(request, 'traveler')}` }
  const booking = await post(`/api/activities/${activity.id}/book/`, { date: isoDay(90), participants: 2 }, traveler)
  expect(booking).toMatchObject({ amount: '800.00', currency: 'USD', payment_status: 'unpaid' })
  return { id: booking.id as number, reference: booking.reference as string, traveler }
}

test.describe('Payment schedules, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the traveler pays the deposit, staff mark it received, and the booking shows what is due next', async ({ page, request, signIn }) => {
    const b = await farBooking(request)
    const dialog = () => page.getByRole('dialog', { name: `Pay for booking ${b.reference}` })
    await signIn('traveler')
    await page.goto(`/dashboard/bookings/${b.id}/pay`)
    const schedule = dialog().getByRole('table', { name: 'Payment schedule' })
    await expect(schedule.getByRole('row', { name: /Deposit.*\$240\.00.*Due/ })).toBeVisible()
    await expect(schedule.getByRole('row', { name: /Balance.*\$560\.00.*Due/ })).toBeVisible()
    await dialog().getByRole('button', { name: 'Pay the deposit of $240.00 by bank transfer or on site' }).click()
    await expect(dialog()).toContainText(`Pay $240.00 by bank transfer, quoting your booking reference ${b.reference}`)

    await signIn('admin')
    await page.goto(`/dashboard/bookings/${b.id}/pay`)
    await dialog().getByRole('button', { name: 'Mark payment received' }).click()
    await expect(dialog().getByText('Deposit paid', { exact: true })).toBeVisible()
    await expect(dialog().getByTestId('schedule-summary')).toContainText('Paid $240.00 of $800.00; next: balance of $560.00 due')

    // The traveler's booking is confirmed by the deposit, partly paid, and asks for the balance next.
    await signIn('traveler')
    await page.goto(`/dashboard/bookings/${b.id}/pay`)
    await expect(dialog().getByRole('button', { name: 'Pay the balance of $560.00 by bank transfer or on site' })).toBeVisible()
    const api = await (await request.get(`/api/bookings/${b.id}/`, { headers: b.traveler })).json()
    expect(api).toMatchObject({ status: 'confirmed', payment_status: 'partly_paid', schedule: { paid: '240.00', outstanding: '560.00', next_due: { kind: 'balance' } } })
  })

  test('admins open the booking settings and save them; an expert is refused the screen', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/dashboard/bookings')
    await page.getByRole('link', { name: 'Booking settings' }).click()
    const form = page.getByRole('form', { name: 'Booking settings' })
    await expect(form.getByLabel('Balance due (days before the start)')).toHaveValue('42')
    await expect(form.getByLabel('Cancellation fees')).toHaveValue('30 days: 25%\n14 days: 100%')
    await form.getByLabel('Cancellation fees').fill('30 days: 25%\n14 days: 100%\nnext week: half')
    await form.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByRole('form', { name: 'Booking settings' })).toContainText('Line 3: write a step as “30 days: 25%” or “7 days: 150.00”.')
    await page.getByRole('form', { name: 'Booking settings' }).getByLabel('Cancellation fees').fill('30 days: 25%\n14 days: 100%')
    await page.getByRole('form', { name: 'Booking settings' }).getByRole('button', { name: 'Save settings' }).click()
    await expect(page).toHaveURL(/\/dashboard\/bookings$/)

    await signIn('expert')
    const res = await page.goto('/dashboard/bookings/settings')
    expect(res?.status()).toBe(403)
    await expect(page.getByText('Only admins can change the booking settings.')).toBeVisible()
  })
})
