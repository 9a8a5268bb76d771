import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test, uniqueName } from './fixtures.ts'

/** A country, a location in it and a supplier there, made through the REST API as an admin. */
async function places(request: APIRequestContext) {
  const login = await request.post('/users/api/auth/login/', { data: { username: 'admin', password: 'meridian-demo' } })
  const token = (await login.json()).access as string
  const headers = { Authorization: `Bearer ${token}` }
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(path, { data, headers })
    expect(res.status(), await res.text()).toBe(201)
    return (await res.json()) as { id: number; name: string }
  }
  const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName('Tiervania '), continent: 'Europe' })
  const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName('Groupton '), country: country.id, location_type: 'city' })
  const supplier = await post('/api/suppliers/', { name: uniqueName('Tier Tours '), country: country.id })
  return { country, location, supplier, headers }
}

async function picture(name: string) {
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a7' } }).jpeg().toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

/** Create a tiered activity with a photo as an expert, edit it, price it for 1, 5 and 12, delete it. */
async function roundTrip(page: Page, request: APIRequestContext, js: boolean) {
  const { country, location, supplier, headers } = await places(request)
  const name = uniqueName('Canyon Walk ')
  const list = `/dashboard/activity-management?search=${encodeURIComponent(name)}`
  await page.goto(list)
  await expect(page.getByText('Total: 0')).toBeVisible()
  await page.getByRole('link', { name: 'Add Activity' }).click()
  let form = page.getByRole('form', { name: 'Activity' })
  // §9 defaults.
  await expect(form.getByLabel('Category')).toHaveValue('adventure')
  await expect(form.getByLabel('Duration (hours)')).toHaveValue('3')
  await expect(form.getByLabel('Location')).toBeDisabled()
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Description/).fill('Down the canyon and back with a guide.')
  await form.getByLabel('Supplier', { exact: true }).selectOption({ label: supplier.name })
  if (js) await expect(form.getByLabel('Supplier name')).toHaveValue(supplier.name)
  await form.getByLabel('Country').selectOption({ label: country.name })
  if (!js) {
    await form.getByRole('button', { name: 'Show locations of this country' }).click()
    form = page.getByRole('form', { name: 'Activity' })
  }
  await form.getByLabel('Location').selectOption({ label: location.name })
  await form.getByLabel('Tier 1 name').fill('Solo')
  await form.getByLabel('Tier 1 min quantity').fill('1')
  await form.getByLabel('Tier 1 max quantity').fill('1')
  await form.getByLabel('Tier 1 price per person').fill('100')
  await form.getByRole('button', { name: 'Add tier' }).click()
  form = page.getByRole('form', { name: 'Activity' })
  await form.getByLabel('Tier 2 name').fill('Small group')
  await form.getByLabel('Tier 2 min quantity').fill('0')
  await form.getByLabel('Tier 2 max quantity').fill('6')
  await form.getByLabel('Tier 2 price per person').fill('80')
  const tierText = 'Please fix tier values: min quantity must be at least 1 and price per person cannot be negative.'
  if (js) {
    await expect(form.getByText(tierText)).toBeVisible()
    await expect(form.getByRole('button', { name: 'Create Activity' })).toBeDisabled()
  } else {
    await form.getByRole('button', { name: 'Create Activity' }).click()
    form = page.getByRole('form', { name: 'Activity' })
    await expect(form.getByText(`Failed to create activity: pricing_tiers: ${tierText}`)).toBeVisible()
    await expect(form.getByLabel(/^Name/)).toHaveValue(name)
  }
  await form.getByLabel('Tier 2 min quantity').fill('2')
  await form.getByRole('button', { name: 'Add tier' }).click()
  form = page.getByRole('form', { name: 'Activity' })
  await form.getByLabel('Tier 3 name').fill('Large group')
  await form.getByLabel('Tier 3 min quantity').fill('7')
  await form.getByLabel('Tier 3 price per person').fill('60')
  await form.getByLabel('Tier 3 group price').fill('600')
  await form.getByLabel('Tags').fill(' canyon , hiking ,, ')
  await form.getByRole('button', { name: 'Create Activity' }).click()
  const card = page.getByRole('article', { name })
  await expect(card).toContainText(`${location.name}, ${country.name}`)
  await expect(card).toContainText('From $60.00 per person')
  await expect(page.getByText('Total: 1')).toBeVisible()

  // Edit: a new price for the solo tier, and a photo through the activity's media manager.
  await card.getByRole('link', { name: `Edit ${name}` }).click()
  form = page.getByRole('form', { name: 'Activity' })
  await expect(form.getByLabel('Tags')).toHaveValue('canyon, hiking')
  if (!js) {
    // The server's refusal comes back in the form with the §8 prefix and its detail.
    await form.getByLabel(/^Name/).fill(' ')
    await form.getByRole('button', { name: 'Update Activity' }).click()
    form = page.getByRole('form', { name: 'Activity' })
    await expect(form.getByText('Failed to update activity: name: This field is required.')).toBeVisible()
    await form.getByLabel(/^Name/).fill(name)
  }
  await form.getByLabel('Tier 1 price per person').fill('110')
  await form.getByRole('button', { name: 'Update Activity' }).click()
  await expect(page.getByRole('article', { name })).toContainText('From $60.00 per person')
  const id = Number(new URL(await page.getByRole('link', { name: `Edit ${name}` }).evaluate((a) => (a as HTMLAnchorElement).href)).pathname.split('/')[3])
  await page.getByRole('link', { name: `Edit ${name}` }).click()
  if (js) {
    await page.getByTestId('media-dropzone').locator('input[type=file]').setInputFiles([await picture('canyon-rim.jpg')])
    // The gallery card (its title is the file name without extension), not the upload progress line.
    await expect(page.getByRole('dialog').getByText('canyon-rim', { exact: true })).toBeVisible()
  } else {
    await page.getByLabel('Photos and videos').setInputFiles([await picture('canyon-rim.jpg')])
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/activity-management/${id}/edit`))
  }
  const photos = (await (await request.get(`/api/activities/${id}/photos/`, { headers })).json()) as { id: number; original_filename: string }[]
  expect(photos.map((p) => p.original_filename)).toEqual(['canyon-rim.jpg'])
  // The library is shared with e2e/media.spec.ts, which counts what it holds: take the photo out again at once.
  for (const p of photos) expect((await request.delete(`/api/media/${p.id}/`, { headers })).status()).toBe(204)

  // View and price for 1, 5 and 12 participants.
  await page.goto(list)
  await page.getByRole('link', { name: `View ${name}` }).click()
  const priceForm = page.getByRole('form', { name: 'Price a group' })
  for (const [participants, total] of <[string, string][]>[
    ['1', '110.00'],
    ['5', '400.00'],
    ['12', '600.00'],
  ]) {
    await priceForm.getByLabel('Participants').fill(participants)
    await priceForm.getByRole('button', { name: 'Price' }).click()
    await expect(page.getByTestId('price-total')).toHaveText(`Total: ${total} USD`)
  }

  // Delete with the spec's confirmation.
  await page.goto(list)
  await page.getByRole('link', { name: `Delete ${name}` }).click()
  await expect(page.getByText('Are you sure you want to delete this activity? This action cannot be undone.')).toBeVisible()
  await page.getByRole('form', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No activities match these filters.')).toBeVisible()
}

test('an expert creates a tiered activity with a photo, edits, prices and deletes it', async ({ page, signIn, request }) => {
  await signIn('expert')
  await roundTrip(page, request, true)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the same round trip works with plain form posts', async ({ page, signIn, request }) => {
    await signIn('expert')
    await roundTrip(page, request, false)
  })
})

test('a traveler sees the access texts', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/activity-management')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText("You don't have permission to manage activities.")).toBeVisible()
})
