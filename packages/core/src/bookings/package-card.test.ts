import Stripe from 'stripe'
import { bookings, type DatabaseHandle, eq, inArray, paymentScheduleLines, payments } from '@meridian/db'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { confirmPayment } from '../payments/confirm.ts'
import { createPaymentIntent } from '../payments/create-intent.ts'
import { type FakeStripe, startFakeStripe } from '../payments/fake-stripe.ts'
import { handlePaymentWebhook } from '../payments/webhook.ts'
import { domainErrorOf, stripeTestBed, tripWithExpert } from '../trips/test-bed.ts'
import { cancelBooking } from './change-booking.ts'
import { cancelPackage, getPackage, payPackage } from './packages.ts'
import { insertBooking, type NewBooking } from './record.ts'

/*
 * A package paid by card (docs/bookings.md "Packages: paid and cancelled in one step"): one Stripe intent per currency
 * for every line due, its payments recorded together by confirm or the webhook, given up together, refunded in shares.
 */

let handle: DatabaseHandle
let fake: FakeStripe
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number
let serial = 0
const sdk = new Stripe('sk_test_meridian_fake')
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
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
/** Two legs: 1000.00 USD under a 25% policy and 500.00 (USD unless told), free to cancel. Deposits 200.00 and 100.00. */
async function twoLegs(second: Partial<NewBooking> = {}) {
  const reference = `PC-${++serial}-${Date.now()}`
  const first = await booking(reference, { cancellationTerms: quarterFee })
  const other = await booking(reference, { amount: '500.00', cancellationTerms: { steps: [] }, serviceDate: day(25), ...second })
  return { reference, first, second: other }
}
const rowOf = async (bookingId: number) => (await handle.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!
const paymentsOf = (ids: number[]) => handle.db.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(payments.id)
const linesOf = (ids: number[]) =>
  handle.db.select().from(paymentScheduleLines).where(inArray(paymentScheduleLines.bookingId, ids)).orderBy(paymentScheduleLines.id)

/** A webhook delivery as Stripe signs it. */
function delivery(eventId: string, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: eventId, object: 'event', type, api_version: '2025-01-27', created: Math.floor(Date.now() / 1000), data: { object } })
  return { payload, header: sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_meridian_fake' }) }
}

beforeAll(async () => {
  fake = await startFakeStripe()
  ;({ handle, as, userId: id } = await stripeTestBed(fake.url))
  tripId = await tripWithExpert(handle, {
    title: 'Multi-city by card',
    startDate: day(19),
    endDate: day(30),
    travelerId: id('traveler'),
    expertId: id('expert'),
  })
})
afterAll(async () => {
  await fake?.close()
  await handle?.close()
})

