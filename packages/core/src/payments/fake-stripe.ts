import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One PaymentIntent as the fake keeps it (the fields the provider reads). */
export interface FakeIntent {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: string
  client_secret: string
  metadata: Record<string, string>
  payment_method_types: string[]
  payment_method: null
  description: string
}

export interface FakeStripe {
  /** http://127.0.0.1:port, for STRIPE_API_BASE. */
  url: string
  intents: Map<string, FakeIntent>
  refunds: { id: string; payment_intent: string; amount: number; idempotencyKey: string }[]
  /** Every request: method, path, the form fields and the idempotency key. */
  requests: { method: string; path: string; form: Record<string, string>; idempotencyKey: string }[]
  /** What Stripe would do once the card went through: the intent succeeds with its whole amount. */
  succeed(id: string, amountReceived?: number): void
  /** Answer every request with this status (500: Stripe down) until set back to null. */
  failWith: number | null
  close(): Promise<void>
}

/**
 * A tiny stand-in for Stripe's HTTP API (there is no network here): the endpoints the Stripe provider calls —
 * create, retrieve and cancel a PaymentIntent, create a refund — with Stripe's shapes and its idempotency keys
 * (the same key answers the same object). The official SDK talks to it through its host/port/protocol options.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>()
  const byKey = new Map<string, unknown>()
  const refunds: FakeStripe['refunds'] = []
  const requests: FakeStripe['requests'] = []
  let counter = 0
  const fake = {} as FakeStripe
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    const path = (req.url ?? '/').split('?')[0]!
    const idempotencyKey = String(req.headers['idempotency-key'] ?? '')
    requests.push({ method: req.method ?? 'GET', path, form, idempotencyKey })
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++counter}` })
      res.end(JSON.stringify(body))
    }
    if (fake.failWith) return send(fake.failWith, { error: { type: 'api_error', message: 'Stripe is having a bad day.' } })
    const missing = (id: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } })
    // Stripe's idempotency: a POST with a key seen before answers what it answered then.
    if (req.method === 'POST' && idempotencyKey && byKey.has(`${path}:${idempotencyKey}`)) return send(200, byKey.get(`${path}:${idempotencyKey}`))
    const remember = (body: unknown) => {
      if (idempotencyKey) byKey.set(`${path}:${idempotencyKey}`, body)
      send(200, body)
    }
    let m: RegExpExecArray | null
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_fake${++counter}`
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${counter}`,
        metadata: Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : []))),
        payment_method_types: ['card'],
        payment_method: null,
        description: form.description ?? '',
      }
      intents.set(id, intent)
      return remember(intent)
    }
    if (req.method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = intents.get(m[1]!)
      return intent ? send(200, intent) : missing(m[1]!)
    }
    if (req.method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) {
      const intent = intents.get(m[1]!)
      if (!intent) return missing(m[1]!)
      intent.status = 'canceled'
      return remember(intent)
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '')
      if (!intent) return missing(form.payment_intent ?? '')
      const refund = {
        id: `re_fake${++counter}`,
        object: 'refund',
        payment_intent: intent.id,
        amount: Number(form.amount ?? intent.amount),
        status: 'succeeded',
        idempotencyKey,
      }
      refunds.push(refund)
      return remember(refund)
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    intents,
    refunds,
    requests,
    failWith: null,
    succeed(id: string, amountReceived?: number) {
      const intent = intents.get(id)
      if (!intent) throw new Error(`no intent ${id}`)
      intent.status = 'succeeded'
      intent.amount_received = amountReceived ?? intent.amount
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
  return fake
}

/** Settings that switch the Stripe provider on against a fake (test keys only: nothing here is a real secret). */
export function fakeStripeEnv(url: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_meridian_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_meridian_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_meridian_fake',
    STRIPE_API_BASE: url,
  }
}
