import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { blockingViolations } from './support/axe.ts'
import { isoDay, restToken } from './support/trips.ts'

/**
 * A pending, priced booking of the demo traveler's, of this test's own: an activity of its own (25 USD a person)
 * booked for two through the REST API, so a retry or another test never finds it paid already.
 */
async function bookedActivity(request: APIRequestContext) {
  const admin = { Authorization: `Bearer ${await restToken(request, 'superadmin')}` }
  const post = async (path: string, data: unknown, headers = admin) => {
    const res = await request.post(path, { headers, data })
    expect(res.status(), await res.text()).toBe(201)
    return (await res.json()) as Record<string, any>
  }
  const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName('Payland '), continent: 'Europe' })
  const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName('Paytown '), country: country.id, location_type: 'city' })
  const supplier = await post('/api/suppliers/', { name: uniqueName('Pay Tours '), country: country.id })
  const name = uniqueName('Harbour walk ')
  const activity = await post('/api/activities/', {
    name,
    description: 'A walk along the harbour, paid by bank transfer.',
    supplier_id: supplier.id,
    location_id: location.id,
    // Confirmed by staff rather than at once: the payment is what confirms it here.
    instant_confirmation: false,
    pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Any', min_quantity: 1, max_quantity: null, price_per_unit: '25' }] },
  })
  const traveler = { Authorization: `Bearer ${await restToken(request, 'traveler')}` }
  const booking = await post(`/api/activities/${activity.id}/book/`, { date: isoDay(30), participants: 2 }, traveler)
  expect(booking).toMatchObject({ status: 'pending', payment_status: 'unpaid', amount: '50.00', currency: 'USD' })
  return { id: booking.id as number, reference: booking.reference as string, title: name, traveler }
}

for (const js of [false, true]) {
  test.describe(`Paying a booking, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the traveler starts a bank transfer, staff mark it received, and the booking shows paid and confirmed', async ({ page, request, signIn }) => {
      const b = await bookedActivity(request)
      const payScreen = `/dashboard/bookings/${b.id}/pay`
      const dialog = () => page.getByRole('dialog', { name: `Pay for booking ${b.reference}` })
      // With JavaScript the panel becomes a modal once hydrated: act on that one, not the one it replaces.
      const open = async () => {
        expect((await page.goto(payScreen))?.status()).toBe(200)
        if (js) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      }

      await signIn('traveler')
      await open()
      await expect(dialog()).toContainText(b.title)
      await expect(dialog()).toContainText('$50.00')
      await expect(dialog().getByText('Unpaid', { exact: true })).toBeVisible()
      await expect(dialog().getByText('No payments yet.')).toBeVisible()
      await dialog().getByRole('button', { name: 'Pay by bank transfer or on site' }).click()

      await expect(dialog().getByText('Awaiting your payment')).toBeVisible()
      await expect(dialog()).toContainText(`Pay $50.00 by bank transfer, quoting your booking reference ${b.reference}, or pay on site`)
      await expect(dialog().getByRole('button', { name: 'Pay by bank transfer or on site' })).toHaveCount(0)
      // The traveler cannot mark their own transfer received.
      await expect(dialog().getByRole('button', { name: 'Mark payment received' })).toHaveCount(0)
      await expect(dialog().getByRole('row', { name: /Awaiting payment/ })).toBeVisible()
      if (js) expect(await blockingViolations(page, { include: '[role=dialog]' })).toEqual([])

      await signIn('admin')
      await open()
      if (js) expect(await blockingViolations(page, { include: '[role=dialog]' })).toEqual([])
      await dialog().getByLabel('How it was paid').selectOption('on_site')
      await dialog().getByRole('button', { name: 'Mark payment received' }).click()
      await expect(dialog().getByText('Paid', { exact: true })).toBeVisible()
      await expect(dialog()).toContainText('Confirmed')
      await expect(dialog().getByRole('button', { name: 'Mark payment received' })).toHaveCount(0)

      // The traveler sees it paid and confirmed, here and through the API.
      await signIn('traveler')
      await open()
      await expect(dialog().getByText('Paid', { exact: true })).toBeVisible()
      await expect(dialog()).toContainText('Confirmed')
      await expect(dialog().getByRole('row', { name: /Paid on site.*Received/ })).toBeVisible()
      await expect(dialog().getByRole('button', { name: 'Pay by bank transfer or on site' })).toHaveCount(0)
      const booking = await request.get(`/api/bookings/${b.id}/`, { headers: b.traveler })
      expect(await booking.json()).toMatchObject({ status: 'confirmed', payment_status: 'paid' })
    })
  })
}

test('another traveler’s booking has no pay screen (404)', async ({ page, request, signIn }) => {
  const b = await bookedActivity(request)
  const username = uniqueName('payer')
  const password = 'a-long-paying-passphrase'
  const registered = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Pat', last_name: 'Payer' },
  })
  expect(registered.status()).toBe(201)
  await signIn(username, password)
  const res = await page.goto(`/dashboard/bookings/${b.id}/pay`)
  expect(res?.status()).toBe(404)
})
