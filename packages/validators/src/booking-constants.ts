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
export const BOOKING_TYPE_LABELS: Record<BookingType, string> = { flight: 'Flight', hotel: 'Hotel', activity: 'Activity', trip: 'Trip', transfer: 'Transfer' }
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = { pending: 'Pending', confirmed: 'Confirmed', cancelled: 'Cancelled' }
/** What a booking shows (and its voucher) until staff record the supplier's confirmation number. */
export const AWAITING_CONFIRMATION = 'Awaiting supplier confirmation'
/** `partly_paid`: some schedule lines paid (a deposit), not all (docs/bookings.md "Payment schedules"). */
export const PAYMENT_STATES = ['unpaid', 'partly_paid', 'paid', 'refunded', 'refund_due'] as const
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

/*
 * The booking lifecycle (docs/bookings.md "Payment schedules", "Cancellation policies", "Reminders"): the shapes both
 * the server and the screens read.
 */

/** A payment schedule line: the deposit, the balance, or the whole amount when there is no time for two. */
export const SCHEDULE_LINE_KINDS = ['deposit', 'balance', 'full'] as const
export type ScheduleLineKind = (typeof SCHEDULE_LINE_KINDS)[number]
export const SCHEDULE_LINE_STATUSES = ['due', 'paid', 'overdue', 'waived'] as const
export type ScheduleLineStatus = (typeof SCHEDULE_LINE_STATUSES)[number]
/** When a deposit falls due: the day the traveler accepts (a proposal) or books. */
export const DEPOSIT_DUE_ON = ['acceptance', 'booking'] as const
export type DepositDueOn = (typeof DEPOSIT_DUE_ON)[number]

/**
 * Payment terms: a deposit (a percentage of the amount, or a fixed amount, never more than the amount) and the
 * balance due `balance_days` days before the service date. Decimals are exact text ("30", "250.00").
 */
export interface PaymentTerms {
  deposit_percent: string | null
  deposit_amount: string | null
  deposit_due: DepositDueOn
  balance_days: number
}

/**
 * One step of a cancellation policy: from `days_before` days before the service date (at midnight in the policy's
 * time zone) a fee of `percent` of the amount or a fixed `amount`, whichever is given.
 */
export interface CancellationStep {
  days_before: number
  percent: string | null
  amount: string | null
}

/** Free until the first step's deadline; the steps apply from their deadlines on (the latest deadline that has passed). */
export interface CancellationPolicy {
  steps: CancellationStep[]
}

/** Reminder kinds, each sent at most once per line (or booking) and per number of days before. */
export const REMINDER_KINDS = ['payment_due', 'payment_overdue', 'free_cancellation'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]
/** Days before a due date or a free-cancellation deadline when the traveler is reminded, by default. */
export const DEFAULT_REMINDER_DAYS = [7, 1] as const
/** How far ahead the staff's Due soon list looks. */
export const DUE_SOON_DAYS = 14
