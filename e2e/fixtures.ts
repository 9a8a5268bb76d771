import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test as base } from '@playwright/test'

export { expect }

export const SESSION_COOKIE = 'meridian_session'
export const DEMO_PASSWORD = 'meridian-demo'

/** The seeded demo accounts (username = role) and the role label each one's dashboard shows. */
export const DEMO_USERS = [
  { username: 'superadmin', firstName: 'Sofia', roleLabel: 'Super Administrator' },
  { username: 'admin', firstName: 'Amir', roleLabel: 'Administrator' },
  { username: 'expert', firstName: 'Elena', roleLabel: 'Travel Expert' },
  { username: 'specialist', firstName: 'Priya', roleLabel: 'Travel Specialist' },
  { username: 'editor', firstName: 'Tomas', roleLabel: 'Content Editor' },
  { username: 'traveler', firstName: 'Lucas', roleLabel: 'Traveler' },
] as const

export type DemoUsername = (typeof DEMO_USERS)[number]['username']

/** A name no other test or earlier retry has used, for accounts a test creates. */
export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/**
 * Sign in by POSTing the real login form (as a same-origin browser would) and return the session token the server
 * set. Only the HTTP layer is involved: no page, no JavaScript.
 */
export async function createSession(request: APIRequestContext, baseURL: string, username: string, password = DEMO_PASSWORD) {
  const response = await request.post('/login', {
    form: { username, password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  })
  expect(response.status(), `sign-in of ${username} should redirect`).toBe(302)
  const setCookie = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value)
    .find((v) => v.startsWith(`${SESSION_COOKIE}=`))
  const token = setCookie?.slice(SESSION_COOKIE.length + 1).split(';')[0]
  if (!token) throw new Error(`sign-in of ${username} set no ${SESSION_COOKIE} cookie`)
  return decodeURIComponent(token)
}

export async function plantSession(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
}

export const test = base.extend<{
  /** Signs `username` in for this test's browser context; resolves to the session token. */
  signIn: (username: DemoUsername | (string & {}), password?: string) => Promise<string>
}>({
  signIn: async ({ context, playwright, baseURL }, use) => {
    const origin = baseURL!
    await use(async (username, password) => {
      // A fresh request context each time: a cookie left from an earlier sign-in would be sent along and ended.
      const request = await playwright.request.newContext({ baseURL: origin })
      try {
        const token = await createSession(request, origin, username, password)
        await plantSession(context, origin, token)
        return token
      } finally {
        await request.dispose()
      }
    })
  },
})

/**
 * Records the text of every toast (Mantine notification) the page shows from now on, including ones that have
 * already closed by themselves: success toasts last 2 s, which a busy machine can miss between two polls.
 * Call before the navigation that should raise one; `await expect.poll(shown).toContainEqual(...)` afterwards.
 */
export async function watchToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __e2eToasts: seen })
    const scan = (node: Node) => {
      if (!(node instanceof Element)) return
      const found = node.matches('.mantine-Notification-root') ? [node] : [...node.querySelectorAll('.mantine-Notification-root')]
      for (const toast of found) seen.push(toast.textContent ?? '')
    }
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(scan))).observe(document, {
      childList: true,
      subtree: true,
    })
  })
  return () => page.evaluate(() => (window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? [])
}

/** Fill and submit the /login form, the way a person does. */
export async function submitLoginForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'Username or email', exact: true }).fill(username)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

export const OVERVIEW = /\/dashboard\/overview$/

/** With JavaScript on, waits until the page is interactive (the root marks it), so a click reaches React, not the server-drawn markup. */
export async function ready(page: Page, js: boolean) {
  if (js) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/**
 * Clicks a wishlist save toggle and waits until the server has the change. With JavaScript the toggle flips at once and
 * posts in the background; leaving the page straight after could abort that post, as it would for a person.
 */
export async function clickSaveToggle(page: Page, toggle: Locator, js: boolean) {
  if (!js) return toggle.click()
  const posted = page.waitForResponse((res) => res.url().includes('/resources/wishlist') && res.request().method() === 'POST')
  await toggle.click()
  expect((await posted).ok()).toBe(true)
}
