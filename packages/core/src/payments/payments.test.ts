import { and, bookings, type DatabaseHandle, eq, notifications, payments, travelerExperts, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking } from '../bookings/change-booking.ts'
import { insertBooking, type NewBooking } from '../bookings/record.ts'
import { writeSchedule } from '../bookings/terms.ts'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { confirmPayment, markPaymentReceived } from './confirm.ts'
import { createPaymentIntent } from './create-intent.ts'
import { listPaymentHistory } from './history.ts'
import { markRefundPaid } from './mark-refunded.ts'
import { getPayScreen } from './pay-screen.ts'
import { refundAfterCancel } from './refunds.ts'

let handle: DatabaseHandle
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** A booking of the traveler's (on the expert's accepted trip unless `tripId: null`). */
async function booking(over: Partial<NewBooking> = {}) {
  return handle.db.transaction((tx) =>
    insertBooking(tx as never, {
      bookingType: 'activity',
      travelerId: id('traveler'),
      tripId,
      title: 'Tram 28 and the Alfama',
      serviceDate: day(30),
      partySize: 2,
      amount: '84.50',
      currency: 'EUR',
      ...over,
    }),
  )
}

const bookingRow = async (bookingId: number) => (await handle.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!
const paymentRows = (bookingId: number) => handle.db.select().from(payments).where(eq(payments.bookingId, bookingId))
const noticesOf = (username: string) =>
  handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, id(username)))

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  as = bed.as
  id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Lisbon, Portugal', startDate: day(29), endDate: day(35), travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

describe('create-intent', () => {
  it('takes the amount and currency from the booking, never from the client, with the reference to quote', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id, amount: '0.01', currency: 'USD' })
    expect(made).toMatchObject({
      booking_id: b.id,
      booking_reference: b.reference,
      provider: 'manual',
      amount: '84.50',
      currency: 'EUR',
      status: 'requires_payment',
      client_secret: null,
      created: true,
      next_action: { type: 'manual', reference: b.reference, bank_details: '' },
    })
    expect(made.payment_intent_id).toMatch(/^man_[0-9a-f]{24}$/)
    const rows = await paymentRows(b.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ amount: '84.50', currency: 'EUR', createdBy: id('traveler') })
  })

  it('answers the live payment when asked twice for the same unpaid booking, and a new one after a re-quote', async () => {
    const b = await booking()
    const first = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    const again = await createPaymentIntent(as.traveler!, { booking_id: String(b.id) })
    expect(again).toMatchObject({ id: first.id, payment_intent_id: first.payment_intent_id, created: false })
    expect(await paymentRows(b.id)).toHaveLength(1)

    // Re-quoted: a new amount, and its schedule cut again (as confirming a stay with a new total does).
    const [requote] = await handle.db.update(bookings).set({ amount: '99.00' }).where(eq(bookings.id, b.id)).returning()
    await writeSchedule(handle.db, requote!)
    const requoted = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    expect(requoted).toMatchObject({ amount: '99.00', created: true })
    const rows = await paymentRows(b.id)
    expect(rows.map((r) => [r.amount, r.status]).sort()).toEqual([
      ['84.50', 'cancelled'],
      ['99.00', 'requires_payment'],
    ])
  })

  it('refuses another traveler’s booking and one that does not exist alike (a field error), a cancelled, paid or unquoted one (409), and non-travelers (403)', async () => {
    const theirs = await booking({ travelerId: id('other'), tripId: null })
    for (const bookingId of [theirs.id, 2_000_000]) {
      const e = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: bookingId }))
      expect([e.code, e.fields]).toEqual(['invalid', { booking_id: ['Select one of your bookings.'] }])
    }

    const cancelled = await booking({ status: 'pending' })
    await handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, cancelled.id))
    const c = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: cancelled.id }))
    expect([c.code, c.message]).toEqual(['conflict', 'This booking is cancelled: there is nothing to pay.'])

    const paid = await booking()
    await handle.db.update(bookings).set({ paymentState: 'paid' }).where(eq(bookings.id, paid.id))
    expect((await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: paid.id }))).message).toBe('This booking is already paid.')

    const stay = await booking({ bookingType: 'hotel', amount: '0.00', title: 'Ryokan stay in Hakone' })
    const q = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: stay.id }))
    expect([q.code, q.message]).toEqual(['conflict', 'This booking has no price yet: it can be paid once staff have quoted it.'])

    for (const who of ['expert', 'admin', 'specialist', 'editor']) {
      expect((await domainErrorOf(createPaymentIntent(as[who]!, { booking_id: theirs.id }))).code).toBe('forbidden')
    }
    expect((await domainErrorOf(createPaymentIntent(as.traveler!, {}))).fields).toEqual({ booking_id: ['This field is required.'] })
    expect((await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: 'x' }))).fields).toEqual({ booking_id: ['A valid integer is required.'] })
    expect(await paymentRows(theirs.id)).toHaveLength(0)
  })
})

