import { createCallerFactory, router } from './init.ts'
import * as activities from '../operations/activities.ts'
import { authRouter } from './routers/auth.ts'
import { adminRouter, rolesRouter, usersRouter } from './routers/users.ts'
import * as media from '../operations/media.ts'
import * as catalogue from '../operations/catalogue.ts'
import { trpcRouter } from '../operations/kit.ts'
import * as currencies from '../operations/currencies.ts'
import { expertRouter, tripRequestsRouter, tripsRouter } from './routers/trips.ts'
import { specialistRouter } from './routers/specialist.ts'
import { itinerariesRouter } from './routers/itineraries.ts'
import { chatRouter } from './routers/chat.ts'
import { notificationsRouter } from './routers/notifications.ts'
import { paymentsRouter } from './routers/payments.ts'
import * as wishlist from '../operations/wishlist.ts'
import * as accommodations from '../operations/accommodations.ts'
import { bookingsRouter } from './routers/bookings.ts'
import { dashboardRouter, monitoringRouter, preferencesRouter, quizRouter, securityRouter } from './routers/dashboard.ts'
import { flightsRouter } from './routers/flights.ts'
import { discoveryRouter } from './routers/discovery.ts'

export const appRouter = router({
  auth: authRouter,
  dashboard: dashboardRouter,
  quiz: quizRouter,
  preferences: preferencesRouter,
  security: securityRouter,
  monitoring: monitoringRouter,
  users: usersRouter,
  roles: rolesRouter,
  admin: adminRouter,
  media: trpcRouter(media.media),
  countries: trpcRouter(catalogue.countries),
  locations: trpcRouter(catalogue.locations),
  suppliers: trpcRouter(catalogue.suppliers),
  destinations: trpcRouter(catalogue.destinations),
  currencies: trpcRouter(currencies.currencies),
  transfers: trpcRouter(currencies.transfers),
  activities: trpcRouter(activities.activities),
  trips: tripsRouter,
  tripRequests: tripRequestsRouter,
  expert: expertRouter,
  specialist: specialistRouter,
  itineraries: itinerariesRouter,
  chat: chatRouter,
  notifications: notificationsRouter,
  bookings: bookingsRouter,
  payments: paymentsRouter,
  wishlist: trpcRouter(wishlist.wishlist),
  accommodations: trpcRouter(accommodations.accommodations),
  flights: flightsRouter,
  discovery: discoveryRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
