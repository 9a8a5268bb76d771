import { and, bookings, type Database, eq, payments, sql } from '@meridian/db'
import type { BookingRow } from '../bookings/record.ts'
import { DomainError } from '../errors.ts'
import { BOOKING_NOTIFICATION_KIND } from '../bookings/notify-booking.ts'
import { notify, type NotificationKind } from '../notifications/notify.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import type { PaymentRow } from './serialize.ts'

/** A payment received or refunded is booking news: the bell's booking kind. */
export const PAYMENT_NOTIFICATION_KIND: NotificationKind = BOOKING_NOTIFICATION_KIND

export interface Settled {
  payment: PaymentRow
  booking: BookingRow
  /** Whether this call recorded the money (false: it was recorded before, the answer is the same). */
  changed: boolean
  /** The money came for a booking already paid by another payment: this one is cancelled and must go back. */
  duplicate: boolean
  /** The booking was cancelled before the money came: it goes back (refundAfterCancel) once this commits. */
  refundAfter: boolean
}

/** The payment's booking id, read without a lock (to lock the booking first: bookings, then payments, everywhere). */
export async function paymentBookingId(db: Database, paymentId: number): Promise<number | null> {
  const [row] = await db.select({ bookingId: payments.bookingId }).from(payments).where(eq(payments.id, paymentId))
  return row?.bookingId ?? null
}

/**
 * Record the money of one payment, inside the caller's transaction, with the booking and the payment locked (in that
 * order): the payment succeeded, the booking paid, and a pending booking confirmed (a payment confirms its booking);
 * the traveler told (unless they did it). Idempotent: a payment already settled answers unchanged, so two confirms
 * at once confirm once.
 */
export async function settlePayment(tx: Database, paymentId: number, by: { userId: number | null; method?: string }): Promise<Settled> {
  const bookingId = await paymentBookingId(tx, paymentId)
  if (bookingId === null) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound)
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
  if (!booking || !payment) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound)
  const same = { payment, booking, changed: false, duplicate: false, refundAfter: false }
  if (payment.status === 'succeeded' || payment.status === 'refund_due' || payment.status === 'refunded') return same
  if (payment.status === 'cancelled') {
    if (payment.provider === 'manual') throw new DomainError('conflict', PAYMENT_MESSAGES.paymentCancelled)
    return same
  }
  if (booking.paymentState !== 'unpaid') {
    // Money for a booking another payment already paid: this one is given up, and its money goes back.
    const [cancelled] = await tx.update(payments).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(payments.id, payment.id)).returning()
    return { ...same, payment: cancelled!, duplicate: true }
  }
  const now = new Date()
  const [paid] = await tx
    .update(payments)
    .set({ status: 'succeeded', confirmedAt: now, confirmedBy: by.userId, method: by.method ?? payment.method, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'requires_payment')))
    .returning()
  const confirming = booking.status === 'pending'
  const [updated] = await tx
    .update(bookings)
    .set({
      paymentState: 'paid',
      ...(confirming ? { status: 'confirmed' as const, confirmedAt: now, confirmedBy: by.userId } : {}),
      updatedAt: now,
    })
    .where(eq(bookings.id, booking.id))
    .returning()
  // Other intents of this booking nobody will pay any more.
  await tx
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'requires_payment'), sql`${payments.id} <> ${payment.id}`))
  await notify(tx, by.userId === booking.travelerId ? [] : [booking.travelerId], {
    kind: PAYMENT_NOTIFICATION_KIND,
    title: PAYMENT_MESSAGES.received(booking.reference),
    body: PAYMENT_MESSAGES.receivedBody(`${paid!.amount} ${paid!.currency}`, confirming),
    link: `/dashboard/bookings/${booking.id}/pay`,
  })
  return { payment: paid!, booking: updated!, changed: true, duplicate: false, refundAfter: booking.status === 'cancelled' }
}
