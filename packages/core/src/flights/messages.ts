/** What the flight calls and screens say (docs/bookings.md "Flights"). Browser-safe: no imports. */
export const FLIGHT_MESSAGES = {
  notFound: 'The flight was not found.',
  denied: 'Flights are for travelers and for the staff who keep them (superadmin, admin, expert).',
  manageDenied: 'Only superadmins, admins and experts manage flights.',
  bookDenied: 'Only travelers book flights, for themselves.',
  passengers: 'Passengers must be between 1 and 6.',
  /** The search's price filter: the screen's range (FLIGHT_PRICE_RANGE, 2-catalogue-content.md §9). */
  priceRange: 'Enter an amount from 0 to 2,000.',
  withdrawn: 'This flight is no longer offered.',
  departed: 'This flight has already departed.',
  soldOut: 'This flight is sold out.',
  seatsLeft: (n: number) => `Only ${n} ${n === 1 ? 'seat' : 'seats'} left on this flight.`,
  alreadyWithdrawn: 'This flight is already withdrawn.',
  booked: (reference: string) => `Flight booked: reference ${reference}.`,
  loadFailed: 'Failed to load flights',
  legIds: 'Give the flights of the itinerary as flight ids, one a leg in order.',
  legCount: 'A multi-city itinerary has 2 to 5 legs: choose one flight for each leg.',
  legTwice: 'Each leg needs a flight of its own: the same flight is chosen twice.',
  legOrder: (leg: number, before: number) => `Leg ${leg} must depart after leg ${before} arrives.`,
  itineraryBooked: (reference: string, legs: number) => `Itinerary booked: ${legs} flights under reference ${reference}.`,
} as const
