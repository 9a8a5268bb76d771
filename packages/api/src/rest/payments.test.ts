import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertBooking, insertUser, refundAfterCancel, serviceContext } from '@meridian/core'
import { fakeStripeEnv, type FakeStripe, startFakeStripe } from '@meridian/core/testing'
import { bookings, eq, paymentEvents, payments, tripAssignments, trips, users } from '@meridian/db'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
let stripeServer: TestServer
let fake: FakeStripe
const token: Record<string, string> = {}
const ids: Record<string, number> = {}
const P = '/api/payments'
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** A pending booking of the traveler's on the expert's accepted trip, straight into the given server's database. */
async function booking(on: TestServer, over: { travelerId?: number; amount?: string; currency?: string } = {}) {
  const travelerId = over.travelerId ?? ids.traveler!
  const [trip] = await on.handle.db
    .insert(trips)
    .values({ title: 'Kyoto, Japan', startDate: day(20), endDate: day(25), travelers: 2, travelerId, expertId: ids.expert })
    .returning({ id: trips.id })
  await on.handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: ids.expert!, status: 'accepted' })
  return on.handle.db.transaction((tx) =>
    insertBooking(tx as never, {
      bookingType: 'activity',
      travelerId,
      tripId: trip!.id,
      title: 'Tea ceremony in Gion',
      serviceDate: day(21),
      partySize: 2,
      amount: over.amount ?? '240.00',
      currency: over.currency ?? 'USD',
    }),
  )
}

beforeAll(async () => {
  fake = await startFakeStripe()
  server = await startTestServer()
  // The same database and accounts, served with the Stripe provider switched on.
  stripeServer = await startTestServer({ handle: server.handle, env: fakeStripeEnv(fake.url) })
  const db = server.handle.db
  await insertUser(db, { username: 'stranger', email: 'stranger@example.com', password: 'meridian-demo', role: 'traveler' })
  for (const u of ['superadmin', 'admin', 'expert', 'specialist', 'traveler', 'editor', 'stranger']) {
    token[u] = (await server.login(u)).access
    ids[u] = (await db.select({ id: users.id }).from(users).where(eq(users.username, u)))[0]!.id
  }
})
afterAll(async () => {
  await stripeServer?.close()
  await server?.close()
  await fake?.close()
})

