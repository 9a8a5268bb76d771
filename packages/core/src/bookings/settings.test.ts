import { bookings, type DatabaseHandle, eq, paymentScheduleLines, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { markPaymentReceived } from '../payments/confirm.ts'
import { createPaymentIntent } from '../payments/create-intent.ts'
import { cancelBooking } from './change-booking.ts'
import { insertBooking } from './record.ts'
import { getBookingSettings, setBookingTerms, updateBookingSettings } from './settings.ts'

let handle: DatabaseHandle
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const linesOf = (bookingId: number) =>
  handle.db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, bookingId)).orderBy(paymentScheduleLines.position)
const book = (amount = '2000.00', serviceIn = 100) =>
  handle.db.transaction((tx) =>
    insertBooking(tx as never, { bookingType: 'trip', travelerId: id('traveler'), tripId, title: 'Patagonia, 12 days', serviceDate: day(serviceIn), partySize: 2, amount, currency: 'USD' }),
  )

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  as = bed.as
  id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Patagonia', startDate: day(99), endDate: day(112), travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

describe('booking settings', () => {
  it('start at a 30% deposit, the balance 42 days before, 25% from 30 days and 100% from 14 days, reminders 7 and 1 days before', async () => {
    expect(await getBookingSettings(as.expert!)).toMatchObject({
      deposit_percent: '30.00',
      deposit_amount: null,
      deposit_due: 'acceptance',
      balance_days: 42,
      cancellation_policy: { steps: [{ days_before: 30, percent: '25' }, { days_before: 14, percent: '100' }] },
      reminder_days: [7, 1],
      schedule_text: 'Deposit 30.00% on acceptance, balance 42 days before.',
      policy_text: 'Free until 30 days before; from 30 days before: 25%; from 14 days before: 100%.',
    })
    for (const who of ['traveler', 'specialist', 'editor']) expect((await domainErrorOf(getBookingSettings(as[who]!))).code).toBe('forbidden')
  })

  it('are changed by admins only, checked field by field, and new bookings follow them', async () => {
    const refused = await domainErrorOf(updateBookingSettings(as.expert!, { deposit_percent: '10', balance_days: 30 }))
    expect([refused.code, refused.message]).toEqual(['forbidden', 'Only admins can change the booking settings.'])

    const bad = await domainErrorOf(
      updateBookingSettings(as.admin!, { deposit_percent: '120', balance_days: 30, cancellation_policy: { steps: [{ days_before: 10, percent: '50', amount: '20' }] } }),
    )
    expect(bad.fields).toEqual({ deposit_percent: ['Enter a percentage from 0 to 100 with at most 2 decimals.'] })
    const steps = await domainErrorOf(updateBookingSettings(as.admin!, { cancellation_policy: { steps: [{ days_before: 10, percent: '50', amount: '20' }] } }))
    expect(steps.fields).toEqual({ 'cancellation_policy.steps.0': ['Give each step a percentage or an amount, not both.'] })
    const twice = await domainErrorOf(
      updateBookingSettings(as.admin!, { cancellation_policy: { steps: [{ days_before: 10, percent: '50' }, { days_before: 10, amount: '20' }] } }),
    )
    expect(twice.fields).toEqual({ 'cancellation_policy.steps': ['Each step needs its own number of days before.'] })
    // Nothing of a refused change is kept.
    expect((await getBookingSettings(as.admin!)).balance_days).toBe(42)

    // One field alone: a fixed deposit, which counts instead of the percentage.
    expect(await updateBookingSettings(as.admin!, { deposit_amount: '250' })).toMatchObject({
      deposit_percent: '30.00',
      deposit_amount: '250.00',
      balance_days: 42,
      schedule_text: 'Deposit 250.00 on acceptance, balance 42 days before.',
    })
    const saved = await updateBookingSettings(as.admin!, {
      deposit_amount: '500',
      deposit_due: 'booking',
      balance_days: 60,
      cancellation_policy: { steps: [{ days_before: 7, amount: '100.00' }, { days_before: 45, percent: '10' }] },
      reminder_days: [14, '3'],
    })
    expect(saved).toMatchObject({
      deposit_percent: '30.00',
      deposit_amount: '500.00',
      balance_days: 60,
      reminder_days: [14, 3],
      cancellation_policy: { steps: [{ days_before: 45, percent: '10', amount: null }, { days_before: 7, percent: null, amount: '100.00' }] },
    })
    const b = await book()
    expect((await linesOf(b.id)).map((l) => [l.kind, l.amount, l.dueOn])).toEqual([
      ['deposit', '500.00', new Date().toISOString().slice(0, 10)],
      ['balance', '1500.00', day(40)],
    ])
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, b.id))
    expect(row!.freeCancelUntil?.toISOString()).toBe(`${day(55)}T00:00:00.000Z`)
  })
})

describe('a booking’s own terms', () => {
  it('are set by staff handling it: the schedule is cut again from what is left to pay, paid lines kept', async () => {
    const b = await book('1000.00', 200)
    const deposit = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    await markPaymentReceived(as.admin!, deposit.id, {})
    const paid = (await linesOf(b.id))[0]!
    const detail = await setBookingTerms(as.expert!, b.id, { deposit_percent: '50', balance_days: 90, cancellation_policy: { steps: [] } })
    expect(detail.schedule.lines.map((l) => [l.kind, l.amount, l.due_on, l.status])).toEqual([
      [paid.kind, paid.amount, paid.dueOn, 'paid'],
      ['balance', (1000 - Number(paid.amount)).toFixed(2), day(110), 'due'],
    ])
    expect(detail).toMatchObject({ payment_status: 'partly_paid', cancellation_policy: { steps: [] }, policy_text: 'Free cancellation until the day of the service.' })
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, b.id))
    expect(row!.freeCancelUntil).toBeNull()
  })

  it('are refused to the traveler (403), another expert’s booking is not found, and a cancelled booking keeps its terms (409)', async () => {
    const b = await book()
    expect((await domainErrorOf(setBookingTerms(as.traveler!, b.id, { balance_days: 10 }))).code).toBe('forbidden')
    const empty = await domainErrorOf(setBookingTerms(as.admin!, b.id, {}))
    expect(empty.fields).toEqual({ non_field_errors: ['Give a schedule, a cancellation policy, or both.'] })
    await cancelBooking(as.admin!, b.id, { reason: 'Plans changed' })
    const closed = await domainErrorOf(setBookingTerms(as.admin!, b.id, { balance_days: 10 }))
    expect([closed.code, closed.message]).toEqual(['conflict', 'A cancelled booking keeps the terms it had.'])
  })
})
