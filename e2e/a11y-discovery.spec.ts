import { expect, test } from './fixtures.ts'
import { blockingViolations } from './support/axe.ts'

/*
 * Search & Discovery's states beyond the first screen that e2e/a11y-dashboard.spec.ts checks: results, the map (pins and
 * clusters as links in an SVG), a closer view, and field errors; light and dark (contrast).
 */

for (const url of [
  '/dashboard/search',
  '/dashboard/search?q=male',
  '/dashboard/search?q=male&view=map',
  '/dashboard/search?price_min=50&price_max=10&rating=9',
  '/dashboard/search?view=map&map_zoom=3&map_x=700&map_y=250',
]) {
  test(`no serious or critical axe finding on ${url}, light or dark`, async ({ page, signIn }) => {
    await signIn('traveler')
    await page.goto(url)
    const findings = await blockingViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    findings.push(...(await blockingViolations(page, { only: ['color-contrast'] })).map((l) => `dark: ${l}`))
    expect(findings).toEqual([])
  })
}
