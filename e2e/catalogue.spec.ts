import type { Page } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'

/** The whole catalogue round trip as an admin: a country, a location in it and a supplier, created, edited, deleted. */
async function catalogueRoundTrip(page: Page, js: boolean) {
  const country = uniqueName('Ruritania ')
  const place = uniqueName('Strelsau ')
  const supplier = uniqueName('Zenda Tours ')

  // Country: create
  await page.goto(`/dashboard/destination-management?search=${encodeURIComponent(country)}`)
  await page.getByRole('link', { name: 'Add Destination' }).click()
  let form = page.getByRole('form', { name: 'Destination' })
  await form.getByLabel(/^Name/).fill(country)
  await form.getByRole('button', { name: 'Create Destination' }).click()
  // A missing continent is refused with its field message, keeping what was typed.
  form = page.getByRole('form', { name: 'Destination' })
  await expect(form.getByText('Continent is required.')).toBeVisible()
  await expect(form.getByLabel(/^Name/)).toHaveValue(country)
  await form.getByLabel('Continent').selectOption('Europe')
  await form.getByLabel('Capital').fill('Strelsau')
  await form.getByRole('button', { name: 'Create Destination' }).click()
  const card = page.getByRole('article', { name: country })
  await expect(card).toContainText('Europe · Strelsau')

  // Country: edit
  await card.getByRole('link', { name: `Edit ${country}` }).click()
  form = page.getByRole('form', { name: 'Destination' })
  await form.getByLabel('Currency').fill('RUR')
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('article', { name: country })).toContainText('Europe · Strelsau · RUR')

  // Location: create in that country, edit it
  await page.goto(`/dashboard/location-management?search=${encodeURIComponent(place)}`)
  await page.getByRole('link', { name: 'Add Location' }).click()
  form = page.getByRole('form', { name: 'Location' })
  await form.getByLabel(/^Name/).fill(place)
  await form.getByLabel('Country').selectOption({ label: country })
  await form.getByLabel('Latitude').fill('95')
  await form.getByRole('button', { name: 'Create Location' }).click()
  form = page.getByRole('form', { name: 'Location' })
  await expect(form.getByText('Latitude must be between -90 and 90.')).toBeVisible()
  await form.getByLabel('Latitude').fill('50.1')
  await form.getByLabel('Longitude').fill('14.4')
  await form.getByRole('button', { name: 'Create Location' }).click()
  const placeCard = page.getByRole('article', { name: place })
  await expect(placeCard).toContainText(country)
  await placeCard.getByRole('link', { name: `Edit ${place}` }).click()
  form = page.getByRole('form', { name: 'Location' })
  await form.getByLabel('Location type').selectOption('landmark')
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('article', { name: place })).toContainText('Landmark')

  // The country cannot go while the location refers to it: the refusal shows in the red banner.
  await page.goto(`/dashboard/destination-management?search=${encodeURIComponent(country)}`)
  await page.getByRole('link', { name: `Delete ${country}` }).click()
  await expect(page.getByText('Are you sure you want to delete this destination?')).toBeVisible()
  await page.getByRole('form', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be deleted' })).toContainText('Deactivate it instead.')

  // Location: delete
  await page.goto(`/dashboard/location-management?search=${encodeURIComponent(place)}`)
  await page.getByRole('link', { name: `Delete ${place}` }).click()
  await expect(page.getByText('Are you sure you want to delete this location?')).toBeVisible()
  await page.getByRole('form', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No locations match these filters.')).toBeVisible()

  // Supplier: create (with a server-side field error first), view, edit, change status, delete
  await page.goto(`/dashboard/supplier-management?search=${encodeURIComponent(supplier)}`)
  await page.getByRole('link', { name: 'Add Supplier' }).click()
  form = page.getByRole('form', { name: 'Supplier' })
  await form.getByLabel(/^Name/).fill(supplier)
  await form.getByLabel('Phone').fill('call me maybe')
  // §5: with JavaScript the country is searched among the active ones as the user types; without, a plain select.
  if (js) {
    await form.getByLabel('Country', { exact: true }).fill(country)
    await page.getByRole('option', { name: country, exact: true }).click()
  } else await form.getByLabel('Country', { exact: true }).selectOption({ label: country })
  await form.getByRole('button', { name: 'Create Supplier' }).click()
  form = page.getByRole('form', { name: 'Supplier' })
  await expect(form.getByRole('alert')).toContainText('Failed to save supplier: phone: Enter a valid phone number.')
  await form.getByLabel('Phone').fill('+420 123 456 789')
  await form.getByRole('button', { name: 'Create Supplier' }).click()
  const row = page.getByRole('row').filter({ hasText: supplier })
  await expect(row).toContainText('Active')
  await expect(row).toContainText(country)
  await row.getByRole('link', { name: `View ${supplier}` }).click()
  const view = page.getByRole('dialog', { name: supplier })
  await expect(view).toContainText('+420 123 456 789')
  // Read-only: no submit button (with JavaScript the modal's own close button is the only one) and no verified checkbox.
  await expect(view.getByRole('button')).toHaveCount(js ? 1 : 0)
  await expect(view.getByLabel('Verified')).toHaveCount(0)
  await page.goto(`/dashboard/supplier-management?search=${encodeURIComponent(supplier)}`)
  await page.getByRole('link', { name: `Edit ${supplier}` }).click()
  form = page.getByRole('form', { name: 'Supplier' })
  await form.getByLabel('Contact person').fill('Rudolf R.')
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('row').filter({ hasText: supplier })).toContainText('Rudolf R.')
  await page.getByRole('link', { name: `Change status of ${supplier}` }).click()
  await page.getByRole('form', { name: 'Supplier status' }).getByLabel('Status').selectOption('suspended')
  await page.getByRole('button', { name: 'Change Status' }).click()
  await expect(page.getByRole('row').filter({ hasText: supplier })).toContainText('Suspended')
  await page.getByRole('link', { name: `Delete ${supplier}` }).click()
  await expect(page.getByText('Are you sure you want to delete this supplier?')).toBeVisible()
  await page.getByRole('form', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No suppliers match these filters.')).toBeVisible()

  // Country: delete, now that nothing refers to it
  await page.goto(`/dashboard/destination-management?search=${encodeURIComponent(country)}`)
  await page.getByRole('link', { name: `Delete ${country}` }).click()
  await page.getByRole('form', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No destinations match these filters.')).toBeVisible()
}

test.describe('catalogue without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an admin creates, edits and deletes a country, a location and a supplier', async ({ page, signIn }) => {
    test.slow()
    await signIn('admin')
    await catalogueRoundTrip(page, false)
  })

  test('the region select waits for a country and lists its regions after Load regions', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/dashboard/location-management/new')
    const form = page.getByRole('form', { name: 'Location' })
    await expect(form.getByLabel('Region')).toBeDisabled()
    await form.getByLabel(/^Name/).fill('Draft place')
    await form.getByLabel('Country').selectOption({ label: 'France' })
    await form.getByRole('button', { name: 'Load regions' }).click()
    const again = page.getByRole('form', { name: 'Location' })
    await expect(again.getByLabel(/^Name/)).toHaveValue('Draft place')
    await expect(again.getByLabel('Region')).toBeEnabled()
    await expect(again.getByLabel('Region').locator('option', { hasText: 'Brittany' })).toHaveCount(1)
  })
})

