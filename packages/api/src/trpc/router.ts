import { createCallerFactory, router } from './init.ts'
import { activitiesRouter } from './routers/activities.ts'
import { mediaRouter } from './routers/media.ts'
import * as auth from '../operations/auth.ts'
import * as catalogue from '../operations/catalogue.ts'
import * as dashboard from '../operations/dashboard.ts'
import * as users from '../operations/users.ts'
import { trpcRouter } from '../operations/kit.ts'
import { currenciesRouter, transfersRouter } from './routers/currencies.ts'
import * as trips from '../operations/trips.ts'
import * as specialist from '../operations/specialist.ts'
import * as itineraries from '../operations/itineraries.ts'
import * as chat from '../operations/chat.ts'
import * as notifications from '../operations/notifications.ts'
import { paymentsRouter } from './routers/payments.ts'
import { wishlistRouter } from './routers/wishlist.ts'
import { accommodationsRouter } from './routers/accommodations.ts'
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
  media: mediaRouter,
  countries: trpcRouter(catalogue.countries),
  locations: trpcRouter(catalogue.locations),
  suppliers: trpcRouter(catalogue.suppliers),
  destinations: trpcRouter(catalogue.destinations),
  currencies: currenciesRouter,
  transfers: transfersRouter,
  activities: activitiesRouter,
  trips: trpcRouter(trips.trips),
  tripRequests: trpcRouter(trips.tripRequests),
  expert: trpcRouter(trips.expert),
  specialist: trpcRouter(specialist.specialist),
  itineraries: trpcRouter(itineraries.itineraries),
  chat: trpcRouter(chat.chat),
  notifications: trpcRouter(notifications.notifications),
  bookings: bookingsRouter,
  payments: paymentsRouter,
  wishlist: wishlistRouter,
  accommodations: accommodationsRouter,
  flights: flightsRouter,
  discovery: discoveryRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
