import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import { gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * Accommodations (2-catalogue-content.md §7 Other; docs/bookings.md "Accommodations"): active accommodation suppliers
 * as travelers see them, readable by anyone like the destinations they belong to; a stay request books a pending
 * hotel booking for the traveler.
 */
const anyone = operations(publicProcedure)
const requesters = operations(gatedProcedure(core.requireStayRequester))
export const accommodations = {
  list: anyone.list(core.listAccommodations, 20, {
    at: 'GET /api/accommodations/',
    auth: 'optional',
    summary: 'Accommodations travelers can book',
    query: val.AccommodationFilters,
  }),
  get: anyone.get(core.getAccommodation, { at: 'GET /api/accommodations/{id}/', auth: 'optional', summary: 'One accommodation' }),
  /** `{id, data: {check_in, check_out, rooms, guests, trip_id?, notes?}}`: a pending hotel booking. REST checks the caller before the body. */
  book: custom(requesters.update(core.requestStay, undefined, { optionalData: true }).procedure, {
    at: 'POST /api/accommodations/{id}/book/',
    summary: 'Request a stay (a pending hotel booking)',
    body: val.StayRequestInput,
    status: 201,
    handler: async ({ ctx, params, body }) => {
      core.requireStayRequester(ctx)
      return { status: 201, body: await core.requestStay(ctx, params.id, await body()) }
    },
  }),
}
