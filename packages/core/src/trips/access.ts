import { ACCESS, hasPermission, type Permission } from '@meridian/auth'
import { EXPERT_MOVES, TRAVELER_MOVES, TRIP_MOVES, type TripStatus } from '@meridian/validators/trip-constants'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'

/**
 * Who reaches which trips (docs/trips.md, decision 023): staff with manage_trips (admin; superadmin through '*') and
 * specialists (view_assignments, to match experts) see every trip; an expert (manage_assigned_trips) the trips
 * assigned to them; a traveler (create_trips) their own. Anyone else (the editor) is refused.
 */
export type TripScope = 'all' | 'assigned' | 'own'

const can = (actor: Actor, permission: Permission) => hasPermission(actor, permission)

export function tripScope(actor: Actor): TripScope | null {
  if (can(actor, 'manage_trips') || can(actor, 'view_assignments')) return 'all'
  if (can(actor, 'manage_assigned_trips')) return 'assigned'
  if (can(actor, 'create_trips')) return 'own'
  return null
}

/** The actor and their scope, or 401 / 403. */
export function requireTripScope(ctx: ServiceContext): { actor: Actor; scope: TripScope } {
  const actor = requireActor(ctx)
  const scope = tripScope(actor)
  if (!scope) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  return { actor, scope }
}

/** Trip requests and My Trips: create_trips (travelers; superadmin through '*'). */
export function requireTraveler(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!can(actor, 'create_trips')) throw new DomainError('forbidden', TRIP_MESSAGES.travelersOnly)
  return actor
}

/** The expert's desk: manage_assigned_trips (experts; superadmin through '*'). */
export function requireExpert(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!can(actor, 'manage_assigned_trips')) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  return actor
}

/** Assigning experts: specialists (view_assignments), admins (manage_trips), superadmin. */
export function canAssignExperts(actor: Actor): boolean {
  return ACCESS.assignExperts(actor)
}
export function requireAssigner(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!canAssignExperts(actor)) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  return actor
}

/** Every expert's performance: specialists, admins, superadmin. An expert sees their own (view_performance). */
export function canSeeAllPerformance(actor: Actor): boolean {
  return ACCESS.allPerformance(actor)
}
export function requirePerformanceReader(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!ACCESS.performance(actor)) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  return actor
}

/** How the actor stands to one trip: 'staff' (manage_trips), 'expert' (its accepted expert), 'traveler' (its owner). */
export type TripRole = 'staff' | 'expert' | 'traveler' | 'viewer'

export interface TripParties {
  travelerId: number
  expertId: number | null
  /** Whether the expert has accepted (a pending expert may look, not act). */
  accepted: boolean
}

/** Whether the actor may see the trip at all (outside their scope it is not revealed: 404). */
export function visibleTo(actor: Actor, scope: TripScope, trip: TripParties): boolean {
  if (scope === 'all') return true
  if (scope === 'assigned') return trip.expertId === actor.id || trip.travelerId === actor.id
  return trip.travelerId === actor.id
}

/** The roles the actor holds on this trip, strongest first. */
export function rolesOn(actor: Actor, trip: TripParties): TripRole[] {
  const roles: TripRole[] = []
  if (can(actor, 'manage_trips')) roles.push('staff')
  if (trip.expertId === actor.id && trip.accepted) roles.push('expert')
  if (trip.travelerId === actor.id) roles.push('traveler')
  return roles.length ? roles : ['viewer']
}

/**
 * The status table: is `from → to` a legal move at all, and may someone in `roles` make it? Illegal moves answer
 * 409, legal moves the actor may not make 403; both name the two statuses.
 */
export function checkMove(roles: readonly TripRole[], from: TripStatus, to: TripStatus): void {
  if (!TRIP_MOVES[from].includes(to)) throw new DomainError('conflict', TRIP_MESSAGES.illegalMove(from, to))
  const allowed = roles.some((role) =>
    role === 'staff' ? true : role === 'expert' ? EXPERT_MOVES[from].includes(to) : role === 'traveler' ? TRAVELER_MOVES[from].includes(to) : false,
  )
  if (!allowed) throw new DomainError('forbidden', TRIP_MESSAGES.moveDenied(from, to))
}

/** Who may edit a trip's fields: its owner, its accepted expert, staff with manage_trips. */
export function canEditTrip(roles: readonly TripRole[]): boolean {
  return roles.some((r) => r !== 'viewer')
}

/** The moves of the status table this actor may make on a trip now (screens offer exactly these). */
export function allowedMoves(actor: Actor, trip: TripParties, from: TripStatus): TripStatus[] {
  const roles = rolesOn(actor, trip)
  return TRIP_MOVES[from].filter((to) => {
    try {
      checkMove(roles, from, to)
      return true
    } catch {
      return false
    }
  })
}