describe('confirming a manual payment', () => {
  it('is staff marking it received: the payment succeeds, the booking is paid and confirmed, the traveler is told once', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    // The traveler cannot confirm a bank transfer themselves.
    const refused = await domainErrorOf(confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id }))
    expect([refused.code, refused.message]).toEqual(['forbidden', 'A bank transfer or payment on site is confirmed by staff when the money arrives.'])
    expect((await bookingRow(b.id)).paymentState).toBe('unpaid')

    const before = (await noticesOf('traveler')).length
    const marked = await markPaymentReceived(as.expert!, made.id, { method: 'on_site' })
    expect(marked).toMatchObject({ id: made.id, status: 'succeeded', method: 'on_site', booking_status: 'confirmed', booking_payment_status: 'paid' })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid', confirmedBy: id('expert') })
    const told = (await noticesOf('traveler')).slice(before)
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({
      title: `Payment received for booking ${b.reference}`,
      body: '84.50 EUR received; your booking is confirmed.',
      link: `/dashboard/bookings/${b.id}/pay`,
    })

    // Again, by the same call or by confirm: the same answer, nothing changes, nobody is told again.
    const twice = await markPaymentReceived(as.admin!, made.id, { method: 'bank_transfer' })
    expect(twice).toEqual(marked)
    const confirmed = await confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id })
    expect(confirmed).toMatchObject({ status: 'succeeded', booking_status: 'confirmed', booking_payment_status: 'paid' })
    expect((await noticesOf('traveler')).length).toBe(before + 1)
    expect((await paymentRows(b.id))[0]).toMatchObject({ method: 'on_site', confirmedBy: id('expert') })
  })

  it('confirms once when two staff confirm at the same moment', async () => {
    const b = await booking({ status: 'pending' })
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    const before = (await noticesOf('traveler')).length
    // A race only on PostgreSQL (TEST_DATABASE_URL: a pool of connections), where the three run in parallel
    // transactions and only the settlement's row locks make the later ones see the first's result (without them the
    // traveler is told three times: checked so). On PGlite (one connection) the transactions run one after another,
    // and the same assertions check that serial outcome.
    const answers = await Promise.all([
      confirmPayment(as.admin!, { payment_intent_id: made.payment_intent_id }),
      confirmPayment(as.expert!, { payment_intent_id: made.payment_intent_id }),
      markPaymentReceived(as.superadmin!, made.id),
    ])
    expect(new Set(answers.map((a) => JSON.stringify({ ...a, provider_status: undefined }))).size).toBe(1)
    expect(answers[0]).toMatchObject({ status: 'succeeded', booking_status: 'confirmed', booking_payment_status: 'paid' })
    expect((await noticesOf('traveler')).length).toBe(before + 1)
    expect((await paymentRows(b.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1)
  })

  it('is only for staff who handle the traveler: others get 404, travelers and specialists 403', async () => {
    const b = await booking({ travelerId: id('other'), tripId: null })
    const made = await createPaymentIntent(as.other!, { booking_id: b.id })
    expect((await domainErrorOf(markPaymentReceived(as.expert!, made.id))).code).toBe('not_found')
    expect((await domainErrorOf(confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id }))).code).toBe('not_found')
    for (const who of ['traveler', 'other', 'specialist', 'editor'])
      expect((await domainErrorOf(markPaymentReceived(as[who]!, made.id))).code).toBe('forbidden')
    expect((await domainErrorOf(markPaymentReceived(as.admin!, made.id, { method: 'cheque' }))).fields).toEqual({
      method: ['Choose one of: bank_transfer, on_site.'],
    })

    // Made the traveler's standing expert, the expert handles it.
    await handle.db.insert(travelerExperts).values({ travelerId: id('other'), expertId: id('expert'), tripType: null })
    expect(await markPaymentReceived(as.expert!, made.id)).toMatchObject({ status: 'succeeded', method: 'bank_transfer', booking_payment_status: 'paid' })
    await handle.db.delete(travelerExperts).where(and(eq(travelerExperts.travelerId, id('other')), eq(travelerExperts.expertId, id('expert'))))
  })
})

describe('refunds after a cancellation (manual provider)', () => {
  it('records the refund as due, which staff mark paid out', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    await markPaymentReceived(as.admin!, made.id)
    await handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, b.id))

    expect(await refundAfterCancel(as.admin!, b.id)).toBe('refund_due')
    expect(await refundAfterCancel(as.admin!, b.id)).toBe('refund_due')
    expect((await bookingRow(b.id)).paymentState).toBe('refund_due')
    expect((await paymentRows(b.id))[0]!.status).toBe('refund_due')
    expect((await getPayScreen(as.expert!, b.id)).can).toMatchObject({ pay: false, mark_received: false, mark_refunded: true })

    expect((await domainErrorOf(markRefundPaid(as.traveler!, made.id))).code).toBe('forbidden')
    const before = (await noticesOf('traveler')).length
    const done = await markRefundPaid(as.expert!, made.id, { refund_reference: 'SEPA 2030-0412' })
    expect(done).toMatchObject({ status: 'refunded', refund_reference: 'SEPA 2030-0412', booking_status: 'cancelled', booking_payment_status: 'refunded' })
    expect(done.refunded_at).not.toBeNull()
    expect(await markRefundPaid(as.admin!, made.id)).toEqual(done)
    expect((await noticesOf('traveler')).length).toBe(before + 1)
    expect(await refundAfterCancel(as.admin!, b.id)).toBe('refunded')
  })

  it('gives up an unpaid cancelled booking’s payment awaiting money, and marks nothing refunded that is not due', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    expect((await domainErrorOf(markRefundPaid(as.admin!, made.id))).message).toBe('This payment has no refund due.')
    await handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, b.id))
    expect(await refundAfterCancel(as.admin!, b.id)).toBe('unpaid')
    expect((await paymentRows(b.id))[0]!.status).toBe('cancelled')
    const m = await domainErrorOf(markPaymentReceived(as.admin!, made.id))
    expect([m.code, m.message]).toEqual(['conflict', 'This payment was given up: start a new one from the booking.'])
  })
})

