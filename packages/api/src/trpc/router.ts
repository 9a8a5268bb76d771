import { createCallerFactory, router } from './init.ts'
import * as activities from '../operations/activities.ts'
import * as media from '../operations/media.ts'
import * as auth from '../operations/auth.ts'
import * as catalogue from '../operations/catalogue.ts'
import * as dashboard from '../operations/dashboard.ts'
import * as users from '../operations/users.ts'
import { trpcRouter } from '../operations/kit.ts'
import * as currencies from '../operations/currencies.ts'
import * as trips from '../operations/trips.ts'
import * as specialist from '../operations/specialist.ts'
import * as itineraries from '../operations/itineraries.ts'
import * as chat from '../operations/chat.ts'
import * as notifications from '../operations/notifications.ts'
import { paymentsRouter } from './routers/payments.ts'
import * as wishlist from '../operations/wishlist.ts'
import * as accommodations from '../operations/accommodations.ts'
import { bookingsRouter } from './routers/bookings.ts'
import { flightsRouter } from './routers/flights.ts'
import { discoveryRouter } from './routers/discovery.ts'

export const appRouter = router({
  auth: trpcRouter(auth.auth),
  dashboard: trpcRouter(dashboard.dashboard),
  quiz: trpcRouter(dashboard.quiz),
  preferences: trpcRouter(dashboard.preferences),
  security: trpcRouter(dashboard.security),
  monitoring: trpcRouter(dashboard.monitoring),
  users: trpcRouter(users.users),
  roles: trpcRouter(users.roles),
  admin: trpcRouter(users.admin),
  media: trpcRouter(media.media),
  countries: trpcRouter(catalogue.countries),
  locations: trpcRouter(catalogue.locations),
  suppliers: trpcRouter(catalogue.suppliers),
  destinations: trpcRouter(catalogue.destinations),
  currencies: trpcRouter(currencies.currencies),
  transfers: trpcRouter(currencies.transfers),
  activities: trpcRouter(activities.activities),
  trips: trpcRouter(trips.trips),
  tripRequests: trpcRouter(trips.tripRequests),
  expert: trpcRouter(trips.expert),
  specialist: trpcRouter(specialist.specialist),
  itineraries: trpcRouter(itineraries.itineraries),
  chat: trpcRouter(chat.chat),
  notifications: trpcRouter(notifications.notifications),
  bookings: bookingsRouter,
  payments: paymentsRouter,
  wishlist: trpcRouter(wishlist.wishlist),
  accommodations: trpcRouter(accommodations.accommodations),
  flights: flightsRouter,
  discovery: discoveryRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
