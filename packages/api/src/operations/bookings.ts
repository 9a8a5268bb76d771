import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { queryFilters } from '../rest/pagination.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { operations, restOnly } from './kit.ts'

/**
 * Bookings (docs/bookings.md): the list (DRF-paged; filters type, status, search, when, trip_id), the summary cards,
 * one booking, its confirm and cancel (and what cancelling costs), rebooking a withdrawn flight's booking, the supplier's
 * confirmation, the vouchers (a booking's, a trip's), the CSV export (REST only), and booking an activity, an approved itinerary item
 * or a trip as a package. Flights, stays and payments have their own paths. Each group's gate runs before its input
 * is read; the services check again, and check the booking itself. Ids are the service's to judge after the gate: an
 * unknown or malformed one answers 404 like another person's.
 */
const base = '/api/bookings'
const scopedProcedure = gatedProcedure(core.requireBookingScope)
const scoped = operations(scopedProcedure, { id: v.unknown() })
const staffProcedure = gatedProcedure(core.requireBookingStaff)
const staff = operations(staffProcedure, { id: v.unknown() })
const dueList = operations(gatedProcedure(core.requireDueSoonAccess), { id: v.unknown() })
const bookersProcedure = gatedProcedure(core.requireBooker)
const bookers = operations(bookersProcedure, { id: v.unknown() })
const withData = { optionalData: true }
/** A file as REST sends it (an attachment) and as tRPC answers it (base64). */
const asAttachment = (file: core.VoucherFile) => ({
  raw: true as const,
  body: file.body,
  headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"` },
})
const asBase64 = (file: core.VoucherFile) => ({ filename: file.filename, content_type: file.contentType, base64: file.body.toString('base64') })

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
  settings: staff.read(core.getBookingSettings, {
    at: `GET ${base}/settings/`,
    summary: 'The booking settings: default payment terms, cancellation policy and reminder days',
  }),
  updateSettings: staff.write(core.updateBookingSettings, {
    at: `PATCH ${base}/settings/`,
    summary: 'Change the booking settings (admins)',
    body: val.BookingSettingsBody,
    readOnly: ['schedule_text', 'policy_text'],
  }),
  /** A package (the bookings sharing a package reference): viewed, paid and cancelled in one step. */
  package: scoped.custom(
    scopedProcedure.input(v.object({ reference: v.unknown() })).query(({ ctx, input }) => core.getPackage(ctx.service, input.reference)),
    {
      at: `GET ${base}/packages/{reference}/`,
      summary: "A package's bookings with totals, the open schedule by due date and what cancelling the whole would cost",
      handler: async ({ ctx, params }) => ({ body: await core.getPackage(ctx, params.reference) }),
    },
  ),
  payPackage: bookers.custom(
    bookersProcedure
      .input(v.object({ reference: v.unknown(), data: v.optional(v.record(v.string(), v.unknown()), {}) }))
      .mutation(({ ctx, input }) => core.payPackage(ctx.service, input.reference, input.data)),
    {
      at: `POST ${base}/packages/{reference}/pay/`,
      summary: 'Pay every line of a package due on or before a date (the next due date unless given), in one step',
      description:
        'All or nothing: one payment per line, written together or not at all. By transfer, every payment quotes the package reference; by card (Stripe), one intent per currency for the sum of its lines (`intents`), which POST /api/payments/confirm/ records whole.',
      body: {
        jsonSchema: {
          type: 'object',
          properties: { due_on: { type: 'string', format: 'date', description: 'Pay the lines due on or before this date; the next due date when left out.' } },
        },
      },
      status: 201,
      errors: [409],
      handler: async ({ ctx, params, body }) => ({ status: 201, body: await core.payPackage(ctx, params.reference, await body()) }),
    },
  ),
  markPackageReceived: staff.custom(
    staffProcedure
      .input(v.object({ reference: v.unknown(), data: v.optional(v.record(v.string(), v.unknown()), {}) }))
      .mutation(({ ctx, input }) => core.markPackageReceived(ctx.service, input.reference, input.data)),
    {
      at: `POST ${base}/packages/{reference}/mark-received/`,
      summary: 'Record the money of every payment of a package awaiting a bank transfer, in one step (staff)',
      body: { jsonSchema: { type: 'object', properties: { method: { type: 'string', enum: ['bank_transfer', 'on_site'] } } } },
      errors: [409],
      handler: async ({ ctx, params, body }) => ({ body: await core.markPackageReceived(ctx, params.reference, await body()) }),
    },
  ),
  cancelPackage: scoped.custom(
    scopedProcedure
      .input(v.object({ reference: v.unknown(), data: v.optional(v.record(v.string(), v.unknown()), {}) }))
      .mutation(({ ctx, input }) => core.cancelPackage(ctx.service, input.reference, input.data)),
    {
      at: `POST ${base}/packages/{reference}/cancel/`,
      summary: 'Cancel every booking of a package in one step, each under its own policy',
      description: 'All or nothing: when one booking may not be cancelled by the caller, none is, and the answer names it.',
      body: val.CancelBookingInput,
      errors: [409],
      handler: async ({ ctx, params, body }) => ({ body: await core.cancelPackage(ctx, params.reference, await body()) }),
    },
  ),
  get: scoped.get(core.getBooking, { at: `GET ${base}/{id}/`, summary: 'One booking, with its payment schedule' }),
  setTerms: staff.update(
    core.setBookingTerms,
    {
      at: `POST ${base}/{id}/terms/`,
      summary: 'Give a booking its own payment terms or cancellation policy (staff handling it)',
      body: val.BookingTermsBody,
      errors: [409],
    },
    withData,
  ),
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
  cancellationQuote: scoped.get(core.cancellationQuote, {
    at: `GET ${base}/{id}/cancellation/`,
    summary: 'What cancelling a booking now would cost: the fee, the refund and the free-cancellation deadline',
    errors: [409],
  }),
  rebookOptions: staff.get(core.rebookOptions, { at: `GET ${base}/{id}/rebook/`, summary: 'The flights a booking of a withdrawn flight can be rebooked on' }),
  rebook: staff.update(
    core.rebookBooking,
    {
      at: `POST ${base}/{id}/rebook/`,
      summary: 'Rebook a booking of a withdrawn flight on another flight of its route',
      body: val.RebookBookingInput,
      errors: [409],
    },
    withData,
  ),
  supplierConfirmation: staff.update(
    core.recordSupplierConfirmation,
    {
      at: `POST ${base}/{id}/supplier-confirmation/`,
      summary: "Record the supplier's confirmation number and notes",
      body: val.SupplierConfirmationInput,
      errors: [409],
    },
    withData,
  ),
  /** REST answers the PDF; tRPC answers it as base64, to save or open. */
  voucher: scoped.custom(
    scopedProcedure.input(v.object({ id: v.unknown() })).query(async ({ ctx, input }) => asBase64(await core.bookingVoucher(ctx.service, input.id))),
    {
      at: `GET ${base}/{id}/voucher/`,
      summary: "The booking's voucher as a PDF",
      produces: 'application/pdf',
      errors: [409],
      handler: async ({ ctx, params }) => asAttachment(await core.bookingVoucher(ctx, params.id)),
    },
  ),
  tripVouchers: scoped.custom(
    scopedProcedure.input(v.object({ id: v.unknown() })).query(async ({ ctx, input }) => asBase64(await core.tripVouchers(ctx.service, input.id))),
    {
      at: 'GET /api/trips/{id}/vouchers/',
      summary: "The vouchers of a trip's bookings that are not cancelled, as one PDF",
      produces: 'application/pdf',
      errors: [409],
      handler: async ({ ctx, params }) => asAttachment(await core.tripVouchers(ctx, params.id)),
    },
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
