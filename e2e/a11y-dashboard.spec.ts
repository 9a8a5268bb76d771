import fs from 'node:fs'
import { createSession, expect, plantSession, test } from './fixtures.ts'
import { A11Y_CHUNKS, A11Y_PLAN, type A11yPlan } from './support/a11y-plan.ts'
import { AXE_SOURCE, blockingViolations } from './support/axe.ts'

/*
 * axe on every /dashboard screen for every role that may open it, light and dark: no serious or critical finding.
 * e2e/a11y-dashboard.setup.ts planned the checks (one per distinct screen content, plus each role's frame and Access
 * Denied screen); the dark theme is checked for contrast, the one rule a theme changes.
 */

for (let chunk = 0; chunk < A11Y_CHUNKS; chunk++) {
  test(`dashboard screens, part ${chunk + 1} of ${A11Y_CHUNKS}: no serious or critical axe finding, light or dark`, async ({ page, context, playwright, baseURL }) => {
    test.setTimeout(300_000)
    const plan = JSON.parse(fs.readFileSync(A11Y_PLAN, 'utf8')) as A11yPlan
    const mine = plan.checks.filter((_, i) => i % A11Y_CHUNKS === chunk)
    expect(mine.length).toBeGreaterThan(0)
    // axe loaded with every page, instead of sent over for each check.
    await context.addInitScript({ content: AXE_SOURCE })
    const request = await playwright.request.newContext({ baseURL })
    const findings: string[] = []
    let signedInAs = ''
    for (const check of mine) {
      if (check.username !== signedInAs) {
        await context.clearCookies()
        await plantSession(context, baseURL!, await createSession(request, baseURL!, check.username))
        signedInAs = check.username
      }
      const res = await page.goto(check.url)
      expect([200, 403], `${check.username} ${check.url}`).toContain(res?.status())
      const include = check.scope === 'main' ? 'main' : undefined
      for (const line of await blockingViolations(page, { include })) findings.push(`light, ${check.username}, ${check.url}: ${line}`)
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
      for (const line of await blockingViolations(page, { include, only: ['color-contrast'] })) findings.push(`dark, ${check.username}, ${check.url}: ${line}`)
      await page.emulateMedia({ colorScheme: 'light' })
    }
    await request.dispose()
    expect(findings).toEqual([])
  })
}
