import busboy from 'busboy'
import * as v from 'valibot'
import {
  bookFlight,
  bookFlightItinerary,
  canManageFlights,
  createFlight,
  FLIGHTS_PAGE_SIZE,
  getFlight,
  IMPORT_MAX_BYTES,
  importFlights,
  listFlights,
  requireFlightBooker,
  searchFlights,
  updateFlight,
  withdrawFlight,
} from '@meridian/core'
import { ClientGoneError, HttpError } from './http.ts'
import { pagedList } from './pagination.ts'
import { queryObject } from '@meridian/validators/query-object'
import type { Handler, JsonBody, RestCall, RouteTable } from './router.ts'

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
      from: { type: 'string', maxLength: 100, description: 'The airport: its IATA code (LHR), or a city or name that names one airport. Any airport of the reference list.' },
      to: { type: 'string', maxLength: 100, description: 'The airport: its IATA code (NRT), or a city or name that names one airport. Any airport of the reference list.' },
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

const tooLarge = () => new HttpError(413, { detail: 'Request body is too large.' })

/** A raw text body (text/csv) up to the import's limit. */
async function readText(req: RestCall['req']): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > IMPORT_MAX_BYTES) throw tooLarge()
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new ClientGoneError('the client closed the connection during an import', { cause: error })
  }
  if (!req.complete) throw new ClientGoneError('the import body ended early')
  return Buffer.concat(chunks).toString('utf8')
}

/** A multipart form's schedule: the first file part (or a `content` field), up to the import's limit. */
async function readMultipart(req: RestCall['req']): Promise<{ content: string }> {
  let parser: busboy.Busboy
  try {
    parser = busboy({ headers: req.headers, limits: { fields: 10, fieldSize: IMPORT_MAX_BYTES + 1, files: 1, fileSize: IMPORT_MAX_BYTES + 1, parts: 20 } })
  } catch (error) {
    throw new HttpError(400, { detail: `Multipart form parse error - ${(error as Error).message}` })
  }
  let file: string | undefined
  let field: string | undefined
  let over = false
  const outcome = await new Promise<'done' | 'malformed' | 'gone'>((resolve) => {
    let failed = false
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('limit', () => (over = true))
      stream.on('error', () => {})
      stream.on('end', () => {
        file ??= Buffer.concat(chunks).toString('utf8')
      })
    })
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) over = true
      if (name === 'content') field = value
    })
    parser.on('error', () => {
      failed = true
      resolve('malformed')
    })
    parser.once('close', () => resolve(failed ? 'malformed' : 'done'))
    req.on('error', () => resolve('gone'))
    req.once('close', () => {
      if (!req.complete) {
        parser.destroy(new Error('Request aborted'))
        resolve('gone')
      }
    })
    req.pipe(parser)
  })
  if (outcome === 'gone' || (outcome === 'malformed' && !req.complete)) throw new ClientGoneError('the client went away during an import')
  if (outcome === 'malformed') throw new HttpError(400, { detail: 'Multipart form parse error - the body ended before its closing boundary.' })
  if (over) throw tooLarge()
  return { content: file || field || '' }
}

/**
 * POST /api/flights/import/: the schedule as a multipart upload (a file part, as the form sends it), as text/csv, or
 * as JSON `{"content": "…"}`. Access is checked before the body is read.
 */
const importSchedule: Handler = async ({ ctx, req, body }) => {
  canManageFlights(ctx)
  if (Number(req.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge()
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  const input =
    type === 'multipart/form-data' ? await readMultipart(req) : type === 'text/csv' || type === 'text/plain' ? { content: await readText(req) } : await body()
  return { body: await importFlights(ctx, input) }
}

/**
 * Flights (2-catalogue-content.md §7 Other; docs/bookings.md "Flights"): search, read and book for travelers; the
 * list, create, edit, withdraw and import for the staff who keep flights.
 */
export function flightRoutes(table: RouteTable) {
  const base = '/api/flights'
  table
    .add('GET', `${base}/search/`, async ({ ctx, query }) => ({ body: await searchFlights(ctx, queryObject(query)) }), {
      summary: 'Search scheduled flights (one way, round trip or multi-city legs)',
      query: FLIGHT_SEARCH_QUERY,
    })
    .add('GET', `${base}/`, pagedList(listFlights, FLIGHTS_PAGE_SIZE), { summary: 'Flights, for the staff who keep them', paginated: true })
    .add(
      'POST',
      `${base}/`,
      async ({ ctx, body }) => {
        canManageFlights(ctx)
        return { status: 201, body: await createFlight(ctx, await body()) }
      },
      { summary: 'Create a flight', body: FLIGHT_BODY, status: 201 },
    )
    .add('POST', `${base}/import/`, importSchedule, {
      summary: 'Import a flight schedule (CSV)',
      description: 'The CSV as a multipart file part, as text/csv, or as JSON `{"content": "…"}`.',
      body: { jsonSchema: { type: 'object', properties: { content: { type: 'string', description: 'The CSV text.' } }, required: ['content'] } },
    })
    .add(
      'POST',
      `${base}/book/`,
      async ({ ctx, body }) => {
        requireFlightBooker(ctx)
        return { status: 201, body: await bookFlightItinerary(ctx, await body()) }
      },
      {
        summary: 'Book a multi-city itinerary: one flight a leg, all legs or none',
        body: BOOK_ITINERARY_BODY,
        status: 201,
        errors: [409],
      },
    )
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getFlight(ctx, params.id) }), { summary: 'One flight' })
    .add(
      'PATCH',
      `${base}/{id}/`,
      async ({ ctx, params, body }) => {
        canManageFlights(ctx)
        return { body: await updateFlight(ctx, params.id, await body()) }
      },
      {
        summary: 'Change a flight (the fields sent)',
        body: FLIGHT_BODY,
        partial: true,
        readOnly: ['airline', 'duration_minutes', 'duration', 'class_label', 'availability', 'booking_status', 'status', 'created_at'],
      },
    )
    .add('POST', `${base}/{id}/withdraw/`, async ({ ctx, params }) => ({ body: await withdrawFlight(ctx, params.id) }), {
      summary: 'Withdraw a flight from sale',
      body: null,
      errors: [409],
    })
    .add(
      'POST',
      `${base}/{id}/book/`,
      async ({ ctx, params, body }) => {
        requireFlightBooker(ctx)
        return { status: 201, body: await bookFlight(ctx, params.id, await body()) }
      },
      { summary: 'Book seats on a flight', body: BOOK_FLIGHT_BODY, status: 201, errors: [409] },
    )
}
