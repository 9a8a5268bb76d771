import type { APIRequestContext } from '@playwright/test'
import { expect, test, uniqueName } from './fixtures.ts'
import { activityWorld } from './support/bookings.ts'
import { isoDay, restToken } from './support/trips.ts'

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

test.describe('A withdrawn flight, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('staff rebook its traveler on another flight of the route at the price paid', async ({ page, request, signIn }) => {
    const admin = { Authorization: `Bearer ${await restToken(request, 'admin')}` }
    const flight = async (days: number, price: string) => {
      const res = await request.post('/api/flights/', {
        headers: admin,
        data: {
          airline_code: 'TP',
          flight_number: String(1000 + Math.floor(Math.random() * 8999)),
          aircraft: 'Airbus A321neo',
          from: 'LHR',
          to: 'LIS',
          departure: `${isoDay(days)}T08:15`,
          arrival: `${isoDay(days)}T11:00`,
          class: 'economy',
          price,
          currency: 'EUR',
          seats_total: 9,
        },
      })
      expect(res.status(), await res.text()).toBe(201)
      return (await res.json()) as { id: number; flight_number: string }
    }
    const withdrawn = await flight(40, '300.00')
    const later = await flight(41, '450.00')
    const { traveler } = await setUp(request)
    const booked = await request.post(`/api/flights/${withdrawn.id}/book/`, { headers: traveler, data: { passengers: 1 } })
    expect(booked.status(), await booked.text()).toBe(201)
    const booking = (await booked.json()) as { id: number; reference: string; title: string }
    expect((await request.post(`/api/flights/${withdrawn.id}/withdraw/`, { headers: admin })).status()).toBe(200)

    await signIn('admin')
    await page.goto(`/dashboard/bookings/${booking.id}`)
    const dialog = page.getByRole('dialog', { name: booking.title })
    await expect(dialog.getByText('This flight was withdrawn')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Cancel with full refund' })).toBeVisible()
    await dialog.getByRole('combobox', { name: 'Rebook on another flight' }).selectOption(String(later.id))
    await dialog.getByRole('button', { name: 'Rebook at the price paid' }).click()
    const moved = page.getByRole('dialog', { name: new RegExp(later.flight_number) })
    await expect(moved).toBeVisible()
    await expect(moved).toContainText('€300.00')
    await expect(moved.getByText('This flight was withdrawn')).toHaveCount(0)
    const old = await request.get(`/api/bookings/${booking.id}/`, { headers: admin })
    expect(await old.json()).toMatchObject({ status: 'cancelled', cancellation_fee: '0.00' })
  })
})
