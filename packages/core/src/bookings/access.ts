import { hasPermission } from '@meridian/auth'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { BOOKING_MESSAGES } from './messages.ts'

/**
 * Who reaches which bookings (docs/bookings.md "Statuses and who may change them"): admins (manage_trips) and the
 * superadmin ('*') every booking; an expert (manage_assigned_trips) the bookings of the trips they are the expert of
 * and of the travelers they are the standing expert of; a traveler (view_bookings) their own. Specialists and editors
 * hold none of these and are refused (403): the navigation gives Bookings to superadmin, expert, admin and traveler.
 */
export type BookingScope = 'all' | 'handled' | 'own'

export function bookingScope(actor: Actor): BookingScope | null {
  if (hasPermission(actor, 'manage_trips')) return 'all'
  if (hasPermission(actor, 'manage_assigned_trips')) return 'handled'
  if (hasPermission(actor, 'view_bookings')) return 'own'
  return null
}

/** The actor and their scope, or 401 / 403. */
export function requireBookingScope(ctx: ServiceContext): { actor: Actor; scope: BookingScope } {
  const actor = requireActor(ctx)
  const scope = bookingScope(actor)
  if (!scope) throw new DomainError('forbidden', BOOKING_MESSAGES.denied)
  return { actor, scope }
}

/** Booking activities, itinerary items and trips: create_trips (travelers; the superadmin through '*'). */
export function requireBooker(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!hasPermission(actor, 'create_trips')) throw new DomainError('forbidden', BOOKING_MESSAGES.travelersOnly)
  return actor
}

/** How the actor stands to one booking, as read with it (loadBooking). */
export interface BookingParties {
  travelerId: number
  /** The expert of the booking's trip, and whether they accepted it. */
  tripExpertId: number | null
  tripExpertAccepted: boolean
  /** Whether the actor is the traveler's standing expert (traveler_experts). */
  standingExpert: boolean
}

/** Whether the actor may see the booking at all (outside their scope it is not revealed: 404). */
export function seesBooking(actor: Actor, scope: BookingScope, b: BookingParties): boolean {
  if (scope === 'all') return true
  if (scope === 'handled') return b.tripExpertId === actor.id || b.standingExpert || b.travelerId === actor.id
  return b.travelerId === actor.id
}

/** The roles the actor holds on this booking: staff (admin, superadmin, the handling expert), traveler, superadmin. */
export function rolesOnBooking(actor: Actor, scope: BookingScope, b: BookingParties) {
  const handles = scope === 'handled' && ((b.tripExpertId === actor.id && b.tripExpertAccepted) || b.standingExpert)
  return {
    staff: scope === 'all' || handles,
    traveler: b.travelerId === actor.id,
    superadmin: hasPermission(actor, '*'),
  }
}
export type BookingRoles = ReturnType<typeof rolesOnBooking>

/** Confirming bookings: a scope beyond one's own (admins, the superadmin, experts); travelers never confirm. */
export function requireBookingStaff(ctx: ServiceContext): { actor: Actor; scope: BookingScope } {
  const found = requireBookingScope(ctx)
  if (found.scope === 'own') throw new DomainError('forbidden', BOOKING_MESSAGES.confirmDenied)
  return found
}
