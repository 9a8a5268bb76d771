import { and, asc, bookings, type Database, eq, ne, roles, sql, users } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { notify, notifyEach, recipients } from '../notifications/notify.ts'
import { refundAfterCancel } from '../payments/refunds.ts'
import { applyCancellation, CANCELLATION_MESSAGES } from './cancellation.ts'
import { BOOKING_NOTIFICATION_KIND } from './notify-booking.ts'

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
