import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { activityWorld } from './support/bookings.ts'
import { isoDay } from './support/trips.ts'

/**
 * Cancellation fees (docs/bookings.md "Cancellation policies"), JavaScript off: the confirm step shows what cancelling
 * costs before the traveler says yes, and the cancelled booking keeps its fee. The default policy holds: free until 30
 * days before, then 25%, then everything from 14 days before. An activity at 25 USD a person, booked for two.
 */
async function setUp(request: APIRequestContext) {
  const { post, activity: makeActivity } = await activityWorld(request, 'Fee')
  const activity = await makeActivity(uniqueName('Harbour sail '))
  const username = uniqueName('canceller')
  const password = 'a-long-cancelling-passphrase'
  const registered = await post(
    '/users/api/auth/register/',
    { username, email: `${username}@example.test`, password, confirm_password: password, first_name: 'Cal', last_name: 'Canceller' },
    {},
  )
  const traveler = { Authorization: `Bearer ${registered.access}` }
  const book = (days: number) => post(`/api/activities/${activity.id}/book/`, { date: isoDay(days), participants: 2 }, traveler)
  return { username, password, book, activity, traveler }
}

test.describe('Cancellation fees, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('the traveler sees the fee, the refund and the deadline before confirming, and cancels', async ({ page, request, signIn }) => {
    const { username, password, book, activity, traveler } = await setUp(request)
    const late = await book(20)
    const early = await book(60)
    await signIn(username, password)

    // 20 days out: past the free deadline, 25% of 50.00.
    await page.goto(`/dashboard/bookings/${late.id}?cancel=1`)
    const dialog = page.getByRole('dialog', { name: activity.name })
    const terms = dialog.getByRole('list', { name: 'Cancellation terms' })
    await expect(terms.getByTestId('cancellation-fee')).toHaveText('$12.50')
    await expect(terms.getByTestId('cancellation-refund')).toHaveText('$0.00')
    await expect(terms).toContainText(`Free cancellation ended ${isoDay(-10)} 00:00 (UTC)`)
    await expect(terms).toContainText(`The fee rises on ${isoDay(6)} 00:00 (UTC)`)
    await expect(dialog).toContainText('Policy: Free until 30 days before; from 30 days before: 25%; from 14 days before: 100%.')
    // A traveler is not offered to waive the fee.
    await expect(dialog.getByLabel('Waive the cancellation fee (staff)')).toHaveCount(0)
    await dialog.getByLabel('Reason (optional)').fill('Change of plans.')
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click()
    const after = page.getByRole('dialog', { name: activity.name })
    await expect(after.getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(after).toContainText('Cancellation fee')
    await expect(after).toContainText('$12.50')

    // The API answers the same fee for the cancelled booking.
    const res = await request.get(`/api/bookings/${late.id}/`, { headers: traveler })
    expect(await res.json()).toMatchObject({ status: 'cancelled', cancellation_fee: '12.50', refund_owed: '0.00' })

    // 60 days out: free until 30 days before, in the supplier's zone (UTC here) and, without JavaScript, in UTC.
    await page.goto(`/dashboard/bookings/${early.id}?cancel=1`)
    const free = page.getByRole('list', { name: 'Cancellation terms' })
    await expect(free.getByTestId('cancellation-fee')).toHaveText('$0.00')
    await expect(free).toContainText(`Free cancellation until ${isoDay(30)} 00:00 (UTC)`)
    await expect(free.getByTestId('viewer-time').first()).toHaveText(`${isoDay(30)} 00:00 (UTC)`)
  })
})

test.describe('Cancellation fees, JavaScript on, a traveler in Los Angeles', () => {
  test.use({ javaScriptEnabled: true, timezoneId: 'America/Los_Angeles' })

  test('the deadline is shown in the viewer’s zone too; the fee is the same', async ({ page, request, signIn }) => {
    const { username, password, book } = await setUp(request)
    const late = await book(20)
    await signIn(username, password)
    await page.goto(`/dashboard/bookings/${late.id}?cancel=1`)
    const terms = page.getByRole('list', { name: 'Cancellation terms' })
    await expect(terms.getByTestId('cancellation-fee')).toHaveText('$12.50')
    // Midnight UTC is the afternoon before in Los Angeles (16:00, or 17:00 in summer time).
    const hour = new Date(`${isoDay(-10)}T00:00:00Z`).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', hour: '2-digit', hourCycle: 'h23' })
    await expect(terms.getByTestId('viewer-time').first()).toHaveText(`${isoDay(-11)} ${hour}:00 (America/Los_Angeles)`)
  })
})
