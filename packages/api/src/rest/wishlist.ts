import { listWishlist, removeFromWishlist, removeWishlistTarget, requireWishlistOwner, saveToWishlist, wishlistCounts } from '@meridian/core'
import { pagedList as paged, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

const noContent = { status: 204, body: null }

/**
 * The traveler's wishlist (docs/bookings.md "Wishlist"): list (?type=), counts, save `{type, object_id}` (201 when new,
 * 200 with the item already saved), remove by id, or by target (?type=&object_id=).
 */
export function wishlistRoutes(table: RouteTable) {
  table
    .add('GET', '/api/wishlist/', paged(listWishlist, 20))
    .add('GET', '/api/wishlist/counts/', async ({ ctx }) => ({ body: await wishlistCounts(ctx) }))
    .add('POST', '/api/wishlist/', async ({ ctx, body }) => {
      requireWishlistOwner(ctx)
      const { created, item } = await saveToWishlist(ctx, await body())
      return { status: created ? 201 : 200, body: item }
    })
    .add('DELETE', '/api/wishlist/', async ({ ctx, query }) => {
      await removeWishlistTarget(ctx, queryFilters(query))
      return noContent
    })
    .add('DELETE', '/api/wishlist/{id}/', async ({ ctx, params }) => {
      await removeFromWishlist(ctx, params.id)
      return noContent
    })
}
