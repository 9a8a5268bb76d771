/** Words and colours of bookings on the screens (docs/bookings.md). Browser-safe. */
import type { BookingStatus, BookingType } from '@meridian/validators/booking-constants'

export { BOOKING_STATUS_LABELS, BOOKING_TYPE_LABELS } from '@meridian/validators/booking-constants'
export const BOOKING_TYPE_COLORS: Record<BookingType, string> = { flight: 'indigo', hotel: 'teal', activity: 'grape', trip: 'cyan', transfer: 'orange' }
export const BOOKING_STATUS_COLORS: Record<BookingStatus, string> = { pending: 'yellow', confirmed: 'green', cancelled: 'red' }

/** The filter buttons of Booking Management (2-catalogue-content.md): all, flight, hotel, activity, trip. */
export const BOOKING_FILTERS = ['all', 'flight', 'hotel', 'activity', 'trip'] as const

/** Whether a booking waits for payment: not cancelled, unpaid and with an amount to pay. */
export const awaitsPayment = (b: { status: string; payment_status: string; amount: string }) =>
  b.status !== 'cancelled' && (b.payment_status === 'unpaid' || b.payment_status === 'partly_paid') && /[1-9]/.test(b.amount)

/** A stay request not yet quoted shows 'To be quoted' instead of 0.00. */
export const toBeQuoted = (b: { type: string; status: string; amount: string }) => b.type === 'hotel' && b.status === 'pending' && !/[1-9]/.test(b.amount)
