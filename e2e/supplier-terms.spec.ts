import { expect, test, uniqueName } from './fixtures.ts'

test.describe("a supplier's own booking terms without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test('an admin gives a supplier its cancellation steps and time zone, reads them in words, and returns it to the defaults', async ({ page, signIn }) => {
    const supplier = uniqueName('Strict Lodges ')
    await signIn('admin')
    await page.goto(`/dashboard/supplier-management?search=${encodeURIComponent(supplier)}`)
    await page.getByRole('link', { name: 'Add Supplier' }).click()
    let form = page.getByRole('form', { name: 'Supplier' })
    await form.getByLabel(/^Name/).fill(supplier)
    await form.getByLabel(/^Use the default cancellation policy/).uncheck()
    await form.getByLabel('Cancellation fees').fill('21 days: 50%\n7 days: everything')
    await form.getByLabel('Time zone').selectOption('Asia/Tokyo')
    await form.getByRole('button', { name: 'Create Supplier' }).click()
    // A line it cannot read is named beside the steps; what was typed stays.
    form = page.getByRole('form', { name: 'Supplier' })
    await expect(form.getByText('Line 2: write a step as “30 days: 25%” or “7 days: 150.00”.', { exact: true })).toBeVisible()
    await expect(form.getByLabel('Time zone')).toHaveValue('Asia/Tokyo')
    await form.getByLabel('Cancellation fees').fill('21 days: 50%\n7 days: 100%')
    await form.getByRole('button', { name: 'Create Supplier' }).click()

    await page.getByRole('row').filter({ hasText: supplier }).getByRole('link', { name: `View ${supplier}` }).click()
    const view = page.getByRole('dialog', { name: supplier })
    await expect(view).toContainText('Free until 21 days before; from 21 days before: 50%; from 7 days before: 100%.')
    await expect(view).toContainText('Asia/Tokyo')
    await expect(view).toContainText('The booking settings’ (default)')

    await page.goto(`/dashboard/supplier-management?search=${encodeURIComponent(supplier)}`)
    await page.getByRole('link', { name: `Edit ${supplier}` }).click()
    form = page.getByRole('form', { name: 'Supplier' })
    await expect(form.getByLabel('Cancellation fees')).toHaveValue('21 days: 50%\n7 days: 100%')
    await form.getByLabel(/^Use the default cancellation policy/).check()
    await form.getByRole('button', { name: 'Save Changes' }).click()
    await page.getByRole('row').filter({ hasText: supplier }).getByRole('link', { name: `View ${supplier}` }).click()
    await expect(page.getByRole('dialog', { name: supplier })).not.toContainText('Free until 21 days before')
  })

  test("an expert gives an activity its own cancellation steps, reads them in words, and returns it to its supplier's", async ({ page, signIn }) => {
    const activity = 'Rainbow Mountain day hike'
    await signIn('expert')
    const list = `/dashboard/activity-management?search=${encodeURIComponent('Rainbow Mountain')}`
    await page.goto(list)
    await page.getByRole('article', { name: activity }).getByRole('link', { name: `Edit ${activity}` }).click()
    let form = page.getByRole('form', { name: 'Activity' })
    await form.getByLabel(/^Use the default cancellation policy/).uncheck()
    await form.getByLabel('Cancellation fees').fill('3 days: 40.00')
    await form.getByRole('button', { name: 'Update Activity' }).click()
    await page.goto(list)
    await page.getByRole('article', { name: activity }).getByRole('link', { name: `View ${activity}` }).click()
    await expect(page.getByText('Cancellation fees: Free until 3 days before; from 3 days before: 40.00 USD.')).toBeVisible()

    await page.goto(list)
    await page.getByRole('article', { name: activity }).getByRole('link', { name: `Edit ${activity}` }).click()
    form = page.getByRole('form', { name: 'Activity' })
    await expect(form.getByLabel('Cancellation fees')).toHaveValue('3 days: 40.00')
    await form.getByLabel(/^Use the default cancellation policy/).check()
    await form.getByRole('button', { name: 'Update Activity' }).click()
    await page.goto(list)
    await page.getByRole('article', { name: activity }).getByRole('link', { name: `View ${activity}` }).click()
    await expect(page.getByText('Cancellation fees: its supplier’s, else the booking settings’ (default)')).toBeVisible()
  })
})
