import Stripe from 'stripe'
import { bookings, type DatabaseHandle, eq, notifications, paymentEvents, payments, rowsOf, sql, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBooking, type NewBooking } from '../bookings/record.ts'
import { ConfigError, loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { confirmPayment, markPaymentReceived } from './confirm.ts'
import { createPaymentIntent } from './create-intent.ts'
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from './fake-stripe.ts'
import { fromMinorUnits, toMinorUnits } from './money.ts'
import { refundAfterCancel } from './refunds.ts'
import { handlePaymentWebhook } from './webhook.ts'

let handle: DatabaseHandle
let fake: FakeStripe
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number
const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }
const WEBHOOK_SECRET = 'whsec_meridian_fake'
// The SDK's own signing, as Stripe signs its deliveries.
const sdk = new Stripe('sk_test_meridian_fake')

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

async function booking(over: Partial<NewBooking> = {}) {
  return handle.db.transaction((tx) =>
    insertBooking(tx as never, {
      bookingType: 'activity',
      travelerId: id('traveler'),
      tripId,
      title: 'Sushi class in Tsukiji',
      serviceDate: day(30),
      partySize: 2,
      amount: '12.34',
      currency: 'USD',
      status: 'pending',
      ...over,
    }),
  )
}
const bookingRow = async (bookingId: number) => (await handle.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!
const paymentRow = async (paymentId: number) => (await handle.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!
const notices = async () =>
  (
    await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, id('traveler')))
  ).length

/** Counts every UPDATE of a payment row, with the status written, until `stop()` (which removes the trigger). */
async function countPaymentWrites() {
  await handle.db.execute(sql`create table if not exists payment_writes (payment_id int not null, status text not null)`)
  await handle.db.execute(sql`delete from payment_writes`)
  await handle.db.execute(
    sql.raw(`create or replace function note_payment_write() returns trigger language plpgsql as $$
             begin insert into payment_writes values (new.id, new.status); return null; end $$`),
  )
  await handle.db.execute(sql.raw(`create trigger note_payment_write after update on payments for each row execute function note_payment_write()`))
  return {
    stop: () => handle.db.execute(sql.raw(`drop trigger if exists note_payment_write on payments`)),
    of: async (paymentId: number) =>
      rowsOf<{ status: string }>(await handle.db.execute(sql`select status from payment_writes where payment_id = ${paymentId}`)).map((w) => w.status),
  }
}

/** A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header. */
function delivery(event: { id: string; type: string; object: Record<string, unknown> }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  })
  return { payload, header: sdk.webhooks.generateTestHeaderString({ payload, secret }) }
}

beforeAll(async () => {
  fake = await startFakeStripe()
  const bed = await tripTestBed()
  handle = bed.handle
  id = bed.userId
  const config = loadConfig({ ...env, ...fakeStripeEnv(fake.url) })
  as = Object.fromEntries(Object.entries(bed.as).map(([name, ctx]) => [name, { ...ctx, config }]))
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Tokyo, Japan', startDate: day(29), endDate: day(35), travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await fake?.close()
  await handle?.close()
})

