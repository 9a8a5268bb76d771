import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, uniqueName, watchToasts } from './fixtures.ts'
import { acceptedTrip } from './support/trips.ts'

/**
 * An itinerary of the test's own with three versions, through the REST API: a traveler registered for this test
 * requests a trip, the specialist assigns it to the demo expert (Elena Costa), who accepts it, creates the itinerary
 * (version 1) and saves it twice:
 * - version 2: Pastéis de nata ($4.50) and Bacalhau dinner ($28.00) on Day 1;
 * - version 3: Pastéis re-priced to $5.25, Bacalhau moved to Day 2, Sardines ($12.00) added on Day 2.
 */
async function itineraryWithVersions(request: APIRequestContext) {
  const call = async (method: 'get' | 'post' | 'patch', path: string, token: string | null, data?: unknown) => {
    const res = await request[method](path, { data, headers: token ? { Authorization: `Bearer ${token}` } : {} })
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300)
    return res.json()
  }
  const trip = await acceptedTrip(request, { country: 'Portugal', nights: 2, firstName: 'Vera', lastName: 'Versions' })
  const expert = { access: trip.expertAccess }
  const title = uniqueName('Lisbon food week ')
  const created = (await call('post', '/api/itineraries/', expert.access, { trip_id: trip.id, title })) as {
    id: number
    days: { key: string; date: string; title: string }[]
  }
  const [d1, d2, ...rest] = created.days
  const meal = (name: string, price: string, key?: string) => ({ ...(key ? { key } : {}), type: 'meal', title: name, unit_price: price, currency: 'USD' })
  const dayOf = (d: { key: string; date: string; title: string }, items: unknown[]) => ({ key: d.key, date: d.date, title: d.title, items })
  const path = `/api/itineraries/${created.id}/`
  const v2 = (await call('patch', path, expert.access, {
    version: 1,
    days: [dayOf(d1!, [meal('Pastéis de nata', '4.50'), meal('Bacalhau dinner', '28.00')]), dayOf(d2!, []), ...rest.map((d) => dayOf(d, []))],
  })) as {
    days: { items: { key: string }[] }[]
  }
  const [pasteis, bacalhau] = v2.days[0]!.items
  await call('patch', path, expert.access, {
    version: 2,
    days: [
      dayOf(d1!, [meal('Pastéis de nata', '5.25', pasteis!.key)]),
      dayOf(d2!, [meal('Bacalhau dinner', '28.00', bacalhau!.key), meal('Sardines', '12.00')]),
      ...rest.map((d) => dayOf(d, [])),
    ],
  })
  /** Another save by the expert, as if from another tab. */
  const saveAgain = (version: number) =>
    call('patch', path, expert.access, { version, days: [dayOf(d1!, []), dayOf(d2!, []), ...rest.map((d) => dayOf(d, []))] })
  return { id: created.id, title, url: `/dashboard/itineraries/${created.id}/versions`, saveAgain, traveler: { username: trip.username, password: trip.password } }
}

