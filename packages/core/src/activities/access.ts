import { ACCESS } from '@meridian/auth'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { ACTIVITY_MESSAGES } from '../messages.ts'

/** Who manages activities (1-platform-core.md §6): superadmin, admin and expert, or anyone with manage_activities. */
export function mayManageActivities(actor: Actor | null): boolean {
  return actor !== null && ACCESS.manageActivities(actor)
}

/** The acting user when they may manage activities, else unauthenticated / forbidden with the screen's text. */
export function canManageActivities(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!mayManageActivities(actor)) throw new DomainError('forbidden', ACTIVITY_MESSAGES.denied)
  return actor
}
