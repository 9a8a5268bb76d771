import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import { queryObject } from '@meridian/validators/query-object'
import * as v from 'valibot'
import { uploadedText } from '../rest/raw-body.ts'
import { gatedProcedure } from '../trpc/init.ts'
import { custom, operations, optionalBody } from './kit.ts'

/**
 * Flights (2-catalogue-content.md §7 Other; docs/bookings.md "Flights"): search, read and book for travelers; the
 * list, create, edit, withdraw and import for the staff who keep flights. Each group's gate runs before its input is
 * read (on REST, the writes that read a body run it first); the services check again.
 */
const base = '/api/flights'
const manage = gatedProcedure(core.canManageFlights)
const readers = operations(gatedProcedure(core.canSearchFlights))
const bookers = operations(gatedProcedure(core.requireFlightBooker))
const managers = operations(manage)
const optionalData = { optionalData: true } as const

export const flights = {
  /** REST reads a repeated parameter (a multi-city search's legs) as a list. */
  search: custom(readers.query(core.searchFlights).procedure, {
    at: `GET ${base}/search/`,
    summary: 'Search scheduled flights (one way, round trip or multi-city legs)',
    query: val.FlightSearchQuery,
    handler: async ({ ctx, query }) => ({ body: await core.searchFlights(ctx, queryObject(query)) }),
  }),
  list: managers.list(core.listFlights, core.FLIGHTS_PAGE_SIZE, { at: `GET ${base}/`, summary: 'Flights, for the staff who keep them' }),
  create: managers.create(
    core.createFlight,
    { at: `POST ${base}/`, gate: core.canManageFlights, summary: 'Create a flight', body: val.FLIGHT_BODY },
    optionalBody,
  ),
  /** The schedule as a multipart upload (a file part, as the form sends it), as text/csv, or as JSON `{"content": "…"}`. */
  import: custom(
    manage.input(v.object({ content: v.pipe(v.string(), v.maxLength(1024 * 1024 + 1)) })).mutation(({ ctx, input }) => core.importFlights(ctx.service, input)),
    {
      at: `POST ${base}/import/`,
      gate: core.canManageFlights,
      summary: 'Import a flight schedule (CSV)',
      description: 'The CSV as a multipart file part, as text/csv, or as JSON `{"content": "…"}`.',
      body: val.FLIGHT_IMPORT_BODY,
      handler: async ({ ctx, req, body }) => ({ body: await core.importFlights(ctx, await uploadedText(req, body, core.IMPORT_MAX_BYTES)) }),
    },
  ),
  bookItinerary: bookers.create(
    core.bookFlightItinerary,
    {
      at: `POST ${base}/book/`,
      gate: core.requireFlightBooker,
      summary: 'Book a multi-city itinerary: one flight a leg, all legs or none',
      body: val.BOOK_ITINERARY_BODY,
      errors: [409],
    },
    optionalBody,
  ),
  get: readers.get(core.getFlight, { at: `GET ${base}/{id}/`, summary: 'One flight' }),
  update: managers.update(
    core.updateFlight,
    {
      at: `PATCH ${base}/{id}/`,
      gate: core.canManageFlights,
      summary: 'Change a flight (the fields sent)',
      body: val.FLIGHT_BODY,
      partial: true,
      readOnly: ['airline', 'duration_minutes', 'duration', 'class_label', 'availability', 'booking_status', 'status', 'created_at'],
    },
    optionalData,
  ),
  withdraw: managers.act(core.withdrawFlight, { at: `POST ${base}/{id}/withdraw/`, summary: 'Withdraw a flight from sale', errors: [409] }),
  book: bookers.update(
    core.bookFlight,
    {
      at: `POST ${base}/{id}/book/`,
      gate: core.requireFlightBooker,
      summary: 'Book seats on a flight',
      body: val.BOOK_FLIGHT_BODY,
      status: 201,
      errors: [409],
    },
    optionalData,
  ),
}
