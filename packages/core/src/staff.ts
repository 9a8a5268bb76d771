import { ACCESS } from '@meridian/auth'
import type { Actor } from './actor.ts'

/** Staff: every role but traveler, or the staff / superuser flags. */
export function isStaff(actor: Actor): boolean {
  return ACCESS.staff(actor)
}
