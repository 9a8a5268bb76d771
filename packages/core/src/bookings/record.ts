import { randomInt } from 'node:crypto'
import { and, bookings, type Database, eq, trips } from '@meridian/db'
import type { BookingStatus, BookingType, CabinClass, CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import { DomainError } from '../errors.ts'
import { applyLifecycle } from './terms.ts'

export type BookingRow = typeof bookings.$inferSelect

/** What a booking is made of; the amount and currency always come from the booked thing, never from the client. */
export interface NewBooking {
  bookingType: BookingType
  travelerId: number
  tripId?: number | null
  flightId?: number | null
  supplierId?: number | null
  activityId?: number | null
  itineraryItemId?: number | null
  title: string
  serviceDate: string
  endDate?: string | null
  partySize: number
  rooms?: number | null
  cabinClass?: CabinClass | null
  /** Exact decimal as text, 2 places. */
  amount: string
  currency: string
  details?: Record<string, unknown>
  notes?: string
  status?: BookingStatus
  confirmedBy?: number | null
  /** Terms of its own, instead of its activity's, supplier's or the settings' (docs/bookings.md). */
  scheduleTerms?: PaymentTerms | null
  cancellationTerms?: CancellationPolicy | null
  /** The reference of the bookings it is paid and cancelled with (a multi-city itinerary, an accepted proposal). */
  packageReference?: string | null
}

/** Letters and digits that cannot be misread (no 0/O, 1/I/L): a reference read out over the phone survives. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A booking reference as travelers and staff quote it: MB- and eight characters, e.g. MB-7K3QX9TA. */
export function newBookingReference(): string {
  let out = 'MB-'
  for (let i = 0; i < 8; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return out
}

/** The trip a booking is for must be the traveler's own; otherwise a field error on trip_id (the same for a missing trip). */
export async function assertTravelerTrip(db: Database, travelerId: number, tripId: number | null | undefined): Promise<void> {
  if (tripId == null) return
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.travelerId, travelerId)))
  if (!row) throw DomainError.invalid({ trip_id: ['Choose one of your own trips.'] })
}

/** The row of a new booking under a reference. */
function bookingValues(input: NewBooking, reference: string): typeof bookings.$inferInsert {
  const status = input.status ?? 'pending'
  return {
    reference,
    bookingType: input.bookingType,
    status,
    travelerId: input.travelerId,
    tripId: input.tripId ?? null,
    flightId: input.flightId ?? null,
    supplierId: input.supplierId ?? null,
    activityId: input.activityId ?? null,
    itineraryItemId: input.itineraryItemId ?? null,
    title: input.title,
    serviceDate: input.serviceDate,
    endDate: input.endDate ?? null,
    partySize: input.partySize,
    rooms: input.rooms ?? null,
    cabinClass: input.cabinClass ?? null,
    amount: input.amount,
    currency: input.currency,
    details: input.details ?? {},
    notes: input.notes ?? '',
    confirmedAt: status === 'confirmed' ? new Date() : null,
    confirmedBy: status === 'confirmed' ? (input.confirmedBy ?? null) : null,
    scheduleTerms: input.scheduleTerms ?? null,
    cancellationTerms: input.cancellationTerms ?? null,
    packageReference: input.packageReference ?? null,
  }
}

/**
 * Writes one booking inside the caller's transaction (which also takes what the booking holds: seats, a slot) and
 * answers the row, with its terms, free-cancellation deadline and payment schedule (applyLifecycle). The reference is
 * drawn again on the rare clash. Checks the trip belongs to the traveler.
 */
export async function insertBooking(tx: Database, input: NewBooking): Promise<BookingRow> {
  await assertTravelerTrip(tx, input.travelerId, input.tripId)
  return (await applyLifecycle(tx, [await insertRow(tx, input)]))[0]!
}

async function insertRow(tx: Database, input: NewBooking): Promise<BookingRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx.insert(bookings).values(bookingValues(input, newBookingReference())).onConflictDoNothing({ target: bookings.reference }).returning()
    if (row) return row
  }
  throw new Error('no free booking reference after 5 draws')
}

/**
 * Several bookings in one statement, inside the caller's transaction (an accepted proposal books its lines at once:
 * one round trip instead of two a line), answered in the order given. Each trip is checked once to be its traveler's;
 * a booking whose reference clashed is written again on its own.
 */
export async function insertBookings(tx: Database, inputs: NewBooking[]): Promise<BookingRow[]> {
  if (!inputs.length) return []
  const pairs = new Map(inputs.filter((i) => i.tripId != null).map((i) => [`${i.travelerId}:${i.tripId}`, i]))
  for (const i of pairs.values()) await assertTravelerTrip(tx, i.travelerId, i.tripId)
  const drawn = inputs.map(() => newBookingReference())
  const rows = await tx
    .insert(bookings)
    .values(inputs.map((input, i) => bookingValues(input, drawn[i]!)))
    .onConflictDoNothing({ target: bookings.reference })
    .returning()
  const byReference = new Map(rows.map((r) => [r.reference, r]))
  const out: BookingRow[] = []
  for (const [i, input] of inputs.entries()) {
    const row = drawn.indexOf(drawn[i]!) === i ? byReference.get(drawn[i]!) : undefined
    out.push(row ?? (await insertRow(tx, input)))
  }
  return applyLifecycle(tx, out)
}

/** A booking as every call answers it (docs/bookings.md "The booking"); the spec's names: type, title, status, date, amount, details. */
export function serializeBooking(b: Omit<BookingRow, 'searchText'>) {
  return {
    id: b.id,
    reference: b.reference,
    type: b.bookingType,
    title: b.title,
    status: b.status,
    payment_status: b.paymentState,
    date: b.serviceDate,
    end_date: b.endDate,
    amount: b.amount,
    currency: b.currency,
    party_size: b.partySize,
    rooms: b.rooms,
    cabin_class: b.cabinClass,
    details: b.details,
    notes: b.notes,
    supplier_confirmation: b.supplierConfirmation,
    supplier_notes: b.supplierNotes,
    supplier_confirmed_at: b.supplierConfirmedAt?.toISOString() ?? null,
    traveler_id: b.travelerId,
    trip_id: b.tripId,
    flight_id: b.flightId,
    supplier_id: b.supplierId,
    activity_id: b.activityId,
    itinerary_item_id: b.itineraryItemId,
    confirmed_at: b.confirmedAt?.toISOString() ?? null,
    cancelled_at: b.cancelledAt?.toISOString() ?? null,
    cancel_reason: b.cancelReason,
    cancellation_fee: b.cancellationFee,
    refund_owed: b.refundOwed,
    free_cancel_until: b.freeCancelUntil?.toISOString() ?? null,
    cancellation_policy: b.cancellationTerms?.steps ?? null,
    rebooked_from_id: b.rebookedFromId,
    /** The package it was booked in (a multi-city itinerary's legs, an accepted proposal's bookings), or null. */
    package_reference: b.packageReference,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  }
}
export type SerializedBooking = ReturnType<typeof serializeBooking>
