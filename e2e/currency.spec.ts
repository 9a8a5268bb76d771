import { expect, test, uniqueName } from './fixtures.ts'

/** Three letters no ISO currency uses, different on every run. */
function freshCode() {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  const n = Date.now() + Math.floor(Math.random() * 1e6)
  return `Q${letters[n % 26]}${letters[Math.floor(n / 26) % 26]}`
}

test('an admin adds a currency and a rate, changes the margin, and previews a conversion with the exact figure', async ({ page, signIn }) => {
  test.slow()
  await signIn('admin')
  await page.goto('/dashboard/currency-management')
  await expect(page.getByRole('heading', { name: 'Currency Management', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Currencies' }).getByRole('cell', { name: 'EUR', exact: true })).toBeVisible()

  // Currency: the code is uppercased as typed and cut at 3 characters.
  const code = freshCode()
  await page.getByRole('link', { name: 'Add Currency' }).click()
  const currencyDialog = page.getByRole('dialog', { name: 'Add Currency' })
  await currencyDialog.getByRole('textbox', { name: 'Code' }).pressSequentially(`${code.toLowerCase()}x`)
  await expect(currencyDialog.getByRole('textbox', { name: 'Code' })).toHaveValue(code)
  await currencyDialog.getByRole('textbox', { name: 'Name' }).fill('Test Crown')
  await currencyDialog.getByRole('button', { name: 'Save' }).click()
  // Symbol left out: the spec's message, inline, and the banner.
  await expect(currencyDialog.getByText('Currency symbol is required').first()).toBeVisible()
  await expect(currencyDialog.getByRole('alert')).toContainText('Failed to save currency: symbol: Currency symbol is required')
  await currencyDialog.getByRole('textbox', { name: 'Symbol' }).fill('Q$')
  await currencyDialog.getByRole('button', { name: 'Save' }).click()
  await expect(currencyDialog).toBeHidden()
  await expect(page.getByRole('table', { name: 'Currencies' }).getByRole('cell', { name: code, exact: true })).toBeVisible()

  // Rate: USD → new currency, 2.5, effective today (the default).
  await page.getByRole('link', { name: 'Add Rate' }).click()
  const rateDialog = page.getByRole('dialog', { name: 'Add Conversion Rate' })
  await expect(rateDialog.getByLabel('Effective date')).toHaveValue(new Date().toISOString().slice(0, 10))
  await rateDialog.getByLabel('From currency').selectOption({ label: 'USD · US Dollar' })
  await rateDialog.getByLabel('To currency').selectOption({ label: 'USD · US Dollar' })
  await rateDialog.getByRole('spinbutton', { name: 'Rate' }).fill('2.5')
  await rateDialog.getByRole('button', { name: 'Save' }).click()
  await expect(rateDialog.getByText('From and To currencies cannot be the same').first()).toBeVisible()
  await rateDialog.getByLabel('To currency').selectOption({ label: `${code} · Test Crown` })
  await rateDialog.getByRole('button', { name: 'Save' }).click()
  await expect(rateDialog).toBeHidden()
  await expect(page.getByRole('table', { name: 'Conversion rates' }).getByRole('cell', { name: code, exact: true })).toBeVisible()

  // Margin 10 %, then a preview: 100 × 2.5 × 1.10 = 275.00.
  await page.getByRole('link', { name: 'Settings' }).click()
  const settingsDialog = page.getByRole('dialog', { name: 'Currency Settings' })
  await settingsDialog.getByLabel('Global margin percentage').fill('60')
  await settingsDialog.getByRole('button', { name: 'Save' }).click()
  await expect(settingsDialog.getByText('Global margin percentage must be between 0 and 50').first()).toBeVisible()
  await settingsDialog.getByLabel('Global margin percentage').fill('10')
  await settingsDialog.getByLabel('Default decimal places').fill('2')
  await settingsDialog.getByRole('button', { name: 'Save' }).click()
  await expect(settingsDialog).toBeHidden()
  await expect(page.getByTestId('margin')).toHaveText('10.00%')

  const converter = page.getByRole('form', { name: 'Converter' })
  await converter.getByLabel('Amount').fill('100')
  await converter.getByLabel('From').selectOption('USD')
  await converter.getByLabel('To').selectOption(code)
  await converter.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByTestId('converted-amount')).toHaveText('Q$275.00')
  await expect(page.getByRole('status', { name: 'Conversion preview' })).toContainText('direct rate')

  // Put the margin back for other tests.
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Currency Settings' }).getByLabel('Global margin percentage').fill('0')
  await page.getByRole('dialog', { name: 'Currency Settings' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('margin')).toHaveText('0.00%')
})

test('a traveler gets the access-denied text', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/currency-management')
  await expect(page.getByRole('heading', { name: 'Access denied...' })).toBeVisible()
  await expect(page.getByText("You don't have permission to manage currencies. Only admins and superadmins can access this page.")).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the currency form refuses a bad code and saves a good one; the converter previews', async ({ page, signIn }) => {
    await signIn('superadmin')
    await page.goto('/dashboard/currency-management/currencies/new')
    const panel = page.getByRole('dialog', { name: 'Add Currency' })
    await panel.getByRole('textbox', { name: 'Code' }).fill('Q1')
    await panel.getByRole('textbox', { name: 'Name' }).fill('No Script Crown')
    await panel.getByRole('textbox', { name: 'Symbol' }).fill('NS')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Currency code must be a 3-letter ISO code').first()).toBeVisible()
    const code = freshCode()
    await page.getByRole('dialog', { name: 'Add Currency' }).getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase())
    await page.getByRole('dialog', { name: 'Add Currency' }).getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/dashboard\/currency-management$/)
    await expect(page.getByRole('table', { name: 'Currencies' }).getByRole('cell', { name: code, exact: true })).toBeVisible()

    await page.goto('/dashboard/currency-management?amount=ten&from=USD&to=EUR')
    await expect(page.getByText('amount: Amount must be a number')).toBeVisible()
  })

  test('a transfer with invalid JSON is refused with the reason under its area, then saved', async ({ page, signIn }) => {
    await signIn('expert')
    await page.goto('/dashboard/transfers/new')
    const panel = page.getByRole('dialog', { name: 'Create Transfer' })
    await expect(panel.getByLabel('Type')).toHaveValue('speedboat')
    const name = uniqueName('Lagoon hop ')
    await panel.getByLabel('Name').fill(name)
    await panel.getByLabel('Duration').fill('45 minutes')
    await panel.getByLabel('Pricing').fill('{"currency": "USD", "adult": 120,}')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/^Invalid JSON/)).toBeVisible()
    await expect(page.getByRole('alert').first()).toContainText('Failed to save transfer')
    await page.getByRole('dialog', { name: 'Create Transfer' }).getByLabel('Pricing').fill('{"currency": "USD", "adult": 120}')
    await page.getByRole('dialog', { name: 'Create Transfer' }).getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/dashboard\/transfers$/)
    const card = page.getByRole('article').or(page.locator('.mantine-Card-root')).filter({ hasText: name })
    await expect(card).toContainText('Active')
    await expect(card).toContainText('45 minutes')
  })
})
