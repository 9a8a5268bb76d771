import {
  bookActivity,
  bookingSummary,
  bookItineraryItem,
  bookTrip,
  cancelBooking,
  confirmBooking,
  EXPORT_FILE_NAME,
  exportBookingsCsv,
  getBooking,
  listBookings,
} from '@meridian/core'
import { BookActivityInput, BookItemInput, BOOKINGS_PAGE_SIZE, CancelBookingInput, ConfirmBookingInput, ListBookingsQuery } from '@meridian/validators'
import { pagedList, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

/**
 * Bookings (docs/bookings.md): the list (DRF-paged; filters type, status, search, when, trip_id), the summary cards,
 * one booking, its confirm and cancel, the CSV export, and booking an activity, an approved itinerary item or a trip
 * as a package. Flights, stays and payments have their own paths.
 */
export function bookingRoutes(table: RouteTable) {
  const base = '/api/bookings'
  table
    .add('GET', `${base}/`, pagedList(listBookings, BOOKINGS_PAGE_SIZE), {
      summary: 'Bookings (of the traveler, or all for staff)',
      query: ListBookingsQuery,
      paginated: true,
    })
    .add('GET', `${base}/summary/`, async ({ ctx }) => ({ body: await bookingSummary(ctx) }), { summary: 'The summary cards: counts and totals by status' })
    .add(
      'GET',
      `${base}/export/`,
      async ({ ctx, query }) => ({
        raw: true,
        body: await exportBookingsCsv(ctx, queryFilters(query)),
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"` },
      }),
      { summary: 'The bookings list as a CSV file', query: ListBookingsQuery, produces: 'text/csv' },
    )
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getBooking(ctx, params.id) }), { summary: 'One booking' })
    .add('POST', `${base}/{id}/confirm/`, async ({ ctx, params, body }) => ({ body: await confirmBooking(ctx, params.id, await body()) }), {
      summary: 'Confirm a booking',
      body: ConfirmBookingInput,
      errors: [409],
    })
    .add('POST', `${base}/{id}/cancel/`, async ({ ctx, params, body }) => ({ body: await cancelBooking(ctx, params.id, await body()) }), {
      summary: 'Cancel a booking',
      body: CancelBookingInput,
      errors: [409],
    })
    .add('POST', '/api/activities/{id}/book/', async ({ ctx, params, body }) => ({ status: 201, body: await bookActivity(ctx, params.id, await body()) }), {
      summary: 'Book an activity',
      body: BookActivityInput,
      status: 201,
      errors: [409],
    })
    .add(
      'POST',
      '/api/itinerary-items/{id}/book/',
      async ({ ctx, params, body }) => ({
        status: 201,
        body: await bookItineraryItem(ctx, params.id, await body()),
      }),
      { summary: 'Book an item of an approved itinerary', body: BookItemInput, status: 201, errors: [409] },
    )
    .add('POST', '/api/trips/{id}/book/', async ({ ctx, params }) => ({ status: 201, body: await bookTrip(ctx, params.id) }), {
      summary: 'Book a trip as a package',
      body: null,
      status: 201,
      errors: [409],
    })
}
