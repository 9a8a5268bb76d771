import { RecordId } from '@meridian/validators'
import {
  bookFlight,
  bookFlightItinerary,
  canManageFlights,
  canSearchFlights,
  createFlight,
  FLIGHTS_PAGE_SIZE,
  getFlight,
  importFlights,
  listFlights,
  requireFlightBooker,
  searchFlights,
  updateFlight,
  withdrawFlight,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Each group's gate runs before its input is read; the services check again.
const readers = gatedProcedure(canSearchFlights)
const bookers = gatedProcedure(requireFlightBooker)
const managers = gatedProcedure(canManageFlights)

const data = v.optional(v.record(v.string(), v.unknown()), {})
const byId = v.object({ id: RecordId })
const withData = v.object({ id: RecordId, data })

/** Flights: the same services as /api/flights/… (docs/bookings.md "Flights"). */
export const flightsRouter = router({
  search: readers.input(data).query(({ ctx, input }) => searchFlights(ctx.service, input)),
  get: readers.input(byId).query(({ ctx, input }) => getFlight(ctx.service, input.id)),
  book: bookers.input(withData).mutation(({ ctx, input }) => bookFlight(ctx.service, input.id, input.data)),
  bookItinerary: bookers.input(data).mutation(({ ctx, input }) => bookFlightItinerary(ctx.service, input)),
  list: managers.input(listInput(FLIGHTS_PAGE_SIZE)).query(({ ctx, input }) => listFlights(ctx.service, input.filters, pageWindow(input, FLIGHTS_PAGE_SIZE))),
  create: managers.input(data).mutation(({ ctx, input }) => createFlight(ctx.service, input)),
  update: managers.input(withData).mutation(({ ctx, input }) => updateFlight(ctx.service, input.id, input.data)),
  withdraw: managers.input(byId).mutation(({ ctx, input }) => withdrawFlight(ctx.service, input.id)),
  import: managers
    .input(v.object({ content: v.pipe(v.string(), v.maxLength(1024 * 1024 + 1)) }))
    .mutation(({ ctx, input }) => importFlights(ctx.service, input)),
})