describe('configuration', () => {
  it('refuses to start with the Stripe provider and a key missing or of the wrong kind, naming it', () => {
    expect(loadConfig(env).payments).toEqual({ provider: 'manual', bankDetails: '', stripe: null })
    expect(() => loadConfig({ ...env, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...env, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'PAYMENT_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
    )
    expect(() => loadConfig({ ...env, ...fakeStripeEnv(fake.url), STRIPE_SECRET_KEY: 'pk_test_swapped' })).toThrow('STRIPE_SECRET_KEY must start with sk_')
    expect(() => loadConfig({ ...env, PAYMENT_PROVIDER: 'paypal' })).toThrow('PAYMENT_PROVIDER must be manual or stripe, got "paypal"')
    expect(loadConfig({ ...env, ...fakeStripeEnv(fake.url) }).payments.stripe).toMatchObject({ publishableKey: 'pk_test_meridian_fake', apiBase: fake.url })
  })
})

describe('amounts in the smallest unit', () => {
  it('are exact from the decimal text, minding zero- and three-decimal currencies', () => {
    expect(toMinorUnits('12.34', 'USD')).toBe(1234)
    expect(toMinorUnits('0.10', 'eur')).toBe(10)
    expect(toMinorUnits('1500.00', 'JPY')).toBe(1500)
    expect(toMinorUnits('1500', 'KRW')).toBe(1500)
    expect(toMinorUnits('5.25', 'KWD')).toBe(5250)
    expect(toMinorUnits('123456789012.99', 'USD')).toBe(12345678901299)
    expect(() => toMinorUnits('1500.50', 'JPY')).toThrow('more decimals')
    expect(fromMinorUnits(1234, 'USD')).toBe('12.34')
    expect(fromMinorUnits(1500, 'JPY')).toBe('1500.00')
    expect(fromMinorUnits(5250, 'KWD')).toBe('5.25')
  })
})

describe('the Stripe provider', () => {
  it('creates a PaymentIntent for the booking’s amount with its metadata, once per unpaid booking', async () => {
    const b = await booking({ amount: '15000.00', currency: 'JPY' })
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id, amount: '1' })
    expect(made).toMatchObject({ provider: 'stripe', amount: '15000.00', currency: 'JPY', status: 'requires_payment', created: true })
    expect(made.next_action).toEqual({ type: 'stripe_payment_element', publishable_key: 'pk_test_meridian_fake' })
    const intent = fake.intents.get(made.payment_intent_id)!
    expect(intent).toMatchObject({ amount: 15000, currency: 'jpy', metadata: { booking_id: String(b.id), reference: b.reference } })
    expect(made.client_secret).toBe(intent.client_secret)
    const again = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    expect(again).toMatchObject({ id: made.id, payment_intent_id: made.payment_intent_id, client_secret: intent.client_secret, created: false })
    expect([...fake.intents.values()].filter((i) => i.metadata.booking_id === String(b.id))).toHaveLength(1)

    // A fraction of a yen cannot be charged: a clear refusal, nothing made.
    const odd = await booking({ amount: '1500.50', currency: 'JPY' })
    const refused = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: odd.id }))
    expect([refused.code, refused.message]).toEqual([
      'conflict',
      'This amount cannot be charged in JPY: the currency has no such fractions. Ask staff to correct the price.',
    ])
  })

  it('confirms only when Stripe says succeeded, for the booking’s amount; eight times at once confirms once', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    const early = await confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id })
    expect(early).toMatchObject({ status: 'requires_payment', provider_status: 'requires_payment', booking_payment_status: 'unpaid' })

    // Staff cannot mark a card payment by hand.
    expect((await domainErrorOf(markPaymentReceived(as.admin!, made.id))).message).toBe('A card payment is confirmed by Stripe, not marked by hand.')

    fake.succeed(made.payment_intent_id)
    const before = await notices()
    // A race only on PostgreSQL (TEST_DATABASE_URL: a pool of connections), where the eight confirmations run in
    // parallel transactions and only the settlement's row locks make the later ones see the first's result: without
    // them several write the payment (checked so). On PGlite (one connection) the transactions run one after another,
    // and the same assertions check that serial outcome. The payment's writes are counted by a trigger, in the
    // writer's own transaction: a second settlement shows there even when it writes the same values.
    const writes = await countPaymentWrites()
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id }))).finally(() =>
      writes.stop(),
    )
    expect(await writes.of(made.id)).toEqual(['succeeded'])
    const [one] = answers
    for (const other of answers) expect(other).toEqual(one)
    expect(one).toMatchObject({ status: 'succeeded', method: 'card', booking_status: 'confirmed', booking_payment_status: 'paid' })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' })
    // The traveler confirmed it themselves: no notification to them about their own act.
    expect(await notices()).toBe(before)
  })

  it('records nothing when Stripe received another amount', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id, 1)
    const e = await domainErrorOf(confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id }))
    expect(e.code).toBe('conflict')
    expect((await paymentRow(made.id)).status).toBe('requires_payment')
  })

  it('an underpaid succeeded intent is recorded by no path: confirm and create-intent answer 409, the webhook ignores it', async () => {
    const b = await booking({ amount: '250.10' })
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    // Stripe says succeeded, with a cent less than the booking's amount.
    fake.succeed(made.payment_intent_id, 25009)
    const mismatch = ['conflict', 'The amount Stripe received does not match the booking: the payment was not recorded. Contact support.']
    const confirm = await domainErrorOf(confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id }))
    expect([confirm.code, confirm.message]).toEqual(mismatch)
    // Asking for the payment again reuses the intent: it must not take Stripe's "succeeded" as the booking paid.
    const again = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: b.id }))
    expect([again.code, again.message]).toEqual(mismatch)
    const { payload, header } = delivery({ id: 'evt_underpaid_1', type: 'payment_intent.succeeded', object: { id: made.payment_intent_id } })
    expect(await handlePaymentWebhook(as.traveler!, payload, header)).toEqual({ received: true, duplicate: false, outcome: 'ignored' })
    expect(await paymentRow(made.id)).toMatchObject({ status: 'requires_payment', confirmedAt: null })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending', paymentState: 'unpaid' })
    // Confirm still refuses afterwards: nothing was recorded along the way.
    expect((await domainErrorOf(confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id }))).message).toBe(mismatch[1])
  })

  it('the whole amount in another currency is recorded by no path either', async () => {
    const b = await booking({ amount: '40.00', currency: 'USD' })
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id)
    fake.intents.get(made.payment_intent_id)!.currency = 'eur'
    const { payload, header } = delivery({ id: 'evt_other_currency_1', type: 'payment_intent.succeeded', object: { id: made.payment_intent_id } })
    expect(await handlePaymentWebhook(as.traveler!, payload, header)).toMatchObject({ outcome: 'ignored' })
    expect((await domainErrorOf(confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id }))).code).toBe('conflict')
    expect((await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: b.id }))).code).toBe('conflict')
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending', paymentState: 'unpaid' })
    expect((await paymentRow(made.id)).status).toBe('requires_payment')
  })

  it('create-intent records a payment Stripe received in full before confirm and webhook came', async () => {
    const b = await booking({ amount: '250.10' })
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id)
    expect(await createPaymentIntent(as.traveler!, { booking_id: b.id })).toMatchObject({ id: made.id, status: 'succeeded', created: false })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid' })
  })

  it('refunds a cancelled paid booking through Stripe; when Stripe is down the refund stays due and is asked again', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id)
    await confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id })
    await handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, b.id))

    fake.failWith = 500
    expect(await refundAfterCancel(as.traveler!, b.id)).toBe('refund_due')
    expect((await paymentRow(made.id)).status).toBe('refund_due')
    fake.failWith = null

    expect(await refundAfterCancel(as.traveler!, b.id)).toBe('refunded')
    expect(await refundAfterCancel(as.traveler!, b.id)).toBe('refunded')
    const refunds = fake.refunds.filter((r) => r.payment_intent === made.payment_intent_id)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ amount: 1234, idempotencyKey: `meridian-refund-${made.id}` })
    expect(await paymentRow(made.id)).toMatchObject({ status: 'refunded', refundReference: refunds[0]!.id })
    expect((await bookingRow(b.id)).paymentState).toBe('refunded')
  })

  it('answers 503 and writes nothing when Stripe cannot be reached', async () => {
    const b = await booking()
    fake.failWith = 503
    const e = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: b.id }))
    fake.failWith = null
    expect([e.code, e.retryAfter]).toEqual(['unavailable', 5])
    expect(await handle.db.select().from(payments).where(eq(payments.bookingId, b.id))).toHaveLength(0)
  })
})

