import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { queryFilters } from '../rest/pagination.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { operations, restOnly } from './kit.ts'

/**
 * Bookings (docs/bookings.md): the list (DRF-paged; filters type, status, search, when, trip_id), the summary cards,
 * one booking, its confirm and cancel, the CSV export (REST only), and booking an activity, an approved itinerary item
 * or a trip as a package. Flights, stays and payments have their own paths. Each group's gate runs before its input
 * is read; the services check again, and check the booking itself. Ids are the service's to judge after the gate: an
 * unknown or malformed one answers 404 like another person's.
 */
const base = '/api/bookings'
const scoped = operations(gatedProcedure(core.requireBookingScope), { id: v.unknown() })
const staff = operations(gatedProcedure(core.requireBookingStaff), { id: v.unknown() })
const dueList = operations(gatedProcedure(core.requireDueSoonAccess), { id: v.unknown() })
const bookers = operations(gatedProcedure(core.requireBooker), { id: v.unknown() })
const withData = { optionalData: true }

export const bookings = {
  list: scoped.list(core.listBookings, val.BOOKINGS_PAGE_SIZE, {
    at: `GET ${base}/`,
    summary: 'Bookings (of the traveler, or all for staff)',
    query: val.ListBookingsQuery,
  }),
  summary: scoped.read(core.bookingSummary, { at: `GET ${base}/summary/`, summary: 'The summary cards: counts and totals by status' }),
  export: restOnly({
    at: `GET ${base}/export/`,
    summary: 'The bookings list as a CSV file',
    query: val.ListBookingsQuery,
    produces: 'text/csv',
    handler: async ({ ctx, query }) => ({
      raw: true,
      body: await core.exportBookingsCsv(ctx, queryFilters(query)),
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${core.EXPORT_FILE_NAME}"` },
    }),
  }),
  dueSoon: dueList.list(core.listDueSoon, val.BOOKINGS_PAGE_SIZE, {
    at: `GET ${base}/due-soon/`,
    summary: 'Due soon: payment lines and free-cancellation deadlines of the next 14 days, and overdue lines (staff)',
    query: val.DueSoonQuery,
  }),
  get: scoped.get(core.getBooking, { at: `GET ${base}/{id}/`, summary: 'One booking' }),
  confirm: staff.update(
    core.confirmBooking,
    { at: `POST ${base}/{id}/confirm/`, summary: 'Confirm a booking', body: val.ConfirmBookingInput, errors: [409] },
    withData,
  ),
  cancel: scoped.update(
    core.cancelBooking,
    { at: `POST ${base}/{id}/cancel/`, summary: 'Cancel a booking', body: val.CancelBookingInput, errors: [409] },
    withData,
  ),
  bookActivity: bookers.update(
    core.bookActivity,
    { at: 'POST /api/activities/{id}/book/', summary: 'Book an activity', body: val.BookActivityInput, status: 201, errors: [409] },
    withData,
  ),
  bookItem: bookers.update(
    core.bookItineraryItem,
    { at: 'POST /api/itinerary-items/{id}/book/', summary: 'Book an item of an approved itinerary', body: val.BookItemInput, status: 201, errors: [409] },
    withData,
  ),
  bookTrip: bookers.act(core.bookTrip, { at: 'POST /api/trips/{id}/book/', summary: 'Book a trip as a package', status: 201, errors: [409] }),
}
