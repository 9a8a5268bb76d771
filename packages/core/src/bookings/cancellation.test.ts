import { bookings, type DatabaseHandle, eq, notifications, paymentScheduleLines, payments } from '@meridian/db'
import type { CancellationPolicy } from '@meridian/validators/booking-constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { zonedInstant } from '../flights/time.ts'
import { type FakeStripe, startFakeStripe } from '../payments/fake-stripe.ts'
import { markRefundPaid } from '../payments/mark-refunded.ts'
import { domainErrorOf, stripeTestBed, tripWithExpert } from '../trips/test-bed.ts'
import { changeTripStatus } from '../trips/trips.ts'
import { applyCancellation, cancellationCost, cancellationQuote } from './cancellation.ts'
import { cancelBooking } from './change-booking.ts'
import { insertBooking, type NewBooking } from './record.ts'

let handle: DatabaseHandle
let fake: FakeStripe
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const policy = (...steps: [number, { percent?: string; amount?: string }][]): CancellationPolicy => ({
  steps: steps.map(([days_before, fee]) => ({ days_before, percent: fee.percent ?? null, amount: fee.amount ?? null })),
})

async function booking(over: Partial<NewBooking> = {}) {
  return handle.db.transaction((tx) =>
    insertBooking(tx as never, {
      bookingType: 'activity',
      travelerId: id('traveler'),
      tripId,
      title: 'Glacier walk',
      serviceDate: day(30),
      partySize: 2,
      amount: '1000.00',
      currency: 'USD',
      status: 'confirmed',
      ...over,
    }),
  )
}
const bookingRow = async (bookingId: number) => (await handle.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!
const lineRows = async (bookingId: number) =>
  handle.db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, bookingId)).orderBy(paymentScheduleLines.position)
const paymentRows = async (bookingId: number) => handle.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id)

/**
 * Pays the first `count` schedule lines of a booking as a provider would have (one succeeded payment a line, an
 * hour apart): through the fake Stripe (an intent it knows) or by hand.
 */
async function payLines(bookingId: number, count: number, provider: 'manual' | 'stripe') {
  const lines = (await lineRows(bookingId)).slice(0, count)
  for (const [i, line] of lines.entries()) {
    const intentId = `pi_test_${bookingId}_${line.id}`
    if (provider === 'stripe') {
      const minor = Math.round(Number(line.amount) * 100)
      fake.intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: minor,
        amount_received: minor,
        currency: 'usd',
        status: 'succeeded',
        client_secret: `${intentId}_secret`,
        metadata: {},
        payment_method_types: ['card'],
        payment_method: null,
        description: '',
      })
    }
    await handle.db
      .insert(payments)
      .values({
        bookingId,
        provider,
        intentId,
        amount: line.amount,
        currency: line.currency,
        status: 'succeeded',
        scheduleLineId: line.id,
        confirmedAt: new Date(Date.now() - (10 - i) * 3_600_000),
      })
    await handle.db.update(paymentScheduleLines).set({ status: 'paid', paidAt: new Date() }).where(eq(paymentScheduleLines.id, line.id))
  }
  const all = await lineRows(bookingId)
  await handle.db
    .update(bookings)
    .set({ paymentState: all.every((l) => l.status === 'paid') ? 'paid' : 'partly_paid' })
    .where(eq(bookings.id, bookingId))
}

beforeAll(async () => {
  fake = await startFakeStripe()
  ;({ handle, as, userId: id } = await stripeTestBed(fake.url))
  tripId = await tripWithExpert(handle, { title: 'South Island', startDate: day(29), endDate: day(40), travelerId: id('traveler'), expertId: id('expert') })
})
afterAll(async () => {
  await fake?.close()
  await handle?.close()
})

