import { createHash } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_PASSWORD, DEMO_USERS, expect, test, uniqueName } from './fixtures.ts'
import { blockingViolations, settle } from './support/axe.ts'
import { dashboardScreens, type RecordKind } from './support/dashboard-screens.ts'

/*
 * axe on every /dashboard screen, for every role that may open it, in the light and the dark theme: no serious or
 * critical finding. The screens come from the route files; whether a role may open one is asked of the server (a
 * screen it answers 200 for). The frame (sidebar, top bar) is checked in full on each role's first screen; after
 * that each screen's content is checked, once per distinct markup, since most screens look the same to every role
 * that may open them. The dark theme is checked for contrast, the one rule a theme changes.
 */

const screens = dashboardScreens()

/** One record of each kind a screen's `$id` can name, made through the REST API as the demo admin. */
async function makeRecords(request: APIRequestContext): Promise<Record<RecordKind, number>> {
  const login = await request.post('/users/api/auth/login/', { data: { username: 'admin', password: DEMO_PASSWORD } })
  const { access, user } = (await login.json()) as { access: string; user: { id: number } }
  const headers = { Authorization: `Bearer ${access}` }
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(path, { data, headers })
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201)
    return ((await res.json()) as { id: number }).id
  }
  const country = await post('/api/destinations/countries-mgmt/', { name: uniqueName('Axeland '), continent: 'Europe' })
  const location = await post('/api/destinations/locations-mgmt/', { name: uniqueName('Axeton '), country, location_type: 'city' })
  const supplier = await post('/api/suppliers/', { name: uniqueName('Axe Tours '), country })
  const activity = await post('/api/activities/', {
    name: uniqueName('Axe Walk '),
    description: 'A walk to check every screen can be read by everyone.',
    supplier_id: supplier,
    location_id: location,
    pricing: { pricing_model: 'tiered', currency: 'USD', pricing_tiers: [{ name: 'Solo', min_quantity: 1, max_quantity: null, price_per_unit: '40' }] },
  })
  const transfer = await post('/api/itineraries/transfers/', { name: uniqueName('Axe ferry '), type: 'ferry', from_country: country })
  const currencies = (await (await request.get('/api/currencies-mgmt/?page_size=500', { headers })).json()) as { results: { id: number; code: string }[] }
  const code = (c: string) => currencies.results.find((r) => r.code === c)!.id
  const rate = await post('/api/currencies-mgmt/create_conversion_rate/', {
    from_currency: code('USD'),
    to_currency: code('EUR'),
    rate: '0.91',
    effective_date: `2025-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`,
  })
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } }).png().toBuffer()
  const upload = await request.post('/api/media/bulk_upload/', {
    headers,
    multipart: { files: { name: 'axe-photo.png', mimeType: 'image/png', buffer: photo } },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const [first] = ((await upload.json()) as { results: { success: boolean; id: number }[] }).results
  expect(first?.success).toBe(true)
  const media = first!.id
  return { country, location, supplier, activity, transfer, currency: code('GBP'), rate, media, user: user.id }
}

const digest = (text: string) => createHash('sha1').update(text).digest('hex')

async function mainMarkup(page: Page) {
  return digest((await page.locator('main').first().innerHTML()).replace(/\d+/g, '0'))
}

async function useScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme })
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
}

let records: Record<RecordKind, number>
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  try {
    records = await makeRecords(request)
  } finally {
    await request.dispose()
  }
})

for (const { username } of DEMO_USERS) {
  test(`every /dashboard screen ${username} may open has no serious or critical axe finding, light or dark`, async ({ page, signIn }) => {
    test.setTimeout(240_000)
    await signIn(username)
    // Which screens this role may open, as the server says.
    const open: string[] = []
    const refused: string[] = []
    for (const screen of screens) {
      const url = screen.kind ? screen.pattern.replace('$id', String(records[screen.kind])) : screen.pattern
      const res = await page.request.get(url, { maxRedirects: 0 })
      if (res.status() === 200) open.push(url)
      else if (res.status() === 403) refused.push(url)
      else expect([302, 303, 404], `${username} GET ${url}`).toContain(res.status())
    }
    expect(open, `${username} opens its overview`).toContain('/dashboard/overview')
    // The Access Denied screen is a screen too.
    const toCheck = ['/dashboard/overview', ...open.filter((u) => u !== '/dashboard/overview'), ...refused.slice(0, 1)]

    const findings: string[] = []
    const seen = new Set<string>()
    let frameChecked = false
    for (const url of toCheck) {
      await page.goto(url)
      await settle(page)
      const key = `${new URL(url, 'http://x').pathname.replace(/\/\d+(\/|$)/, '/$id$1')} ${await mainMarkup(page)}`
      if (seen.has(key)) continue
      seen.add(key)
      const scope = frameChecked ? { include: 'main' } : {}
      for (const line of await blockingViolations(page, scope)) findings.push(`light ${url} ${line}`)
      await useScheme(page, 'dark')
      for (const line of await blockingViolations(page, { ...scope, only: ['color-contrast'] })) findings.push(`dark ${url} ${line}`)
      await useScheme(page, 'light')
      frameChecked = true
    }
    expect(findings).toEqual([])
  })
}
