import type { BookingStatus } from '@meridian/validators/booking-constants'
import { DomainError } from '../errors.ts'
import type { BookingRoles } from './access.ts'
import { BOOKING_MESSAGES } from './messages.ts'

/** The legal moves (docs/bookings.md "Statuses and who may change them"); a cancelled booking stays cancelled. */
export const BOOKING_MOVES: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['cancelled'],
  cancelled: [],
}

/**
 * Whether someone with `roles` may move a booking dated `serviceDate` from `from` to `to` on `today` (YYYY-MM-DD,
 * UTC). Illegal moves answer 409; legal ones the actor may not make 403, saying why.
 * - confirm: staff (admin, superadmin, the accepted expert of its trip, the traveler's standing expert);
 * - cancel: its traveler until the day before its date, staff until the end of its day, the superadmin at any time.
 */
export function checkBookingMove(roles: BookingRoles, from: BookingStatus, to: BookingStatus, serviceDate: string, today: string): void {
  if (!BOOKING_MOVES[from].includes(to)) throw new DomainError('conflict', BOOKING_MESSAGES.illegalMove(from, to))
  if (to === 'confirmed') {
    if (!roles.staff) throw new DomainError('forbidden', BOOKING_MESSAGES.confirmDenied)
    return
  }
  if (roles.superadmin) return
  if (roles.staff && today <= serviceDate) return
  if (roles.traveler && !roles.staff && today < serviceDate) return
  if (roles.staff) throw new DomainError('forbidden', BOOKING_MESSAGES.staffTooLate)
  if (roles.traveler) throw new DomainError('forbidden', BOOKING_MESSAGES.travelerTooLate)
  throw new DomainError('forbidden', BOOKING_MESSAGES.cancelDenied)
}

/** The moves this actor may make now (screens offer exactly these). */
export function allowedBookingMoves(roles: BookingRoles, from: BookingStatus, serviceDate: string, today: string): BookingStatus[] {
  return BOOKING_MOVES[from].filter((to) => {
    try {
      checkBookingMove(roles, from, to, serviceDate, today)
      return true
    } catch {
      return false
    }
  })
}
