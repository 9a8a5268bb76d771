import { parseRecordId } from '@meridian/validators'
import { and, desc, eq, payments } from '@meridian/db'
import { giveUpPayments, paymentsOfIntent } from './intent-payments.ts'
import { linePayment, lineToPay, type ScheduleLine } from './lines.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { loadPaymentBooking, type PaymentBooking, requirePayer } from './access.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { AmountNotChargeableError, toMinorUnits } from './money.ts'
import { viaProvider } from './provider-errors.ts'
import { activePaymentProvider, type NextAction } from './providers/index.ts'
import { assertReceivedInFull } from './received.ts'
import { serializePayment } from './serialize.ts'
import { settlePayment } from './settle.ts'

/** A record id from a body field, or a field error on it. */
export function recordIdField(input: unknown, field: string): number {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[field] : undefined
  if (raw === undefined || raw === null || raw === '') throw DomainError.invalid({ [field]: ['This field is required.'] })
  const id = parseRecordId(raw)
  if (id === null) throw DomainError.invalid({ [field]: ['A valid integer is required.'] })
  return id
}

/** An optional record id from a body field (null when absent), or a field error on it. */
export function optionalIdField(input: unknown, field: string): number | null {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[field] : undefined
  if (raw === undefined || raw === null || raw === '') return null
  const id = parseRecordId(raw)
  if (id === null) throw DomainError.invalid({ [field]: ['A valid integer is required.'] })
  return id
}

/**
 * Whether a booking can be paid now: not cancelled, priced, with a line of its schedule still due (the one named, or
 * the next). 409 with the reason otherwise. Answers the line a payment would pay.
 */
export async function assertPayable(
  db: Parameters<typeof lineToPay>[0],
  booking: PaymentBooking,
  provider: { name: string },
  lineId: number | null = null,
): Promise<ScheduleLine> {
  if (booking.status === 'cancelled') throw new DomainError('conflict', PAYMENT_MESSAGES.bookingCancelled)
  if (booking.paymentState === 'paid') throw new DomainError('conflict', PAYMENT_MESSAGES.alreadyPaid)
  if (booking.paymentState === 'refunded' || booking.paymentState === 'refund_due')
    throw new DomainError('conflict', PAYMENT_MESSAGES.refundState(booking.paymentState))
  if (Number(booking.amount) === 0) throw new DomainError('conflict', PAYMENT_MESSAGES.notQuoted)
  const line = await lineToPay(db, booking.id, lineId)
  if (!line) throw new DomainError('conflict', PAYMENT_MESSAGES.alreadyPaid)
  if (provider.name === 'stripe') {
    try {
      toMinorUnits(line.amount, line.currency)
    } catch (error) {
      if (error instanceof AmountNotChargeableError) throw new DomainError('conflict', PAYMENT_MESSAGES.notChargeable(line.currency))
      throw error
    }
  }
  return line
}

/**
 * POST /api/payments/create-intent/ `{booking_id, line_id?}`: a payment for one of the traveler's own bookings (404
 * for another's), in the configured provider, of one line of its schedule (the one named, else the next due: the
 * deposit, then the balance), for the line's amount and currency (never the client's). Asked again for the same line
 * it answers the live payment rather than a second (`created: false`); a line re-cut since (a stay re-quoted) gets a
 * new one and the old one is given up. With the next step: the bank details and the
 * reference to quote (manual), or Stripe.js's client secret.
 */
export async function createPaymentIntent(ctx: ServiceContext, input: unknown) {
  const actor = requirePayer(ctx)
  const bookingId = recordIdField(input, 'booking_id')
  const lineId = optionalIdField(input, 'line_id')
  const provider = activePaymentProvider(ctx.config)
  return ctx.db.transaction(async (tx) => {
    // The booking's row is held until the payment is written: two creates for one booking take turns.
    const booking = await loadPaymentBooking(tx, bookingId, actor, true)
    if (!booking || booking.travelerId !== actor.id) throw DomainError.invalid({ booking_id: [PAYMENT_MESSAGES.bookingChoice] })
    const line = await assertPayable(tx, booking, provider, lineId)
    // The live payments of this line, and of lines re-cut since (no line any more): nobody pays those.
    const live = (
      await tx
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'requires_payment')))
        .orderBy(desc(payments.id))
    ).filter((p) => p.scheduleLineId === line.id || p.scheduleLineId === null)
    const candidate = live.find((p) => p.scheduleLineId === line.id && p.provider === provider.name && p.amount === line.amount && p.currency === line.currency)
    // A card payment of a whole package (one intent for several lines) is not this line's alone: paying the booking on
    // its own gives that one up.
    const reusable =
      candidate && (candidate.provider === 'manual' || (await paymentsOfIntent(tx, candidate.provider, candidate.intentId)).length === 1)
        ? candidate
        : undefined
    const ref = { reference: booking.reference, title: booking.title, travelerId: booking.travelerId }
    const answer = (p: typeof payments.$inferSelect, clientSecret: string | null, nextAction: NextAction, created: boolean) => ({
      ...serializePayment(p, ref),
      client_secret: clientSecret,
      next_action: nextAction,
      created,
    })
    if (reusable) {
      const state = await viaProvider(() => provider.retrieve(reusable.intentId))
      if (state.status === 'succeeded') {
        // Paid at Stripe, not recorded yet (the confirm and the webhook are on their way): record it now, if it is the
        // booking's money; otherwise 409 as confirm answers (the traveler is not asked to pay a second time).
        assertReceivedInFull(reusable, state)
        const settled = await settlePayment(tx, reusable.id, { userId: actor.id, method: state.method })
        return answer(settled.payment, null, provider.nextAction(booking.reference), false)
      }
      if (state.status !== 'cancelled') return answer(reusable, state.clientSecret, provider.nextAction(booking.reference), false)
    }
    const givenUp = await giveUpPayments(tx, live)
    const made = await tx.$count(payments, eq(payments.bookingId, booking.id))
    const created = await viaProvider(
      () =>
        provider.createIntent({
          amount: line.amount,
          currency: line.currency,
          bookingId: booking.id,
          reference: booking.reference,
          // A retry after a failed write asks for the same intent again, not a second one.
          idempotencyKey: `meridian-booking-${booking.id}-line-${line.id}-${made + 1}-${line.amount}-${line.currency}`,
        }),
      line.currency,
    )
    const [row] = await tx
      .insert(payments)
      .values(linePayment(line, { provider: provider.name, intentId: created.intentId }, actor.id))
      .returning()
    // Intents given up at the provider too (best effort: nobody can pay them from here any more).
    for (const old of givenUp) if (old.provider === provider.name) await provider.cancel(old.intentId).catch(() => undefined)
    return answer(row!, created.clientSecret, created.nextAction, true)
  })
}
