import type { flights } from '@meridian/db'
import { CABIN_CLASS_LABELS, LIMITED_SEATS } from '@meridian/validators/booking-constants'
import { formatDuration, knownZone, localParts } from './time.ts'

export type FlightRow = typeof flights.$inferSelect

/** An airport as flights show it: its location's IATA code, name, city (the location's address) and country. */
export interface AirportInfo {
  id: number
  code: string
  name: string
  city: string
  country: string
  timezone: string
}

export type BookingStatus = 'available' | 'limited' | 'sold_out'

/** The availability badge (§4 Flight bookingStatus): sold_out at 0 seats, limited up to LIMITED_SEATS, else available. */
export function bookingStatusOf(seatsLeft: number): BookingStatus {
  if (seatsLeft <= 0) return 'sold_out'
  return seatsLeft <= LIMITED_SEATS ? 'limited' : 'available'
}

function end(at: Date, airport: AirportInfo) {
  const zone = knownZone(airport.timezone)
  const local = localParts(at, zone)
  return {
    airport_id: airport.id,
    airport: airport.name,
    city: airport.city,
    country: airport.country,
    code: airport.code,
    date: local.date,
    time: local.time,
    at: at.toISOString(),
    timezone: zone,
  }
}

/**
 * A flight as every call answers it (§3 Flight in snake_case): departure and arrival each with airport, city,
 * country, code, local date and time (and the instant); duration; price per person as exact decimal text.
 */
export function serializeFlight(f: FlightRow, from: AirportInfo, to: AirportInfo) {
  const minutes = Math.round((f.arrivalAt.getTime() - f.departureAt.getTime()) / 60_000)
  return {
    id: f.id,
    airline: f.airlineName,
    airline_code: f.airlineCode,
    flight_number: f.flightNumber,
    aircraft: f.aircraft,
    departure: end(f.departureAt, from),
    arrival: end(f.arrivalAt, to),
    duration_minutes: minutes,
    duration: formatDuration(minutes),
    price: f.price,
    currency: f.currency,
    class: f.cabinClass,
    class_label: CABIN_CLASS_LABELS[f.cabinClass],
    stops: f.stops,
    amenities: f.amenities,
    seats_total: f.seatsTotal,
    availability: f.seatsLeft,
    booking_status: bookingStatusOf(f.seatsLeft),
    rating: f.rating,
    reviews: f.reviewCount,
    status: f.status,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  }
}
export type FlightDto = ReturnType<typeof serializeFlight>
