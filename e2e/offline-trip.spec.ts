import fs from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { blockingViolations } from './support/axe.ts'
import { DEMO_PASSWORD, expect, test, uniqueName } from './fixtures.ts'
import { cuttingProxy } from './support/cutting-proxy.ts'

/*
 * The traveler's trip offline (docs/traveler-app.md). Playwright's offline mode (context.setOffline) takes the page's
 * network away but not the service worker's (microsoft/playwright#2311): a worker falling back to its copy would never
 * be tested, the server would answer it. So the browser reaches the server through a loopback proxy that refuses every
 * connection while "offline", and the page is put offline as well (navigator.onLine, the 'offline' event).
 */

interface Approved {
  tripId: number
  firstItem: string
  reference: string
}

/** A trip of the demo traveler's with an approved plan and a live booking, read over REST: its plan's first item, the booking. */
async function demoTrip(request: APIRequestContext): Promise<Approved & { token: string }> {
  const login = await request.post('/users/api/auth/login/', { data: { username: 'traveler', password: DEMO_PASSWORD } })
  const { access } = (await login.json()) as { access: string }
  const headers = { Authorization: `Bearer ${access}` }
  const get = async <T>(path: string) => {
    const res = await request.get(path, { headers })
    expect(res.status(), path).toBe(200)
    return (await res.json()) as T
  }
  const plans = await get<{ results: { id: number; trip_id: number; status: string }[] }>('/api/itineraries/?page_size=50')
  let found: Approved | null = null
  for (const plan of plans.results.filter((p) => p.status === 'approved')) {
    const bookings = await get<{ results: { reference: string; status: string }[] }>(`/api/bookings/?trip_id=${plan.trip_id}`)
    const booking = bookings.results.find((b) => b.status !== 'cancelled')
    if (!booking) continue
    const itinerary = await get<{ days: { items: { title: string }[] }[] }>(`/api/itineraries/${plan.id}/`)
    found = { tripId: plan.trip_id, firstItem: itinerary.days.flatMap((d) => d.items)[0]!.title, reference: booking.reference }
    break
  }
  expect(found, 'the demo traveler has a trip with an approved plan and a booking').not.toBeNull()
  return { ...found!, token: access }
}

/** The conversation's messages as the server has them (the traveler's token). */
async function thread(request: APIRequestContext, token: string, conversationId: number) {
  const res = await request.get(`/api/chat/conversations/${conversationId}/messages/?page_size=200`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { results: { content: string }[] }).results.map((m) => m.content)
}

/** The approved version the view shows ("Approved version 2"). */
async function versionOf(page: Page) {
  const text = await page
    .getByRole('region', { name: 'Itinerary' })
    .getByText(/^Approved version \d+/)
    .innerText()
  return Number(/\d+/.exec(text)![0])
}

const chat = (page: Page) => page.getByRole('region', { name: 'Chat with your expert' })

test('the trip opened once reads offline after a reload, and a message written offline is sent when the connection returns', async ({
  browser,
  request,
  baseURL,
}) => {
  const trip = await demoTrip(request)
  const proxy = await cuttingProxy(baseURL!)
  const context = await browser.newContext({ baseURL: proxy.url })
  try {
    const login = await context.request.post('/login', {
      form: { username: 'traveler', password: DEMO_PASSWORD },
      headers: { Origin: proxy.url },
      maxRedirects: 0,
    })
    expect(login.status()).toBe(302)
    const page = await context.newPage()
    await page.goto(`/dashboard/trips/${trip.tripId}/travel`)
    await expect(page.getByRole('heading', { level: 1, name: /^Your trip: / })).toBeVisible()
    // The worker registers after the page has loaded, takes control, and keeps the page (it is the traveler's own).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true')
    await expect(page.getByTestId('trip-offline')).toHaveCount(0)
    const href = await chat(page).getByRole('link', { name: 'Open the conversation' }).getAttribute('href')
    const conversationId = Number(/\/dashboard\/chat\/(\d+)$/.exec(href ?? '')?.[1])
    expect(conversationId, 'the trip shows the conversation with its expert').toBeGreaterThan(0)
    const lastMessage = (await thread(request, trip.token, conversationId)).at(-1)!

    // No network, for the page and for the worker alike.
    await context.setOffline(true)
    proxy.refuse()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: /^Your trip: / })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Itinerary' })).toContainText(trip.firstItem)
    await expect(page.getByRole('region', { name: 'Bookings' })).toContainText(trip.reference)
    await expect(chat(page)).toContainText(lastMessage)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(page.getByTestId('trip-offline')).toContainText(/You are offline\. Last updated .+/)
    // The trip's vouchers were kept with it: the PDF downloads without a network.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'All vouchers (PDF)' }).click()])
    expect(download.suggestedFilename()).toBe(`meridian-vouchers-trip-${trip.tripId}.pdf`)
    expect((await fs.promises.readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-')

    // Written offline: kept in the browser, waiting for the connection.
    const text = uniqueName('Written in the mountains ')
    await chat(page).getByRole('textbox', { name: 'Message' }).fill(text)
    await chat(page).getByRole('button', { name: 'Send' }).click()
    const queued = chat(page).getByTestId('queued-message')
    await expect(queued).toHaveCount(1)
    await expect(queued).toContainText(text)
    await expect(queued).toContainText('Waiting for connection')
    // The view in full (the plan, the bookings, the chat, the offline banner and a queued message) reads for everyone,
    // light or dark (the dashboard's accessibility plan meets it only with a trip in planning).
    const findings = await blockingViolations(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
    findings.push(...(await blockingViolations(page, { only: ['color-contrast'] })).map((l) => `dark: ${l}`))
    expect(findings).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })

    // The connection returns: the message is sent and reads as the server's, once.
    proxy.accept()
    await context.setOffline(false)
    await expect(queued).toHaveCount(0)
    await expect(chat(page).getByRole('listitem').filter({ hasText: text })).toHaveCount(1)
    await expect(page.getByTestId('trip-offline')).toHaveCount(0)
    expect((await thread(request, trip.token, conversationId)).filter((content) => content === text)).toHaveLength(1)

    // Signing out leaves nothing of the trip in the browser: the worker's caches go.
    const kept = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('meridian-trip-')))
    expect(await kept()).toEqual([`meridian-trip-${trip.tripId}-v${await versionOf(page)}`])
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect.poll(kept).toEqual([])
  } finally {
    await context.close()
    await proxy.close()
  }
})
