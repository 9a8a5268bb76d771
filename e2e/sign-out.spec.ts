import { createSession, expect, plantSession, SESSION_COOKIE, test, watchToasts } from './fixtures.ts'

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('signing out ends the session, and the old cookie no longer works', async ({ page, context, signIn, baseURL }) => {
      const token = await signIn('editor')
      const shown = javaScriptEnabled ? await watchToasts(page) : null
      await page.goto('/dashboard/overview')
      await expect(page.getByRole('heading', { name: 'Welcome back, Tomas!' })).toBeVisible()

      await page.getByRole('button', { name: 'Sign out', exact: true }).click()
      await expect(page).toHaveURL(/\/login$/)
      if (shown) await expect.poll(shown).toContainEqual(expect.stringContaining('You have been signed out.'))
      expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()

      await page.goto('/dashboard/overview')
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Foverview$/)

      // The ended session's cookie, sent again, is a session that has expired: sign-in says so and clears it.
      await plantSession(context, baseURL!, token)
      await page.goto('/dashboard/overview')
      await expect(page).toHaveURL(/\/login\?expired=1&redirectTo=%2Fdashboard%2Foverview$/)
      await expect(page.getByText('Your session has expired. Please login again.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
      expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
    })
  })
}

test('signing out in one browser leaves another session of the same user signed in', async ({ page, signIn, browser, playwright, baseURL }) => {
  await signIn('admin')
  const other = await browser.newContext()
  const api = await playwright.request.newContext({ baseURL })
  try {
    await plantSession(other, baseURL!, await createSession(api, baseURL!, 'admin'))
    const otherPage = await other.newPage()

    await page.goto('/dashboard/overview')
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await expect(page).toHaveURL(/\/login$/)

    await otherPage.goto('/dashboard/overview')
    await expect(otherPage.getByTestId('role-label')).toHaveText('Administrator')
  } finally {
    await api.dispose()
    await other.close()
  }
})
