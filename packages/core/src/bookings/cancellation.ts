import { and, bookings, type Database, eq, flights, inArray, paymentScheduleLines, payments, sql } from '@meridian/db'
import type { CancellationPolicy } from '@meridian/validators/booking-constants'
import { describePolicy } from '@meridian/validators/booking-terms'
import type { ServiceContext } from '../context.ts'
import { Dec } from '../currencies/money.ts'
import { DomainError } from '../errors.ts'
import { findVisibleBooking } from './bookings.ts'
import { notifyBookingStatus } from './notify-booking.ts'
import { type CancellationQuote, quoteCancellation } from './schedule-math.ts'

export { inZone } from './schedule-math.ts'

/*
 * Cancellation policies applied (docs/bookings.md "Cancellation policies"): what cancelling a booking costs now, and
 * the cancellation itself inside the caller's transaction: the fee, the refund owed of what was paid, the open
 * schedule lines waived, a flight's seats given back. The money goes back after commit (refundAfterCancel).
 */

type Db = Pick<Database, 'select' | 'update' | 'insert' | 'execute'>

/** What a booking's cancellation is computed from. */
export interface Cancellable {
  id: number
  reference: string
  title: string
  travelerId: number
  serviceDate: string
  amount: string
  currency: string
  flightId: number | null
  partySize: number
  cancellationTerms: CancellationPolicy | null
  policyTimeZone: string
}

export interface CancellationCost {
  quote: CancellationQuote
  policy: CancellationPolicy
  /** The fee charged: the quote's, or 0.00 when waived (by staff, or because its flight was withdrawn). */
  fee: string
  /** What its succeeded payments add up to. */
  paid: string
  /** max(paid − fee, 0). */
  refund: string
  waived: boolean
}

/** The sum of a booking's payments in these statuses, exact, 2 places. */
export async function paidOn(db: Db, bookingId: number, statuses: ('succeeded' | 'refund_due' | 'refunded')[] = ['succeeded']): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, statuses)))
  return new Dec(row?.sum ?? '0').toFixed(2)
}

/** Whether the booking's flight was withdrawn (its cancellation is then free). */
async function flightWithdrawn(db: Db, flightId: number | null): Promise<boolean> {
  if (flightId === null) return false
  const [row] = await db.select({ status: flights.status }).from(flights).where(eq(flights.id, flightId))
  return row?.status === 'withdrawn'
}

/** What cancelling `booking` at `at` costs: its stored policy (none: free) in its policy's zone, against what was paid. */
export async function cancellationCost(db: Db, booking: Cancellable, at: Date, options: { waiveFee?: boolean } = {}): Promise<CancellationCost> {
  const policy = booking.cancellationTerms ?? { steps: [] }
  const quote = quoteCancellation({
    policy,
    amount: booking.amount,
    currency: booking.currency,
    serviceDate: booking.serviceDate,
    zone: booking.policyTimeZone,
    at,
  })
  const waived = Boolean(options.waiveFee) || (await flightWithdrawn(db, booking.flightId))
  const fee = waived ? '0.00' : quote.fee
  const paid = await paidOn(db, booking.id)
  const refund = Dec.max(new Dec(paid).minus(fee), 0).toFixed(2)
  return { quote, policy, fee, paid, refund, waived }
}

/** The quote as GET /api/bookings/{id}/cancellation/ answers it. */
export function quoteAnswer(booking: Cancellable, cost: CancellationCost) {
  return {
    fee: cost.fee,
    currency: booking.currency,
    refund: cost.refund,
    paid: cost.paid,
    fee_waived: cost.waived,
    free_until: cost.quote.freeUntil?.toISOString() ?? null,
    next_step_at: cost.waived ? null : (cost.quote.nextStepAt?.toISOString() ?? null),
    policy: { steps: cost.policy.steps },
    policy_text: describePolicy(cost.policy, booking.currency),
    time_zone: booking.policyTimeZone,
  }
}
export type CancellationQuoteAnswer = ReturnType<typeof quoteAnswer>

/**
 * GET /api/bookings/{id}/cancellation/: what cancelling the booking now would cost, for anyone who sees it (404
 * otherwise); 409 for a booking already cancelled. The fee depends on the instant only, never on the viewer's zone.
 */
export async function cancellationQuote(ctx: ServiceContext, rawId: unknown): Promise<CancellationQuoteAnswer> {
  const { booking } = await findVisibleBooking(ctx, rawId)
  if (booking.status === 'cancelled') throw new DomainError('conflict', CANCELLATION_MESSAGES.alreadyCancelled)
  return quoteAnswer(booking, await cancellationCost(ctx.db, booking, new Date()))
}

export const CANCELLATION_MESSAGES = {
  alreadyCancelled: 'This booking is already cancelled.',
  waiveStaffOnly: 'Only staff can waive a cancellation fee.',
  tripCancelled: 'Trip cancelled',
  rebookStaffOnly: 'Only staff rebook a booking.',
} as const

/**
 * Cancels a booking inside the caller's transaction (its row locked by the caller, the move checked): the fee of this
 * instant (none when waived or its flight withdrawn) and the refund owed stored on it, its open schedule lines
 * waived, a flight's seats given back, the traveler told. Answers what it cost.
 */
export async function applyCancellation(
  tx: Db,
  booking: Cancellable,
  by: number,
  options: { reason: string; waiveFee?: boolean; at?: Date },
): Promise<CancellationCost> {
  const now = options.at ?? new Date()
  const cost = await cancellationCost(tx, booking, now, options)
  await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: by,
      cancelReason: options.reason,
      cancellationFee: cost.fee,
      refundOwed: cost.refund,
      updatedAt: now,
    })
    .where(eq(bookings.id, booking.id))
  await tx
    .update(paymentScheduleLines)
    .set({ status: 'waived', waivedAt: now, waivedBy: by, updatedAt: now })
    .where(and(eq(paymentScheduleLines.bookingId, booking.id), inArray(paymentScheduleLines.status, ['due', 'overdue'])))
  if (booking.flightId !== null) {
    // The seats go back; never above the flight's total (a flight edited down since keeps its ceiling).
    await tx
      .update(flights)
      .set({ seatsLeft: sql`least(${flights.seatsTotal}, ${flights.seatsLeft} + ${booking.partySize})` })
      .where(eq(flights.id, booking.flightId))
  }
  await notifyBookingStatus(tx, booking, 'cancelled', by, options.reason)
  return cost
}
