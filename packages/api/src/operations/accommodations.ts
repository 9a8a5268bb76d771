import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import { gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { operations } from './kit.ts'

/**
 * Accommodations (2-catalogue-content.md §7 Other; docs/bookings.md "Accommodations"): active accommodation suppliers
 * as travelers see them, readable by anyone like the destinations they belong to; a stay request books a pending
 * hotel booking for the traveler.
 */
const anyone = operations(publicProcedure, { auth: 'optional' })
const requesters = operations(gatedProcedure(core.requireStayRequester))
export const accommodations = {
  list: anyone.list(core.listAccommodations, 20, {
    at: 'GET /api/accommodations/',
    summary: 'Accommodations travelers can book',
    query: val.AccommodationFilters,
  }),
  get: anyone.get(core.getAccommodation, { at: 'GET /api/accommodations/{id}/', summary: 'One accommodation' }),
  /** `{id, data: {check_in, check_out, rooms, guests, trip_id?, notes?}}`: a pending hotel booking. REST checks the caller before the body. */
  book: requesters.update(
    core.requestStay,
    {
      at: 'POST /api/accommodations/{id}/book/',
      gate: core.requireStayRequester,
      summary: 'Request a stay (a pending hotel booking)',
      body: val.StayRequestInput,
      status: 201,
    },
    { optionalData: true },
  ),
}