const versionRow = (page: Page, n: number) =>
  page
    .getByRole('table', { name: 'Versions' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^Version ${n}(\\D|$)`) }) })

test.describe('itinerary versions', () => {
  test('the list shows who saved each version and what changed; compare shows added, moved and re-priced items', async ({ page, request, signIn }) => {
    const plan = await itineraryWithVersions(request)
    await signIn('expert')
    await page.goto(plan.url)
    await expect(page.getByRole('heading', { level: 1, name: plan.title })).toBeVisible()
    await expect(page.getByText('Versions · current version 3')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to builder' })).toHaveAttribute('href', `/dashboard/itineraries/${plan.id}`)

    await expect(versionRow(page, 3)).toContainText('Current')
    await expect(versionRow(page, 3)).toContainText('Elena Costa')
    await expect(versionRow(page, 3)).toContainText('1 item added, 1 item moved, 1 item re-priced')
    await expect(versionRow(page, 3)).toContainText(/UTC/)
    await expect(versionRow(page, 3)).toContainText('just now')
    await expect(versionRow(page, 2)).toContainText('2 items added')
    await expect(versionRow(page, 1)).toContainText('Created')
    await expect(versionRow(page, 3).getByRole('button', { name: 'Restore version 3' })).toHaveCount(0)
    await expect(versionRow(page, 2).getByRole('button', { name: 'Restore version 2' })).toBeVisible()

    // By default the previous version against the current one.
    const comparison = page.getByRole('region', { name: 'Comparison' })
    await expect(comparison).toContainText('Version 2 total: $32.50')
    await expect(comparison).toContainText('Version 3 total: $45.25')
    await expect(comparison).toContainText('Items added (1)')
    await expect(comparison).toContainText('Sardines (Day 2)')
    await expect(comparison).toContainText('Items moved (1)')
    await expect(comparison).toContainText('Bacalhau dinner: Day 1 → Day 2')
    await expect(comparison).toContainText('Items re-priced (1)')
    await expect(comparison).toContainText('Pastéis de nata: $4.50 → $5.25')

    const form = page.getByRole('form', { name: 'Compare versions' })
    await form.getByLabel('From').selectOption('1')
    await form.getByRole('button', { name: 'Compare' }).click()
    await expect(page).toHaveURL(/\?from=1&to=3$/)
    await expect(comparison).toContainText('Items added (3)')
    await expect(comparison).toContainText('Version 1 total: $0.00')

    await form.getByLabel('From').selectOption('3')
    await form.getByRole('button', { name: 'Compare' }).click()
    await expect(comparison).toContainText('No differences in days or items between version 3 and version 3.')

    // A version that does not exist is the service's message on the page, not an error screen.
    const response = await page.goto(`${plan.url}?from=9&to=3`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('alert').filter({ hasText: 'Version 9 of this itinerary was not found.' })).toBeVisible()
    await expect(versionRow(page, 3)).toBeVisible()
  })

  test('restore asks first, makes a new version and refuses a stale page', async ({ page, request, signIn }) => {
    const plan = await itineraryWithVersions(request)
    await signIn('expert')
    const toasts = await watchToasts(page)
    await page.goto(plan.url)
    await versionRow(page, 2).getByRole('button', { name: 'Restore version 2' }).click()
    const dialog = page.getByRole('dialog', { name: 'Restore version 2?' })
    await expect(dialog).toContainText('become a new version')
    await dialog.getByRole('button', { name: 'Restore version 2' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/itineraries/${plan.id}$`))
    await expect.poll(toasts).toContainEqual(expect.stringContaining('Version 2 restored as version 4.'))

    await page.goto(plan.url)
    await expect(versionRow(page, 4)).toContainText('Restored version 2')
    await expect(versionRow(page, 4)).toContainText('Current')
    await expect(page.getByRole('region', { name: 'Comparison' })).toContainText('Version 3 total: $45.25')
    await expect(page.getByRole('region', { name: 'Comparison' })).toContainText('Version 4 total: $32.50')

    // Someone saves version 5 while this page still shows version 4 as the current one.
    await plan.saveAgain(4)
    await versionRow(page, 1).getByRole('button', { name: 'Restore version 1' }).click()
    await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore version 1' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'This itinerary was saved by someone else (version 5) since you opened version 4.' })).toBeVisible()
    // The list is read again, so version 5 can be restored from here.
    await expect(versionRow(page, 5)).toContainText('Current')
  })

  test('the expert sends the itinerary for review and a specialist approves it', async ({ page, request, signIn }) => {
    const plan = await itineraryWithVersions(request)
    await signIn('expert')
    const toasts = await watchToasts(page)
    await page.goto(plan.url)
    await expect(page.getByText('Draft', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Send for review' }).click()
    await expect(page.getByText('In review', { exact: true })).toBeVisible()
    await expect.poll(toasts).toContainEqual(expect.stringContaining('Itinerary sent for review.'))
    // The expert waits for the reviewers: no move is theirs now.
    await expect(page.getByRole('button', { name: 'Send for review' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0)

    await signIn('specialist')
    await page.goto(plan.url)
    await expect(page.getByRole('button', { name: 'Send back to draft' })).toBeVisible()
    // Specialists approve but do not write itineraries: no restore.
    await expect(page.getByRole('button', { name: /^Restore/ })).toHaveCount(0)
    // The expert saves again while the specialist has version 3 open: approving version 3 is refused, not applied to 4.
    await plan.saveAgain(3)
    await page.getByRole('button', { name: 'Approve version 3' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Version 4 was saved after you opened version 3. Review it before approving.' })).toBeVisible()
    await expect(page.getByText('In review', { exact: true })).toBeVisible()
    // The list is read again: version 4 is there to review, and the button now names it.
    await expect(versionRow(page, 4)).toContainText('Current')
    await page.getByRole('button', { name: 'Approve version 4' }).click()
    await expect.poll(toasts).toContainEqual(expect.stringContaining('Itinerary approved (version 4).'))
    await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
    await expect(versionRow(page, 4)).toContainText('Approved')
    await expect(page.getByText('approved version 4')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reopen as draft' })).toHaveCount(0)

    await signIn('expert')
    await page.goto(plan.url)
    await page.getByRole('button', { name: 'Reopen as draft' }).click()
    await expect(page.getByText('Draft', { exact: true })).toBeVisible()
    await expect(versionRow(page, 4)).toContainText('Approved')

    // Reopened for the expert, it is still the approved plan to its traveler, with the day it was approved.
    await signIn(plan.traveler.username, plan.traveler.password)
    await page.goto(`/dashboard/itineraries/${plan.id}`)
    await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible()
    await expect(page.getByText(/^This is the approved plan of your trip, approved on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)).toBeVisible()
    await expect(page.getByText('Draft', { exact: true })).toHaveCount(0)
  })

  test('a traveler is refused the versions page', async ({ page, signIn }) => {
    await signIn('traveler')
    const response = await page.goto('/dashboard/itineraries/1/versions')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('alert').filter({ hasText: "You don't have permission to perform this action." })).toBeVisible()
  })
})

test.describe('itinerary versions without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('compare with the form, send for review, and restore after the confirmation', async ({ page, request, signIn }) => {
    const plan = await itineraryWithVersions(request)
    await signIn('expert')
    await page.goto(plan.url)
    const form = page.getByRole('form', { name: 'Compare versions' })
    await form.getByLabel('From').selectOption('1')
    await form.getByLabel('To').selectOption('2')
    await form.getByRole('button', { name: 'Compare' }).click()
    await expect(page).toHaveURL(/\?from=1&to=2$/)
    const comparison = page.getByRole('region', { name: 'Comparison' })
    await expect(comparison).toContainText('Items added (2)')
    await expect(comparison).toContainText('Bacalhau dinner (Day 1)')
    await expect(comparison).toContainText('Version 2 total: $32.50')

    await page.getByRole('button', { name: 'Send for review' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Itinerary sent for review.' })).toBeVisible()
    await expect(page.getByText('In review', { exact: true })).toBeVisible()
    // The page kept the comparison it showed.
    await expect(page).toHaveURL(/\?from=1&to=2$/)

    await versionRow(page, 1).getByRole('button', { name: 'Restore version 1' }).click()
    const confirm = page.getByRole('dialog', { name: 'Restore version 1?' })
    await confirm.getByRole('button', { name: 'Restore version 1' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/itineraries/${plan.id}$`))
    await page.goto(plan.url)
    await expect(versionRow(page, 4)).toContainText('Restored version 1')
  })
})
