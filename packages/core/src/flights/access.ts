import { hasAnyRole, hasPermission } from '@meridian/auth'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { FLIGHT_MESSAGES } from './messages.ts'

/**
 * Who keeps flights: superadmin, admin and expert by role, as transfers (decision 015): no permission of spec 1 §6
 * names flights, and manage_activities would let editors in. '*' (superadmin, superuser) passes too.
 */
export function isFlightManager(actor: Actor): boolean {
  return hasPermission(actor, '*') || hasAnyRole(actor, ['admin', 'expert'])
}

/** Flight management: create, edit, withdraw, import, the full list. 401 / 403 otherwise. */
export function canManageFlights(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!isFlightManager(actor)) throw new DomainError('forbidden', FLIGHT_MESSAGES.manageDenied)
  return actor
}

/**
 * Searching and reading flights: the roles the navigation shows /dashboard/flights to (1-platform-core.md §2:
 * superadmin, admin, expert, traveler), i.e. the flight managers and whoever books (create_trips).
 */
export function canSearchFlights(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!isFlightManager(actor) && !hasPermission(actor, 'create_trips')) throw new DomainError('forbidden', FLIGHT_MESSAGES.denied)
  return actor
}

/** Whether the actor books flights: create_trips (travelers; the superadmin through '*'), always for themselves. */
export const canBookFlights = (actor: Actor) => hasPermission(actor, 'create_trips')

/** Booking a flight: create_trips. Staff do not book on a traveler's behalf (docs/bookings.md "Flights"). */
export function requireFlightBooker(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!canBookFlights(actor)) throw new DomainError('forbidden', FLIGHT_MESSAGES.bookDenied)
  return actor
}