describe('Stripe webhooks', () => {
  it('records a payment from a signed payment_intent.succeeded, once however often it is delivered', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id)
    const before = await notices()
    const { payload, header } = delivery({
      id: 'evt_succeeded_1',
      type: 'payment_intent.succeeded',
      object: { id: made.payment_intent_id, object: 'payment_intent' },
    })
    expect(await handlePaymentWebhook(as.traveler!, payload, header)).toEqual({ received: true, duplicate: false, outcome: 'settled' })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', paymentState: 'paid', confirmedBy: null })
    expect(await notices()).toBe(before + 1)

    // Replayed (Stripe redelivers; an attacker replays): ignored.
    expect(await handlePaymentWebhook(as.traveler!, payload, header)).toEqual({ received: true, duplicate: true, outcome: 'ignored' })
    expect(await notices()).toBe(before + 1)
    // The confirm call after the webhook answers the same, changes nothing.
    expect(await confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id })).toMatchObject({
      status: 'succeeded',
      booking_payment_status: 'paid',
    })
    expect(await notices()).toBe(before + 1)

    // Refunded in full from Stripe's dashboard: recorded.
    const refund = delivery({
      id: 'evt_refunded_1',
      type: 'charge.refunded',
      object: { id: 'ch_1', object: 'charge', payment_intent: made.payment_intent_id, refunded: true, refunds: { data: [{ id: 're_dashboard_1' }] } },
    })
    expect(await handlePaymentWebhook(as.traveler!, refund.payload, refund.header)).toMatchObject({ outcome: 'refunded' })
    expect(await paymentRow(made.id)).toMatchObject({ status: 'refunded', refundReference: 're_dashboard_1' })
    expect((await bookingRow(b.id)).paymentState).toBe('refunded')
  })

  it('refuses a correctly signed delivery older than five minutes (a replay) and writes nothing', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id)
    const payload = JSON.stringify({
      id: 'evt_stale_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: made.payment_intent_id, object: 'payment_intent' } },
    })
    const signedAt = (secondsAgo: number) =>
      sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - secondsAgo })
    const e = await domainErrorOf(handlePaymentWebhook(as.traveler!, payload, signedAt(6 * 60)))
    expect([e.code, e.message]).toEqual(['invalid', 'Invalid webhook signature.'])
    expect(await handle.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_stale_1'))).toHaveLength(0)
    expect(await paymentRow(made.id)).toMatchObject({ status: 'requires_payment' })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'pending', paymentState: 'unpaid' })
    // Within the tolerance the same delivery is taken.
    expect(await handlePaymentWebhook(as.traveler!, payload, signedAt(4 * 60))).toMatchObject({ outcome: 'settled' })
  })

  it('refuses a bad or missing signature (400) and writes nothing', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id)
    const forged = delivery({ id: 'evt_forged_1', type: 'payment_intent.succeeded', object: { id: made.payment_intent_id } }, 'whsec_someone_else')
    const e = await domainErrorOf(handlePaymentWebhook(as.traveler!, forged.payload, forged.header))
    expect([e.code, e.message]).toEqual(['invalid', 'Invalid webhook signature.'])
    const good = delivery({ id: 'evt_tampered_1', type: 'payment_intent.succeeded', object: { id: made.payment_intent_id } })
    expect((await domainErrorOf(handlePaymentWebhook(as.traveler!, good.payload.replace('evt_tampered_1', 'evt_tampered_2'), good.header))).code).toBe(
      'invalid',
    )
    expect((await domainErrorOf(handlePaymentWebhook(as.traveler!, good.payload, undefined))).code).toBe('invalid')
    expect(await handle.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged_1'))).toHaveLength(0)
    expect((await bookingRow(b.id)).paymentState).toBe('unpaid')
  })

  it('leaves a failed payment awaiting money, and ignores events about intents that are not ours', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    const failed = delivery({ id: 'evt_failed_1', type: 'payment_intent.payment_failed', object: { id: made.payment_intent_id } })
    expect(await handlePaymentWebhook(as.traveler!, failed.payload, failed.header)).toEqual({ received: true, duplicate: false, outcome: 'ignored' })
    expect((await paymentRow(made.id)).status).toBe('requires_payment')
    const stranger = delivery({ id: 'evt_stranger_1', type: 'payment_intent.succeeded', object: { id: 'pi_not_ours' } })
    expect(await handlePaymentWebhook(as.traveler!, stranger.payload, stranger.header)).toMatchObject({ outcome: 'ignored' })
    // A succeeded event Stripe does not back up (the intent is not succeeded there) records nothing.
    const early = delivery({ id: 'evt_early_1', type: 'payment_intent.succeeded', object: { id: made.payment_intent_id } })
    expect(await handlePaymentWebhook(as.traveler!, early.payload, early.header)).toMatchObject({ outcome: 'ignored' })
    expect((await bookingRow(b.id)).paymentState).toBe('unpaid')
  })

  it('money arriving for a booking cancelled meanwhile is recorded and goes straight back', async () => {
    const b = await booking()
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    await handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, b.id))
    fake.succeed(made.payment_intent_id)
    const { payload, header } = delivery({ id: 'evt_late_1', type: 'payment_intent.succeeded', object: { id: made.payment_intent_id } })
    expect(await handlePaymentWebhook(as.traveler!, payload, header)).toMatchObject({ outcome: 'settled' })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'cancelled', paymentState: 'refunded' })
    expect(fake.refunds.filter((r) => r.payment_intent === made.payment_intent_id)).toHaveLength(1)
  })
})

