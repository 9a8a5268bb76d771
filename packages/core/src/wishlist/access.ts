import { ACCESS } from '@meridian/auth'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'

export const WISHLIST_MESSAGES = {
  travelersOnly: 'Only travelers keep a wishlist.',
  notFound: 'Wishlist item not found.',
  loadFailed: 'Failed to load wishlist',
  /** Django REST Framework's PrimaryKeyRelatedField message for an id that names nothing (or nothing one may save). */
  doesNotExist: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  saved: (title: string) => `"${title}" saved to your wishlist.`,
  alreadySaved: (title: string) => `"${title}" is already in your wishlist.`,
  removed: (title: string) => `"${title}" removed from your wishlist.`,
  removedItem: 'Removed from your wishlist.',
} as const

/** Whether this user keeps a wishlist: create_trips (travelers; the superadmin through '*'), as 1-platform-core §2 has it. */
export const keepsWishlist = (actor: Actor | null): actor is Actor => actor !== null && ACCESS.ownTrips(actor)

/** The wishlist's owner, or 401 / 403: staff roles have no wishlist (1-platform-core §2: /dashboard/wishlist is the traveler's). */
export function requireWishlistOwner(ctx: ServiceContext): Actor {
  const actor = requireActor(ctx)
  if (!keepsWishlist(actor)) throw new DomainError('forbidden', WISHLIST_MESSAGES.travelersOnly)
  return actor
}
