import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { queryFilters } from '../rest/pagination.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * The traveler's wishlist (docs/bookings.md "Wishlist"): list (?type=), counts, save `{type, object_id}`, remove by id,
 * or by target (`{type, object_id}`; REST ?type=&object_id=).
 */
const owner = gatedProcedure(core.requireWishlistOwner)
const owners = operations(owner)
export const wishlist = {
  list: owners.list(core.listWishlist, 20, { at: 'GET /api/wishlist/', summary: "The traveler's wishlist", query: val.WishlistFilters }),
  counts: owners.read(core.wishlistCounts, { at: 'GET /api/wishlist/counts/', summary: 'Wishlist counts by type' }),
  /** tRPC answers `{created, item}`; REST the item, 201 when new and 200 when it was saved before. */
  save: owners.create(core.saveToWishlist, {
    at: 'POST /api/wishlist/',
    gate: core.requireWishlistOwner,
    summary: 'Save to the wishlist (201; 200 when already saved)',
    body: val.SaveWishlistInput,
    alsoStatus: [200],
    answerKey: 'item',
  }),
  unsave: custom(
    owner.input(v.record(v.string(), v.unknown())).mutation(({ ctx, input }) => core.removeWishlistTarget(ctx.service, input)),
    {
      at: 'DELETE /api/wishlist/',
      summary: 'Remove a target (?type=&object_id=) from the wishlist',
      query: val.SaveWishlistInput,
      handler: async ({ ctx, query }) => {
        await core.removeWishlistTarget(ctx, queryFilters(query))
        return { status: 204, body: null }
      },
    },
  ),
  /** tRPC answers the item removed; REST 204. */
  remove: owners.remove(core.removeFromWishlist, { at: 'DELETE /api/wishlist/{id}/', summary: 'Remove a wishlist item' }, (_id, item) => item),
}
