import { createCallerFactory, router } from './init.ts'
import { activitiesRouter } from './routers/activities.ts'
import { authRouter } from './routers/auth.ts'
import { adminRouter, rolesRouter, usersRouter } from './routers/users.ts'
import { mediaRouter } from './routers/media.ts'
import * as catalogue from '../operations/catalogue.ts'
import { trpcRouter } from '../operations/kit.ts'
import { currenciesRouter, transfersRouter } from './routers/currencies.ts'
import { expertRouter, tripRequestsRouter, tripsRouter } from './routers/trips.ts'
import { specialistRouter } from './routers/specialist.ts'
import { itinerariesRouter } from './routers/itineraries.ts'
import { chatRouter } from './routers/chat.ts'
import { notificationsRouter } from './routers/notifications.ts'
import { payments } from '../operations/payments.ts'
import { wishlistRouter } from './routers/wishlist.ts'
import { accommodationsRouter } from './routers/accommodations.ts'
import { bookings } from '../operations/bookings.ts'
import { dashboardRouter, monitoringRouter, preferencesRouter, quizRouter, securityRouter } from './routers/dashboard.ts'
import { flights } from '../operations/flights.ts'
import { discovery } from '../operations/discovery.ts'

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
  media: mediaRouter,
  countries: trpcRouter(catalogue.countries),
  locations: trpcRouter(catalogue.locations),
  suppliers: trpcRouter(catalogue.suppliers),
  destinations: trpcRouter(catalogue.destinations),
  currencies: currenciesRouter,
  transfers: transfersRouter,
  activities: activitiesRouter,
  trips: tripsRouter,
  tripRequests: tripRequestsRouter,
  expert: expertRouter,
  specialist: specialistRouter,
  itineraries: itinerariesRouter,
  chat: chatRouter,
  notifications: notificationsRouter,
  bookings: trpcRouter(bookings),
  payments: trpcRouter(payments),
  wishlist: wishlistRouter,
  accommodations: accommodationsRouter,
  flights: trpcRouter(flights),
  discovery: trpcRouter(discovery),
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
