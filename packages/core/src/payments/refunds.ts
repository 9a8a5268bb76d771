import { and, bookings, type Database, eq, inArray, payments } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { recordRefund } from './mark-refunded.ts'
import { paymentProviderNamed } from './providers/index.ts'

/**
 * After a paid booking is cancelled (its transaction committed): the money goes back. A provider that can refund
 * (Stripe) does so; otherwise (the manual provider: bank transfer, pay on site) the refund is recorded as due, for
 * staff to pay out and mark. Safe to call twice: a refund still due through Stripe is asked again under the same
 * idempotency key (one refund at Stripe however often). An unpaid booking's payments awaiting money are given up.
 * Answers the booking's payment state afterwards.
 */
export async function refundAfterCancel(ctx: ServiceContext, bookingId: number, db: Database = ctx.db): Promise<'refunded' | 'refund_due' | 'unpaid'> {
  const due = await db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ paymentState: bookings.paymentState, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update')
    if (!booking) return null
    if (booking.paymentState === 'unpaid') {
      if (booking.status === 'cancelled') {
        await tx
          .update(payments)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'requires_payment')))
      }
      return null
    }
    if (booking.paymentState === 'refunded') return null
    // Recorded as due first: whatever happens at the provider next, the money owed is on record.
    if (booking.paymentState === 'paid') {
      await tx
        .update(payments)
        .set({ status: 'refund_due', updatedAt: new Date() })
        .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded'])))
      await tx.update(bookings).set({ paymentState: 'refund_due', updatedAt: new Date() }).where(eq(bookings.id, bookingId))
    }
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'refund_due')))
    return payment ?? null
  })
  if (!due) return currentState(db, bookingId)
  const provider = paymentProviderNamed(ctx.config, due.provider)
  if (!provider) return 'refund_due'
  let refund: Awaited<ReturnType<typeof provider.refund>>
  try {
    refund = await provider.refund(due.intentId, due.amount, due.currency, `meridian-refund-${due.id}`)
  } catch (error) {
    // Stripe unreachable or refusing: the refund stays due, on record for staff (and a later call asks again).
    console.warn(`[payments] refund of payment ${due.id} through ${due.provider} failed; it stays due: ${(error as Error).message}`)
    return 'refund_due'
  }
  if (refund === 'unsupported') return 'refund_due'
  await db.transaction((tx) => recordRefund(tx as unknown as Database, due.id, bookingId, refund.refundId, null))
  return 'refunded'
}

async function currentState(db: Database, bookingId: number): Promise<'refunded' | 'refund_due' | 'unpaid'> {
  const [row] = await db.select({ paymentState: bookings.paymentState }).from(bookings).where(eq(bookings.id, bookingId))
  if (!row || row.paymentState === 'paid' || row.paymentState === 'partly_paid') return 'unpaid'
  return row.paymentState
}