test.describe('catalogue with JavaScript', () => {
  test('an admin creates, edits and deletes a country, a location and a supplier through the modals', async ({ page, signIn }) => {
    test.slow()
    await signIn('admin')
    await catalogueRoundTrip(page, true)
  })

  test('changing the country clears the region and lists the new country’s regions', async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto('/dashboard/location-management/new')
    const form = page.getByRole('dialog', { name: 'Add Location' }).getByRole('form', { name: 'Location' })
    // Hydrated: the no-JavaScript "Load regions" button is gone.
    await expect(form.getByRole('button', { name: 'Load regions' })).toHaveCount(0)
    await expect(form.getByLabel('Region')).toBeDisabled()
    await form.getByLabel('Country').selectOption({ label: 'France' })
    await expect(form.getByLabel('Region').locator('option', { hasText: 'Brittany' })).toHaveCount(1)
    await form.getByLabel('Region').selectOption({ label: 'Brittany' })
    await form.getByLabel('Country').selectOption({ label: 'Spain' })
    await expect(form.getByLabel('Region')).toHaveValue('')
    await expect(form.getByLabel('Region').locator('option', { hasText: 'Catalonia' })).toHaveCount(1)
    await expect(form.getByLabel('Region').locator('option', { hasText: 'Brittany' })).toHaveCount(0)
  })

  test('a traveler browses the destination list and opens one', async ({ page, signIn }) => {
    await signIn('traveler')
    await page.goto('/dashboard/destinations?continent=Europe&search=fran')
    const france = page.getByRole('article', { name: 'France' })
    await expect(france).toContainText('Europe · Paris')
    await france.getByRole('link', { name: 'Explore France' }).click()
    const dialog = page.getByRole('dialog', { name: 'France' })
    await expect(dialog).toContainText('Capital Paris')
    await expect(dialog).toContainText('Paris')
  })

  test('an editor manages locations but sees the supplier access text', async ({ page, signIn }) => {
    await signIn('editor')
    await page.goto('/dashboard/location-management')
    await expect(page.getByRole('link', { name: 'Add Location' })).toBeVisible()
    await page.goto('/dashboard/supplier-management')
    await expect(page.getByText("You don't have permission to access supplier management.")).toBeVisible()
    await expect(page.getByText('Current role: Content Editor')).toBeVisible()
    await expect(page.getByText('Required: superadmin, admin, or expert')).toBeVisible()
  })

  test('a traveler sees the access-denied texts of the management screens', async ({ page, signIn }) => {
    await signIn('traveler')
    await page.goto('/dashboard/destination-management')
    await expect(page.getByText("Access denied. You don't have permission to manage destinations.")).toBeVisible()
    await page.goto('/dashboard/location-management')
    await expect(page.getByText("Access denied. You don't have permission to manage locations.")).toBeVisible()
  })
})