describe('/api/payments/ with the manual provider', () => {
  it('creates a payment (201), answers the live one again (200), and refuses what is not the caller’s to pay', async () => {
    const b = await booking(server)
    const made = await server.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id, amount: '1.00' } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      booking_id: b.id,
      booking_reference: b.reference,
      provider: 'manual',
      amount: '240.00',
      currency: 'USD',
      status: 'requires_payment',
      next_action: { type: 'manual', reference: b.reference },
    })
    const again = await server.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id } })
    expect([again.status, again.body.id]).toEqual([200, made.body.id])

    expect((await server.request(`${P}/create-intent/`, { body: { booking_id: b.id } })).status).toBe(401)
    // Someone else's booking reads as one that does not exist: a field error on booking_id, saying nothing of it.
    expect(await server.request(`${P}/create-intent/`, { token: token.stranger, body: { booking_id: b.id } })).toMatchObject({
      status: 400,
      body: { booking_id: ['Select one of your bookings.'] },
    })
    const specialist = await server.request(`${P}/create-intent/`, { token: token.specialist, body: { booking_id: b.id } })
    expect([specialist.status, specialist.body]).toEqual([403, { detail: 'Only travelers pay for their bookings.' }])
    expect(await server.request(`${P}/create-intent/`, { token: token.traveler, body: {} })).toMatchObject({
      status: 400,
      body: { booking_id: ['This field is required.'] },
    })
  })

  it('is confirmed by staff marking it received, once; the booking is then paid and confirmed', async () => {
    const b = await booking(server)
    const made = (await server.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id } })).body
    const own = await server.request(`${P}/confirm/`, { token: token.traveler, body: { payment_intent_id: made.payment_intent_id } })
    expect([own.status, own.body.detail]).toEqual([403, 'A bank transfer or payment on site is confirmed by staff when the money arrives.'])
    expect((await server.request(`${P}/${made.id}/mark-received/`, { token: token.traveler, body: {} })).status).toBe(403)
    expect((await server.request(`${P}/${made.id}/mark-received/`, { token: token.specialist, body: {} })).status).toBe(403)

    const [one, two] = await Promise.all([
      server.request(`${P}/${made.id}/mark-received/`, { token: token.expert, body: { method: 'bank_transfer' } }),
      server.request(`${P}/confirm/`, { token: token.admin, body: { payment_intent_id: made.payment_intent_id } }),
    ])
    expect([one.status, two.status]).toEqual([200, 200])
    expect(one.body).toMatchObject({ status: 'succeeded', booking_status: 'confirmed', booking_payment_status: 'paid' })
    expect(two.body).toMatchObject({ status: 'succeeded', booking_status: 'confirmed', booking_payment_status: 'paid' })
    const [row] = await server.handle.db.select().from(bookings).where(eq(bookings.id, b.id))
    expect(row).toMatchObject({ status: 'confirmed', paymentState: 'paid' })
    const paid = await server.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id } })
    expect([paid.status, paid.body]).toEqual([409, { detail: 'This booking is already paid.' }])

    // Cancelled afterwards: the refund is due, staff mark it paid out.
    await server.handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, b.id))
    await refundAfterCancel(serviceContext(server.app, null, { ipAddress: '', userAgent: '' }), b.id)
    const refunded = await server.request(`${P}/${made.id}/mark-refunded/`, { token: token.admin, body: { refund_reference: 'BANK-42' } })
    expect(refunded).toMatchObject({ status: 200, body: { status: 'refunded', refund_reference: 'BANK-42', booking_payment_status: 'refunded' } })
    expect((await server.request(`${P}/999999/mark-refunded/`, { token: token.admin, body: {} })).status).toBe(404)
  })

  it('lists the history DRF-paged newest first, each caller their own', async () => {
    const theirs = await booking(server, { travelerId: ids.stranger })
    await server.request(`${P}/create-intent/`, { token: token.stranger, body: { booking_id: theirs.id } })
    const mine = await server.request(`${P}/history/?page_size=1`, { token: token.traveler })
    expect(mine.status).toBe(200)
    expect(mine.body.count).toBe(2)
    expect(mine.body.next).toContain('page=2')
    expect(mine.body.results).toHaveLength(1)
    expect(mine.body.results[0].traveler_id).toBe(ids.traveler)
    const stranger = await server.request(`${P}/history/`, { token: token.stranger })
    expect(stranger.body.results.map((p: { booking_id: number }) => p.booking_id)).toEqual([theirs.id])
    expect((await server.request(`${P}/history/`, { token: token.admin })).body.count).toBe(3)
    expect((await server.request(`${P}/history/`, { token: token.editor })).status).toBe(403)
    expect((await server.request(`${P}/history/`)).status).toBe(401)

    const trpc = await server.request(`/trpc/payments.history?input=${encodeURIComponent(JSON.stringify({ page_size: 1 }))}`, { token: token.traveler })
    expect(trpc.status).toBe(200)
    expect(trpc.body.result.data).toMatchObject({ count: 2 })
    expect(trpc.body.result.data.next_cursor).toEqual(expect.any(String))
  })

  it('has no webhook: a delivery is refused with 400', async () => {
    const res = await server.request(`${P}/webhook/`, { body: { id: 'evt_1', type: 'payment_intent.succeeded' }, headers: { 'Stripe-Signature': 't=1,v1=00' } })
    expect([res.status, res.body]).toEqual([400, { detail: 'Payment webhooks are not in use: the manual provider has none.' }])
  })
})

