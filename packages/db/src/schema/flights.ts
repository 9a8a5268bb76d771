import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { CABIN_CLASSES, FLIGHT_STATUSES } from '@meridian/validators/booking-constants'
import { timestamps } from './columns.ts'
import { locations } from './destinations.ts'
import { users } from './users.ts'

/**
 * A flight offer that staff keep (2-catalogue-content.md §3 Flight, docs/bookings.md): one airline's flight on one
 * day in one cabin class, between two airports (locations of type airport), with its price and the seats left.
 * seats_left never goes below 0: bookings take seats with a guarded UPDATE in their own transaction.
 */
export const flights = pgTable(
  'flights',
  {
    id: serial('id').primaryKey(),
    airlineCode: text('airline_code').notNull(),
    airlineName: text('airline_name').notNull(),
    flightNumber: text('flight_number').notNull(),
    aircraft: text('aircraft').notNull().default(''),
    departureAirportId: integer('departure_airport_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    arrivalAirportId: integer('arrival_airport_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    arrivalAt: timestamp('arrival_at', { withTimezone: true }).notNull(),
    cabinClass: text('cabin_class', { enum: CABIN_CLASSES }).notNull().default('economy'),
    stops: smallint('stops').notNull().default(0),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    seatsTotal: integer('seats_total').notNull(),
    seatsLeft: integer('seats_left').notNull(),
    amenities: jsonb('amenities').$type<string[]>().notNull().default([]),
    rating: numeric('rating', { precision: 2, scale: 1 }),
    reviewCount: integer('review_count').notNull().default(0),
    status: text('status', { enum: FLIGHT_STATUSES }).notNull().default('scheduled'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('flights_offer_key').on(t.airlineCode, t.flightNumber, t.departureAt, t.cabinClass),
    // Search: the airports of From (and To) resolved first, then each airport's departures in time order.
    index('flights_route_departure_idx').on(t.departureAirportId, t.arrivalAirportId, t.departureAt),
    index('flights_departure_idx').on(t.departureAirportId, t.departureAt),
    index('flights_arrival_idx').on(t.arrivalAirportId, t.departureAt),
    index('flights_departure_at_idx').on(t.departureAt, t.id),
    check('flights_seats_check', sql`${t.seatsLeft} >= 0 and ${t.seatsLeft} <= ${t.seatsTotal}`),
    check('flights_times_check', sql`${t.arrivalAt} > ${t.departureAt}`),
    check('flights_airports_check', sql`${t.arrivalAirportId} <> ${t.departureAirportId}`),
    check('flights_price_check', sql`${t.price} >= 0`),
    check('flights_stops_check', sql`${t.stops} between 0 and 3`),
    check('flights_rating_check', sql`${t.rating} is null or ${t.rating} between 0 and 5`),
  ],
)
