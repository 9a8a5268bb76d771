/**
 * The wishlist's inputs (2-catalogue-content.md My Wishlist, §3 Wishlist item; docs/bookings.md "Wishlist"): what a
 * traveler saves (a destination, a hotel, an activity or a trip, by its id) and the list's type filter. Browser-safe.
 */
import * as v from 'valibot'
import { WISHLIST_TYPES, type WishlistType } from './booking-constants.ts'
import { MAX_RECORD_ID } from './ids.ts'

export const WISHLIST_FORM_MESSAGES = {
  type: `Select a valid type: ${WISHLIST_TYPES.join(', ')}.`,
  required: 'This field is required.',
  objectId: 'A valid integer is required.',
} as const

/** The saved thing's type: destination, hotel, activity or trip. */
const wishlistType = v.pipe(
  v.string(WISHLIST_FORM_MESSAGES.required),
  v.trim(),
  v.nonEmpty(WISHLIST_FORM_MESSAGES.required),
  v.check((x) => (WISHLIST_TYPES as readonly string[]).includes(x), WISHLIST_FORM_MESSAGES.type),
  v.transform((x) => x as WishlistType),
)

/** A record id from JSON (12) or a form ("12"). */
const objectId = v.pipe(
  v.union([v.number(WISHLIST_FORM_MESSAGES.objectId), v.string(WISHLIST_FORM_MESSAGES.objectId)], WISHLIST_FORM_MESSAGES.objectId),
  v.transform((x) => (typeof x === 'number' ? x : /^\s*[1-9]\d{0,9}\s*$/.test(x) ? Number(x) : Number.NaN)),
  v.check((x) => Number.isInteger(x) && x >= 1 && x <= MAX_RECORD_ID, WISHLIST_FORM_MESSAGES.objectId),
)

/** POST /api/wishlist/: `{type, object_id}`. */
export const SaveWishlistInput = v.object({ type: wishlistType, object_id: objectId })
export type SaveWishlistInput = v.InferOutput<typeof SaveWishlistInput>

/** The list's filter: one type, or all ('' or 'all'). */
export const WishlistFilters = v.object({
  type: v.optional(
    v.pipe(
      v.string(WISHLIST_FORM_MESSAGES.type),
      v.trim(),
      v.check((x) => x === '' || x === 'all' || (WISHLIST_TYPES as readonly string[]).includes(x), WISHLIST_FORM_MESSAGES.type),
      v.transform((x) => (x === '' || x === 'all' ? undefined : (x as WishlistType))),
    ),
  ),
})
export type WishlistFilters = v.InferOutput<typeof WishlistFilters>
