import * as core from '@meridian/core'
import { queryObject } from '@meridian/validators/query-object'
import * as v from 'valibot'
import type { JsonBody } from '../rest/router.ts'
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

/*
 * The flight services check their fields by hand, field by field with their own messages (core flights/fields.ts):
 * there is no valibot schema to convert, so the documented shapes are written here.
 */
const FLIGHT_BODY: JsonBody = {
  jsonSchema: {
    type: 'object',
    properties: {
      airline_code: { type: 'string', description: 'IATA airline code, e.g. FI.' },
      flight_number: { type: 'string', description: 'With or without the airline code.' },
      aircraft: { type: 'string', maxLength: 60 },
      from: {
        type: 'string',
        maxLength: 100,
        description: 'The airport: its IATA code (LHR), or a city or name that names one airport. Any airport of the reference list.',
      },
      to: {
        type: 'string',
        maxLength: 100,
        description: 'The airport: its IATA code (NRT), or a city or name that names one airport. Any airport of the reference list.',
      },
      departure: { type: 'string', description: 'Local time at the departure airport, YYYY-MM-DDTHH:MM.' },
      arrival: { type: 'string', description: 'Local time at the arrival airport, YYYY-MM-DDTHH:MM.' },
      class: { type: 'string', enum: ['economy', 'premium', 'business', 'first'], default: 'economy' },
      stops: { type: ['integer', 'string'] },
      price: { type: ['number', 'string'] },
      currency: { type: 'string', default: 'USD' },
      seats_total: { type: ['integer', 'string'] },
      amenities: { type: ['array', 'string'], items: { type: 'string' } },
      rating: { type: ['number', 'string', 'null'], maximum: 5 },
      reviews: { type: ['integer', 'string'] },
    },
    required: ['airline_code', 'flight_number', 'from', 'to', 'departure', 'arrival', 'price', 'seats_total'],
  },
}

const BOOK_FLIGHT_BODY: JsonBody = {
  jsonSchema: {
    type: 'object',
    properties: {
      passengers: { type: ['integer', 'string'], minimum: 1, maximum: 6, default: 1 },
      passenger_names: { type: 'array', items: { type: 'string' } },
      trip_id: { type: ['integer', 'string', 'null'], description: 'The trip the booking belongs to.' },
    },
  },
}

const BOOK_ITINERARY_BODY: JsonBody = {
  jsonSchema: {
    type: 'object',
    properties: {
      flights: {
        type: ['array', 'string'],
        items: { type: ['integer', 'string'] },
        minItems: 2,
        maxItems: 5,
        description: 'One flight id a leg, in order (or the ids separated by commas).',
      },
      passengers: { type: ['integer', 'string'], minimum: 1, maximum: 6, default: 1 },
      passenger_names: { type: 'array', items: { type: 'string' } },
      trip_id: { type: ['integer', 'string', 'null'], description: 'The trip the bookings belong to.' },
    },
    required: ['flights'],
  },
}

/** The search's query (core flights/search-flights.ts parseFlightSearch); a multi-city search repeats from, to and departure_date. */
const FLIGHT_SEARCH_QUERY = v.object({
  trip_type: v.optional(v.picklist(['oneWay', 'roundTrip', 'multiCity'])),
  from: v.string(),
  to: v.string(),
  departure_date: v.string(),
  return_date: v.optional(v.string()),
  passengers: v.optional(v.string()),
  class: v.optional(v.picklist(['economy', 'premium', 'business', 'first'])),
  price_min: v.optional(v.string()),
  price_max: v.optional(v.string()),
  airlines: v.optional(v.string()),
  stops: v.optional(v.picklist(['0', '1', '2'])),
  time_of_day: v.optional(v.picklist(['night', 'morning', 'afternoon', 'evening'])),
  max_duration: v.optional(v.string()),
})

export const flights = {
  /** REST reads a repeated parameter (a multi-city search's legs) as a list. */
  search: custom(readers.query(core.searchFlights).procedure, {
    at: `GET ${base}/search/`,
    summary: 'Search scheduled flights (one way, round trip or multi-city legs)',
    query: FLIGHT_SEARCH_QUERY,
    handler: async ({ ctx, query }) => ({ body: await core.searchFlights(ctx, queryObject(query)) }),
  }),
  list: managers.list(core.listFlights, core.FLIGHTS_PAGE_SIZE, { at: `GET ${base}/`, summary: 'Flights, for the staff who keep them' }),
  create: managers.create(core.createFlight, { at: `POST ${base}/`, gate: core.canManageFlights, summary: 'Create a flight', body: FLIGHT_BODY }, optionalBody),
  /** The schedule as a multipart upload (a file part, as the form sends it), as text/csv, or as JSON `{"content": "…"}`. */
  import: custom(
    manage.input(v.object({ content: v.pipe(v.string(), v.maxLength(1024 * 1024 + 1)) })).mutation(({ ctx, input }) => core.importFlights(ctx.service, input)),
    {
      at: `POST ${base}/import/`,
      gate: core.canManageFlights,
      summary: 'Import a flight schedule (CSV)',
      description: 'The CSV as a multipart file part, as text/csv, or as JSON `{"content": "…"}`.',
      body: { jsonSchema: { type: 'object', properties: { content: { type: 'string', description: 'The CSV text.' } }, required: ['content'] } },
      handler: async ({ ctx, req, body }) => ({ body: await core.importFlights(ctx, await uploadedText(req, body, core.IMPORT_MAX_BYTES)) }),
    },
  ),
  bookItinerary: bookers.create(
    core.bookFlightItinerary,
    {
      at: `POST ${base}/book/`,
      gate: core.requireFlightBooker,
      summary: 'Book a multi-city itinerary: one flight a leg, all legs or none',
      body: BOOK_ITINERARY_BODY,
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
      body: FLIGHT_BODY,
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
      body: BOOK_FLIGHT_BODY,
      status: 201,
      errors: [409],
    },
    optionalData,
  ),
}
