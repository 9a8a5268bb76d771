import type { APIRequestContext, Page } from '@playwright/test'
import { clickSaveToggle, expect, ready, test, uniqueName } from './fixtures.ts'

/** A traveler of the test's own, new (no quiz, no wishlist, no trips), signed up through the REST API. */
async function newTraveler(request: APIRequestContext) {
  const username = uniqueName('seeker')
  const password = 'a-long-discovery-passphrase'
  const res = await request.post('/users/api/auth/register/', {
    data: { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Sam', last_name: 'Seeker' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { username, password }
}


const results = (page: Page) => page.getByRole('region', { name: /^Results/ })

for (const js of [false, true]) {
  test.describe(`Search & Discovery, JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js })

    test('a new traveler sees promoted destinations, finds Malé without its accent, filters, sorts, saves and opens the map', async ({
      page,
      request,
      signIn,
    }) => {
      const who = await newTraveler(request)
      await signIn(who.username, who.password)
      await page.goto('/dashboard/search')
      await ready(page, js)
      // Nothing is known of them yet: the promoted destinations, labelled as such, with no percent match.
      const promoted = page.getByRole('region', { name: 'Promoted destinations' })
      await expect(promoted.getByRole('article').first()).toContainText('Promoted destination')
      await expect(promoted).not.toContainText('% match')

      const form = page.getByRole('search', { name: 'Search the catalogue' })
      await form.getByRole('searchbox', { name: 'Search' }).fill('Malle')
      if (js) {
        // Typing applies by itself after a pause.
        await expect(page).toHaveURL(/[?&]q=Malle/)
      } else {
        await form.getByRole('button', { name: 'Search' }).click()
      }
      await expect(page.getByRole('heading', { name: 'Results for “Malle”' })).toBeVisible()
      await expect(results(page).getByRole('article', { name: 'Malé', exact: true })).toBeVisible()

      // Rated 4.5 and up, dearest first, priced for two travelers.
      await form.getByRole('combobox', { name: 'Rating' }).selectOption('4.5')
      await form.getByRole('combobox', { name: 'Sort by' }).selectOption('price-high')
      await form.getByRole('spinbutton', { name: 'Travelers' }).fill('2')
      await form.getByRole('button', { name: 'Search' }).click()
      await expect(page).toHaveURL(/travelers=2/)
      const cards = results(page).getByRole('article')
      await expect(cards.nth(0)).toHaveAccessibleName('Sunset dolphin cruise from Malé')
      await expect(cards.nth(0)).toContainText('$190.00 for 2 travelers')
      await expect(cards.nth(1)).toHaveAccessibleName('Malé fish market and old town walk')
      await expect(cards.nth(1)).toContainText('$70.00 for 2 travelers')
      await expect(results(page).getByRole('article', { name: 'Malé', exact: true })).toHaveCount(0)

      // The favourite toggle saves to the wishlist.
      const cruise = results(page).getByRole('article', { name: 'Sunset dolphin cruise from Malé' })
      await clickSaveToggle(page, cruise.getByRole('button', { name: 'Save Sunset dolphin cruise from Malé to wishlist' }), js)
      await expect(
        results(page)
          .getByRole('article', { name: 'Sunset dolphin cruise from Malé' })
          .getByRole('button', { name: 'Saved Sunset dolphin cruise from Malé: remove from wishlist' }),
      ).toBeVisible()
      await page.goto('/dashboard/wishlist')
      await expect(page.getByRole('article', { name: 'Sunset dolphin cruise from Malé' })).toBeVisible()

      // The map: the results as pins and clusters, each a link; the list beside it names them.
      await page.goto('/dashboard/search?q=male&view=map')
      await ready(page, js)
      const map = page.getByRole('group', { name: /Map of the results/ })
      await expect(map).toBeVisible()
      await expect(map.getByRole('link').first()).toBeVisible()
      await expect(page.getByRole('link', { name: 'Malé', exact: true }).first()).toBeVisible()
    })

    test('bad filters are named beside their fields and nothing breaks', async ({ page, signIn }) => {
      await signIn('traveler')
      const response = await page.goto('/dashboard/search?price_min=50&price_max=10&rating=9')
      expect(response?.status()).toBe(400)
      await ready(page, js)
      await expect(page.getByText('The lowest price must not be above the highest.')).toBeVisible()
      await expect(page.getByText('Choose a rating from 1 to 5.')).toBeVisible()
    })
  })
}

test('while a search runs a status region says so, until the results come', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/search')
  await ready(page, true)
  const form = page.getByRole('search', { name: 'Search the catalogue' })
  const status = form.getByRole('status')
  await expect(status).toBeEmpty()
  // The search's data waits until the test lets it through.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/dashboard\/search\.data/, async (route) => {
    await held
    await route.continue()
  })
  await form.getByRole('combobox', { name: 'Type' }).selectOption('destination')
  await expect(status).toHaveText('Searching for the best options...')
  await expect(results(page)).toHaveAttribute('aria-busy', 'true')
  release()
  await expect(page).toHaveURL(/[?&]type=destination/)
  await expect(status).toBeEmpty()
  await expect(results(page)).not.toHaveAttribute('aria-busy')
})

test('the demo traveler’s recommendations each say how well they match and why', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/search')
  const section = page.getByRole('region', { name: 'Recommended for you' })
  await expect(section.getByRole('article').first()).toBeVisible()
  await expect(section.getByRole('article').first()).toContainText(/\d+% match · /)
})

test('the header search finds catalogue places beside screens', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/overview')
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.getByRole('searchbox', { name: 'Search' }).first().fill('Malé')
  await expect(page.getByRole('option', { name: /Malé.*Place/ })).toBeVisible({ timeout: 15_000 })
})
