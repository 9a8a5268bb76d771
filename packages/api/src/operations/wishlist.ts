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
const noContent = { status: 204, body: null }
export const wishlist = {
  list: owners.list(core.listWishlist, 20, { at: 'GET /api/wishlist/', summary: "The traveler's wishlist", query: val.WishlistFilters }),
  counts: owners.read(core.wishlistCounts, { at: 'GET /api/wishlist/counts/', summary: 'Wishlist counts by type' }),
  /** tRPC answers `{created, item}`; REST the item, 201 when new and 200 when it was saved before. */
  save: custom(owners.create(core.saveToWishlist).procedure, {
    at: 'POST /api/wishlist/',
    summary: 'Save to the wishlist (201; 200 when already saved)',
    body: val.SaveWishlistInput,
    status: 201,
    alsoStatus: [200],
    answerKey: 'item',
    handler: async ({ ctx, body }) => {
      core.requireWishlistOwner(ctx)
      const { created, item } = await core.saveToWishlist(ctx, await body())
      return { status: created ? 201 : 200, body: item }
    },
  }),
  unsave: custom(
    owner.input(v.record(v.string(), v.unknown())).mutation(({ ctx, input }) => core.removeWishlistTarget(ctx.service, input)),
    {
      at: 'DELETE /api/wishlist/',
      summary: 'Remove a target (?type=&object_id=) from the wishlist',
      query: val.SaveWishlistInput,
      handler: async ({ ctx, query }) => {
        await core.removeWishlistTarget(ctx, queryFilters(query))
        return noContent
      },
    },
  ),
  /** tRPC answers the item removed; REST 204. */
  remove: custom(owners.act(core.removeFromWishlist).procedure, {
    at: 'DELETE /api/wishlist/{id}/',
    summary: 'Remove a wishlist item',
    handler: async ({ ctx, params }) => {
      await core.removeFromWishlist(ctx, params.id)
      return noContent
    },
  }),
}
