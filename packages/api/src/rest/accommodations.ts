import { getAccommodation, listAccommodations, requestStay, requireStayRequester } from '@meridian/core'
import { pagedList as paged } from './pagination.ts'
import { AccommodationFilters, StayRequestInput } from '@meridian/validators'
import type { RouteTable } from './router.ts'

/**
 * Accommodations (2-catalogue-content.md §7 Other; docs/bookings.md "Accommodations"): active accommodation suppliers
 * as travelers see them, readable by anyone like the destinations they belong to; a stay request books a pending
 * hotel booking for the traveler.
 */
export function accommodationRoutes(table: RouteTable) {
  table
    .add('GET', '/api/accommodations/', paged(listAccommodations, 20), 'optional', {
      summary: 'Accommodations travelers can book',
      query: AccommodationFilters,
      paginated: true,
    })
    .add('GET', '/api/accommodations/{id}/', async ({ ctx, params }) => ({ body: await getAccommodation(ctx, params.id) }), 'optional', {
      summary: 'One accommodation',
    })
    .add(
      'POST',
      '/api/accommodations/{id}/book/',
      async ({ ctx, params, body }) => {
        requireStayRequester(ctx)
        return { status: 201, body: await requestStay(ctx, params.id, await body()) }
      },
      { summary: 'Request a stay (a pending hotel booking)', body: StayRequestInput, status: 201 },
    )
}