describe('Stripe refunds of part of a payment', () => {
  /** A paid booking of `amount` USD through Stripe. */
  async function paid(amount: string) {
    const b = await booking({ amount })
    const made = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    fake.succeed(made.payment_intent_id)
    await confirmPayment(as.traveler!, { payment_intent_id: made.payment_intent_id })
    return { b, made }
  }
  const refunded = (n: number, intent: string, inFull: boolean, amountRefunded: number) =>
    delivery({
      id: `evt_partial_${intent}_${n}`,
      type: 'charge.refunded',
      object: {
        id: `ch_${intent}`,
        object: 'charge',
        payment_intent: intent,
        amount: 3333333,
        amount_refunded: amountRefunded,
        refunded: inFull,
        refunds: { data: [{ id: `re_${intent}_${n}` }] },
      },
    })

  it('a part refunded from Stripe’s dashboard leaves the payment and the booking paid, to the cent; the rest refunded later records the refund', async () => {
    const { b, made } = await paid('33333.33')
    const part = refunded(1, made.payment_intent_id, false, 1000000)
    expect(await handlePaymentWebhook(as.traveler!, part.payload, part.header)).toEqual({ received: true, duplicate: false, outcome: 'ignored' })
    expect(await paymentRow(made.id)).toMatchObject({ status: 'succeeded', amount: '33333.33', currency: 'USD', refundedAt: null, refundReference: '' })
    expect(await bookingRow(b.id)).toMatchObject({ paymentState: 'paid', amount: '33333.33' })
    // Delivered again: the same event changes nothing.
    expect(await handlePaymentWebhook(as.traveler!, part.payload, part.header)).toMatchObject({ duplicate: true })

    const rest = refunded(2, made.payment_intent_id, true, 3333333)
    expect(await handlePaymentWebhook(as.traveler!, rest.payload, rest.header)).toMatchObject({ outcome: 'refunded' })
    expect(await paymentRow(made.id)).toMatchObject({ status: 'refunded', amount: '33333.33', refundReference: `re_${made.payment_intent_id}_2` })
    expect(await bookingRow(b.id)).toMatchObject({ paymentState: 'refunded', amount: '33333.33' })
  })

  it('a cancelled paid booking is refunded its exact amount in the smallest unit, never through a float', async () => {
    // 0.29 × 100 is 28.999999999999996 as a float; the other is the largest amount a booking holds (numeric(14, 2)).
    for (const [amount, minor] of [
      ['0.29', 29],
      ['999999999999.99', 99999999999999],
    ] as const) {
      const { b, made } = await paid(amount)
      await handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, b.id))
      expect(await refundAfterCancel(as.traveler!, b.id)).toBe('refunded')
      expect(fake.refunds.filter((r) => r.payment_intent === made.payment_intent_id).map((r) => r.amount)).toEqual([minor])
      expect(await paymentRow(made.id)).toMatchObject({ status: 'refunded', amount })
    }
  })
})
