/**
 * Flights, bookings, payments and the wishlist (2-catalogue-content.md §2–§5, 1-platform-core.md §7): the values
 * both the server and the screens use. Browser-safe: no server imports.
 */

export const CABIN_CLASSES = ['economy', 'premium', 'business', 'first'] as const
export type CabinClass = (typeof CABIN_CLASSES)[number]
export const CABIN_CLASS_LABELS: Record<CabinClass, string> = { economy: 'Economy', premium: 'Premium Economy', business: 'Business', first: 'First Class' }

export const TRIP_KINDS = ['oneWay', 'roundTrip', 'multiCity'] as const
export const FLIGHT_AMENITIES = ['wifi', 'meals', 'entertainment'] as const
export const FLIGHT_STATUSES = ['scheduled', 'withdrawn'] as const
/** Seats left at or below this (and above 0) show 'limited'; 0 shows 'sold_out' (docs/bookings.md). */
export const LIMITED_SEATS = 9
export const MIN_PASSENGERS = 1
export const MAX_PASSENGERS = 6
/** The flight price range of the filters (2-catalogue-content.md §9). */
export const FLIGHT_PRICE_RANGE = [0, 2000] as const

/** The spec's four, and a transfer booked from an accepted proposal (docs/proposals.md). */
export const BOOKING_TYPES = ['flight', 'hotel', 'activity', 'trip', 'transfer'] as const
export type BookingType = (typeof BOOKING_TYPES)[number]
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const PAYMENT_STATES = ['unpaid', 'paid', 'refunded', 'refund_due'] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

export const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]
export const PAYMENT_STATUSES = ['requires_payment', 'succeeded', 'cancelled', 'refunded', 'refund_due'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const WISHLIST_TYPES = ['destination', 'hotel', 'activity', 'trip'] as const
export type WishlistType = (typeof WISHLIST_TYPES)[number]

/** The booking forms' field messages (core's BOOKING_MESSAGES carries them too). */
export const BOOKING_FORM_MESSAGES = {
  amountInvalid: 'Enter an amount of 0.01 or more with at most 2 decimals.',
  currencyInvalid: 'Choose an active currency.',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD).',
} as const
