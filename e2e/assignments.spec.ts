import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { requestedTrip } from './support/trips.ts'

/** An unassigned trip of the test's own (requestedTrip): Ada Planner's, to Kenya, for three. */
async function unassignedTrip(request: APIRequestContext): Promise<string> {
  const trip = await requestedTrip(request, { country: 'Kenya', nights: 5, travelers: 3 })
  expect(trip.expert_id).toBeNull()
  return trip.title
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** The specialist gives the trip to the demo expert, who accepts it and moves it from planning to booked. */
async function assignAcceptAndBook(page: Page, signIn: (username: string) => Promise<string>, title: string) {
  await signIn('specialist')
  await page.goto('/dashboard/assignments')
  const waiting = section(page, 'Unassigned trips').getByRole('article', { name: title })
  await expect(waiting).toContainText('Traveler: Ada Planner')
  await expect(waiting).toContainText('3 travelers')
  const picker = waiting.getByRole('combobox', { name: 'Expert', exact: true })
  await picker.selectOption({ label: (await picker.locator('option', { hasText: 'Elena Costa' }).textContent())! })
  await waiting.getByRole('button', { name: 'Assign' }).click()
  await expect(section(page, 'Unassigned trips').getByRole('article', { name: title })).toHaveCount(0)

  await signIn('expert')
  await page.goto('/dashboard/assignments')
  const assignment = section(page, 'Your assignment queue').getByRole('article', { name: title })
  await expect(assignment).toContainText('Waiting for your answer')
  // Until the expert accepts, the trip cannot be moved.
  await expect(section(page, 'Your trips').getByRole('article', { name: title })).toContainText('Accept the assignment to work on this trip.')
  await assignment.getByRole('button', { name: 'Accept' }).click()
  await expect(section(page, 'Your assignment queue').getByRole('article', { name: title })).toContainText('Accepted')

  const trip = section(page, 'Your trips').getByRole('article', { name: title })
  await expect(trip).toContainText('Planning')
  // The expert moves along the chain only: no cancelling.
  await expect(trip.getByRole('button', { name: /^Move to/ })).toHaveText(['Move to Booked'])
  await trip.getByLabel('Note (optional)').fill('Lodges and flights confirmed.')
  await trip.getByRole('button', { name: 'Move to Booked' }).click()
  const booked = section(page, 'Your trips').getByRole('article', { name: title })
  await expect(booked).toContainText('Booked')
  await expect(booked.getByRole('button', { name: /^Move to/ })).toHaveText(['Move to Active'])
}

test.describe('trip assignments without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a specialist assigns the expert, who accepts the trip and books it', async ({ page, request, signIn }) => {
    await assignAcceptAndBook(page, signIn, await unassignedTrip(request))
  })
})

test.describe('trip assignments with JavaScript', () => {
  test('a specialist assigns the expert, who accepts the trip and books it', async ({ page, request, signIn }) => {
    await assignAcceptAndBook(page, signIn, await unassignedTrip(request))
  })

  test('Assign without an expert is refused beside the picker', async ({ page, request, signIn }) => {
    const title = await unassignedTrip(request)
    await signIn('admin')
    await page.goto('/dashboard/assignments')
    const waiting = section(page, 'Unassigned trips').getByRole('article', { name: title })
    await waiting.getByRole('button', { name: 'Assign' }).click()
    await expect(section(page, 'Unassigned trips').getByRole('article', { name: title })).toContainText('This field is required.')
  })
})

test('the expert sees their own figures; a specialist every expert’s, and one in full', async ({ page, signIn }) => {
  await signIn('expert')
  await page.goto('/dashboard/performance')
  await expect(page.getByRole('heading', { name: 'Your figures' })).toBeVisible()
  // The demo data: accepted assignments, a completed and rated trip (Iceland).
  await expect(page.getByText('Acceptance rate')).toBeVisible()
  await expect(page.getByText(/^\d+(\.\d)?%$/)).toBeVisible()
  await expect(page.getByText(/^\d(\.\d)? \/ 5$/)).toBeVisible()
  await expect(page.getByRole('img', { name: /^Trips completed per month: / })).toBeVisible()
  await expect(section(page, 'Trips by status')).toContainText('Completed')

  await signIn('specialist')
  await page.goto('/dashboard/performance')
  const row = page.getByRole('table', { name: "Experts' performance" }).getByRole('row').filter({ hasText: 'Elena Costa' })
  await expect(row).toContainText('%')
  await row.getByRole('link', { name: 'Elena Costa' }).click()
  await expect(page.getByRole('heading', { name: 'Elena Costa' })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Trips completed per month: / })).toBeVisible()
})

test('trip planning: the traveler’s own trips and quiz, the specialist’s board by status', async ({ page, signIn }) => {
  await signIn('traveler')
  await page.goto('/dashboard/trip-planning')
  await expect(section(page, 'Your trips').getByRole('article', { name: /Kenya/ }).first()).toBeVisible()
  await expect(section(page, 'Your travel quiz')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Book Trip' }).first()).toHaveAttribute('href', '/dashboard/book-trip')

  await signIn('specialist')
  await page.goto('/dashboard/trip-planning')
  for (const status of ['Planning', 'Booked', 'Active', 'Completed', 'Cancelled']) {
    await expect(section(page, status)).toBeVisible()
  }
})

test('an editor is refused the expert desk screens', async ({ page, signIn }) => {
  await signIn('editor')
  const response = await page.goto('/dashboard/assignments')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('alert').filter({ hasText: "You don't have permission to perform this action." })).toBeVisible()
  for (const path of ['/dashboard/performance', '/dashboard/trip-planning']) {
    expect((await page.request.get(path)).status(), path).toBe(403)
  }
})
