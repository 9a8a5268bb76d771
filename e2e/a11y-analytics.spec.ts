import { expect, test } from './fixtures.ts'
import { blockingViolations } from './support/axe.ts'

/*
 * The Analytics Dashboard beyond the first screen that e2e/a11y-dashboard.spec.ts checks: with its charts drawn, another
 * period, and a bad period named beside the selector; light and dark (contrast).
 */

for (const url of ['/dashboard/analytics', '/dashboard/analytics?period=1y', '/dashboard/analytics?period=2w']) {
  test(`no serious or critical axe finding on ${url}, light or dark`, async ({ page, signIn }) => {
    await signIn('admin')
    await page.goto(url)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    if (!url.endsWith('2w')) await expect(page.locator('svg.recharts-surface').first()).toBeVisible()
    const findings = await blockingViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    findings.push(...(await blockingViolations(page, { only: ['color-contrast'] })).map((l) => `dark: ${l}`))
    expect(findings).toEqual([])
  })
}
