/** What the flight calls and screens say (docs/bookings.md "Flights"). Browser-safe: no imports. */
export const FLIGHT_MESSAGES = {
  notFound: 'The flight was not found.',
  denied: 'Flights are for travelers and for the staff who keep them (superadmin, admin, expert).',
  manageDenied: 'Only superadmins, admins and experts manage flights.',
  bookDenied: 'Only travelers book flights, for themselves.',
  passengers: 'Passengers must be between 1 and 6.',
  withdrawn: 'This flight is no longer offered.',
  departed: 'This flight has already departed.',
  soldOut: 'This flight is sold out.',
  seatsLeft: (n: number) => `Only ${n} ${n === 1 ? 'seat' : 'seats'} left on this flight.`,
  alreadyWithdrawn: 'This flight is already withdrawn.',
  booked: (reference: string) => `Flight booked: reference ${reference}.`,
  loadFailed: 'Failed to load flights',
} as const
