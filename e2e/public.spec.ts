import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, DEMO_USERS, expect, ready, SESSION_COOKIE, test, uniqueName } from './fixtures.ts'

const header = (page: Page) => page.getByTestId('public-header')

/** The landing Dashboard button's target per role (1-platform-core.md §6). */
const DASHBOARD_TARGET: Record<string, string> = {
  superadmin: '/dashboard/superadmin',
  admin: '/dashboard/admin',
  expert: '/dashboard/expert',
  specialist: '/dashboard/specialist',
  editor: '/dashboard',
  traveler: '/dashboard/traveler',
}

test.describe('landing page', () => {
  test('shows every element of the spec to a visitor', async ({ page }) => {
    await page.goto('/')
    const bar = header(page)
    for (const name of ['Destinations', 'How It Works', 'Experts', 'Pricing']) {
      await expect(bar.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(bar.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/login')
    await expect(bar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/login')

    await expect(page.getByText('AI-Powered Travel Planning', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your next journey')
    await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/onboarding-quiz')
    await expect(page.getByRole('link', { name: 'Watch Demo' })).toBeVisible()
    for (const claim of ['10,000+ happy travelers', '4.9/5 rating', 'Secure & trusted']) {
      await expect(page.getByText(claim, { exact: true })).toBeVisible()
    }

    await expect(page.getByRole('heading', { name: 'Why Choose Meridian Travel?' })).toBeVisible()
    for (const card of ['AI-Powered Matching', 'Expert Curation', 'Global Network']) {
      await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible()
    }

    await expect(page.getByRole('heading', { name: 'Discover Your Travel DNA' })).toBeVisible()
    for (const benefit of [
      'Personalized destination recommendations',
      'Expert matching based on style',
      'Customized itinerary suggestions',
      'Budget optimization',
    ]) {
      await expect(page.getByRole('listitem').filter({ hasText: benefit })).toBeVisible()
    }
    await expect(page.getByRole('link', { name: 'Take the Quiz Now' })).toHaveAttribute('href', '/onboarding-quiz')
    const sample = page.getByTestId('sample-question')
    await expect(sample).toContainText('Question 3 of 8')
    await expect(sample.getByRole('progressbar', { name: 'Question 3 of 8' })).toHaveAttribute('aria-valuenow', '37.5')
    await expect(sample.getByRole('heading', { name: 'Who do you usually travel with?' })).toBeVisible()
    await expect(sample.getByText('Business/work travel')).toBeVisible()

    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'support@meridian.example' })).toHaveAttribute('href', 'mailto:support@meridian.example')
    await expect(footer.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help')
    await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login')
  })

  test('the top bar is transparent at the top and turns translucent after 20 px of scroll', async ({ page }) => {
    await page.goto('/')
    const bar = header(page)
    await expect(bar).toHaveAttribute('data-scrolled', 'false')
    await expect(bar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')

    await page.evaluate(() => window.scrollTo(0, 20))
    await expect(bar).toHaveAttribute('data-scrolled', 'false')
    await page.mouse.wheel(0, 400)
    await expect(bar).toHaveAttribute('data-scrolled', 'true')
    await expect(bar).toHaveCSS('background-color', 'rgba(255, 255, 255, 0.82)')

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(bar).toHaveAttribute('data-scrolled', 'false')
    await expect(bar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')
  })

  test.describe('in the dark theme', () => {
    test.use({ colorScheme: 'dark' })
    test('the scrolled bar is a translucent dark', async ({ page }) => {
      await page.goto('/')
      await page.mouse.wheel(0, 400)
      await expect(header(page)).toHaveAttribute('data-scrolled', 'true')
      await expect(header(page)).toHaveCSS('background-color', 'rgba(26, 27, 30, 0.82)')
    })
  })

  test('Watch Demo opens a walkthrough of quiz, match, plan and book', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Watch Demo' }).click()
    const dialog = page.getByRole('dialog', { name: 'See how Meridian works' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Step 1 of 4')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled()
    for (const [i, title] of ['Get matched with an expert', 'Plan it together', 'Book with confidence'].entries()) {
      await dialog.getByRole('button', { name: 'Next' }).click()
      await expect(dialog.getByText(`Step ${i + 2} of 4`)).toBeVisible()
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
    }
    await expect(dialog.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/onboarding-quiz')
    await dialog.getByRole('button', { name: 'Go to step 1: Take the quiz' }).click()
    await expect(dialog.getByText('Step 1 of 4')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
  })

  test.describe('JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    test('Watch Demo leads to the walkthrough section', async ({ page }) => {
      await page.goto('/')
      await page.getByRole('link', { name: 'Watch Demo' }).click()
      await expect(page).toHaveURL(/#walkthrough$/)
      await expect(page.getByRole('heading', { name: 'Book with confidence' })).toBeInViewport()
    })

    test('the bar still turns translucent when scrolled (CSS scroll timeline)', async ({ page }) => {
      await page.goto('/')
      const bar = header(page)
      await expect(bar).not.toHaveAttribute('data-scrolled', /.*/)
      await expect(bar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')
      await page.mouse.wheel(0, 400)
      await expect(bar).toHaveCSS('background-color', 'rgba(255, 255, 255, 0.82)')
    })
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the links collapse into a menu (Burger and Drawer)', async ({ page }) => {
    await page.goto('/')
    await ready(page, true)
    await expect(header(page).getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog')
    for (const name of ['Destinations', 'How It Works', 'Experts', 'Pricing', 'Sign In', 'Dashboard']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await drawer.getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan at the pace you need')
    await expect(drawer).toBeHidden()
  })

  test.describe('JavaScript off', () => {
    test.use({ javaScriptEnabled: false })
    test('the menu is a disclosure that opens without JavaScript', async ({ page }) => {
      await page.goto('/')
      await header(page).getByLabel('Menu').click()
      await header(page).getByRole('link', { name: 'How It Works' }).click()
      await expect(page).toHaveURL(/\/how-it-works$/)
    })
  })
})

test.describe('signed in', () => {
  for (const { username, firstName } of DEMO_USERS) {
    test(`${username}: the account menu is labelled ${firstName} and its Dashboard goes to ${DASHBOARD_TARGET[username]}`, async ({
      page,
      signIn,
    }) => {
      await signIn(username)
      await page.goto('/')
      await ready(page, true)
      const bar = header(page)
      await expect(bar.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
      await bar.getByRole('button', { name: firstName }).click()
      const menu = page.getByRole('menu')
      await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', DASHBOARD_TARGET[username]!)
      await expect(menu.getByRole('menuitem', { name: 'My Trips' })).toHaveAttribute('href', '/my-trips')
      await expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile')
      await expect(menu.getByRole('menuitem', { name: 'Help Center' })).toHaveAttribute('href', '/help')
      await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible()
      await page.keyboard.press('Escape')
      // The footer offers the dashboard too, never a sign-in to someone already signed in.
      const footer = page.getByRole('contentinfo')
      await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
      await expect(footer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', DASHBOARD_TARGET[username]!)
      if (username === 'traveler') {
        await bar.getByRole('button', { name: firstName }).click()
        await menu.getByRole('menuitem', { name: 'Dashboard' }).click()
        await expect(page).toHaveURL(/\/dashboard\/overview$/)
        await page.goto('/')
        await ready(page, true)
      }
      // My Trips opens the traveler's trips, and every other role's own dashboard: never a refusal.
      await bar.getByRole('button', { name: firstName }).click()
      await menu.getByRole('menuitem', { name: 'My Trips' }).click()
      await expect(page).toHaveURL(username === 'traveler' ? /\/dashboard\/trips$/ : /\/dashboard\/overview$/)
      await expect(page.getByText('Access Denied')).toHaveCount(0)
    })
  }

  test('the menu reads Account without a first name, and a click outside closes it', async ({ page, playwright, baseURL, signIn }) => {
    const username = uniqueName('noname')
    const api = await playwright.request.newContext({ baseURL })
    try {
      const created = await api.post('/register', {
        form: { intent: 'register', username, email: `${username}@example.test`, password: 'a-long-passphrase', confirm_password: 'a-long-passphrase', first_name: '', last_name: '' },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      })
      expect(created.status()).toBe(302)
    } finally {
      await api.dispose()
    }
    await signIn(username, 'a-long-passphrase')
    await page.goto('/')
    await ready(page, true)
    await header(page).getByRole('button', { name: 'Account' }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await page.getByRole('heading', { level: 1 }).click()
    await expect(page.getByRole('menu')).toBeHidden()
  })

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled })
      test('Sign Out in the account menu ends the session', async ({ page, context, signIn }) => {
        await signIn('specialist')
        await page.goto('/')
        if (javaScriptEnabled) {
          await ready(page, true)
          await header(page).getByRole('button', { name: 'Priya' }).click()
          await page.getByRole('menuitem', { name: 'Sign Out' }).click()
        } else {
          await header(page).getByText('Priya').click()
          await header(page).getByRole('button', { name: 'Sign Out' }).click()
        }
        await expect(page).toHaveURL(/\/login$/)
        expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
        await page.goto('/')
        await expect(header(page).getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
        await page.goto('/dashboard/overview')
        await expect(page).toHaveURL(/\/login\?redirectTo=/)
      })
    })
  }
})

const PAGES = [
  { path: '/destinations', heading: 'Explore destinations', text: 'Not sure where to go?' },
  { path: '/how-it-works', heading: 'Quiz, match, plan, book', text: 'Get matched with an expert' },
  { path: '/experts', heading: 'Meet our travel experts', text: 'Elena Costa' },
  { path: '/pricing', heading: 'Plan at the pace you need', text: '7-14 days' },
  { path: '/quiz-results', heading: 'Your Travel DNA', text: 'You have not taken the quiz yet' },
  { path: '/help', heading: 'How can we help?', text: 'Frequently asked questions' },
] as const

for (const javaScriptEnabled of [true, false]) {
  test.describe(`public pages, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })
    test('each page renders in the public frame', async ({ page }) => {
      for (const { path, heading, text } of PAGES) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
        await expect(page.getByText(text).first()).toBeVisible()
        await expect(header(page).getByRole('link', { name: 'Meridian Travel home' })).toBeVisible()
        await expect(page.getByRole('contentinfo')).toContainText('support@meridian.example')
      }
    })
  })
}

test('pricing lists the three priority levels of a trip request', async ({ page }) => {
  await page.goto('/pricing')
  for (const [key, name, turnaround, price] of [
    ['standard', 'Standard', '7-14 days', 'Free'],
    ['priority', 'Priority', '2-3 days', '+$99'],
    ['urgent', 'Urgent', '24 hours', '+$299'],
  ]) {
    const card = page.getByTestId(`priority-${key}`)
    await expect(card.getByRole('heading', { name })).toBeVisible()
    await expect(card).toContainText(`Plan delivered in ${turnaround}`)
    await expect(card.getByText(price!, { exact: true })).toBeVisible()
  }
})

test('experts shows names and profiles from the database, never usernames or e-mail addresses', async ({ page }) => {
  await page.goto('/experts')
  const card = page.getByTestId('expert-card').filter({ hasText: 'Elena Costa' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Travel Expert')
  const html = await page.content()
  expect(html).not.toContain('expert@meridian.example')
  expect(html).not.toMatch(/"username"/)
})

test('the help center answers questions and gives the support address', async ({ page }) => {
  await page.goto('/help')
  await page.getByText('How long does planning take?').click()
  await expect(page.getByText('Standard planning is free and takes 7-14 days.')).toBeVisible()
  await expect(page.getByTestId('support-email')).toHaveAttribute('href', 'mailto:support@meridian.example')
})

test('a signed-in visitor of a public page keeps the session: no sign-in form is needed for the dashboard', async ({ page, signIn }) => {
  await signIn('expert', DEMO_PASSWORD)
  await page.goto('/experts')
  await ready(page, true)
  await header(page).getByRole('button', { name: 'Elena' }).click()
  await page.getByRole('menuitem', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard\/overview$/)
})
