import fs from 'node:fs/promises'
import { readPdfText } from '../packages/core/src/documents/read-pdf.ts'
import { expect, ready, test, uniqueName } from './fixtures.ts'
import { acceptedTrip, isoDay, restToken } from './support/trips.ts'

/**
 * Supplier confirmations and vouchers (docs/bookings.md): the expert records the supplier's confirmation number on a
 * booking of a trip they accepted (with JavaScript off, and on); the traveler reads it and downloads the voucher, and the trip's
 * vouchers as one PDF.
 */
for (const js of [false, true]) {
  test.describe(`Supplier confirmations and vouchers, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('the expert records the confirmation number; the traveler downloads the voucher that holds it', async ({ page, request, signIn }) => {
      const admin = { Authorization: `Bearer ${await restToken(request, 'superadmin')}` }
      const post = async (path: string, data: unknown, headers: Record<string, string> = admin) => {
        const res = await request.post(path, { headers, data })
        expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
        return (await res.json()) as Record<string, any>
      }
      const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName('Voucherland '), continent: 'Europe' })
      const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName('Voucherton '), country: country.id, location_type: 'city' })
      const supplier = await post('/api/suppliers/', {
        name: uniqueName('Reef Divers '),
        country: country.id,
        phone: '+960 330 1234',
        email: 'dive@reef.example',
      })
      const activity = await post('/api/activities/', {
        name: uniqueName('House reef dive '),
        description: 'Two dives on the house reef.',
        supplier_id: supplier.id,
        location_id: location.id,
        instant_confirmation: false,
        pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Any', min_quantity: 1, max_quantity: null, price_per_unit: '90' }] },
      })
      const trip = await acceptedTrip(request, { country: 'Maldives', nights: 6 })
      const traveler = { Authorization: `Bearer ${await restToken(request, trip.username, trip.password)}` }
      const booking = await post(`/api/activities/${activity.id}/book/`, { date: isoDay(30), participants: 2, trip_id: trip.id }, traveler)
      const number = `RD-${Date.now().toString(36).toUpperCase()}`

      // The expert of the trip records it with a plain form.
      await signIn('expert')
      await page.goto(`/dashboard/bookings/${booking.id}`)
      await ready(page, js)
      const dialog = page.getByRole('dialog', { name: activity.name })
      await expect(dialog).toContainText('Awaiting supplier confirmation')
      const form = dialog.getByRole('form', { name: 'Supplier confirmation' })
      await form.getByLabel('Supplier confirmation number').fill(`  ${number} `)
      await form.getByLabel('Supplier notes (on the voucher)').fill('Meet at the jetty at 08:30 with your certification card.')
      await form.getByRole('button', { name: 'Save supplier confirmation' }).click()
      await expect(page).toHaveURL(new RegExp(`/dashboard/bookings/${booking.id}`))
      await expect(page.getByRole('dialog', { name: activity.name })).toContainText(number)
      await expect(page.getByRole('dialog', { name: activity.name })).toContainText('Meet at the jetty at 08:30')

      // Too long a number is refused with the field's message, and nothing changes.
      await page
        .getByRole('dialog', { name: activity.name })
        .getByLabel('Supplier confirmation number')
        .evaluate((el) => el.removeAttribute('maxlength'))
      await page.getByRole('dialog', { name: activity.name }).getByLabel('Supplier confirmation number').fill('X'.repeat(65))
      await page.getByRole('dialog', { name: activity.name }).getByRole('button', { name: 'Save supplier confirmation' }).click()
      await expect(page.getByText('Ensure this field has no more than 64 characters.')).toBeVisible()

      // The traveler reads it on the booking and downloads the voucher.
      await signIn(trip.username, trip.password)
      await page.goto(`/dashboard/bookings/${booking.id}`)
      await ready(page, js)
      const theirs = page.getByRole('dialog', { name: activity.name })
      await expect(theirs).toContainText(number)
      await expect(theirs.getByRole('form', { name: 'Supplier confirmation' })).toHaveCount(0)
      const link = theirs.getByRole('link', { name: 'Download voucher' })
      await expect(link).toHaveAttribute('href', `/dashboard/bookings/${booking.id}/voucher`)
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
      expect(download.suggestedFilename()).toBe(`meridian-voucher-${booking.reference}.pdf`)
      const text = await readPdfText(await fs.readFile((await download.path())!))
      expect(text).toContain(number)
      expect(text).toContain(booking.reference)
      expect(text).toContain(`Supplier: ${supplier.name}`)
      expect(text).toContain('Phone: +960 330 1234')

      // The trip screen offers all of the trip's vouchers as one PDF.
      await page.goto(`/dashboard/trips/${trip.id}`)
      const all = page.getByRole('link', { name: 'Download all vouchers' })
      await expect(all).toHaveAttribute('href', `/dashboard/trips/${trip.id}/vouchers`)
      const [pack] = await Promise.all([page.waitForEvent('download'), all.click()])
      expect(pack.suggestedFilename()).toBe(`meridian-vouchers-trip-${trip.id}.pdf`)
      expect(await readPdfText(await fs.readFile((await pack.path())!))).toContain(number)
    })
  })
}
