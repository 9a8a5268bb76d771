import { RecordId } from '@meridian/validators'
import { listWishlist, removeFromWishlist, removeWishlistTarget, requireWishlistOwner, saveToWishlist, wishlistCounts } from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

const PAGE_SIZE = 20
const owners = gatedProcedure(requireWishlistOwner)
const data = v.record(v.string(), v.unknown())
const byId = v.object({ id: RecordId })

/** The traveler's wishlist (docs/bookings.md "Wishlist"): the REST calls as procedures, the same shapes. */
export const wishlistRouter = router({
  list: owners.input(listInput(PAGE_SIZE)).query(({ ctx, input }) => listWishlist(ctx.service, input.filters, pageWindow(input, PAGE_SIZE))),
  counts: owners.query(({ ctx }) => wishlistCounts(ctx.service)),
  /** `{type, object_id}`: `created` tells a new item from one saved before. */
  save: owners.input(data).mutation(({ ctx, input }) => saveToWishlist(ctx.service, input)),
  remove: owners.input(byId).mutation(({ ctx, input }) => removeFromWishlist(ctx.service, input.id)),
  /** `{type, object_id}`: removes the saved item of that thing. */
  unsave: owners.input(data).mutation(({ ctx, input }) => removeWishlistTarget(ctx.service, input)),
})
