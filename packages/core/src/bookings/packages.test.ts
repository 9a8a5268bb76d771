import { bookings, type DatabaseHandle, eq, inArray, paymentScheduleLines, payments } from '@meridian/db'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed, tripWithExpert } from '../trips/test-bed.ts'
import { cancelPackage, getPackage, markPackageReceived, PACKAGE_MESSAGES, payPackage } from './packages.ts'
import { insertBooking, type NewBooking } from './record.ts'

let handle: DatabaseHandle
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number
let serial = 0
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const today = day(0)
/** 20% on booking, the balance 14 days before. */
const terms: PaymentTerms = { deposit_percent: '20', deposit_amount: null, deposit_due: 'booking', balance_days: 14 }
/** Free until 30 days before, then 25%. */
const quarterFee: CancellationPolicy = { steps: [{ days_before: 30, percent: '25', amount: null }] }

async function booking(reference: string, over: Partial<NewBooking> = {}) {
  return handle.db.transaction((tx) =>
    insertBooking(tx as never, {
      bookingType: 'activity',
      travelerId: id('traveler'),
      tripId,
      title: 'Leg',
      serviceDate: day(20),
      partySize: 1,
      amount: '1000.00',
      currency: 'USD',
      status: 'confirmed',
      scheduleTerms: terms,
      packageReference: reference,
      ...over,
    }),
  )
}
/** A package of two legs: 1000.00 USD under a 25% policy, 500.00 USD free to cancel; a fresh reference each time. */
async function twoLegs(second: Partial<NewBooking> = {}) {
  const reference = `PK-${++serial}-${Date.now()}`
  const first = await booking(reference, { cancellationTerms: quarterFee })
  const other = await booking(reference, { amount: '500.00', cancellationTerms: { steps: [] }, serviceDate: day(25), ...second })
  return { reference, first, second: other }
}
const rowOf = async (bookingId: number) => (await handle.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!
const paymentsOf = (ids: number[]) => handle.db.select().from(payments).where(inArray(payments.bookingId, ids))
const linesOf = (ids: number[]) =>
  handle.db.select().from(paymentScheduleLines).where(inArray(paymentScheduleLines.bookingId, ids)).orderBy(paymentScheduleLines.id)

beforeAll(async () => {
  ;({ handle, as, userId: id } = await tripTestBed())
  tripId = await tripWithExpert(handle, { title: 'Multi-city', startDate: day(19), endDate: day(30), travelerId: id('traveler'), expertId: id('expert') })
})
afterAll(async () => {
  await handle?.close()
})

describe('the package view', () => {
  it('shows the bookings, totals, the open lines by due date and the cost of cancelling the whole now', async () => {
    const { reference, first, second } = await twoLegs()
    const view = await getPackage(as.traveler!, reference)
    expect(view.bookings.map((b) => b.id)).toEqual([first.id, second.id])
    expect(view.bookings.every((b) => b.package_reference === reference)).toBe(true)
    expect(view.totals).toEqual([{ currency: 'USD', amount: '1500.00', paid: '0.00', outstanding: '1500.00' }])
    // Both deposits today (200 + 100), the balances 14 days before each date.
    expect(view.schedule.map((g) => [g.due_on, g.currency, g.amount, g.lines.length])).toEqual([
      [today, 'USD', '300.00', 2],
      [day(6), 'USD', '800.00', 1],
      [day(11), 'USD', '400.00', 1],
    ])
    expect(view.next_due).toEqual({ due_on: today, totals: [{ currency: 'USD', amount: '300.00' }] })
    // Inside 30 days the first leg costs 25% (250.00); the second is free.
    expect(view.cancellation!.totals).toEqual([{ currency: 'USD', fee: '250.00', refund: '0.00', paid: '0.00' }])
    expect(view.cancellation!.bookings.map((b) => b.fee)).toEqual(['250.00', '0.00'])
    expect(view.can).toMatchObject({ pay: true, cancel: true, mark_received: false })
  })

  it('is its traveler’s and its staff’s: another traveler and an unknown reference get 404', async () => {
    const { reference } = await twoLegs()
    expect((await getPackage(as.expert!, reference)).bookings).toHaveLength(2)
    expect((await getPackage(as.admin!, reference)).can.pay).toBe(false)
    expect((await domainErrorOf(getPackage(as.other!, reference))).code).toBe('not_found')
    expect((await domainErrorOf(getPackage(as.traveler!, 'NO-SUCH-PACKAGE'))).code).toBe('not_found')
  })
})

describe('paying a package in one step', () => {
  it('writes one payment per line due next, quoting the package reference; staff then mark them all received', async () => {
    const { reference, first, second } = await twoLegs()
    const paid = await payPackage(as.traveler!, reference, {})
    expect(paid.due_on).toBe(today)
    expect(paid.totals).toEqual([{ currency: 'USD', amount: '300.00' }])
    expect(paid.payments.map((p) => [p.booking_id, p.amount, p.status])).toEqual([
      [first.id, '200.00', 'requires_payment'],
      [second.id, '100.00', 'requires_payment'],
    ])
    expect(paid.next_action).toMatchObject({ type: 'manual', reference })
    // Asked again: the same payments, none added.
    const again = await payPackage(as.traveler!, reference, {})
    expect(again.created).toBe(false)
    expect(again.payments.map((p) => p.id)).toEqual(paid.payments.map((p) => p.id))
    expect(await paymentsOf([first.id, second.id])).toHaveLength(2)

    expect((await domainErrorOf(markPackageReceived(as.traveler!, reference, {}))).code).toBe('forbidden')
    const after = await markPackageReceived(as.expert!, reference, { method: 'bank_transfer' })
    expect(after.totals).toEqual([{ currency: 'USD', amount: '1500.00', paid: '300.00', outstanding: '1200.00' }])
    expect(after.bookings.map((b) => b.payment_status)).toEqual(['partly_paid', 'partly_paid'])
    expect(after.next_due!.due_on).toBe(day(6))
    expect((await domainErrorOf(markPackageReceived(as.expert!, reference, {}))).message).toBe(PACKAGE_MESSAGES.nothingAwaiting)
  })

  it('pays every open line due on or before the date asked', async () => {
    const { reference } = await twoLegs()
    const paid = await payPackage(as.traveler!, reference, { due_on: day(6) })
    expect(paid.payments.map((p) => p.amount)).toEqual(['200.00', '100.00', '800.00'])
    expect(paid.totals).toEqual([{ currency: 'USD', amount: '1100.00' }])
    expect((await domainErrorOf(payPackage(as.traveler!, reference, { due_on: '2026-02-30' }))).fields).toEqual({ due_on: [PACKAGE_MESSAGES.dueOnInvalid] })
  })

  it('all or nothing: a booking that cannot be paid refuses the whole, and no payment is written', async () => {
    const { reference, first, second } = await twoLegs()
    // The second leg is being refunded (its lines still open): it cannot be paid.
    await handle.db.update(bookings).set({ paymentState: 'refund_due' }).where(eq(bookings.id, second.id))
    const error = await domainErrorOf(payPackage(as.traveler!, reference, {}))
    expect(error.code).toBe('conflict')
    expect(error.message).toContain(second.reference)
    expect(await paymentsOf([first.id, second.id])).toEqual([])
  })

  it('all or nothing when marking received: a line paid meanwhile refuses the whole, and nothing is recorded', async () => {
    const { reference, first, second } = await twoLegs()
    await payPackage(as.traveler!, reference, {})
    const secondLine = (await linesOf([second.id]))[0]!
    await handle.db.update(paymentScheduleLines).set({ status: 'paid', paidAt: new Date() }).where(eq(paymentScheduleLines.id, secondLine.id))
    const error = await domainErrorOf(markPackageReceived(as.admin!, reference, {}))
    expect(error.code).toBe('conflict')
    expect(error.message).toContain(second.reference)
    expect((await paymentsOf([first.id, second.id])).map((p) => p.status)).toEqual(['requires_payment', 'requires_payment'])
    expect((await linesOf([first.id]))[0]!.status).toBe('due')
    expect((await rowOf(first.id)).paymentState).toBe('unpaid')
  })

  it('is for the traveler: staff 403, another traveler 404', async () => {
    const { reference } = await twoLegs()
    expect((await domainErrorOf(payPackage(as.expert!, reference, {}))).code).toBe('forbidden')
    expect((await domainErrorOf(payPackage(as.other!, reference, {}))).code).toBe('not_found')
    expect((await getPackage(as.expert!, reference)).can.pay).toBe(false)
    expect((await getPackage(as.traveler!, reference)).can.pay).toBe(true)
  })
})

describe('cancelling a package in one step', () => {
  it('cancels every booking, each under its own policy, its open lines waived', async () => {
    const { reference, first, second } = await twoLegs()
    const after = await cancelPackage(as.traveler!, reference, { reason: 'Plans changed' })
    expect(after.bookings.map((b) => [b.status, b.cancellation_fee])).toEqual([
      ['cancelled', '250.00'],
      ['cancelled', '0.00'],
    ])
    expect(after.cancellation).toBeNull()
    expect(after.can.cancel).toBe(false)
    expect((await linesOf([first.id, second.id])).every((l) => l.status === 'waived')).toBe(true)
    expect((await domainErrorOf(cancelPackage(as.traveler!, reference, {}))).message).toBe(PACKAGE_MESSAGES.allCancelled)
  })

  it('all or nothing: a booking the traveler may no longer cancel refuses the whole, naming it, and nothing changes', async () => {
    // The second leg is today: its traveler may not cancel it any more (staff may).
    const { reference, first, second } = await twoLegs({ serviceDate: today })
    const view = await getPackage(as.traveler!, reference)
    expect(view.can.cancel).toBe(false)
    expect(view.cancellation!.bookings.map((b) => b.can_cancel)).toEqual([true, false])
    const error = await domainErrorOf(cancelPackage(as.traveler!, reference, {}))
    expect(error.code).toBe('forbidden')
    expect(error.message).toContain(second.reference)
    for (const b of [first, second]) {
      const row = await rowOf(b.id)
      expect([row.status, row.cancellationFee]).toEqual(['confirmed', null])
    }
    expect((await linesOf([first.id, second.id])).some((l) => l.status === 'waived')).toBe(false)
  })

  it('staff may waive the fees; a traveler asking to is a field error', async () => {
    const { reference } = await twoLegs()
    expect(Object.keys((await domainErrorOf(cancelPackage(as.traveler!, reference, { waive_fee: true }))).fields ?? {})).toEqual(['waive_fee'])
    const after = await cancelPackage(as.admin!, reference, { waive_fee: true })
    expect(after.bookings.map((b) => b.cancellation_fee)).toEqual(['0.00', '0.00'])
  })
})
