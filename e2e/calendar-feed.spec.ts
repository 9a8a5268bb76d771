import { expect, test, uniqueName } from './fixtures.ts'

/* The calendar subscription in Settings (docs/traveler-app.md "Calendar feed"), with plain forms. */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a traveler creates a calendar address a calendar app reads, replaces it, and turns it off', async ({ page, signIn, request }) => {
    const username = uniqueName('cal')
    const password = 'first-passphrase-1'
    const made = await request.post('/users/api/auth/register/', {
      data: { username, email: `${username}@example.test`, password, first_name: 'Ana', last_name: 'Rivas' },
    })
    expect(made.status(), await made.text()).toBe(201)
    await signIn(username, password)
    await page.goto('/dashboard/settings')
    const section = page.getByRole('region', { name: 'Calendar subscription' })
    await expect(section.getByText('You have no calendar address yet.')).toBeVisible()
    await section.getByRole('button', { name: 'Create calendar address' }).click()
    await expect(section.getByLabel('Calendar address')).toBeVisible()
    const address = await section.getByLabel('Calendar address').inputValue()
    expect(address).toMatch(/^http:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\/$/)
    await expect(section.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute('href', address.replace(/^http:/, 'webcal:'))

    // A calendar app reads it without signing in.
    const feed = await request.get(address, { headers: { Cookie: '' } })
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    expect(await feed.text()).toContain('X-WR-CALNAME:Meridian Travel trips')

    await section.getByRole('button', { name: 'Replace address' }).click()
    const replaced = await section.getByLabel('Calendar address').inputValue()
    expect(replaced).not.toBe(address)
    expect((await request.get(address)).status()).toBe(404)
    expect((await request.get(replaced)).status()).toBe(200)

    await section.getByRole('button', { name: 'Turn off' }).click()
    await expect(section.getByText('You have no calendar address yet.')).toBeVisible()
    expect((await request.get(replaced)).status()).toBe(404)
  })

  test('staff have no calendar subscription', async ({ page, signIn }) => {
    await signIn('expert')
    await page.goto('/dashboard/settings')
    await expect(page.getByRole('heading', { name: 'Profile' }).first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Calendar subscription' })).toHaveCount(0)
  })
})
