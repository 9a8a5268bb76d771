import { expect, ready, test } from './fixtures.ts'

/** The Analytics Dashboard (docs/analytics.md): the figures themselves are checked on known data in core's tests. */
for (const js of [false, true]) {
  test.describe(`Analytics Dashboard, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('an admin reads the cards and panels, changes the period, refreshes and exports the figures', async ({ page, signIn }) => {
      await signIn('admin')
      await page.goto('/dashboard/analytics')
      await ready(page, js)
      await expect(page.getByRole('heading', { name: 'Analytics Dashboard', level: 1 })).toBeVisible()
      await expect(page.getByText(/^Last 30 days: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC\)/)).toBeVisible()
      for (const card of [
        'Total Users',
        'Active Trips',
        'Total Revenue',
        'System Health',
        'Quiz Completion',
        'Avg Trip Value',
        'Response Time',
        'API Response',
      ]) {
        await expect(page.getByRole('group', { name: card, exact: true })).toBeVisible()
      }
      // The demo accounts at least, grouped by thousands; revenue in the base currency.
      await expect(page.locator('[data-card="Total Users"]')).toHaveText(/^\d{1,3}(,\d{3})*$/)
      // In whole dollars, as the spec shows dashboard money.
      await expect(page.locator('[data-card="Total Revenue"]')).toHaveText(/^\$\d{1,3}(,\d{3})*$/)
      // The requests this very test made are measured: the health card has a state.
      await expect(page.getByRole('group', { name: 'System Health' })).toContainText(/Operational|Degraded|Down/)
      for (const panel of ['User Distribution', 'Top Destinations', 'Trends Over Time', 'System Health', 'Quiz Funnel', 'Proposals by Expert']) {
        await expect(page.getByRole('region', { name: panel, exact: true })).toBeVisible()
      }
      // The funnel's proposal stages sit between the trip and the booking.
      const stages = page.getByRole('region', { name: 'Quiz Funnel', exact: true }).getByRole('columnheader')
      await expect(stages).toHaveText(['Travelers', 'Quizzes', 'Reviewed', 'Trip requested', 'Proposal sent', 'Proposal accepted', 'Booking confirmed'])
      // The demo world's two proposals, sent by the demo expert this month: a table, the same without JavaScript.
      const proposals = page.getByRole('region', { name: 'Proposals by Expert', exact: true })
      await expect(proposals.getByRole('rowheader', { name: 'Elena Costa' })).toBeVisible()
      await expect(proposals.getByRole('columnheader', { name: 'Median request to acceptance' })).toBeVisible()
      await expect(proposals.locator('[data-figure="median-to-accept"]')).toHaveText(/^\d+(\.\d)? (h|days)$/)
      await expect(page.getByRole('region', { name: 'User Distribution' })).toContainText('traveler')
      await expect(page.getByRole('region', { name: 'System Health' })).toContainText('Uptime')
      if (js) {
        // The charts load on this screen only, once it runs in the browser.
        await expect(page.getByRole('region', { name: 'Trends Over Time' }).locator('svg.recharts-surface').first()).toBeVisible()
      } else {
        // Without JavaScript the daily figures are a table, open.
        await expect(page.getByRole('region', { name: 'Trends Over Time' }).getByRole('columnheader', { name: 'Quizzes' })).toBeVisible()
      }

      const period = page.getByRole('search', { name: 'Analytics period' })
      await period.getByRole('combobox', { name: 'Period' }).selectOption('7d')
      if (!js) await period.getByRole('button', { name: 'Apply' }).click()
      await expect(page).toHaveURL(/\?period=7d$/)
      await expect(page.getByText(/^Last 7 days: /)).toBeVisible()
      await expect(page.getByText('Changes compare with the 7 days before.', { exact: false })).toBeVisible()

      await page
        .getByRole('button', { name: 'Refresh' })
        .or(page.getByRole('link', { name: 'Refresh' }))
        .click()
      await expect(page).toHaveURL(/\?period=7d$/)
      await expect(page.getByRole('group', { name: 'Total Users', exact: true })).toBeVisible()

      const download = page.waitForEvent('download')
      await page.getByRole('link', { name: 'Export' }).click()
      const file = await download
      const today = new Date().toISOString().slice(0, 10)
      expect(file.suggestedFilename()).toBe(`meridian-analytics-7d-${today}.json`)
      const body = JSON.parse(await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8'))
      expect(body).toMatchObject({ period: '7d', label: 'Last 7 days', currency: 'USD' })
      expect(body.daily).toHaveLength(7)
      expect(body.proposals.all).toMatchObject({ trips: expect.any(Number), accepted: expect.any(Number) })
      // Keys in any order: the shared copy is kept as jsonb.
      expect(Object.keys(body.funnel.all).sort()).toEqual(['accepted', 'bookings', 'proposals', 'quizzes', 'reviewed', 'trips'])
      expect(Object.keys(body.cards)).toEqual(
        expect.arrayContaining([
          'total_users',
          'active_trips',
          'total_revenue',
          'system_health',
          'quiz_completion',
          'avg_trip_value',
          'response_time_hours',
          'api_response',
        ]),
      )
    })
  })
}

test('a period that does not exist is named beside the selector', async ({ page, signIn }) => {
  await signIn('superadmin')
  const response = await page.goto('/dashboard/analytics?period=2w')
  expect(response!.status()).toBe(400)
  await expect(page.getByText('Select a valid period: 7d, 30d, 90d, 1y.')).toBeVisible()
})

test('roles without view_analytics are refused the screen and its export', async ({ page, signIn }) => {
  for (const role of ['expert', 'specialist', 'editor', 'traveler']) {
    await signIn(role)
    const response = await page.goto('/dashboard/analytics')
    expect(response!.status(), role).toBe(403)
    await expect(page.getByRole('alert')).toHaveText('You do not have permission to view analytics.')
    const file = await page.request.get('/dashboard/analytics/export?period=7d')
    expect(file.status(), role).toBe(403)
  }
})
