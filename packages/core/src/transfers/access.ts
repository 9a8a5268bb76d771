import { hasAnyRole, hasPermission } from '@meridian/auth'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { TRANSFER_MESSAGES } from '../messages.ts'

/**
 * Transfers: superadmin, admin and expert (3-back-office.md §6 navigation), by role since no permission of the
 * spec's table names transfers; '*' (superadmin, superuser) passes too. docs/decisions/015-transfers.md.
 */
export function canManageTransfers(ctx: ServiceContext) {
  const actor = requireActor(ctx)
  if (!hasPermission(actor, '*') && !hasAnyRole(actor, ['superadmin', 'admin', 'expert'])) throw new DomainError('forbidden', TRANSFER_MESSAGES.denied)
  return actor
}
