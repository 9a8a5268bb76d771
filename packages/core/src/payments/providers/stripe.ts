import type Stripe from 'stripe'
import type { StripeSettings } from '../../config.ts'
import { toMinorUnits } from '../money.ts'
import { type IntentState, type PaymentProvider, type ProviderEvent, ProviderRefusedError, ProviderUnavailableError, WebhookSignatureError } from './types.ts'
import { lazyModule } from '../../lazy-module.ts'

/** The SDK, loaded when the Stripe provider is first built (a site on manual payments never loads it). */
const stripeSdk = lazyModule<typeof Stripe>('stripe')

/** Stripe's failures that say "try again later" rather than "this request is wrong". */
const UNAVAILABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError', 'StripeAuthenticationError', 'StripePermissionError'])

/** A Stripe failure as the services know them: unavailable (503) or refused with Stripe's words (409). */
function providerError(error: unknown): Error {
  const type = (error as { type?: string } | null)?.type
  if (type && UNAVAILABLE.has(type)) return new ProviderUnavailableError(`Stripe: ${(error as Error).message}`, { cause: error })
  if (type) return new ProviderRefusedError((error as Error).message, { cause: error })
  return error as Error
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw providerError(error)
  }
}

const STATUS: Record<string, IntentState['status']> = { succeeded: 'succeeded', processing: 'processing', canceled: 'cancelled' }

/**
 * Stripe through its official SDK (PAYMENT_PROVIDER=stripe): a PaymentIntent per payment, paid in the browser with
 * the Payment Element, confirmed by asking Stripe (never by the client's word) and by signed webhooks.
 * STRIPE_API_BASE points the SDK elsewhere (stripe-mock, the tests' fake API).
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : null
  const stripe = new (stripeSdk())(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Meridian Travel' },
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  })
  return {
    name: 'stripe',
    selfConfirm: true,
    async createIntent({ amount, currency, bookingId, reference, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: toMinorUnits(amount, currency),
            currency: currency.toLowerCase(),
            description: `Meridian Travel booking ${reference}`,
            metadata: { booking_id: String(bookingId), reference },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        ),
      )
      return { intentId: intent.id, clientSecret: intent.client_secret, nextAction: this.nextAction(reference) }
    },
    async retrieve(intentId) {
      const intent = await call(() => stripe.paymentIntents.retrieve(intentId))
      const method = typeof intent.payment_method === 'object' && intent.payment_method ? intent.payment_method.type : (intent.payment_method_types?.[0] ?? '')
      return {
        status: STATUS[intent.status] ?? 'requires_payment',
        amountReceived: intent.amount_received ?? null,
        currency: intent.currency ?? null,
        method,
        clientSecret: intent.client_secret,
      }
    },
    async cancel(intentId) {
      await call(() => stripe.paymentIntents.cancel(intentId))
    },
    async refund(intentId, amount, currency, idempotencyKey) {
      const refund = await call(() => stripe.refunds.create({ payment_intent: intentId, amount: toMinorUnits(amount, currency) }, { idempotencyKey }))
      return { refundId: refund.id }
    },
    verifyWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret)
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message, { cause: error })
      }
      return eventOf(event)
    },
    nextAction() {
      return { type: 'stripe_payment_element', publishable_key: settings.publishableKey }
    },
  }
}

/** The parts of a Stripe event the services act on. */
function eventOf(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as unknown as Record<string, unknown>
  if (event.type.startsWith('payment_intent.')) return { id: event.id, type: event.type, intentId: typeof object.id === 'string' ? object.id : null }
  if (event.type === 'charge.refunded') {
    const intent = object.payment_intent
    const refunds = (object.refunds as { data?: { id: string }[] } | undefined)?.data ?? []
    return {
      id: event.id,
      type: event.type,
      intentId: typeof intent === 'string' ? intent : typeof intent === 'object' && intent ? String((intent as { id: unknown }).id) : null,
      refundedInFull: object.refunded === true,
      refundId: refunds[0]?.id,
    }
  }
  return { id: event.id, type: event.type, intentId: null }
}
