import { and, bookings, type Database, desc, eq, inArray, payments, sql } from '@meridian/db'
import { Dec } from '../currencies/money.ts'

type Db = Pick<Database, 'select'>
type PaymentRow = typeof payments.$inferSelect

/**
 * How a cancelled booking's refund owed is shared among its payments that went through (one per schedule line): the
 * latest paid first, each up to its amount, so the fee is kept from the earliest (the deposit). The same payments
 * always get the same shares, so a refund asked again asks the same amounts. Answers the payments, latest first, with
 * their share (0.00: kept).
 */
export function shareRefund(settled: PaymentRow[], owed: string): { payment: PaymentRow; share: string }[] {
  let left = new Dec(owed)
  return latestFirst(settled).map((payment) => {
    const share = Dec.max(Dec.min(left, new Dec(payment.amount)), 0)
    left = left.minus(share)
    return { payment, share: share.toFixed(2) }
  })
}

const latestFirst = (rows: PaymentRow[]) => [...rows].sort((a, b) => (b.confirmedAt?.getTime() ?? 0) - (a.confirmedAt?.getTime() ?? 0) || b.id - a.id)

/** A booking's payments that went through (succeeded, refund due, refunded). */
export function settledPayments(db: Db, bookingId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'refund_due', 'refunded'])))
    .orderBy(desc(payments.confirmedAt), desc(payments.id))
}

/** The refund owed of a cancelled booking: what its payments that went through add up to, less its fee. */
export function refundOwedOf(settled: PaymentRow[], fee: string | null): string {
  const paid = settled.reduce((sum, p) => sum.plus(p.amount), new Dec(0))
  return Dec.max(paid.minus(fee ?? '0'), 0).toFixed(2)
}

/** The share of one payment in its booking's refund (the whole payment for a booking cancelled without a fee). */
export async function refundShareOf(db: Db, paymentId: number, bookingId: number): Promise<string | null> {
  const [booking] = await db.select({ fee: bookings.cancellationFee }).from(bookings).where(eq(bookings.id, bookingId))
  const settled = await settledPayments(db, bookingId)
  return shareRefund(settled, refundOwedOf(settled, booking?.fee ?? null)).find((s) => s.payment.id === paymentId)?.share ?? null
}

/** Whether the booking still has a refund due on any payment. */
export async function refundStillDue(db: Db, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'refund_due')))
  return (row?.n ?? 0) > 0
}
