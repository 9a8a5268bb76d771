import type { PaymentProviderName } from '@meridian/validators/booking-constants'

/** What the traveler does next to pay (the pay screen and the create-intent answer's `next_action`). */
export type NextAction =
  | {
      /** Bank transfer or pay on site: staff mark the payment received when the money arrives. */
      type: 'manual'
      /** What to quote with the transfer: the booking's reference. */
      reference: string
      /** The account to pay into (PAYMENT_BANK_DETAILS), or '' when staff give it. */
      bank_details: string
    }
  | {
      /** Stripe.js's Payment Element with the intent's client secret, then POST /api/payments/confirm/. */
      type: 'stripe_payment_element'
      publishable_key: string
    }

export interface CreateIntentInput {
  /** Exact decimal text, 2 places, from the booking. */
  amount: string
  currency: string
  bookingId: number
  reference: string
  /** Repeating the same create (a retry) answers the same intent at the provider. */
  idempotencyKey: string
}

export interface CreatedIntent {
  intentId: string
  /** Handed to the browser (Stripe.js); null where nothing is paid in the browser. */
  clientSecret: string | null
  nextAction: NextAction
}

/** An intent as the provider sees it now. */
export interface IntentState {
  status: 'requires_payment' | 'processing' | 'succeeded' | 'cancelled'
  /** What was received, in the smallest unit, and its currency (lower or upper case as the provider writes it). */
  amountReceived: number | null
  currency: string | null
  /** How it was paid ('card' …), when known. */
  method: string
  clientSecret: string | null
}

/** A provider's webhook event, already checked. */
export interface ProviderEvent {
  id: string
  type: string
  /** The intent the event is about, when it is about one. */
  intentId: string | null
  /** charge.refunded: whether the whole amount went back, and the refund's id. */
  refundedInFull?: boolean
  refundId?: string
}

/**
 * One way of taking money (docs/bookings.md "Payments"): manual (bank transfer or pay on site, staff confirm) or
 * Stripe. The services never talk to a provider's API but through this.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** Whether the traveler pays in the browser and confirms it themselves (Stripe); otherwise staff confirm. */
  readonly selfConfirm: boolean
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>
  /** The intent's state at the provider (for the manual provider: always awaiting money; staff confirm it). */
  retrieve(intentId: string): Promise<IntentState>
  /** Give up an intent nobody will pay (its booking was re-quoted or cancelled). */
  cancel(intentId: string): Promise<void>
  /** Pay the amount back; 'unsupported' when the provider cannot (the refund is then recorded as due). */
  refund(intentId: string, amount: string, currency: string, idempotencyKey: string): Promise<{ refundId: string } | 'unsupported'>
  /** Check a webhook's signature on its raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string): ProviderEvent
  /** The next step for an intent that already exists (answered again for the same unpaid booking). */
  nextAction(reference: string): NextAction
}

/** A webhook whose signature does not hold, or that comes to a provider without webhooks: 400. */
export class WebhookSignatureError extends Error {}

/** The provider's API could not be reached (or is down): the service answers 503 and changes nothing. */
export class ProviderUnavailableError extends Error {}

/** The provider refused the request (a card declined, an amount it does not take): 409 with its words. */
export class ProviderRefusedError extends Error {}
