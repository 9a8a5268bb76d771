import { and, asc, bookings, type Database, eq, flights, gt, inArray, ne, paymentScheduleLines, payments, roles, sql } from '@meridian/db'
import { RebookBookingInput } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { bookableFlight, bookSeats } from '../flights/book-flight.ts'
import { notify, recipients } from '../notifications/notify.ts'
import { parseInput } from '../validation.ts'
import { requireBookingStaff } from './access.ts'
import { type BookingDetail, detailOf, findVisibleBooking } from './bookings.ts'
import { applyCancellation, CANCELLATION_MESSAGES } from './cancellation.ts'
import { BOOKING_NOTIFICATION_KIND } from './notify-booking.ts'
import type { BookingRow } from './record.ts'
import { WORLD_MESSAGES } from './world-changes.ts'

/* Rebooking a booking whose flight was withdrawn (docs/bookings.md "When a trip is cancelled or a flight withdrawn"). */

type Db = Database

/**
 * The flights a booking of a withdrawn flight may move to: the same airports and cabin class, scheduled, not departed,
 * seats enough; the nearest to the withdrawn departure first (at most 50).
 */
export async function rebookCandidates(db: Db, booking: Pick<BookingRow, 'flightId' | 'partySize'>) {
  if (booking.flightId === null) return []
  const [old] = await db.select().from(flights).where(eq(flights.id, booking.flightId))
  if (!old) return []
  return db
    .select({
      id: flights.id,
      flight_number: flights.flightNumber,
      airline: flights.airlineName,
      departure_at: flights.departureAt,
      seats_left: flights.seatsLeft,
    })
    .from(flights)
    .where(
      and(
        eq(flights.departureAirportId, old.departureAirportId),
        eq(flights.arrivalAirportId, old.arrivalAirportId),
        eq(flights.cabinClass, old.cabinClass),
        eq(flights.status, 'scheduled'),
        gt(flights.departureAt, sql`now()`),
        sql`${flights.seatsLeft} >= ${booking.partySize}::int`,
        ne(flights.id, old.id),
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${flights.departureAt} - ${old.departureAt.toISOString()}::timestamptz))`, asc(flights.id))
    .limit(50)
}

/** A live booking of a withdrawn flight, or the conflict that says why it cannot be rebooked. */
async function assertRebookable(db: Db, booking: Pick<BookingRow, 'status' | 'flightId'>) {
  if (booking.status === 'cancelled') throw new DomainError('conflict', WORLD_MESSAGES.notLive)
  const [flight] = booking.flightId === null ? [] : await db.select({ status: flights.status }).from(flights).where(eq(flights.id, booking.flightId))
  if (flight?.status !== 'withdrawn') throw new DomainError('conflict', WORLD_MESSAGES.notWithdrawn)
}

/**
 * GET /api/bookings/{id}/rebook/: the flights a live booking of a withdrawn flight may move to (staff who handle it);
 * 409 for a booking not live or whose flight is not withdrawn.
 */
export async function rebookOptions(ctx: ServiceContext, rawId: unknown) {
  requireBookingStaff(ctx)
  const { booking, roles } = await findVisibleBooking(ctx, rawId)
  if (!roles.staff) throw new DomainError('forbidden', CANCELLATION_MESSAGES.rebookStaffOnly)
  await assertRebookable(ctx.db, booking)
  const rows = await rebookCandidates(ctx.db, booking)
  return rows.map((r) => ({ ...r, departure_at: r.departure_at.toISOString() }))
}

/**
 * POST /api/bookings/{id}/rebook/ `{flight_id}`: staff move a live booking of a withdrawn flight to another flight of
 * the same route (scheduled, not departed, seats enough). One transaction: the new booking takes the seats at the SAME
 * amount and currency, with the old booking's schedule lines (paid as far as the old was paid) and its payments moved
 * to it (the money follows the seat, so a later cancellation refunds it from the new booking); the old one is
 * cancelled with no fee (reason "Flight withdrawn; rebooked on MB-…"), its seats given back. The traveler is told.
 * 409 for a booking not live or whose flight is not withdrawn; 400 for an unsuitable flight.
 */
export async function rebookBooking(ctx: ServiceContext, rawId: unknown, input: unknown): Promise<BookingDetail> {
  const { actor } = requireBookingStaff(ctx)
  const newId = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database
    const { booking, roles } = await findVisibleBooking(ctx, rawId, { lock: true, db: txRaw })
    if (!roles.staff) throw new DomainError('forbidden', CANCELLATION_MESSAGES.rebookStaffOnly)
    const data = parseInput(RebookBookingInput, input ?? {})
    await assertRebookable(tx, booking)
    if (data.flight_id === null) throw DomainError.invalid({ flight_id: [WORLD_MESSAGES.flightRequired] })
    const candidates = await rebookCandidates(tx, booking)
    if (!candidates.some((c) => c.id === data.flight_id)) throw DomainError.invalid({ flight_id: [WORLD_MESSAGES.badFlight] })
    const offer = await bookableFlight(tx, data.flight_id)
    const names = Array.isArray(booking.details.passenger_names) ? (booking.details.passenger_names as string[]) : []
    const { booking: made } = await bookSeats(tx, booking.travelerId, offer, { passengers: booking.partySize, tripId: booking.tripId, passengerNames: names })
    await tx
      .update(bookings)
      .set({
        amount: booking.amount,
        currency: booking.currency,
        rebookedFromId: booking.id,
        packageReference: booking.packageReference,
        status: booking.status,
        confirmedAt: booking.confirmedAt,
        confirmedBy: booking.confirmedBy,
        paymentState: booking.paymentState,
      })
      .where(eq(bookings.id, made.id))
    // The schedule carries over line by line; the payments follow their lines to the new booking.
    await tx.delete(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, made.id))
    const oldLines = await tx
      .select()
      .from(paymentScheduleLines)
      .where(eq(paymentScheduleLines.bookingId, booking.id))
      .orderBy(asc(paymentScheduleLines.position))
    for (const line of oldLines) {
      const [copy] = await tx
        .insert(paymentScheduleLines)
        .values({
          bookingId: made.id,
          position: line.position,
          kind: line.kind,
          amount: line.amount,
          currency: line.currency,
          dueOn: line.dueOn,
          status: line.status,
          paidAt: line.paidAt,
          waivedAt: line.waivedAt,
          waivedBy: line.waivedBy,
        })
        .returning({ id: paymentScheduleLines.id })
      await tx
        .update(payments)
        .set({ bookingId: made.id, scheduleLineId: copy!.id, updatedAt: new Date() })
        .where(and(eq(payments.bookingId, booking.id), eq(payments.scheduleLineId, line.id)))
    }
    // Payments made before schedules (of the whole booking) move too; those still awaiting money are given up.
    await tx
      .update(payments)
      .set({ bookingId: made.id, updatedAt: new Date() })
      .where(and(eq(payments.bookingId, booking.id), inArray(payments.status, ['succeeded', 'refund_due', 'refunded'])))
    await tx
      .update(payments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'requires_payment')))
    await applyCancellation(tx, booking, actor.id, { reason: WORLD_MESSAGES.rebookedReason(made.reference), waiveFee: true })
    await tx.update(bookings).set({ paymentState: 'unpaid', refundOwed: '0.00' }).where(eq(bookings.id, booking.id))
    await notify(tx, recipients([booking.travelerId], actor.id), {
      kind: BOOKING_NOTIFICATION_KIND,
      title: `Your booking ${booking.reference} was moved to ${made.reference}`,
      body: `${made.title}, ${made.serviceDate}. Nothing more to pay: what you paid carries over.`,
      link: `/dashboard/bookings/${made.id}`,
      subjectKey: `booking:${made.id}`,
    })
    return made.id
  })
  const { booking, roles } = await findVisibleBooking(ctx, newId)
  return detailOf(ctx.db, booking, roles)
}