describe('the fee at each side of a deadline', () => {
  // 30 days before 2027-03-20 is 2027-02-18; the deadline is its midnight in the supplier's zone.
  const terms = policy([30, { percent: '25' }], [14, { percent: '100' }])
  const subject = (zone: string) => ({
    id: 0,
    reference: 'MB-TEST',
    title: 't',
    travelerId: 0,
    serviceDate: '2027-03-20',
    amount: '1234.55',
    currency: 'USD',
    flightId: null,
    partySize: 1,
    cancellationTerms: terms,
    policyTimeZone: zone,
  })
  const cost = (zone: string, at: Date) => cancellationCost(handle.db, subject(zone), at).then((c) => c.fee)

  it('a supplier in Auckland, a traveler in Los Angeles: free until the supplier’s midnight, whatever the traveler’s clock says', async () => {
    const deadline = zonedInstant('2027-02-18', '00:00', 'Pacific/Auckland')
    expect(deadline.toISOString()).toBe('2027-02-17T11:00:00.000Z')
    // In Los Angeles it is still the 17th at 03:00: the traveler's own date is not the deadline's.
    expect(zonedInstant('2027-02-17', '02:59:59', 'America/Los_Angeles')).toEqual(new Date(deadline.getTime() - 1000))
    expect(await cost('Pacific/Auckland', new Date(deadline.getTime() - 1000))).toBe('0.00')
    expect(await cost('Pacific/Auckland', zonedInstant('2027-02-17', '03:00', 'America/Los_Angeles'))).toBe('308.64')
    expect(await cost('Pacific/Auckland', deadline)).toBe('308.64')
    const second = zonedInstant('2027-03-06', '00:00', 'Pacific/Auckland')
    expect(await cost('Pacific/Auckland', new Date(second.getTime() - 1000))).toBe('308.64')
    expect(await cost('Pacific/Auckland', second)).toBe('1234.55')
  })

  it('a supplier in Los Angeles, a traveler in Auckland', async () => {
    const deadline = zonedInstant('2027-02-18', '00:00', 'America/Los_Angeles')
    expect(deadline.toISOString()).toBe('2027-02-18T08:00:00.000Z')
    expect(zonedInstant('2027-02-18', '20:59:59', 'Pacific/Auckland')).toEqual(new Date(deadline.getTime() - 1000))
    expect(await cost('America/Los_Angeles', new Date(deadline.getTime() - 1000))).toBe('0.00')
    expect(await cost('America/Los_Angeles', zonedInstant('2027-02-18', '21:00', 'Pacific/Auckland'))).toBe('308.64')
  })

  it('an amount step, capped at the booking’s amount; no policy is free', async () => {
    const s = { ...subject('UTC'), cancellationTerms: policy([10, { amount: '150' }], [2, { amount: '5000' }]) }
    expect((await cancellationCost(handle.db, s, new Date('2027-03-10T00:00:00Z'))).fee).toBe('150.00')
    expect((await cancellationCost(handle.db, s, new Date('2027-03-09T23:59:59Z'))).fee).toBe('0.00')
    expect((await cancellationCost(handle.db, s, new Date('2027-03-18T00:00:00Z'))).fee).toBe('1234.55')
    expect((await cancellationCost(handle.db, { ...s, cancellationTerms: null }, new Date('2027-03-20T12:00:00Z'))).fee).toBe('0.00')
  })

  it('applying a cancellation stores the fee of its instant and waives the open lines', async () => {
    const b = await booking({ serviceDate: '2027-03-20', cancellationTerms: terms })
    await handle.db.update(bookings).set({ policyTimeZone: 'Pacific/Auckland' }).where(eq(bookings.id, b.id))
    const row = await bookingRow(b.id)
    const at = new Date(zonedInstant('2027-02-18', '00:00', 'Pacific/Auckland').getTime() - 1000)
    const cost = await handle.db.transaction((tx) => applyCancellation(tx as never, row, id('traveler'), { reason: '', at }))
    expect(cost).toMatchObject({ fee: '0.00', paid: '0.00', refund: '0.00' })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'cancelled', cancellationFee: '0.00', refundOwed: '0.00' })
    expect((await lineRows(b.id)).map((l) => l.status)).toEqual(expect.arrayContaining(['waived']))
    expect((await lineRows(b.id)).every((l) => l.status === 'waived')).toBe(true)
  })
})

