import { and, asc, bookings, currencies, type Database, eq, sql, trips } from '@meridian/db'
import type { BookingStatus } from '@meridian/validators/booking-constants'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { refundAfterCancel } from '../payments/refunds.ts'
import { parseInput } from '../validation.ts'
import { requireBookingScope, requireBookingStaff } from './access.ts'
import { type BookingDetail, detailOf, findVisibleBooking } from './bookings.ts'
import { writeSchedule } from './terms.ts'
import { CancelBookingInput, ConfirmBookingInput } from '@meridian/validators'
import { BOOKING_MESSAGES } from './messages.ts'
import { notifyTripStatus } from '../notifications/events.ts'
import { notifyBookingStatus } from './notify-booking.ts'
import { checkBookingMove } from './transitions.ts'
import { applyCancellation, CANCELLATION_MESSAGES } from './cancellation.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** A confirmed stay's quote: the total and an existing, active currency. */
async function stayQuote(tx: Tx, data: { amount: string; currency: string }, storedAmount: string) {
  const needed = !/[1-9]/.test(storedAmount)
  if (data.amount === '' && data.currency === '') {
    if (needed) throw DomainError.invalid({ amount: [BOOKING_MESSAGES.amountRequired], currency: [BOOKING_MESSAGES.currencyInvalid] })
    return null
  }
  const errors: Record<string, string[]> = {}
  if (data.amount === '') errors.amount = [BOOKING_MESSAGES.amountRequired]
  const [currency] = data.currency
    ? await tx.select({ code: currencies.code, isActive: currencies.isActive }).from(currencies).where(eq(currencies.code, data.currency)).limit(1)
    : []
  if (!currency?.isActive) errors.currency = [BOOKING_MESSAGES.currencyInvalid]
  if (Object.keys(errors).length) throw DomainError.invalid(errors)
  return { amount: data.amount, currency: currency!.code }
}

/**
 * The trip moves on (planning → booked) once every live booking of its accepted proposal is confirmed; the traveler
 * and the expert are told as for any status move.
 */
async function tripBookedWhenConfirmed(tx: Tx, tripId: number, proposalId: number, by: number) {
  const [left] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.tripId, tripId), eq(bookings.status, 'pending'), sql`(${bookings.details} -> 'proposal' ->> 'id')::int = ${proposalId}`))
  if ((left?.n ?? 0) > 0) return
  const moved = await tx
    .update(trips)
    .set({ status: 'booked', updatedAt: new Date() })
    .where(and(eq(trips.id, tripId), eq(trips.status, 'planning')))
    .returning({ id: trips.id })
  if (moved.length) await notifyTripStatus(tx, tripId, 'booked', by)
}

/**
 * POST /api/bookings/{id}/confirm/ `{amount?, currency?}`: pending → confirmed, by staff (admins, the superadmin, the
 * accepted expert of its trip, the traveler's standing expert). A stay request (hotel) takes the quoted total and its
 * currency (required while its amount is 0); other bookings keep the amount they were booked at. 403 for those who
 * never confirm, 404 for a booking the actor may not see, 409 for one not pending. The traveler is told.
 */
export async function confirmBooking(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<BookingDetail> {
  const { actor } = requireBookingStaff(ctx)
  const id = await ctx.db.transaction(async (tx) => {
    const { booking, roles } = await findVisibleBooking(ctx, rawId, { lock: true, db: tx })
    checkBookingMove(roles, booking.status as BookingStatus, 'confirmed', booking.serviceDate, todayUtc())
    const data = parseInput(ConfirmBookingInput, input ?? {})
    let quote: { amount: string; currency: string } | null = null
    // A booking from an accepted proposal keeps the price the traveler accepted (docs/proposals.md).
    const fromProposal = typeof booking.details.proposal === 'object' && booking.details.proposal !== null
    if (fromProposal && (data.amount !== '' || data.currency !== '')) throw DomainError.invalid({ amount: [BOOKING_MESSAGES.frozenPrice] })
    if (booking.bookingType === 'hotel' && !fromProposal) quote = await stayQuote(tx, data, booking.amount)
    else if (data.amount !== '' || data.currency !== '') {
      throw DomainError.invalid({ amount: [`The amount of a ${booking.bookingType} booking comes from what was booked.`] })
    }
    const [confirmed] = await tx
      .update(bookings)
      .set({ status: 'confirmed', confirmedAt: new Date(), confirmedBy: actor.id, ...(quote ?? {}) })
      .where(eq(bookings.id, booking.id))
      .returning()
    // A stay quoted (or quoted again) is scheduled at its new total: the deposit and balance of its terms.
    if (quote) await writeSchedule(tx, confirmed!)
    await notifyBookingStatus(tx, booking, 'confirmed', actor.id)
    if (fromProposal && booking.tripId !== null) await tripBookedWhenConfirmed(tx, booking.tripId, (booking.details.proposal as { id: number }).id, actor.id)
    return booking.id
  })
  const { booking, roles } = await findVisibleBooking(ctx, id)
  return detailOf(ctx.db, booking, roles)
}

/**
 * POST /api/bookings/{id}/cancel/ `{reason?, waive_fee?}`: pending or confirmed → cancelled. Its traveler until the
 * day before its date, staff until the end of its day, the superadmin at any time (docs/bookings.md). The fee of this
 * instant under the booking's policy is applied in the same transaction (staff may waive it; a traveler asking to is a
 * field error; a withdrawn flight's booking is free), the refund owed (what was paid less the fee) stored, open
 * schedule lines waived, a flight's seats given back; the money goes back once the cancellation has committed.
 */
export async function cancelBooking(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<BookingDetail> {
  const { actor } = requireBookingScope(ctx)
  const id = await ctx.db.transaction(async (tx) => {
    const { booking, roles } = await findVisibleBooking(ctx, rawId, { lock: true, db: tx })
    checkBookingMove(roles, booking.status as BookingStatus, 'cancelled', booking.serviceDate, todayUtc())
    const data = parseInput(CancelBookingInput, input ?? {})
    if (data.waive_fee && !roles.staff) throw DomainError.invalid({ waive_fee: [CANCELLATION_MESSAGES.waiveStaffOnly] })
    await applyCancellation(tx, booking, actor.id, { reason: data.reason, waiveFee: data.waive_fee })
    return booking.id
  })
  // Paid: what is owed goes back (provider refund, or recorded as due); unpaid: payments awaiting money are given up.
  await refundAfterCancel(ctx, id)
  const { booking, roles } = await findVisibleBooking(ctx, id)
  return detailOf(ctx.db, booking, roles)
}

/** The active currencies a stay can be quoted in (the confirm form's choices), by display order. Staff only. */
export async function quoteCurrencies(ctx: ServiceContext): Promise<string[]> {
  requireBookingStaff(ctx)
  const rows = await ctx.db
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.isActive, true))
    .orderBy(asc(currencies.displayOrder), asc(currencies.code))
  return rows.map((r) => r.code)
}
