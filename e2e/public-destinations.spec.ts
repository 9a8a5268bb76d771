import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** The public destination list and pages, from the countries the server seeds at its first start. */

const filters = (page: Page) => page.getByRole('search', { name: 'Filters' })

/** Types a search and picks a continent, then presses Filter: the same steps with JavaScript on or off. */
async function applyFilters(page: Page, search: string, continent: string) {
  await filters(page).getByLabel('Search').fill(search)
  await filters(page).getByLabel('Continent').selectOption(continent)
  await filters(page).getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`search=${search}.*continent=${continent}|continent=${continent}.*search=${search}`))
}

async function searchFilterAndOpen(page: Page) {
  await page.goto('/destinations')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore destinations')
  await expect(page.getByTestId('destination-count')).toHaveText(/^\d{3} destinations$/)
  await expect(filters(page).getByLabel('Search')).toHaveAttribute('placeholder', 'Search destinations...')
  await expect(page.getByRole('link', { name: 'Take the Quiz Now' })).toHaveAttribute('href', '/onboarding-quiz')

  await applyFilters(page, 'portugal', 'Asia')
  await expect(page.getByText('No destinations match these filters.')).toBeVisible()
  await expect(page.getByTestId('destination-count')).toHaveText('0 destinations')

  await applyFilters(page, 'portugal', 'Europe')
  await expect(page.getByTestId('destination-count')).toHaveText('1 destination')
  const portugal = page.getByRole('article', { name: 'Portugal' })
  await expect(portugal).toContainText('Europe · Lisbon')

  await portugal.getByRole('link', { name: 'Explore Portugal' }).click()
  await expect(page).toHaveURL(/\/destinations\/\d+\?search=portugal&continent=Europe$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portugal')
  const facts = page.getByTestId('destination-facts')
  await expect(facts).toContainText('Capital')
  await expect(facts).toContainText('Lisbon')
  await expect(facts).toContainText('Europe')
  await expect(page.getByTestId('destination-places')).toContainText('Lisbon')
  await expect(page.getByRole('link', { name: 'Plan a trip here' })).toHaveAttribute('href', '/onboarding-quiz')
  await expect(page.getByTestId('public-header').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'Back to destinations' }).click()
  await expect(page).toHaveURL(/\/destinations\?search=portugal&continent=Europe$/)
  await expect(filters(page).getByLabel('Search')).toHaveValue('portugal')
  await expect(filters(page).getByLabel('Continent')).toHaveValue('Europe')
  await expect(page.getByRole('article', { name: 'Portugal' })).toBeVisible()
}

async function accentsIgnored(page: Page) {
  await page.goto('/destinations')
  await applyFilters(page, 'turkiye', 'Asia')
  const turkiye = page.getByRole('article', { name: 'Türkiye' })
  await expect(turkiye).toContainText('Asia · Ankara')
  await turkiye.getByRole('link', { name: 'Explore Türkiye' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Türkiye')
  await expect(page.getByTestId('destination-facts')).toContainText('Ankara')
}

async function pages(page: Page) {
  await page.goto('/destinations?continent=Europe')
  await expect(page.getByRole('article')).toHaveCount(24)
  const first = await page.getByRole('article').first().getAttribute('aria-label')
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/destinations\?continent=Europe&page=2$/)
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
  await expect(page.getByRole('article', { name: first! })).toHaveCount(0)
  await expect(filters(page).getByLabel('Continent')).toHaveValue('Europe')
}

test.describe('public destinations, JavaScript on', () => {
  test('a visitor searches, filters by continent, opens a destination and comes back', async ({ page }) => {
    await searchFilterAndOpen(page)
  })

  test('search ignores accents', async ({ page }) => {
    await accentsIgnored(page)
  })

  test('the list has pages of 24', async ({ page }) => {
    await pages(page)
  })

  test('a signed-in traveler sees the same pages in the public frame', async ({ page, signIn }) => {
    await signIn('traveler')
    await page.goto('/destinations?search=portugal')
    await expect(page.getByTestId('public-header').getByRole('button', { name: 'Lucas' })).toBeVisible()
    await page.getByRole('link', { name: 'Explore Portugal' }).click()
    await expect(page.getByTestId('destination-facts')).toContainText('Lisbon')
  })

  test('an unknown or malformed id is the not-found page', async ({ page }) => {
    for (const path of ['/destinations/999999', '/destinations/not-a-number']) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByTestId('not-found')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    }
  })
})

test.describe('public destinations, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a visitor searches, filters by continent, opens a destination and comes back', async ({ page }) => {
    await searchFilterAndOpen(page)
  })

  test('search ignores accents', async ({ page }) => {
    await accentsIgnored(page)
  })

  test('the list has pages of 24', async ({ page }) => {
    await pages(page)
  })
})
