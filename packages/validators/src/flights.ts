import * as v from 'valibot'

/*
 * The flight services check their fields by hand, field by field with their own messages (core flights/fields.ts):
 * there is no valibot schema to convert, so the API reference's shapes are written here, as JSON Schema.
 */
export const FLIGHT_BODY = {
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

export const BOOK_FLIGHT_BODY = {
  jsonSchema: {
    type: 'object',
    properties: {
      passengers: { type: ['integer', 'string'], minimum: 1, maximum: 6, default: 1 },
      passenger_names: { type: 'array', items: { type: 'string' } },
      trip_id: { type: ['integer', 'string', 'null'], description: 'The trip the booking belongs to.' },
    },
  },
}

export const BOOK_ITINERARY_BODY = {
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
export const FlightSearchQuery = v.object({
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

/** The schedule import's JSON body (it also takes the CSV as a multipart file part or as text/csv). */
export const FLIGHT_IMPORT_BODY = {
  jsonSchema: { type: 'object', properties: { content: { type: 'string', description: 'The CSV text.' } }, required: ['content'] },
}
