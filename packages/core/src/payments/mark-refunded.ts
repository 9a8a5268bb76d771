import { bookings, type Database, eq, payments } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { notify } from '../notifications/notify.ts'
import { requirePaymentStaff, staffOn, visiblePayment } from './access.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import { paymentAnswer, type PaymentAnswer } from './serialize.ts'
import { PAYMENT_NOTIFICATION_KIND } from './settle.ts'
import { refundShareOf, refundStillDue } from './refund-shares.ts'

function referenceField(input: unknown): string {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).refund_reference : undefined
  if (raw === undefined || raw === null) return ''
  if (typeof raw !== 'string') throw DomainError.invalid({ refund_reference: ['Not a valid string.'] })
  const text = raw.trim()
  if (text.length > 100) throw DomainError.invalid({ refund_reference: ['Ensure this field has no more than 100 characters.'] })
  return text
}

/**
 * Inside the caller's transaction, booking then payment locked: a refund due recorded as paid out (refunded, with
 * the provider's or the bank's reference), the booking refunded once no payment of it has a refund still due, the
 * traveler told (of the payment's share of the refund owed) unless they did it. A payment already refunded answers
 * unchanged.
 */
export async function recordRefund(
  tx: Database,
  paymentId: number,
  bookingId: number,
  refundReference: string,
  by: number | null,
  from: readonly string[] = ['refund_due'],
) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update')
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
  if (!booking || !payment) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound)
  if (payment.status === 'refunded') return { payment, booking, changed: false }
  if (!from.includes(payment.status)) throw new DomainError('conflict', PAYMENT_MESSAGES.notRefundDue)
  const now = new Date()
  const [refunded] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: now, refundReference: refundReference || payment.refundReference, updatedAt: now })
    .where(eq(payments.id, payment.id))
    .returning()
  // A booking paid in several payments stays refund due until each share owed is paid back.
  const state = (await refundStillDue(tx, booking.id)) ? 'refund_due' : 'refunded'
  const [updated] = await tx.update(bookings).set({ paymentState: state, updatedAt: now }).where(eq(bookings.id, booking.id)).returning()
  const amount = (await refundShareOf(tx, payment.id, booking.id)) ?? payment.amount
  await notify(tx, by === booking.travelerId ? [] : [booking.travelerId], {
    kind: PAYMENT_NOTIFICATION_KIND,
    title: PAYMENT_MESSAGES.refundPaid(booking.reference),
    body: `${amount} ${payment.currency}${refundReference ? ` (reference ${refundReference})` : ''}`,
    link: `/dashboard/bookings/${booking.id}/pay`,
  })
  return { payment: refunded!, booking: updated!, changed: true }
}

/**
 * POST /api/payments/{id}/mark-refunded/ `{refund_reference?}`: staff record that a refund due (a cancelled paid
 * booking of the manual provider, or one whose provider refund failed) was paid out. Only a refund due can be
 * marked; again answers the same.
 */
export async function markRefundPaid(ctx: ServiceContext, rawId: unknown, input: unknown = {}): Promise<PaymentAnswer> {
  requirePaymentStaff(ctx)
  const id = idOf(rawId, PAYMENT_MESSAGES.notFound)
  const { actor, scope, payment, booking } = await visiblePayment(ctx, { id })
  if (!staffOn(actor, scope, booking)) throw new DomainError('forbidden', PAYMENT_MESSAGES.staffOnly)
  const refundReference = referenceField(input)
  if (payment.status !== 'refund_due' && payment.status !== 'refunded') throw new DomainError('conflict', PAYMENT_MESSAGES.notRefundDue)
  const done = await ctx.db.transaction((tx) => recordRefund(tx as unknown as Database, payment.id, booking.id, refundReference, actor.id))
  return paymentAnswer(done.payment, done.booking)
}
