import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { expect, test, watchToasts } from './fixtures.ts'

// One library shared by these tests: they run one after another.
test.describe.configure({ mode: 'serial' })

const mediaRoot = process.env.E2E_MEDIA_ROOT!

/** Every stored file under the server's media folder. */
function storedFiles(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else found.push(path.relative(mediaRoot, full))
    }
  }
  walk(mediaRoot)
  return found
}

async function picture(color: string, name: string) {
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } }).jpeg().toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

test('upload through the drop zone, watch processing, edit, feature, bulk-delete: nothing stays stored', async ({ page, signIn }) => {
  await signIn('editor')
  const toasts = await watchToasts(page)
  // The grid by its address: without it the library opens in the user's layout (default list, 3-back-office.md §9).
  await page.goto('/dashboard/media?view=grid')
  await expect(page.getByRole('heading', { name: 'Media Library' })).toBeVisible()
  await expect(page.getByText('maximum 100MB per file')).toBeVisible()
  const dropzone = page.getByTestId('media-dropzone')
  await expect(dropzone).toBeVisible()
  const before = storedFiles().length

  await dropzone.locator('input[type=file]').setInputFiles([
    await picture('#d33', 'zephyr-red-harbour.jpg'),
    await picture('#3a3', 'zephyr-green-valley.jpg'),
    await picture('#33d', 'zephyr-blue-lagoon.jpg'),
  ])
  await expect(page.getByTestId('upload-progress')).toHaveCount(3)
  await expect(page.locator('[data-testid=upload-progress][data-state=done]')).toHaveCount(3)
  await expect.poll(toasts).toContainEqual(expect.stringContaining('3 files uploaded, 0 failed.'))

  // The library also holds the demo world's pictures: the search keeps to this test's own.
  const search = page.getByRole('textbox', { name: 'Search' })
  await search.fill('zephyr')
  const cards = page.getByTestId('media-card')
  await expect(cards).toHaveCount(3)
  // pending → processing → ready, followed by the page on its own.
  await expect(page.locator('[data-testid=media-card][data-status=ready]')).toHaveCount(3, { timeout: 30_000 })
  await expect(page.getByTestId('media-overlay')).toHaveCount(0)
  expect(storedFiles().length).toBeGreaterThan(before)

  // Edit and feature one.
  await cards.filter({ hasText: 'green-valley' }).getByRole('link', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Title').fill('Zephyr: Green Valley at noon')
  await dialog.getByLabel('Display order').fill('2')
  await dialog.getByLabel('Featured').check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect.poll(toasts).toContainEqual(expect.stringContaining('Media saved.'))
  await expect(dialog.getByText('Featured', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Zephyr: Green Valley at noon')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(cards.filter({ hasText: 'Green Valley at noon' })).toHaveCount(1)

  // Search narrows the grid.
  await search.fill('zephyr-blue')
  await expect(cards).toHaveCount(1)
  await search.fill('zephyr')
  await expect(cards).toHaveCount(3)

  // Select all (of what the search shows), delete with the spec's confirmation.
  await page.getByRole('button', { name: 'Select all' }).click()
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toBe('Delete 3 selected media items?')
    void confirm.accept()
  })
  await page.getByRole('button', { name: 'Delete selected (3)' }).click()
  await expect(cards).toHaveCount(0)
  await expect(page.getByText('No media found.')).toBeVisible()
  expect(storedFiles()).toHaveLength(before)
})

test('without JavaScript: upload with the plain form, view, edit and delete with a confirmation step', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  const { createSession, plantSession } = await import('./fixtures.ts')
  await plantSession(context, baseURL!, await createSession(context.request, baseURL!, 'admin'))
  // The user's layout: a list by default (3-back-office.md §9), one row per item.
  await page.goto('/dashboard/media')
  const before = storedFiles().length
  await page.getByLabel('Photos and videos').setInputFiles([await picture('#999', 'grey-dunes.jpg')])
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page).toHaveURL(/\/dashboard\/media$/)
  const card = page.getByTestId('media-row').filter({ hasText: 'grey-dunes' })
  await expect(card).toHaveCount(1)

  await card.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('Title').fill('Grey dunes')
  await page.getByLabel('Display order').fill('-3')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Failed to save media')).toBeVisible()
  await expect(page.getByText('Display order must be a whole number of at least 0.')).toBeVisible()
  await page.getByLabel('Display order').fill('1')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('dialog').getByText('Grey dunes')).toBeVisible()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(dialog.getByText('Are you sure you want to delete this media?')).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/media$/)
  await expect(page.getByTestId('media-row').filter({ hasText: 'Grey dunes' })).toHaveCount(0)
  expect(storedFiles()).toHaveLength(before)
  await context.close()
})

test('people without media rights see Access Denied', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/media')
  await expect(page.getByText('Access Denied')).toBeVisible()
  await expect(page.getByText("You don't have permission to manage media.")).toBeVisible()
})
