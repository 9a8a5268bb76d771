import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules, plus the name/label rule speech-input users rely on. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * Wait until the page is interactive and no transition is running: a modal or menu fading in shows its colours
 * half-blended for a moment, which axe would report as poor contrast. Endless animations (spinners) are ignored.
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  )
}

/** Serious and critical findings, one line per element; `only` limits the run to those rules. */
export async function blockingViolations(page: Page, options: { include?: string; exclude?: string; only?: string[] } = {}) {
  await settle(page)
  let builder = new AxeBuilder({ page })
  builder = options.only ? builder.withRules(options.only) : builder.withTags(WCAG_TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
  if (options.include) builder = builder.include(options.include)
  if (options.exclude) builder = builder.exclude(options.exclude)
  const { violations } = await builder.analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n').pop()}`))
}
