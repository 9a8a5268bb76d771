import { hasPermission, type Permission } from '@meridian/auth'
import type { Actor, ServiceContext } from './context.ts'
import { DomainError } from './errors.ts'
import { STATUS_MESSAGES } from './messages.ts'

/** The acting user, or DomainError('unauthenticated'). */
export function requireActor(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new DomainError('unauthenticated', 'Authentication credentials were not provided.')
  return ctx.actor
}

/** The acting user when they hold the permission ('*' holds all), else unauthenticated / forbidden. */
export function assertCan(ctx: ServiceContext, permission: Permission): Actor {
  const actor = requireActor(ctx)
  if (!hasPermission(actor, permission)) throw new DomainError('forbidden', STATUS_MESSAGES[403])
  return actor
}

/** The acting user when they hold any of the permissions, else forbidden with `message` (a screen's own wording). */
export function assertCanAny(ctx: ServiceContext, permissions: readonly Permission[], message: string = STATUS_MESSAGES[403]): Actor {
  const actor = requireActor(ctx)
  if (!permissions.some((p) => hasPermission(actor, p))) throw new DomainError('forbidden', message)
  return actor
}
