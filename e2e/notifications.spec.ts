import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, test } from './fixtures.ts'
import { requestedTrip, restToken } from './support/trips.ts'

/**
 * A traveler of this test's own (so no other test's events reach their bell) with a trip to Kenya waiting for an
 * expert, and the calls that make events for them: the demo specialist assigns the demo expert, who accepts and then
 * books the trip, all through the REST API.
 */
async function travelerWithTrip(request: APIRequestContext) {
  const trip = await requestedTrip(request, { country: 'Kenya', nights: 6, firstName: 'Noa', lastName: 'Bell' })
  const { username, password } = trip
  const expertLogin = await request.post('/users/api/auth/login/', { data: { username: 'expert', password: DEMO_PASSWORD } })
  const expert = (await expertLogin.json()) as { access: string; user: { id: number } }
  let assignment = 0
  return {
    username,
    password,
    tripId: trip.id,
    async assign() {
      const res = await request.post(`/users/api/traveler/trips/${trip.id}/assign/`, {
        headers: { Authorization: `Bearer ${await restToken(request, 'specialist')}` },
        data: { expert_id: expert.user.id },
      })
      expect(res.status(), await res.text()).toBe(201)
      assignment = ((await res.json()) as { id: number }).id
    },
    async accept() {
      const res = await request.post(`/users/api/expert/accept-assignment/${assignment}/`, { headers: { Authorization: `Bearer ${expert.access}` }, data: {} })
      expect(res.status(), await res.text()).toBe(200)
    },
    async book() {
      const res = await request.post(`/users/api/expert/update-trip-status/${trip.id}/`, {
        headers: { Authorization: `Bearer ${expert.access}` },
        data: { status: 'booked' },
      })
      expect(res.status(), await res.text()).toBe(200)
    },
  }
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ })

test('an event reaches the traveler’s bell as it happens; following it marks it read', async ({ page, signIn, request }) => {
  const traveler = await travelerWithTrip(request)
  await signIn(traveler.username, traveler.password)
  await page.goto('/dashboard/overview')
  await expect(bell(page)).toHaveAccessibleName('Notifications')

  // The specialist assigns an expert: the badge counts it without a reload (the live event stream).
  await traveler.assign()
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')
  await expect(page.getByTestId('bell-badge')).toHaveText('1')

  await bell(page).click()
  const latest = page.getByRole('list', { name: 'Latest notifications' })
  await expect(latest.getByRole('link')).toHaveCount(1)
  await expect(latest.getByRole('link').first()).toContainText('Elena Costa has been matched with your trip to Kenya')
  await expect(latest.getByRole('link').first()).toContainText('just now')

  // The expert accepts while the dropdown is open: the count and the list follow.
  await traveler.accept()
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread')
  await expect(latest.getByRole('link').first()).toContainText('Elena Costa is now planning your trip to Kenya')

  // Following one goes to its trip and marks it read.
  await latest.getByRole('link', { name: /is now planning your trip to Kenya/ }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trips/${traveler.tripId}$`))
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')
  // The trip opens as a dialog over My Trips; the count holds across a reload and elsewhere.
  await page.goto('/dashboard/overview')
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread')

  await bell(page).click()
  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect(page.getByTestId('bell-badge')).toHaveCount(0)
  await page.reload()
  await expect(bell(page)).toHaveAccessibleName('Notifications')
})

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the bell is a link to the notifications page, whose plain forms mark one or all read', async ({ page, signIn, request }) => {
    const traveler = await travelerWithTrip(request)
    await traveler.assign()
    await traveler.accept()
    await traveler.book()
    await signIn(traveler.username, traveler.password)
    await page.goto('/dashboard/overview')

    await page.getByRole('banner').getByRole('link', { name: 'Notifications, 3 unread' }).click()
    await expect(page).toHaveURL(/\/dashboard\/notifications$/)
    const list = page.getByRole('region', { name: 'All notifications' })
    await expect(list.getByRole('listitem')).toHaveCount(3)
    await expect(list.getByRole('listitem').first()).toContainText('Your trip to Kenya is now booked')
    await expect(list.getByRole('link', { name: /Your trip to Kenya is now booked/ })).toHaveAttribute('href', `/dashboard/trips/${traveler.tripId}`)

    await page.getByRole('button', { name: 'Mark as read: Your trip to Kenya is now booked' }).click()
    await expect(page).toHaveURL(/\/dashboard\/notifications$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Mark as read: Your trip to Kenya is now booked' })).toHaveCount(0)

    await page.getByRole('link', { name: 'Unread (2)' }).click()
    await expect(page).toHaveURL(/\/dashboard\/notifications\?unread=true$/)
    const unread = page.getByRole('region', { name: 'Unread notifications' })
    await expect(unread.getByRole('listitem')).toHaveCount(2)
    await expect(unread).not.toContainText('is now booked')

    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await expect(page).toHaveURL(/\/dashboard\/notifications\?unread=true$/)
    await expect(page.getByText('No unread notifications')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Unread (0)' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications' })).toHaveAccessibleName('Notifications')
  })
})
