import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppServices } from '@meridian/core'
import { activityRoutes } from './activities.ts'
import { authRoutes } from './auth.ts'
import { mediaRoutes } from './media.ts'
import { destinationRoutes, supplierRoutes } from './catalogue.ts'
import { currencyRoutes, transferRoutes } from './currencies.ts'
import { monitoringRoutes, onboardingRoutes } from './onboarding.ts'
import { type AuthMode, createRouter, type Method, type RouteTable } from './router.ts'
import { tripRoutes } from './trips.ts'
import { specialistRoutes } from './specialist.ts'
import { itineraryRoutes } from './itineraries.ts'
import { chatRoutes } from './chat.ts'
import { eventStreamRoutes } from '../event-stream.ts'
import { notificationRoutes } from './notifications.ts'
import { paymentRoutes } from './payments.ts'
import { accommodationRoutes } from './accommodations.ts'
import { wishlistRoutes } from './wishlist.ts'
import { bookingRoutes } from './bookings.ts'
import { userRoutes } from './users.ts'
import { flightRoutes } from './flights.ts'
import { discoveryRoutes } from './discovery.ts'

export { pageRequest, pageResponse, MAX_PAGE_SIZE } from './pagination.ts'
export { queryObject } from './query.ts'
export type { RestCall, Reply, Handler, RouteTable } from './router.ts'

/** Paths the REST adapter owns: everything under them answers JSON, never the HTML app. */
export function isRestPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/users/api/') || pathname === '/users/api'
}

/** Every REST path, registered on one table: the server's router, or the listing that tests and docs read. */
function registerRoutes(table: RouteTable) {
  authRoutes(table)
  onboardingRoutes(table)
  monitoringRoutes(table)
  userRoutes(table)
  mediaRoutes(table)
  destinationRoutes(table)
  supplierRoutes(table)
  currencyRoutes(table)
  transferRoutes(table)
  activityRoutes(table)
  tripRoutes(table)
  specialistRoutes(table)
  itineraryRoutes(table)
  chatRoutes(table)
  eventStreamRoutes(table)
  notificationRoutes(table)
  paymentRoutes(table)
  accommodationRoutes(table)
  wishlistRoutes(table)
  bookingRoutes(table)
  flightRoutes(table)
  discoveryRoutes(table)
}

/** The documented REST paths in the shape of a Django REST Framework backend. */
export function createRestHandler(app: AppServices): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { table, handle } = createRouter(app)
  registerRoutes(table)
  return handle
}

export interface RestRouteInfo {
  method: Method
  /** As registered, with {param} segments, e.g. /api/media/{id}/ */
  path: string
  auth: AuthMode
}

/** The route table as data: what the access matrix, the fuzz suite and docs/access.md enumerate. */
export function listRestRoutes(): RestRouteInfo[] {
  const found: RestRouteInfo[] = []
  const table: RouteTable = {
    add(method, path, _handler, auth = 'required') {
      found.push({ method, path, auth })
      return table
    },
  }
  registerRoutes(table)
  return found
}
