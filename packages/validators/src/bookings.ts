import * as v from 'valibot'
import { BOOKING_FORM_MESSAGES as BOOKING_MESSAGES, BOOKING_STATUSES, BOOKING_TYPES } from './booking-constants.ts'
import { flag, listCursor } from './fields.ts'
import { filterChoice, reference, text } from './trips.ts'

/** The most a list page holds (the screens use 20). */
export const BOOKINGS_MAX_PAGE_SIZE = 100
export const BOOKINGS_PAGE_SIZE = 20

/** A whole number from `min` to `max`, as a number or its digits; one message whatever is wrong. */
const wholeIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\s*\d{1,9}\s*$/.test(x) ? Number(x) : Number.NaN)),
    v.check((x) => Number.isInteger(x) && x >= min && x <= max, message),
  )

const pageSize = v.optional(wholeIn(1, BOOKINGS_MAX_PAGE_SIZE, `Enter a page size from 1 to ${BOOKINGS_MAX_PAGE_SIZE}.`))

/** GET /api/bookings/ and the screens: the filters, and (for callers that page by cursor) page_size and cursor. */
export const ListBookingsQuery = v.object({
  type: filterChoice(BOOKING_TYPES),
  status: filterChoice(BOOKING_STATUSES),
  search: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(200, 'Ensure this field has no more than 200 characters.')), ''),
  when: filterChoice(['upcoming', 'past']),
  trip_id: v.optional(reference('Select a valid trip.'), null),
  page_size: pageSize,
  cursor: v.optional(listCursor),
})
export type ListBookingsQuery = v.InferOutput<typeof ListBookingsQuery>

/** A day as YYYY-MM-DD that exists in the calendar. */
const isoDay = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((x) => /^\d{4}-\d{2}-\d{2}$/.test(x) && new Date(`${x}T00:00:00Z`).toISOString().slice(0, 10) === x, message),
  )

/** An exact decimal amount above 0 with at most 2 places and 12 digits before the point (numeric(14,2)). */
const amount = v.pipe(
  v.union([v.string(BOOKING_MESSAGES.amountInvalid), v.number(BOOKING_MESSAGES.amountInvalid)], BOOKING_MESSAGES.amountInvalid),
  // A number is read by its decimal spelling (12.5 → "12.5"), never through arithmetic.
  v.transform((x) => (typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : x.trim())),
  v.check((x) => x === '' || (/^\d{1,12}(\.\d{1,2})?$/.test(x) && /[1-9]/.test(x)), BOOKING_MESSAGES.amountInvalid),
)

/** Confirm: the quoted total and its currency, for a stay request (hotel) only. */
export const ConfirmBookingInput = v.object({
  amount: v.optional(amount, ''),
  currency: v.optional(v.pipe(v.string(BOOKING_MESSAGES.currencyInvalid), v.trim(), v.toUpperCase(), v.maxLength(3, BOOKING_MESSAGES.currencyInvalid)), ''),
})

/** Cancel: an optional reason; staff may waive the cancellation fee (docs/bookings.md "Cancellation policies"). */
export const CancelBookingInput = v.object({ reason: text(500), waive_fee: v.optional(flag, false) })

/** POST /api/bookings/{id}/rebook/: the flight a booking of a withdrawn flight moves to. */
export const RebookBookingInput = v.object({ flight_id: reference('Select a valid flight.') })

/** The most a supplier's confirmation number and the notes on it hold (docs/bookings.md "Supplier confirmations and vouchers"). */
export const SUPPLIER_CONFIRMATION_MAX = 64
export const SUPPLIER_NOTES_MAX = 2000

/**
 * POST /api/bookings/{id}/supplier-confirmation/: the supplier's confirmation number (trimmed, up to 64 characters, no
 * line breaks or control characters; blank clears it) and staff's notes on the service (up to 2,000, on the voucher).
 */
export const SupplierConfirmationInput = v.object({
  supplier_confirmation: v.optional(
    v.pipe(
      v.string('Enter text.'),
      v.trim(),
      v.maxLength(SUPPLIER_CONFIRMATION_MAX, `Ensure this field has no more than ${SUPPLIER_CONFIRMATION_MAX} characters.`),
      v.check((x) => !/\p{Cc}/u.test(x), 'A confirmation number is one line of letters, digits and signs.'),
    ),
    '',
  ),
  supplier_notes: text(SUPPLIER_NOTES_MAX),
})
export type SupplierConfirmationInput = v.InferOutput<typeof SupplierConfirmationInput>

/** The group: 1 to 1,000 people (the activity's own limits are checked when it is priced). */
const participants = wholeIn(1, 1000, 'Participants must be a whole number from 1 to 1,000.')

/** POST /api/activities/{id}/book/: the day, the group and, optionally, one of the traveler's trips. */
export const BookActivityInput = v.object({
  date: isoDay(BOOKING_MESSAGES.dateInvalid),
  participants,
  trip_id: v.optional(reference('Choose one of your own trips.'), null),
})

/** Booking an item of an approved itinerary: the group (the itinerary's travelers by default). */
export const BookItemInput = v.object({
  participants: v.optional(participants),
})

/** GET /api/bookings/due-soon/ and the Due soon screen: payment lines or free-cancellation deadlines, overdue ones only. */
export const DueSoonQuery = v.object({
  kind: filterChoice(['payment', 'cancellation']),
  overdue: v.optional(flag, false),
  page_size: pageSize,
  cursor: v.optional(listCursor),
})
export type DueSoonQuery = v.InferOutput<typeof DueSoonQuery>
