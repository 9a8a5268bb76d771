import { type Database, paymentEvents } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { recordRefund } from './mark-refunded.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { activePaymentProvider, type ProviderEvent, WebhookSignatureError } from './providers/index.ts'
import { receivedInFull } from './received.ts'
import type { Settled } from './settle.ts'
import { intentTotal, paymentsOfIntent, settleIntent } from './intent-payments.ts'
import { afterSettle } from './confirm.ts'
import { viaProvider } from './provider-errors.ts'

export interface WebhookAnswer {
  received: true
  /** The event was handled before (a redelivery): nothing changed. */
  duplicate: boolean
  /** What it did: 'settled', 'refunded', or 'ignored' (an event about nothing of ours, or nothing to change). */
  outcome: 'settled' | 'refunded' | 'ignored'
}

/**
 * POST /api/payments/webhook/: a provider's event, its signature checked on the raw body (400 when it does not hold,
 * or when the provider has no webhooks). Each event id is handled once (payment_events, in the same transaction as
 * its effect, so a failure leaves it for the provider's next delivery). payment_intent.succeeded records the money
 * (as a confirm does), payment_intent.payment_failed leaves the payment awaiting money, charge.refunded in full
 * records the refund.
 */
export async function handlePaymentWebhook(ctx: ServiceContext, rawBody: Buffer | string, signatureHeader: string | undefined): Promise<WebhookAnswer> {
  const provider = activePaymentProvider(ctx.config)
  let event: ProviderEvent
  try {
    if (!signatureHeader) throw new WebhookSignatureError('no signature header')
    event = provider.verifyWebhook(rawBody, signatureHeader)
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new DomainError('invalid', provider.name === 'manual' ? PAYMENT_MESSAGES.webhooksOff : PAYMENT_MESSAGES.badSignature)
    }
    throw error
  }
  let settled: Settled[] = []
  const answer = await ctx.db.transaction(async (tx): Promise<WebhookAnswer> => {
    const [first] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: provider.name, eventType: event.type })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id })
    if (!first) return { received: true, duplicate: true, outcome: 'ignored' }
    const ignored: WebhookAnswer = { received: true, duplicate: false, outcome: 'ignored' }
    if (!event.intentId) return ignored
    // Every payment of the intent: one, or one per line of a package paid by card.
    const rows = await paymentsOfIntent(tx, provider.name, event.intentId)
    if (!rows.length) return ignored
    if (event.type === 'payment_intent.succeeded') {
      // The event's own figures are not trusted alone: the intent is read back from the provider.
      const state = await viaProvider(() => provider.retrieve(event.intentId!))
      if (state.status !== 'succeeded') return ignored
      const total = intentTotal(rows)
      if (!receivedInFull(total, state)) {
        // Acknowledged (Stripe would only send it again), not recorded: confirm answers the traveler 409, staff look.
        console.warn(
          `[payments] payments ${rows.map((p) => p.id).join(', ')}: Stripe reports ${state.amountReceived} ${state.currency} received, not ${total.amount} ${total.currency}; not recorded`,
        )
        return ignored
      }
      settled = await settleIntent(tx as unknown as Database, rows, { userId: null, method: state.method })
      return { received: true, duplicate: false, outcome: settled.some((s) => s.changed) ? 'settled' : 'ignored' }
    }
    const refundable = rows.filter((p) => p.status === 'succeeded' || p.status === 'refund_due')
    if (event.type === 'charge.refunded' && event.refundedInFull && refundable.length) {
      // The whole charge went back: every payment of it is refunded.
      for (const p of refundable) await recordRefund(tx as unknown as Database, p.id, p.bookingId, event.refundId ?? '', null, ['succeeded', 'refund_due'])
      return { received: true, duplicate: false, outcome: 'refunded' }
    }
    return ignored
  })
  for (const done of settled) await afterSettle(ctx, done)
  return answer
}
