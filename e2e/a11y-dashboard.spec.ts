import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { createSession, expect, plantSession, test } from './fixtures.ts'
import { A11Y_CHUNKS, A11Y_PLAN, type A11yPlan } from './support/a11y-plan.ts'
import { AXE_SOURCE, blockingViolations } from './support/axe.ts'

/*
 * axe on every /dashboard screen for every role that may open it, light and dark: no serious or critical finding.
 * e2e/a11y-dashboard.setup.ts planned the checks (one per distinct screen content, plus each role's frame and Access
 * Denied screen); the dark theme is checked for contrast, the one rule a theme changes.
 */

interface ClientRouter {
  navigate(to: string): Promise<void>
  state: { navigation: { state: string }; location: { pathname: string; search: string } }
}

/** Client-side navigation through the app's own router (Remix keeps it on `window.__remixRouter`), to its end. */
async function navigateInPage(page: Page, url: string) {
  await page.evaluate((to) => (window as unknown as { __remixRouter: ClientRouter }).__remixRouter.navigate(to), url)
  await page.waitForFunction((to) => {
    const { state } = (window as unknown as { __remixRouter: ClientRouter }).__remixRouter
    return state.navigation.state === 'idle' && state.location.pathname + state.location.search === to
  }, url)
  await expect(page.locator('main')).toBeVisible()
}

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
        // A role's first screen is a page load of its own; its other screens follow in the same page, by the app's
        // own client-side navigation, as a person clicking through would see them (no reload, no second hydration).
        await context.clearCookies()
        await plantSession(context, baseURL!, await createSession(request, baseURL!, check.username))
        signedInAs = check.username
        const res = await page.goto(check.url)
        expect([200, 403], `${check.username} ${check.url}`).toContain(res?.status())
      } else {
        await navigateInPage(page, check.url)
      }
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
