import { ACCESS } from '@meridian/auth'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { USER_MANAGEMENT_MESSAGES as M } from '../messages.ts'

/** Superadmin-level: a superuser, a profile flagged superadmin, or the superadmin role (3-back-office.md §6). */
export function isSuperadminLevel(actor: Pick<Actor, 'isSuperuser' | 'profileIsSuperadmin' | 'role'>): boolean {
  return ACCESS.superadminLevel(actor)
}

/** The user management screen's own check; users-mgmt and roles calls follow it. */
export function requireUserManager(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new DomainError('unauthenticated', M.loginRequired)
  if (!isSuperadminLevel(ctx.actor)) throw new DomainError('forbidden', M.superadminRequired)
  return ctx.actor
}

/** The /users/api/admin/ calls: the admin role or superadmin-level. */
export function requireAdmin(ctx: ServiceContext): Actor {
  if (!ctx.actor) throw new DomainError('unauthenticated', 'Authentication credentials were not provided.')
  if (ctx.actor.role !== 'admin' && !isSuperadminLevel(ctx.actor)) throw new DomainError('forbidden', M.adminRequired)
  return ctx.actor
}
