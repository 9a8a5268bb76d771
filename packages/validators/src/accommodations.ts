/**
 * Accommodations as travelers see them (accommodation-type suppliers) and the stay request (docs/bookings.md
 * "Accommodations"). Browser-safe. Checks that need the clock (check-in not before today) are the service's.
 */
import * as v from 'valibot'
import { MAX_RECORD_ID } from './ids.ts'

export const STAY_LIMITS = { maxNights: 60, minRooms: 1, maxRooms: 10, minGuests: 1, maxGuests: 20, notes: 1000 } as const

export const STAY_MESSAGES = {
  required: 'This field is required.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  checkInPast: 'The check-in date cannot be in the past.',
  checkOutOrder: 'The check-out date must be after the check-in date.',
  tooLong: `A stay can be at most ${STAY_LIMITS.maxNights} nights.`,
  rooms: `Enter a whole number of rooms from ${STAY_LIMITS.minRooms} to ${STAY_LIMITS.maxRooms}.`,
  guests: `Enter a whole number of guests from ${STAY_LIMITS.minGuests} to ${STAY_LIMITS.maxGuests}.`,
  guestsPerRoom: 'Each room needs at least one guest.',
  trip: 'Choose one of your own trips.',
  notes: `Ensure this field has no more than ${STAY_LIMITS.notes} characters.`,
  country: 'Select a valid country.',
  text: 'Enter text.',
} as const

/** An ISO calendar date, YYYY-MM-DD, that exists. */
const isoDate = v.pipe(
  v.string(STAY_MESSAGES.required),
  v.trim(),
  v.nonEmpty(STAY_MESSAGES.required),
  v.check(
    (x) => /^\d{4}-\d{2}-\d{2}$/.test(x) && !Number.isNaN(Date.parse(`${x}T00:00:00Z`)) && new Date(`${x}T00:00:00Z`).toISOString().slice(0, 10) === x,
    STAY_MESSAGES.date,
  ),
)

/** A whole number within bounds, from JSON or a form's text. */
const count = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\s*\d{1,6}\s*$/.test(x) ? Number(x) : Number.NaN)),
    v.check((x) => Number.isInteger(x) && x >= min && x <= max, message),
  )

/** An optional record id: '' and null are none. */
const optionalId = (message: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(message), v.string(message), v.null()], message),
      v.transform((x) => (x === null || x === '' ? null : typeof x === 'number' ? x : /^\s*[1-9]\d{0,9}\s*$/.test(x) ? Number(x) : Number.NaN)),
      v.check((x) => x === null || (Number.isInteger(x) && x >= 1 && x <= MAX_RECORD_ID), message),
    ),
    null,
  )

/** Whole nights between two ISO dates. */
export const nightsBetween = (checkIn: string, checkOut: string) =>
  Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000)

/** POST /api/accommodations/{id}/book/: the stay asked for. */
export const StayRequestInput = v.pipe(
  v.object({
    check_in: isoDate,
    check_out: isoDate,
    rooms: count(STAY_LIMITS.minRooms, STAY_LIMITS.maxRooms, STAY_MESSAGES.rooms),
    guests: count(STAY_LIMITS.minGuests, STAY_LIMITS.maxGuests, STAY_MESSAGES.guests),
    trip_id: optionalId(STAY_MESSAGES.trip),
    notes: v.optional(v.pipe(v.string(STAY_MESSAGES.text), v.trim(), v.maxLength(STAY_LIMITS.notes, STAY_MESSAGES.notes)), ''),
  }),
  v.forward(
    v.check((x) => x.check_out > x.check_in, STAY_MESSAGES.checkOutOrder),
    ['check_out'],
  ),
  v.forward(
    v.check((x) => nightsBetween(x.check_in, x.check_out) <= STAY_LIMITS.maxNights, STAY_MESSAGES.tooLong),
    ['check_out'],
  ),
  v.forward(
    v.check((x) => x.guests >= x.rooms, STAY_MESSAGES.guestsPerRoom),
    ['guests'],
  ),
)
export type StayRequestInput = v.InferOutput<typeof StayRequestInput>

/** The accommodations list's filters: search (name, city), country (id), city (exact, case and accents ignored), verified. */
export const AccommodationFilters = v.object({
  search: v.optional(v.pipe(v.string(STAY_MESSAGES.text), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')), ''),
  country: v.optional(
    v.pipe(
      v.union([v.number(STAY_MESSAGES.country), v.string(STAY_MESSAGES.country)], STAY_MESSAGES.country),
      v.transform((x) => (x === '' || x === 'all' ? undefined : typeof x === 'number' ? x : /^\s*[1-9]\d{0,9}\s*$/.test(x) ? Number(x) : Number.NaN)),
      v.check((x) => x === undefined || (Number.isInteger(x) && x >= 1 && x <= MAX_RECORD_ID), STAY_MESSAGES.country),
    ),
  ),
  city: v.optional(v.pipe(v.string(STAY_MESSAGES.text), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')), ''),
  verified: v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(['true', 'false', 'True', 'False', '1', '0', ''])], 'Must be a valid boolean.'),
      v.transform((x) => (x === '' ? undefined : x === true || x === 'true' || x === 'True' || x === '1')),
    ),
  ),
})
export type AccommodationFilters = v.InferOutput<typeof AccommodationFilters>
