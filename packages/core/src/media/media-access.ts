import { ACCESS } from '@meridian/auth'
import type { Actor, ServiceContext } from '../context.ts'
import { requireActor } from '../access.ts'
import { DomainError } from '../errors.ts'
import { MEDIA_MESSAGES } from '../messages.ts'

/** Media is managed by superadmin, admin and expert (spec 2 §6) and by holders of manage_content (editors). */
export function canManageMedia(actor: Actor | null): boolean {
  return actor !== null && ACCESS.manageMedia(actor)
}

/** The acting media manager, or unauthenticated / forbidden with the screen's own wording. */
export function assertCanManageMedia(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!canManageMedia(actor)) throw new DomainError('forbidden', MEDIA_MESSAGES.deniedBody)
  return actor
}
