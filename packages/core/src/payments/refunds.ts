import { and, bookings, type Database, eq, inArray, payments } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { recordRefund } from './mark-refunded.ts'
import { paymentProviderNamed } from './providers/index.ts'
import { refundOwedOf, settledPayments, shareRefund } from './refund-shares.ts'

type RefundState = 'refunded' | 'refund_due' | 'unpaid' | 'paid' | 'partly_paid'

/**
 * After a booking is cancelled (its transaction committed): what is owed goes back. The refund owed is what its
 * payments that went through add up to less its cancellation fee (docs/bookings.md "Cancellation policies"), shared
 * among them latest first (shareRefund); each payment with a share is recorded as refund due, then a provider that can
 * (Stripe: a partial refund of the share) pays it back; otherwise (the manual provider) it stays due for staff to pay
 * out and mark. Safe to call twice: a refund still due is asked again under the same idempotency key. Payments still
 * awaiting money are given up. Answers the booking's payment state afterwards ('unpaid' for a booking never paid;
 * 'paid' or 'partly_paid' when the fee keeps all that was paid).
 */
export async function refundAfterCancel(ctx: ServiceContext, bookingId: number, db: Database = ctx.db): Promise<RefundState> {
  const due = await db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ paymentState: bookings.paymentState, status: bookings.status, fee: bookings.cancellationFee, refundOwed: bookings.refundOwed })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update')
    if (!booking || booking.status !== 'cancelled') return []
    await tx
      .update(payments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'requires_payment')))
    const settled = await settledPayments(tx, bookingId)
    // Money that came after the cancellation counts too: the owed amount is read again from the payments.
    const owed = refundOwedOf(settled, booking.fee)
    if (booking.refundOwed !== owed) await tx.update(bookings).set({ refundOwed: owed, updatedAt: new Date() }).where(eq(bookings.id, bookingId))
    const shares = shareRefund(settled, owed).filter((s) => /[1-9]/.test(s.share) && s.payment.status !== 'refunded')
    if (!shares.length) return []
    // Recorded as due first: whatever happens at the provider next, the money owed is on record.
    const fresh = shares.filter((s) => s.payment.status === 'succeeded').map((s) => s.payment.id)
    if (fresh.length) await tx.update(payments).set({ status: 'refund_due', updatedAt: new Date() }).where(inArray(payments.id, fresh))
    if (booking.paymentState === 'paid' || booking.paymentState === 'partly_paid') {
      await tx.update(bookings).set({ paymentState: 'refund_due', updatedAt: new Date() }).where(eq(bookings.id, bookingId))
    }
    return shares
  })
  for (const { payment, share } of due) {
    const provider = paymentProviderNamed(ctx.config, payment.provider)
    if (!provider) continue
    let refund: Awaited<ReturnType<typeof provider.refund>>
    try {
      refund = await provider.refund(payment.intentId, share, payment.currency, `meridian-refund-${payment.id}`)
    } catch (error) {
      // Stripe unreachable or refusing: the refund stays due, on record for staff (and a later call asks again).
      console.warn(`[payments] refund of payment ${payment.id} through ${payment.provider} failed; it stays due: ${(error as Error).message}`)
      continue
    }
    if (refund === 'unsupported') continue
    await db.transaction((tx) => recordRefund(tx as unknown as Database, payment.id, bookingId, refund.refundId, null))
  }
  return currentState(db, bookingId)
}

async function currentState(db: Database, bookingId: number): Promise<RefundState> {
  const [row] = await db.select({ paymentState: bookings.paymentState }).from(bookings).where(eq(bookings.id, bookingId))
  return row?.paymentState ?? 'unpaid'
}
