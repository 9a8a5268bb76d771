import type { RestEndpoint } from '../rest/router.ts'
import * as accommodations from './accommodations.ts'
import * as activities from './activities.ts'
import * as auth from './auth.ts'
import * as bookings from './bookings.ts'
import * as calendar from './calendar.ts'
import * as catalogue from './catalogue.ts'
import * as chat from './chat.ts'
import * as currencies from './currencies.ts'
import * as dashboard from './dashboard.ts'
import * as discovery from './discovery.ts'
import * as flights from './flights.ts'
import * as itineraries from './itineraries.ts'
import { type Operation, trpcRouter } from './kit.ts'
import * as media from './media.ts'
import * as notifications from './notifications.ts'
import * as payments from './payments.ts'
import * as proposals from './proposals.ts'
import * as specialist from './specialist.ts'
import * as trips from './trips.ts'
import * as users from './users.ts'
import * as wishlist from './wishlist.ts'

/**
 * Every namespace of operations, by its tRPC name, with the API reference's tag for its REST paths, in the order the
 * reference lists them. The tRPC router (`operationRouters`) and the REST table (`registerOperations`) are built from
 * this one list, and each REST path carries the name of the operation it serves (`countries.get`).
 */
export const NAMESPACES = {
  auth: { tag: 'Authentication', ops: auth.auth },
  quiz: { tag: 'Onboarding', ops: dashboard.quiz },
  monitoring: { tag: 'Monitoring', ops: dashboard.monitoring },
  dashboard: { tag: 'Dashboard', ops: dashboard.dashboard },
  preferences: { tag: 'Dashboard', ops: dashboard.preferences },
  security: { tag: 'Authentication', ops: dashboard.security },
  users: { tag: 'Users and roles', ops: users.users },
  roles: { tag: 'Users and roles', ops: users.roles },
  admin: { tag: 'Users and roles', ops: users.admin },
  media: { tag: 'Media', ops: media.media },
  countries: { tag: 'Destinations', ops: catalogue.countries },
  locations: { tag: 'Destinations', ops: catalogue.locations },
  destinations: { tag: 'Destinations', ops: catalogue.destinations },
  suppliers: { tag: 'Suppliers', ops: catalogue.suppliers },
  currencies: { tag: 'Currencies', ops: currencies.currencies },
  transfers: { tag: 'Transfers', ops: currencies.transfers },
  activities: { tag: 'Activities', ops: activities.activities },
  trips: { tag: 'Trips', ops: trips.trips },
  tripRequests: { tag: 'Trips', ops: trips.tripRequests },
  expert: { tag: 'Trips', ops: trips.expert },
  specialist: { tag: 'Specialist', ops: specialist.specialist },
  itineraries: { tag: 'Itineraries', ops: itineraries.itineraries },
  proposals: { tag: 'Proposals', ops: proposals.proposals },
  chat: { tag: 'Chat', ops: chat.chat },
  notifications: { tag: 'Notifications', ops: notifications.notifications },
  payments: { tag: 'Payments', ops: payments.payments },
  accommodations: { tag: 'Accommodations', ops: accommodations.accommodations },
  wishlist: { tag: 'Wishlist', ops: wishlist.wishlist },
  bookings: { tag: 'Bookings', ops: bookings.bookings },
  calendar: { tag: 'Calendar', ops: calendar.calendar },
  flights: { tag: 'Flights', ops: flights.flights },
  discovery: { tag: 'Search', ops: discovery.discovery },
}

type Namespaces = typeof NAMESPACES
type Routers = { [K in keyof Namespaces]: ReturnType<typeof trpcRouter<Namespaces[K]['ops']>> }

/** The tRPC routers of every namespace, by name. */
export function operationRouters(): Routers {
  return Object.fromEntries(Object.entries(NAMESPACES).map(([name, { ops }]) => [name, trpcRouter(ops)])) as Routers
}

/** The REST endpoints of every namespace, in the list's order, each with its tag and the tRPC name of its operation. */
export function operationEndpoints(): RestEndpoint[] {
  return Object.entries(NAMESPACES).flatMap(([name, { tag, ops }]) =>
    Object.entries(ops as Record<string, Operation>).flatMap(([key, op]) =>
      op.rest.map((e) => ({ ...e, doc: { tag, ...e.doc, ...(op.procedure ? { operation: `${name}.${key}` } : {}) } })),
    ),
  )
}
