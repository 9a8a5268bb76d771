import { and, type Database, eq, inArray, payments } from '@meridian/db'
import { idOf } from '../currencies/shared.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { requirePaymentScope, requirePaymentStaff, staffOn, visiblePayment } from './access.ts'
import { intentTotal, paymentsOfIntent, settleIntent } from './intent-payments.ts'
import { MANUAL_METHODS, PAYMENT_MESSAGES } from './messages.ts'
import { viaProvider } from './provider-errors.ts'
import { paymentProviderNamed } from './providers/index.ts'
import { assertReceivedInFull } from './received.ts'
import { refundAfterCancel } from './refunds.ts'
import { paymentAnswer, type PaymentAnswer, type PaymentRow } from './serialize.ts'
import { type Settled, settlePayment } from './settle.ts'

function intentIdField(input: unknown): string {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).payment_intent_id : undefined
  if (raw === undefined || raw === null || raw === '') throw DomainError.invalid({ payment_intent_id: ['This field is required.'] })
  if (typeof raw !== 'string' || raw.length > 255 || !/^[A-Za-z0-9_]+$/.test(raw))
    throw DomainError.invalid({ payment_intent_id: ['Enter a valid payment intent id.'] })
  return raw
}

/** After the settling transaction committed: money that must go back does (a duplicate, a booking cancelled meanwhile). */
export async function afterSettle(ctx: ServiceContext, settled: Settled): Promise<void> {
  if (settled.refundAfter) await refundAfterCancel(ctx, settled.booking.id)
  if (settled.duplicate) await refundDuplicate(ctx, settled.payment)
}

/** A second payment that went through for an already paid booking: paid back through its provider, noted on it. */
async function refundDuplicate(ctx: ServiceContext, payment: PaymentRow): Promise<void> {
  const provider = paymentProviderNamed(ctx.config, payment.provider)
  if (!provider || payment.refundReference) return
  const refund = await viaProvider(
    () => provider.refund(payment.intentId, payment.amount, payment.currency, `meridian-duplicate-${payment.id}`),
    payment.currency,
  )
  if (refund === 'unsupported') return
  await ctx.db.update(payments).set({ refundedAt: new Date(), refundReference: refund.refundId, updatedAt: new Date() }).where(eq(payments.id, payment.id))
}

async function settle(ctx: ServiceContext, paymentId: number, by: { userId: number | null; method?: string }): Promise<PaymentAnswer> {
  const settled = await ctx.db.transaction((tx) => settlePayment(tx as unknown as Database, paymentId, by))
  await afterSettle(ctx, settled)
  return paymentAnswer(settled.payment, settled.booking)
}

/**
 * POST /api/payments/confirm/ `{payment_intent_id}`: record a payment that went through. Stripe: asked of Stripe
 * (the client's word is not enough), recorded only when Stripe says succeeded with the intent's amount; otherwise the
 * payment as it stands. A package paid by card is one intent for several payments: they are recorded together. Manual: the confirm is staff marking the money received (the traveler cannot). Idempotent:
 * confirming twice, or twice at once, confirms once and answers the same.
 */
export async function confirmPayment(ctx: ServiceContext, input: unknown): Promise<PaymentAnswer & { provider_status: string }> {
  requirePaymentScope(ctx)
  const intentId = intentIdField(input)
  const { actor, scope, payment, booking } = await visiblePayment(ctx, { intentId })
  const current = { ...paymentAnswer(payment, booking), provider_status: payment.status }
  // Every payment of the intent: one, or one per line of a package paid by card (answered as the first the caller sees).
  const rows = payment.provider === 'manual' ? [payment] : await paymentsOfIntent(ctx.db, payment.provider, payment.intentId)
  if (!rows.some((p) => p.status === 'requires_payment')) return current
  const provider = paymentProviderNamed(ctx.config, payment.provider)
  if (!provider) throw new DomainError('conflict', PAYMENT_MESSAGES.providerOff)
  if (!provider.selfConfirm) {
    if (!staffOn(actor, scope, booking)) throw new DomainError('forbidden', PAYMENT_MESSAGES.manualConfirm)
    return { ...(await settle(ctx, payment.id, { userId: actor.id, method: payment.method || 'bank_transfer' })), provider_status: 'succeeded' }
  }
  const state = await viaProvider(() => provider.retrieve(payment.intentId))
  if (state.status === 'succeeded') {
    assertReceivedInFull(intentTotal(rows), state)
    const settled = await ctx.db.transaction((tx) => settleIntent(tx as unknown as Database, rows, { userId: actor.id, method: state.method }))
    for (const done of settled) await afterSettle(ctx, done)
    const mine = settled.find((s) => s.payment.id === payment.id)
    return { ...(mine ? paymentAnswer(mine.payment, mine.booking) : current), provider_status: state.status }
  }
  if (state.status === 'cancelled') {
    const given = await ctx.db
      .update(payments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(
        and(
          inArray(
            payments.id,
            rows.map((p) => p.id),
          ),
          eq(payments.status, 'requires_payment'),
        ),
      )
      .returning()
    return { ...paymentAnswer(given.find((p) => p.id === payment.id) ?? payment, booking), provider_status: state.status }
  }
  return { ...current, provider_status: state.status }
}

/** `method` of a manual mark: bank_transfer (left out) or on_site; else a field error. */
export function methodField(input: unknown): string {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).method : undefined
  if (raw === undefined || raw === null || raw === '') return 'bank_transfer'
  if (typeof raw !== 'string' || !(MANUAL_METHODS as readonly string[]).includes(raw)) {
    throw DomainError.invalid({ method: [`Choose one of: ${MANUAL_METHODS.join(', ')}.`] })
  }
  return raw
}

/**
 * POST /api/payments/{id}/mark-received/ `{method?: bank_transfer | on_site}`: staff (admin, superadmin, the expert
 * handling the traveler) record the money of a manual payment; its booking is then paid, and confirmed if pending.
 * Again: the same answer, nothing changes.
 */
export async function markPaymentReceived(ctx: ServiceContext, rawId: unknown, input: unknown = {}): Promise<PaymentAnswer> {
  requirePaymentStaff(ctx)
  const id = idOf(rawId, PAYMENT_MESSAGES.notFound)
  const { actor, scope, payment, booking } = await visiblePayment(ctx, { id })
  if (!staffOn(actor, scope, booking)) throw new DomainError('forbidden', PAYMENT_MESSAGES.staffOnly)
  const method = methodField(input)
  if (payment.provider !== 'manual') throw new DomainError('conflict', PAYMENT_MESSAGES.notManual)
  return settle(ctx, payment.id, { userId: actor.id, method })
}
