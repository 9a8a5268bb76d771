import { listWishlist, removeFromWishlist, removeWishlistTarget, requireWishlistOwner, saveToWishlist, wishlistCounts } from '@meridian/core'
import { SaveWishlistInput, WishlistFilters } from '@meridian/validators'
import { pagedList as paged, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

const noContent = { status: 204, body: null }

/**
 * The traveler's wishlist (docs/bookings.md "Wishlist"): list (?type=), counts, save `{type, object_id}` (201 when new,
 * 200 with the item already saved), remove by id, or by target (?type=&object_id=).
 */
export function wishlistRoutes(table: RouteTable) {
  table
    .add('GET', '/api/wishlist/', paged(listWishlist, 20), { summary: "The traveler's wishlist", query: WishlistFilters, paginated: true })
    .add('GET', '/api/wishlist/counts/', async ({ ctx }) => ({ body: await wishlistCounts(ctx) }), { summary: 'Wishlist counts by type' })
    .add(
      'POST',
      '/api/wishlist/',
      async ({ ctx, body }) => {
        requireWishlistOwner(ctx)
        const { created, item } = await saveToWishlist(ctx, await body())
        return { status: created ? 201 : 200, body: item }
      },
      { summary: 'Save to the wishlist (201; 200 when already saved)', body: SaveWishlistInput, status: 201 },
    )
    .add(
      'DELETE',
      '/api/wishlist/',
      async ({ ctx, query }) => {
        await removeWishlistTarget(ctx, queryFilters(query))
        return noContent
      },
      { summary: 'Remove a target (?type=&object_id=) from the wishlist', query: SaveWishlistInput },
    )
    .add(
      'DELETE',
      '/api/wishlist/{id}/',
      async ({ ctx, params }) => {
        await removeFromWishlist(ctx, params.id)
        return noContent
      },
      { summary: 'Remove a wishlist item' },
    )
}
