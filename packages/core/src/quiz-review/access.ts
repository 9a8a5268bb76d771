import { ACCESS, hasPermission } from '@meridian/auth'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { STATUS_MESSAGES } from '../messages.ts'
import { canAssignExperts } from '../trips/access.ts'

/** The Review Center and the specialist calls: review_quizzes (specialists; superadmin through '*'). */
export function requireQuizReviewer(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!hasPermission(actor, 'review_quizzes')) throw new DomainError('forbidden', STATUS_MESSAGES[403])
  return actor
}

/** Customer Profiles: specialists (manage_customer_profiles), admins (manage_users), superadmin. */
export function canManageCustomers(actor: Actor): boolean {
  return ACCESS.customers(actor)
}
export function requireCustomerStaff(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!canManageCustomers(actor)) throw new DomainError('forbidden', STATUS_MESSAGES[403])
  return actor
}

/** Reading any traveler's quiz submission: reviewers and the customer staff (specialist, admin, superadmin). */
export function canReadQuizzes(actor: Actor): boolean {
  return hasPermission(actor, 'review_quizzes') || canManageCustomers(actor)
}

/** Setting a traveler's expert and the experts directory: those who assign experts (specialists, admins, superadmin). */
export function requireExpertStaff(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!canAssignExperts(actor)) throw new DomainError('forbidden', STATUS_MESSAGES[403])
  return actor
}