describe('cancelling a booking through Bookings', () => {
  it('records the refund of a paid booking as due, and gives up the payment an unpaid one was waiting for', async () => {
    const paid = await booking()
    const received = await createPaymentIntent(as.traveler!, { booking_id: paid.id })
    await markPaymentReceived(as.admin!, received.id)
    expect(await cancelBooking(as.traveler!, paid.id, { reason: 'Plans changed' })).toMatchObject({ status: 'cancelled', payment_status: 'refund_due' })
    expect((await paymentRows(paid.id))[0]!.status).toBe('refund_due')

    const unpaid = await booking()
    await createPaymentIntent(as.traveler!, { booking_id: unpaid.id })
    expect(await cancelBooking(as.traveler!, unpaid.id, {})).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' })
    expect((await paymentRows(unpaid.id))[0]!.status).toBe('cancelled')
  })
})

describe('history', () => {
  it('lists each caller’s payments newest first, keyset-paged: own, handled, every one', async () => {
    const mine = await listPaymentHistory(as.traveler!, {})
    expect(mine.count).toBeGreaterThan(3)
    // The first page holds the traveler's payments, and every page together exactly the payments of their bookings.
    expect(mine.results).toHaveLength(Math.min(mine.count, 20))
    expect(mine.results.every((p) => p.traveler_id === id('traveler'))).toBe(true)
    const theirs = await handle.db.select({ id: payments.id }).from(payments).innerJoin(bookings, eq(bookings.id, payments.bookingId)).where(eq(bookings.travelerId, id('traveler')))
    const everyOwn = await listPaymentHistory(as.traveler!, {}, { limit: 500 })
    expect(everyOwn.results.map((p) => p.id)).toEqual(theirs.map((r) => r.id).sort((a, b) => b - a))
    const ids = mine.results.map((p) => p.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))

    const first = await listPaymentHistory(as.traveler!, {}, { limit: 2 })
    const second = await listPaymentHistory(as.traveler!, {}, { limit: 2, after: first.next_cursor })
    expect([...first.results, ...second.results].map((p) => p.id)).toEqual(ids.slice(0, 4))

    const other = await listPaymentHistory(as.other!, {})
    expect(other.results.map((p) => p.traveler_id)).toEqual(other.results.map(() => id('other')))
    expect(other.count).toBe(1)

    // The expert handles the traveler's trip, not the other traveler (no longer their standing expert).
    const handled = await listPaymentHistory(as.expert!, {})
    expect(handled.count).toBe(mine.count)
    const all = await listPaymentHistory(as.admin!, {})
    expect(all.count).toBe(mine.count + other.count)

    const oneBooking = mine.results[0]!.booking_id
    const narrowed = await listPaymentHistory(as.admin!, { booking: String(oneBooking) })
    // Exactly that booking's payments, the newest one listed first among them.
    expect(narrowed.results.map((p) => p.id)).toContain(mine.results[0]!.id)
    expect(narrowed.results.map((p) => p.id)).toEqual((await paymentRows(oneBooking)).map((r) => r.id).sort((a, b) => b - a))
    expect(narrowed.results.every((p) => p.booking_id === oneBooking)).toBe(true)
    expect((await domainErrorOf(listPaymentHistory(as.specialist!, {}))).code).toBe('forbidden')
    expect((await domainErrorOf(listPaymentHistory(as.editor!, {}))).code).toBe('forbidden')
  })
})

describe('the pay screen', () => {
  it('shows the booking to its traveler and the staff handling it, and nobody else', async () => {
    const b = await booking()
    const screen = await getPayScreen(as.traveler!, b.id)
    expect(screen).toMatchObject({
      booking: { id: b.id, reference: b.reference, amount: '84.50', currency: 'EUR', payment_status: 'unpaid' },
      provider: 'manual',
      not_payable: null,
      live_payment: null,
      can: { pay: true, mark_received: false, mark_refunded: false },
    })
    await createPaymentIntent(as.traveler!, { booking_id: b.id })
    expect((await getPayScreen(as.expert!, b.id)).can).toEqual({ pay: false, mark_received: true, mark_refunded: false })
    expect((await domainErrorOf(getPayScreen(as.other!, b.id))).code).toBe('not_found')
    expect((await domainErrorOf(getPayScreen(as.specialist!, b.id))).code).toBe('forbidden')
  })
})
