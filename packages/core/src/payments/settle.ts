import { and, bookings, type Database, eq, paymentScheduleLines, payments, sql } from '@meridian/db'
import type { BookingRow } from '../bookings/record.ts'
import { DomainError } from '../errors.ts'
import { BOOKING_NOTIFICATION_KIND } from '../bookings/notify-booking.ts'
import { notify, type NotificationKind } from '../notifications/notify.ts'
import { payLine, scheduleOf, scheduleSummary, stateOfLines } from './lines.ts'
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
 * Record the money of one payment, inside the caller's transaction, with the booking, the payment and its schedule
 * line locked (in that order): the payment succeeded, its line paid, the booking paid (every line paid or waived) or
 * partly paid (a deposit), and a pending booking confirmed (a payment confirms its booking); the traveler told (unless
 * they did it), with what is due next. Idempotent: a payment already settled answers unchanged, so two confirms at
 * once confirm once. A payment made before schedules (no line) pays the whole booking, as it always did.
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
  const [line] = payment.scheduleLineId === null ? [] : await tx.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.id, payment.scheduleLineId)).for('update')
  const alreadyPaid = line ? line.status === 'paid' || line.status === 'waived' : booking.paymentState !== 'unpaid'
  if (alreadyPaid || booking.paymentState === 'refunded' || booking.paymentState === 'refund_due') {
    // Money for a line (or a booking) another payment already paid: this one is given up, and its money goes back.
    const [cancelled] = await tx.update(payments).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(payments.id, payment.id)).returning()
    return { ...same, payment: cancelled!, duplicate: true }
  }
  const now = new Date()
  const [paid] = await tx
    .update(payments)
    .set({ status: 'succeeded', confirmedAt: now, confirmedBy: by.userId, method: by.method ?? payment.method, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'requires_payment')))
    .returning()
  let state: 'paid' | 'partly_paid' | 'unpaid' = 'paid'
  if (line) state = await payLine(tx, line.id, now)
  else {
    // A payment of the whole booking, made before schedules: every open line is paid by it.
    await tx
      .update(paymentScheduleLines)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(and(eq(paymentScheduleLines.bookingId, booking.id), sql`${paymentScheduleLines.status} in ('due', 'overdue')`))
    state = stateOfLines(await scheduleOf(tx, booking.id)) === 'partly_paid' ? 'partly_paid' : 'paid'
  }
  const confirming = booking.status === 'pending'
  const [updated] = await tx
    .update(bookings)
    .set({
      paymentState: state,
      ...(confirming ? { status: 'confirmed' as const, confirmedAt: now, confirmedBy: by.userId } : {}),
      updatedAt: now,
    })
    .where(eq(bookings.id, booking.id))
    .returning()
  // Other intents of this line (or of the whole booking) nobody will pay any more.
  await tx
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(payments.bookingId, booking.id),
        eq(payments.status, 'requires_payment'),
        sql`${payments.id} <> ${payment.id}`,
        line ? sql`(${payments.scheduleLineId} = ${line.id} or ${payments.scheduleLineId} is null)` : sql`true`,
      ),
    )
  const next = scheduleSummary(await scheduleOf(tx, booking.id)).next_due
  await notify(tx, by.userId === booking.travelerId ? [] : [booking.travelerId], {
    kind: PAYMENT_NOTIFICATION_KIND,
    title: PAYMENT_MESSAGES.received(booking.reference),
    body: PAYMENT_MESSAGES.receivedBody(`${paid!.amount} ${paid!.currency}`, confirming) + (next ? PAYMENT_MESSAGES.nextDue(`${next.amount} ${next.currency}`, next.due_on) : ''),
    link: `/dashboard/bookings/${booking.id}/pay`,
  })
  return { payment: paid!, booking: updated!, changed: true, duplicate: false, refundAfter: booking.status === 'cancelled' }
}