describe('paying a package by card', () => {
  it('is one intent for the sum of the lines due, its payments sharing it; asked again, the same intent', async () => {
    const { reference, first, second } = await twoLegs()
    const pkg = await getPackage(as.traveler!, reference)
    expect(pkg.can.pay).toBe(true)
    expect(pkg.next_action).toEqual({ type: 'stripe_payment_element', publishable_key: 'pk_test_meridian_fake' })

    const made = await payPackage(as.traveler!, reference, {})
    expect(made.created).toBe(true)
    expect(made.totals).toEqual([{ currency: 'USD', amount: '300.00' }])
    expect(made.intents).toHaveLength(1)
    const [intent] = made.intents
    expect(intent).toMatchObject({ currency: 'USD', amount: '300.00', paid: false })
    expect(fake.intents.get(intent!.payment_intent_id)).toMatchObject({ amount: 30000, currency: 'usd', status: 'requires_payment_method' })
    expect(intent!.client_secret).toBe(fake.intents.get(intent!.payment_intent_id)!.client_secret)
    expect(made.payments.map((p) => [p.booking_id, p.amount, p.payment_intent_id])).toEqual([
      [first.id, '200.00', intent!.payment_intent_id],
      [second.id, '100.00', intent!.payment_intent_id],
    ])

    const again = await payPackage(as.traveler!, reference, {})
    expect(again.created).toBe(false)
    expect(again.intents.map((i) => i.payment_intent_id)).toEqual([intent!.payment_intent_id])
    expect(await paymentsOf([first.id, second.id])).toHaveLength(2)
  })

  it('confirming the intent records every line at once: both deposits paid, the bookings partly paid', async () => {
    const { reference, first, second } = await twoLegs()
    const made = await payPackage(as.traveler!, reference, {})
    const intentId = made.intents[0]!.payment_intent_id
    const early = await confirmPayment(as.traveler!, { payment_intent_id: intentId })
    expect(early).toMatchObject({ status: 'requires_payment', provider_status: 'requires_payment' })

    fake.succeed(intentId)
    const done = await confirmPayment(as.traveler!, { payment_intent_id: intentId })
    expect(done).toMatchObject({ booking_id: first.id, status: 'succeeded', method: 'card', booking_payment_status: 'partly_paid' })
    expect((await paymentsOf([first.id, second.id])).map((p) => p.status)).toEqual(['succeeded', 'succeeded'])
    expect((await linesOf([first.id, second.id])).map((l) => [l.bookingId, l.kind, l.status])).toEqual([
      [first.id, 'deposit', 'paid'],
      [first.id, 'balance', 'due'],
      [second.id, 'deposit', 'paid'],
      [second.id, 'balance', 'due'],
    ])
    expect((await rowOf(second.id)).paymentState).toBe('partly_paid')
    const after = await getPackage(as.traveler!, reference)
    expect(after.totals).toEqual([{ currency: 'USD', amount: '1500.00', paid: '300.00', outstanding: '1200.00' }])
    // Confirming again changes nothing.
    expect(await confirmPayment(as.traveler!, { payment_intent_id: intentId })).toMatchObject({ status: 'succeeded' })
  })

  it('the webhook records every payment of the intent; one cent short, none', async () => {
    const short = await twoLegs()
    const shortIntent = (await payPackage(as.traveler!, short.reference, {})).intents[0]!.payment_intent_id
    fake.succeed(shortIntent, 29999)
    const refused = await domainErrorOf(confirmPayment(as.traveler!, { payment_intent_id: shortIntent }))
    expect(refused.code).toBe('conflict')
    const ignored = delivery(`evt_pkg_short_${serial}`, 'payment_intent.succeeded', { id: shortIntent })
    expect(await handlePaymentWebhook(as.traveler!, ignored.payload, ignored.header)).toMatchObject({ outcome: 'ignored' })
    expect((await paymentsOf([short.first.id, short.second.id])).map((p) => p.status)).toEqual(['requires_payment', 'requires_payment'])

    const { reference, first, second } = await twoLegs()
    const intentId = (await payPackage(as.traveler!, reference, {})).intents[0]!.payment_intent_id
    fake.succeed(intentId)
    const { payload, header } = delivery(`evt_pkg_paid_${serial}`, 'payment_intent.succeeded', { id: intentId })
    expect(await handlePaymentWebhook(as.traveler!, payload, header)).toMatchObject({ outcome: 'settled', duplicate: false })
    expect((await paymentsOf([first.id, second.id])).map((p) => [p.status, p.method])).toEqual([
      ['succeeded', 'card'],
      ['succeeded', 'card'],
    ])
  })

  it('makes one intent per currency', async () => {
    const { reference } = await twoLegs({ currency: 'EUR' })
    const made = await payPackage(as.traveler!, reference, {})
    expect(made.intents.map((i) => [i.currency, i.amount])).toEqual([
      ['EUR', '100.00'],
      ['USD', '200.00'],
    ])
    expect(new Set(made.intents.map((i) => i.payment_intent_id)).size).toBe(2)
    expect(fake.intents.get(made.intents[0]!.payment_intent_id)).toMatchObject({ amount: 10000, currency: 'eur' })
  })

  it('a booking cancelled while the card form was open: the rest is recorded, its share paid back', async () => {
    const { reference, first, second } = await twoLegs()
    const intentId = (await payPackage(as.traveler!, reference, {})).intents[0]!.payment_intent_id
    // The second leg is cancelled (free) before the traveler pays the intent they already had open.
    await cancelBooking(as.traveler!, second.id, {})
    fake.succeed(intentId)
    const done = await confirmPayment(as.traveler!, { payment_intent_id: intentId })
    expect(done).toMatchObject({ booking_id: first.id, status: 'succeeded' })
    const rows = await paymentsOf([first.id, second.id])
    expect(rows.map((p) => p.status)).toEqual(['succeeded', 'cancelled'])
    expect(fake.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([10000])
    expect(rows[1]!.refundReference).toMatch(/^re_fake/)
  })

  it('paying one booking of it alone gives the package’s intent up, at Stripe too', async () => {
    const { reference, first, second } = await twoLegs()
    const intentId = (await payPackage(as.traveler!, reference, {})).intents[0]!.payment_intent_id
    const alone = await createPaymentIntent(as.traveler!, { booking_id: first.id })
    expect(alone.payment_intent_id).not.toBe(intentId)
    expect(alone.amount).toBe('200.00')
    expect((await paymentsOf([first.id, second.id])).filter((p) => p.intentId === intentId).map((p) => p.status)).toEqual(['cancelled', 'cancelled'])
    expect(fake.intents.get(intentId)!.status).toBe('canceled')
    // The package is paid anew: the second leg's deposit and the first's, in a new intent.
    const anew = await payPackage(as.traveler!, reference, {})
    expect(anew.created).toBe(true)
    expect(anew.intents[0]!.payment_intent_id).not.toBe(intentId)
  })

  it('cancelling a card-paid package refunds each booking’s share from the one intent; a full refund event records them all', async () => {
    const { reference, first, second } = await twoLegs()
    const intentId = (await payPackage(as.traveler!, reference, {})).intents[0]!.payment_intent_id
    fake.succeed(intentId)
    await confirmPayment(as.traveler!, { payment_intent_id: intentId })
    const after = await cancelPackage(as.traveler!, reference, {})
    // 25% of 1000.00 is kept (more than the 200.00 paid); the free leg's 100.00 goes back.
    expect(after.bookings.map((b) => [b.status, b.cancellation_fee])).toEqual([
      ['cancelled', '250.00'],
      ['cancelled', '0.00'],
    ])
    expect(fake.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([10000])
    expect((await paymentsOf([first.id, second.id])).map((p) => p.status)).toEqual(['succeeded', 'refunded'])

    // Staff later refund the rest at Stripe's dashboard: the charge is refunded in full, every payment of it recorded.
    const { payload, header } = delivery(`evt_pkg_refund_${serial}`, 'charge.refunded', {
      id: 'ch_pkg',
      object: 'charge',
      payment_intent: intentId,
      refunded: true,
      refunds: { data: [{ id: 're_dashboard_pkg' }] },
    })
    expect(await handlePaymentWebhook(as.traveler!, payload, header)).toMatchObject({ outcome: 'refunded' })
    expect((await paymentsOf([first.id, second.id])).map((p) => p.status)).toEqual(['refunded', 'refunded'])
  })
})
