import { and, asc, bookings, type Database, eq, inArray, paymentScheduleLines } from '@meridian/db'
import type { PaymentState } from '@meridian/validators/booking-constants'
import { DomainError } from '../errors.ts'
import { PAYMENT_MESSAGES } from './messages.ts'
import type { PaymentRow } from './serialize.ts'

/*
 * A booking is paid line by line (docs/bookings.md "Payment schedules"): the deposit, then the balance, or the whole
 * amount in one line. A payment pays one line; the booking's payment state follows its lines.
 */

export type ScheduleLine = typeof paymentScheduleLines.$inferSelect

const OPEN = ['due', 'overdue'] as const

export async function scheduleOf(db: Database, bookingId: number): Promise<ScheduleLine[]> {
  return db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, bookingId)).orderBy(asc(paymentScheduleLines.position))
}

export const isOpen = (line: Pick<ScheduleLine, 'status'>) => line.status === 'due' || line.status === 'overdue'

/**
 * The line a payment is for: the one named (an open line of this booking, else a field error on line_id), or the
 * first open line. Null when nothing is open.
 */
export async function lineToPay(db: Database, bookingId: number, lineId: number | null): Promise<ScheduleLine | null> {
  const open = await db
    .select()
    .from(paymentScheduleLines)
    .where(and(eq(paymentScheduleLines.bookingId, bookingId), inArray(paymentScheduleLines.status, [...OPEN])))
    .orderBy(asc(paymentScheduleLines.position))
  if (lineId === null) return open[0] ?? null
  const line = open.find((l) => l.id === lineId)
  if (!line) throw DomainError.invalid({ line_id: [PAYMENT_MESSAGES.lineChoice] })
  return line
}

/** The payment state a booking's lines give: all paid or waived (at least one paid), some paid, none. */
export function stateOfLines(lines: Pick<ScheduleLine, 'status'>[]): Extract<PaymentState, 'unpaid' | 'partly_paid' | 'paid'> {
  const paid = lines.filter((l) => l.status === 'paid').length
  if (!paid) return 'unpaid'
  return lines.every((l) => l.status === 'paid' || l.status === 'waived') ? 'paid' : 'partly_paid'
}

/** Marks a line paid and answers the booking's payment state after it (inside the caller's transaction, booking locked). */
export async function payLine(tx: Database, lineId: number, at: Date): Promise<Extract<PaymentState, 'unpaid' | 'partly_paid' | 'paid'>> {
  const [line] = await tx.update(paymentScheduleLines).set({ status: 'paid', paidAt: at, updatedAt: at }).where(eq(paymentScheduleLines.id, lineId)).returning()
  return stateOfLines(await scheduleOf(tx, line!.bookingId))
}

/** A line as every call answers it. */
export function serializeLine(l: ScheduleLine) {
  return {
    id: l.id,
    position: l.position,
    kind: l.kind,
    amount: l.amount,
    currency: l.currency,
    due_on: l.dueOn,
    status: l.status,
    paid_at: l.paidAt?.toISOString() ?? null,
    waived_at: l.waivedAt?.toISOString() ?? null,
  }
}
export type SerializedLine = ReturnType<typeof serializeLine>

/** What a schedule comes to: paid, still open, and the next line to pay (null when none is open). */
export function scheduleSummary(lines: ScheduleLine[]) {
  const cents = (amount: string) => BigInt(amount.replace('.', ''))
  const text = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`
  const sum = (ls: ScheduleLine[]) => text(ls.reduce((s, l) => s + cents(l.amount), 0n))
  const next = lines.find(isOpen) ?? null
  return {
    paid: sum(lines.filter((l) => l.status === 'paid')),
    outstanding: sum(lines.filter(isOpen)),
    next_due: next ? { id: next.id, kind: next.kind, amount: next.amount, currency: next.currency, due_on: next.dueOn, status: next.status } : null,
  }
}

/** Keeps the booking's payment state in step with its lines (after a payment, a waiver, a new schedule). */
export async function syncPaymentState(tx: Database, bookingId: number): Promise<void> {
  const [booking] = await tx.select({ paymentState: bookings.paymentState }).from(bookings).where(eq(bookings.id, bookingId))
  if (!booking || booking.paymentState === 'refunded' || booking.paymentState === 'refund_due') return
  const state = stateOfLines(await scheduleOf(tx, bookingId))
  if (state !== booking.paymentState) await tx.update(bookings).set({ paymentState: state, updatedAt: new Date() }).where(eq(bookings.id, bookingId))
}

/** A payment awaiting money for one schedule line, through a provider's intent (shared by a package's lines by card). */
export function linePayment(
  line: Pick<ScheduleLine, 'id' | 'bookingId' | 'amount' | 'currency'>,
  intent: { provider: string; intentId: string },
  createdBy: number,
) {
  return {
    bookingId: line.bookingId,
    provider: intent.provider as PaymentRow['provider'],
    intentId: intent.intentId,
    amount: line.amount,
    currency: line.currency,
    scheduleLineId: line.id,
    status: 'requires_payment' as const,
    createdBy,
  }
}