describe('/api/payments/ with the Stripe provider', () => {
  const sdk = new Stripe('sk_test_meridian_fake')
  const send = (payload: string, signature: string | undefined) =>
    stripeServer.request(`${P}/webhook/`, { body: payload, headers: signature ? { 'Stripe-Signature': signature } : {} })

  it('pays by card: the intent, Stripe’s word, then a signed webhook; a bad signature 400, a replay ignored', async () => {
    const b = await booking(stripeServer, { amount: '9800.00', currency: 'JPY' })
    const made = await stripeServer.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ provider: 'stripe', client_secret: expect.stringMatching(/_secret_/), next_action: { type: 'stripe_payment_element' } })
    expect(fake.intents.get(made.body.payment_intent_id)).toMatchObject({ amount: 9800, currency: 'jpy' })

    const early = await stripeServer.request(`${P}/confirm/`, { token: token.traveler, body: { payment_intent_id: made.body.payment_intent_id } })
    expect(early.body).toMatchObject({ status: 'requires_payment', booking_payment_status: 'unpaid' })

    fake.succeed(made.body.payment_intent_id)
    // The body as Stripe sends it, compact JSON with its own spacing: the signature covers these exact bytes.
    const payload = `{"id": "evt_rest_1", "object": "event", "type": "payment_intent.succeeded", "data": {"object": {"id": "${made.body.payment_intent_id}"}}}`
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_meridian_fake' })

    const forged = await send(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }))
    expect([forged.status, forged.body]).toEqual([400, { detail: 'Invalid webhook signature.' }])
    expect((await send(payload, undefined)).status).toBe(400)
    expect(await stripeServer.handle.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_rest_1'))).toHaveLength(0)

    expect(await send(payload, header)).toMatchObject({ status: 200, body: { received: true, duplicate: false, outcome: 'settled' } })
    expect(await send(payload, header)).toMatchObject({ status: 200, body: { received: true, duplicate: true, outcome: 'ignored' } })
    const [row] = await stripeServer.handle.db.select().from(payments).where(eq(payments.id, made.body.id))
    expect(row).toMatchObject({ status: 'succeeded', method: 'card' })
    const confirmed = await stripeServer.request(`${P}/confirm/`, { token: token.traveler, body: { payment_intent_id: made.body.payment_intent_id } })
    expect(confirmed.body).toMatchObject({ status: 'succeeded', booking_status: 'confirmed', booking_payment_status: 'paid' })
  })

  it('an underpaid succeeded intent: confirm 409, create-intent again the same 409, the webhook records nothing; the booking stays unpaid', async () => {
    const b = await booking(stripeServer, { amount: '240.00' })
    const made = await stripeServer.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id } })
    expect(made.status).toBe(201)
    fake.succeed(made.body.payment_intent_id, 23999)
    const mismatch = { detail: 'The amount Stripe received does not match the booking: the payment was not recorded. Contact support.' }
    const confirm = await stripeServer.request(`${P}/confirm/`, { token: token.traveler, body: { payment_intent_id: made.body.payment_intent_id } })
    expect([confirm.status, confirm.body]).toEqual([409, mismatch])
    const again = await stripeServer.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id } })
    expect([again.status, again.body]).toEqual([409, mismatch])
    const payload = `{"id": "evt_rest_underpaid", "object": "event", "type": "payment_intent.succeeded", "data": {"object": {"id": "${made.body.payment_intent_id}"}}}`
    const webhook = await send(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_meridian_fake' }))
    expect(webhook).toMatchObject({ status: 200, body: { received: true, duplicate: false, outcome: 'ignored' } })
    const [payment] = await stripeServer.handle.db.select().from(payments).where(eq(payments.id, made.body.id))
    expect(payment).toMatchObject({ status: 'requires_payment', confirmedAt: null })
    const [row] = await stripeServer.handle.db.select().from(bookings).where(eq(bookings.id, b.id))
    expect(row).toMatchObject({ status: 'pending', paymentState: 'unpaid' })
  })

  it('a correctly signed webhook older than five minutes answers 400 and records nothing', async () => {
    const b = await booking(stripeServer)
    const made = await stripeServer.request(`${P}/create-intent/`, { token: token.traveler, body: { booking_id: b.id } })
    fake.succeed(made.body.payment_intent_id)
    const payload = `{"id": "evt_rest_stale", "object": "event", "type": "payment_intent.succeeded", "data": {"object": {"id": "${made.body.payment_intent_id}"}}}`
    const stale = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_meridian_fake', timestamp: Math.floor(Date.now() / 1000) - 301 })
    const res = await send(payload, stale)
    expect([res.status, res.body]).toEqual([400, { detail: 'Invalid webhook signature.' }])
    expect(await stripeServer.handle.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_rest_stale'))).toHaveLength(0)
    const [payment] = await stripeServer.handle.db.select().from(payments).where(eq(payments.id, made.body.id))
    expect(payment).toMatchObject({ status: 'requires_payment' })
    const [row] = await stripeServer.handle.db.select().from(bookings).where(eq(bookings.id, b.id))
    expect(row).toMatchObject({ paymentState: 'unpaid' })
  })
})
