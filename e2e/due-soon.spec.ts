import { expect, test, uniqueName } from './fixtures.ts'
import { isoDay, restToken } from './support/trips.ts'

/**
 * The staff's Due soon list (docs/bookings.md "Reminders and Due soon"), JavaScript off: a traveler books an activity,
 * whose deposit falls due today; the admin finds it in the list from Booking Management, filters by the links, and
 * follows the row to the booking. The traveler is refused the list.
 */
test.use({ javaScriptEnabled: false })

test('staff see what falls due, filter it with links and open the booking; a traveler is refused', async ({ page, request, signIn }) => {
  const admin = { Authorization: `Bearer ${await restToken(request, 'superadmin')}` }
  const post = async (path: string, data: unknown, headers: Record<string, string> = admin) => {
    const res = await request.post(path, { headers, data })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
    return (await res.json()) as Record<string, any>
  }
  const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName('Dueland '), continent: 'Europe' })
  const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName('Dueton '), country: country.id, location_type: 'city' })
  const supplier = await post('/api/suppliers/', { name: uniqueName('Due Tours '), country: country.id })
  const activity = await post('/api/activities/', {
    name: uniqueName('Estuary cruise '),
    description: 'Up the river with a guide.',
    supplier_id: supplier.id,
    location_id: location.id,
    instant_confirmation: false,
    pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Any', min_quantity: 1, max_quantity: null, price_per_unit: '40' }] },
  })
  const username = uniqueName('duer')
  const password = 'a-long-due-soon-passphrase'
  const registered = await post(
    '/users/api/auth/register/',
    { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Dora', last_name: 'Duer' },
    {},
  )
  const booking = await post(`/api/activities/${activity.id}/book/`, { date: isoDay(60), participants: 2 }, { Authorization: `Bearer ${registered.access}` })

  await signIn('admin')
  await page.goto('/dashboard/bookings')
  await page.getByRole('link', { name: 'Due soon' }).click()
  await expect(page).toHaveURL(/\/dashboard\/bookings\/due-soon$/)
  await expect(page.getByRole('heading', { name: 'Due soon' })).toBeVisible()

  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Payments' }).click()
  await expect(page).toHaveURL(/kind=payment/)
  await expect(page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page')
  const row = page.getByRole('row').filter({ hasText: booking.reference })
  // Other tests' deposits fall due today as well: the row is on the first page that holds it, in date order.
  for (let i = 0; i < 30 && (await row.count()) === 0; i++) {
    const next = page.getByRole('link', { name: 'Next' })
    if ((await next.count()) === 0) break
    await next.click()
  }
  await expect(row).toHaveCount(1)
  const foundOn = page.url()
  await expect(row).toContainText('Dora Duer')
  await expect(row).toContainText('Deposit')
  await expect(row).toContainText('Due')

  // Not overdue: the Overdue filter leaves it out, and overdue rows there are marked as such.
  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Overdue' }).click()
  await expect(page).toHaveURL(/overdue=true/)
  await expect(page.getByRole('row').filter({ hasText: booking.reference })).toHaveCount(0)
  for (const overdue of await page.locator('tbody tr').all()) await expect(overdue).toContainText('Overdue')

  await page.goto(foundOn)
  await page.getByRole('row').filter({ hasText: booking.reference }).getByRole('link', { name: activity.name }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/bookings/${booking.id}$`))

  await signIn(username, password)
  const refused = await page.goto('/dashboard/bookings/due-soon')
  expect(refused?.status()).toBe(403)
  await expect(page.getByText('Access Denied')).toBeVisible()
})