describe('cancelling a paid booking', () => {
  it('quotes, then applies the fee: the refund owed goes back through Stripe in part, latest payment first', async () => {
    // Deposit 30% (300.00) and balance (700.00), both paid; 20% fee from 60 days before: 200.00 kept, 800.00 back.
    const b = await booking({
      serviceDate: day(50),
      cancellationTerms: policy([60, { percent: '20' }]),
      scheduleTerms: { deposit_percent: '30', deposit_amount: null, deposit_due: 'booking', balance_days: 20 },
    })
    expect((await lineRows(b.id)).map((l) => l.amount)).toEqual(['300.00', '700.00'])
    await payLines(b.id, 2, 'stripe')
    const quote = await cancellationQuote(as.traveler!, b.id)
    expect(quote).toMatchObject({
      fee: '200.00',
      currency: 'USD',
      paid: '1000.00',
      refund: '800.00',
      next_step_at: null,
      time_zone: 'UTC',
      policy: { steps: [{ days_before: 60, percent: '20', amount: null }] },
    })
    expect(quote.policy_text).toBe('Free until 60 days before; from 60 days before: 20%.')
    expect(new Date(quote.free_until!).getTime()).toBeLessThan(Date.now())

    const done = await cancelBooking(as.traveler!, b.id, { reason: 'Plans changed' })
    expect(done).toMatchObject({ status: 'cancelled', cancellation_fee: '200.00', refund_owed: '800.00', payment_status: 'refunded' })
    const [deposit, balance] = await paymentRows(b.id)
    // The balance (paid last) goes back first and in full; 100.00 of the deposit; 200.00 of it is kept.
    const refunds = fake.refunds.filter((r) => r.payment_intent === balance!.intentId || r.payment_intent === deposit!.intentId)
    expect(refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [balance!.intentId, 70000],
      [deposit!.intentId, 10000],
    ])
    expect([deposit!.status, balance!.status]).toEqual(['refunded', 'refunded'])
    expect((await domainErrorOf(cancellationQuote(as.traveler!, b.id))).code).toBe('conflict')
  })

  it('a manual payment: the refund is recorded as due, the booking refunded once staff mark each share paid out', async () => {
    const b = await booking({
      serviceDate: day(50),
      cancellationTerms: policy([60, { amount: '250' }]),
      scheduleTerms: { deposit_percent: '30', deposit_amount: null, deposit_due: 'booking', balance_days: 20 },
    })
    await payLines(b.id, 1, 'manual')
    const done = await cancelBooking(as.traveler!, b.id, {})
    // Paid 300.00, fee 250.00: 50.00 owed back; the balance line (never paid) is waived.
    expect(done).toMatchObject({ cancellation_fee: '250.00', refund_owed: '50.00', payment_status: 'refund_due' })
    expect((await lineRows(b.id)).map((l) => l.status)).toEqual(['paid', 'waived'])
    const [payment] = await paymentRows(b.id)
    expect(payment!.status).toBe('refund_due')
    await markRefundPaid(as.admin!, payment!.id, { refund_reference: 'SEPA 1' })
    expect((await bookingRow(b.id)).paymentState).toBe('refunded')
    const [notice] = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id('traveler')))
      .orderBy(notifications.id)
    expect(notice).toBeDefined()
  })

  it('nothing owed back when the fee is at least what was paid: the booking stays partly paid', async () => {
    const b = await booking({
      serviceDate: day(10),
      cancellationTerms: policy([14, { percent: '100' }]),
      scheduleTerms: { deposit_percent: '30', deposit_amount: null, deposit_due: 'booking', balance_days: 5 },
    })
    await payLines(b.id, 1, 'manual')
    const done = await cancelBooking(as.traveler!, b.id, {})
    expect(done).toMatchObject({ cancellation_fee: '1000.00', refund_owed: '0.00', payment_status: 'partly_paid' })
    expect((await paymentRows(b.id))[0]!.status).toBe('succeeded')
  })

  it('staff may waive the fee; a traveler asking to is a field error', async () => {
    const b = await booking({ serviceDate: day(10), cancellationTerms: policy([14, { percent: '50' }]) })
    await payLines(b.id, 1, 'manual')
    const refused = await domainErrorOf(cancelBooking(as.traveler!, b.id, { waive_fee: true }))
    expect(refused.fields).toEqual({ waive_fee: ['Only staff can waive a cancellation fee.'] })
    expect((await bookingRow(b.id)).status).toBe('confirmed')
    expect((await cancellationQuote(as.expert!, b.id)).fee).toBe('500.00')
    const done = await cancelBooking(as.expert!, b.id, { waive_fee: true, reason: 'Our mistake' })
    expect(done).toMatchObject({ cancellation_fee: '0.00', refund_owed: '1000.00', payment_status: 'refund_due' })
  })

  it('staff without waiving charge the same fee as the traveler would', async () => {
    const b = await booking({ serviceDate: day(10), cancellationTerms: policy([14, { percent: '50' }]) })
    expect(await cancelBooking(as.admin!, b.id, { waive_fee: 'false' })).toMatchObject({
      cancellation_fee: '500.00',
      refund_owed: '0.00',
      payment_status: 'unpaid',
    })
  })
})

describe('a cancelled trip', () => {
  it('cancels its pending bookings with their fees and lists the confirmed ones for staff, who are told', async () => {
    const tripOf = await tripWithExpert(handle, {
      title: 'Milford Sound',
      startDate: day(20),
      endDate: day(25),
      travelerId: id('traveler'),
      expertId: id('expert'),
    })
    const pending = await booking({ tripId: tripOf, status: 'pending', serviceDate: day(20), cancellationTerms: policy([30, { percent: '10' }]) })
    const confirmed = await booking({ tripId: tripOf, status: 'confirmed', serviceDate: day(21), title: 'Kayak day' })
    await payLines(pending.id, 1, 'manual')
    const before = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id('admin')))
    const answer = await changeTripStatus(as.traveler!, tripOf, { status: 'cancelled' })
    expect(answer.status).toBe('cancelled')
    expect(answer.bookings_to_decide).toEqual([expect.objectContaining({ id: confirmed.id, reference: confirmed.reference, title: 'Kayak day' })])
    expect(await bookingRow(pending.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Trip cancelled',
      cancellationFee: '100.00',
      refundOwed: '900.00',
      paymentState: 'refund_due',
    })
    expect((await bookingRow(confirmed.id)).status).toBe('confirmed')
    const after = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id('admin')))
    expect(after.length).toBe(before.length + 1)
    expect(after.at(-1)).toMatchObject({ kind: 'booking.status', link: `/dashboard/bookings?trip_id=${tripOf}&status=confirmed` })
    const expertNotes = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id('expert')))
    expect(expertNotes.some((n) => n.title.includes('1 confirmed booking to decide on'))).toBe(true)
  })
})
