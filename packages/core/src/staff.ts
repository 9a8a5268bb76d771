import type { Actor } from './context.ts'

/** Staff: every role but traveler, or the staff / superuser flags. */
export function isStaff(actor: Actor): boolean {
  return actor.isStaff || actor.isSuperuser || actor.role !== 'traveler'
}
