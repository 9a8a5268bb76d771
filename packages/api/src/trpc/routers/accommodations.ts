import { RecordId } from '@meridian/validators'
import { getAccommodation, listAccommodations, requestStay, requireStayRequester } from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, publicProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

const PAGE_SIZE = 20
const stayRequesters = gatedProcedure(requireStayRequester)
const data = v.record(v.string(), v.unknown())
const byId = v.object({ id: RecordId })

/** Accommodations as travelers see them, and stay requests (docs/bookings.md "Accommodations"). */
export const accommodationsRouter = router({
  list: publicProcedure.input(listInput(PAGE_SIZE)).query(({ ctx, input }) => listAccommodations(ctx.service, input.filters, pageWindow(input, PAGE_SIZE))),
  get: publicProcedure.input(byId).query(({ ctx, input }) => getAccommodation(ctx.service, input.id)),
  /** `{id, data: {check_in, check_out, rooms, guests, trip_id?, notes?}}`: a pending hotel booking. */
  book: stayRequesters
    .input(v.object({ id: RecordId, data: v.optional(data, {}) }))
    .mutation(({ ctx, input }) => requestStay(ctx.service, input.id, input.data)),
})
