import { and, asc, bookings, type Database, eq, flights, gt, inArray, ne, paymentScheduleLines, payments, roles, sql, users } from '@meridian/db'
import { RebookBookingInput } from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { bookableFlight, bookSeats } from '../flights/book-flight.ts'
import { notify, notifyEach, recipients } from '../notifications/notify.ts'
import { refundAfterCancel } from '../payments/refunds.ts'
import { parseInput } from '../validation.ts'
import { requireBookingStaff } from './access.ts'
import { type BookingDetail, detailOf, findVisibleBooking } from './bookings.ts'
import { applyCancellation, CANCELLATION_MESSAGES } from './cancellation.ts'
import { BOOKING_NOTIFICATION_KIND } from './notify-booking.ts'
import type { BookingRow } from './record.ts'

/*
 * What happens to bookings when their world changes (docs/bookings.md "When a trip is cancelled or a flight
 * withdrawn"): a cancelled trip cancels its pending bookings and leaves the confirmed ones to staff; a withdrawn
 * flight's travelers and experts are told, and staff rebook them on another flight or cancel with a full refund.
 */

type Db = Pick<Database, 'select' | 'update' | 'insert' | 'execute'>

export const WORLD_MESSAGES = {
  flightRequired: 'Select a flight.',
  notWithdrawn: 'Only a booking of a withdrawn flight is rebooked.',
  notLive: 'A cancelled booking cannot be rebooked.',
  badFlight: 'Choose a scheduled flight on the same route with enough seats.',
  rebookedReason: (reference: string) => `Flight withdrawn; rebooked on ${reference}`,
} as const

/** A confirmed booking of a cancelled trip, for staff to decide on. */
export interface BookingToDecide {
  id: number
  reference: string
  title: string
  date: string
  amount: string
  currency: string
  payment_status: string
}

/** The confirmed bookings of a trip (listed on a cancelled trip: "Confirmed bookings to decide on"). */
export async function confirmedTripBookings(db: Db, tripId: number): Promise<BookingToDecide[]> {
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      title: bookings.title,
      date: bookings.serviceDate,
      amount: bookings.amount,
      currency: bookings.currency,
      payment_status: bookings.paymentState,
    })
    .from(bookings)
    .where(and(eq(bookings.tripId, tripId), eq(bookings.status, 'confirmed')))
    .orderBy(asc(bookings.serviceDate), asc(bookings.id))
  return rows
}

/** The active admins (told of what staff must decide). */
async function adminIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.isActive, true), eq(roles.name, 'admin')))
  return rows.map((r) => r.id)
}

/**
 * Inside the trip's cancelling transaction: each pending booking of the trip is cancelled with its policy's fee
 * (reason "Trip cancelled"); the confirmed ones are left, and the trip's expert and the admins told to decide on them.
 * Answers the ids cancelled (their refunds go after commit: refundTripBookings).
 */
export async function cancelTripBookings(tx: Db, tripId: number, by: number, expertId: number | null): Promise<number[]> {
  const pending = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.tripId, tripId), eq(bookings.status, 'pending')))
    .orderBy(asc(bookings.id))
    .for('update')
  for (const booking of pending) await applyCancellation(tx, booking, by, { reason: CANCELLATION_MESSAGES.tripCancelled })
  const confirmed = await confirmedTripBookings(tx, tripId)
  if (confirmed.length) {
    await notify(tx, recipients([expertId, ...(await adminIds(tx))], by), {
      kind: BOOKING_NOTIFICATION_KIND,
      title: `A cancelled trip has ${confirmed.length} confirmed ${confirmed.length === 1 ? 'booking' : 'bookings'} to decide on`,
      body: confirmed.map((b) => `${b.reference} ${b.title}`).join('; '),
      link: `/dashboard/bookings?trip_id=${tripId}&status=confirmed`,
      subjectKey: `trip-bookings:${tripId}`,
    })
  }
  return pending.map((b) => b.id)
}

/** After the trip's cancellation committed: what each cancelled booking owes goes back. */
export async function refundTripBookings(ctx: ServiceContext, ids: number[]): Promise<void> {
  for (const id of ids) await refundAfterCancel(ctx, id)
}

/**
 * Inside the withdrawing transaction: the travelers of the flight's live bookings and their experts (the trip's, the
 * standing one) are told, each with a link to the booking.
 */
export async function notifyFlightWithdrawn(tx: Db, flightId: number, by: number) {
  const live = await tx
    .select({
      id: bookings.id,
      reference: bookings.reference,
      title: bookings.title,
      travelerId: bookings.travelerId,
      tripExpertId: sql<number | null>`(select t.expert_id from trips t where t.id = ${bookings.tripId})`,
      standingExperts: sql<number[]>`coalesce((select array_agg(te.expert_id) from traveler_experts te where te.traveler_id = ${bookings.travelerId}), '{}')`,
    })
    .from(bookings)
    .where(and(eq(bookings.flightId, flightId), ne(bookings.status, 'cancelled')))
  await notifyEach(
    tx,
    live.flatMap((b) => [
      {
        to: recipients([b.travelerId], by),
        input: {
          kind: BOOKING_NOTIFICATION_KIND,
          title: `The flight of your booking ${b.reference} was withdrawn`,
          body: `${b.title}. Your expert will rebook you on another flight or cancel it with a full refund.`,
          link: `/dashboard/bookings/${b.id}`,
          subjectKey: `booking:${b.id}`,
        },
      },
      {
        to: recipients([b.tripExpertId, ...(b.standingExperts ?? []).map(Number)], by),
        input: {
          kind: BOOKING_NOTIFICATION_KIND,
          title: `Flight withdrawn: rebook or cancel ${b.reference}`,
          body: `${b.title}.`,
          link: `/dashboard/bookings/${b.id}`,
          subjectKey: `booking:${b.id}`,
        },
      },
    ]),
  )
}

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
