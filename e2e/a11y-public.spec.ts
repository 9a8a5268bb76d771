import { expect, test } from './fixtures.ts'
import { blockingViolations } from './support/axe.ts'

const PAGES = ['/', '/login', '/onboarding-quiz', '/destinations', '/how-it-works', '/experts', '/pricing', '/quiz-results', '/help']

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })
    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        expect(await blockingViolations(page)).toEqual([])
      })
    }

    test('the quiz results and the open walkthrough have none either', async ({ page }) => {
      await page.goto('/onboarding-quiz')
      for (const option of ['Food & Wine', 'Comfortable ($1500-3000)', 'Couple']) {
        await page.getByLabel(option).check()
        await page.getByRole('button', { name: /^(Next|Complete)$/ }).click()
      }
      await expect(page.getByTestId('quiz-answers')).toBeVisible({ timeout: 20_000 })
      expect(await blockingViolations(page)).toEqual([])

      await page.goto('/')
      await page.waitForLoadState('networkidle')
      await page.getByRole('link', { name: 'Watch Demo' }).click()
      await expect(page.getByRole('dialog', { name: 'See how Meridian works' })).toBeVisible()
      expect(await blockingViolations(page)).toEqual([])
    })

    test('a traveler’s saved results and the open account menu have none either', async ({ page, signIn }) => {
      await signIn('traveler')
      await page.goto('/onboarding-quiz')
      for (const option of ['Adventure & Exploration', 'Luxury ($5000+)', 'Solo traveler']) {
        await page.getByLabel(option).check()
        await page.getByRole('button', { name: /^(Next|Complete)$/ }).click()
      }
      await expect(page.getByTestId('quiz-status')).toContainText('Your answers are saved', { timeout: 20_000 })
      expect(await blockingViolations(page)).toEqual([])

      await page.getByTestId('public-header').getByRole('button', { name: 'Lucas' }).click()
      await expect(page.getByRole('menu')).toBeVisible()
      expect(await blockingViolations(page)).toEqual([])
    })
  })
}
