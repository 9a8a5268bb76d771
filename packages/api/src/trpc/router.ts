import { createCallerFactory, router } from './init.ts'
import { operationRouters } from '../operations/index.ts'
import { paymentsRouter } from './routers/payments.ts'
import { bookingsRouter } from './routers/bookings.ts'
import { flightsRouter } from './routers/flights.ts'
import { discoveryRouter } from './routers/discovery.ts'

/** Every namespace's procedures, from the operation tables (operations/index.ts), and those not declared there yet. */
export const appRouter = router({
  ...operationRouters(),
  bookings: bookingsRouter,
  payments: paymentsRouter,
  flights: flightsRouter,
  discovery: discoveryRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
