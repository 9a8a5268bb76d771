import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules; `label-content-name-mismatch` (speech input) is enabled besides. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

// axe-core itself, run in the page: @axe-core/playwright's builder finishes every run in a second blank page, which
// costs 2 to 3 s a run here against 0.3 to 0.7 s for a direct `axe.run`.
export const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Wait until the page is interactive and no transition has run for a few frames in a row: a modal or menu fading in
 * or out shows its colours half-blended for a moment, which axe would report as poor contrast. A transition may start
 * a frame after the page looks quiet (a modal mounts, then fades in), so one quiet look is not enough. Endless
 * animations (spinners) are ignored.
 */
export async function settle(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 })
  await page.evaluate(
    ({ frames, timeout }) =>
      new Promise<void>((resolve, reject) => {
        const started = performance.now()
        let quiet = 0
        const tick = () => {
          const busy = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
          quiet = busy ? 0 : quiet + 1
          if (quiet >= frames) return resolve()
          if (performance.now() - started > timeout) return reject(new Error('the page kept animating'))
          requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    { frames: 6, timeout: 15_000 },
  )
}

interface AxeFinding {
  id: string
  impact: string | null
  nodes: { target: string[]; failureSummary?: string }[]
}

/** Serious and critical findings, one line per element; `only` limits the run to those rules, `include` to a part. */
export async function blockingViolations(page: Page, options: { include?: string; only?: string[] } = {}) {
  await settle(page)
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not stop it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const runOptions = options.only
    ? { runOnly: { type: 'rule', values: options.only }, resultTypes: ['violations'] }
    : { runOnly: { type: 'tag', values: WCAG_TAGS }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] }
  const violations = await page.evaluate(
    ([context, opts]) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: AxeFinding[] }> } }).axe
        .run(context ?? document, opts)
        .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }))),
    [options.include ?? null, runOptions] as const,
  )
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n').pop()}`))
}
