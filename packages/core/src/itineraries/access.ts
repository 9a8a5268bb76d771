/** Who reaches an itinerary and how: through its trip (docs/itineraries.md "Status and access"). */
import { type Database, eq, itineraries } from '@meridian/db'
import { ITINERARY_MESSAGES } from '@meridian/validators'
import { hasPermission } from '@meridian/auth'
import type { Actor, ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { requireTripScope, rolesOn, visibleTo } from '../trips/access.ts'
import { loadTrip } from '../trips/trips.ts'
import type { Tx } from '../trips/assignments.ts'

/** How the actor stands to an itinerary: through its trip. */
export interface ItineraryAccess {
  /** The trip's accepted expert, or staff with manage_trips: may save and send for review. */
  edit: boolean
  /** Specialists, admins, superadmin: may approve or send back. */
  approve: boolean
  /** The trip's traveler (and no more): reads the approved version only. */
  travelerOnly: boolean
}

/** The actor's access to an itinerary of this trip, or null when the trip is not theirs to see. */
export function accessOf(
  actor: Actor,
  scope: 'all' | 'assigned' | 'own',
  trip: { travelerId: number; expertId: number | null; accepted: boolean },
): ItineraryAccess | null {
  if (!visibleTo(actor, scope, trip)) return null
  const roles = rolesOn(actor, trip)
  const edit = roles.includes('staff') || roles.includes('expert')
  const approve = scope === 'all'
  return { edit, approve, travelerOnly: !edit && !approve && scope !== 'assigned' }
}

/** Writing itineraries at all: the trips' experts (manage_assigned_trips) and staff (manage_trips); else 403 first. */
export function requireItineraryEditor(ctx: ServiceContext): Actor {
  const { actor } = requireTripScope(ctx)
  if (!hasPermission(actor, 'manage_trips') && !hasPermission(actor, 'manage_assigned_trips')) {
    throw new DomainError('forbidden', "You don't have permission to perform this action.")
  }
  return actor
}

/** The itinerary row and the actor's access to it; 404 when its trip is not theirs to see. */
export async function visibleItinerary(ctx: ServiceContext, rawId: unknown, db: Database | Tx = ctx.db, lock = false) {
  const { actor, scope } = requireTripScope(ctx)
  const id = idOf(rawId, ITINERARY_MESSAGES.notFound)
  const query = db.select().from(itineraries).where(eq(itineraries.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new DomainError('not_found', ITINERARY_MESSAGES.notFound)
  const trip = await loadTrip(db, row.tripId)
  const access = accessOf(actor, scope, trip)
  // A traveler sees their trip's itinerary once a version of it is approved.
  if (!access || (access.travelerOnly && row.approvedVersion === null)) throw new DomainError('not_found', ITINERARY_MESSAGES.notFound)
  return { actor, row, access }
}
