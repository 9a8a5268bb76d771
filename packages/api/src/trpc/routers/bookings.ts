import {
  bookActivity,
  bookingSummary,
  bookItineraryItem,
  bookTrip,
  cancelBooking,
  confirmBooking,
  getBooking,
  listBookings,
  requireBooker,
  requireBookingScope,
  requireBookingStaff,
} from '@meridian/core'
import { BOOKINGS_PAGE_SIZE } from '@meridian/validators'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Each group's gate runs before its input is read; the services check again, and check the booking itself.
const scoped = gatedProcedure(requireBookingScope)
const staff = gatedProcedure(requireBookingStaff)
const bookers = gatedProcedure(requireBooker)
const data = v.record(v.string(), v.unknown())
// Ids are the service's to judge after the gate: an unknown or malformed one answers 404 like another person's.
const byId = v.object({ id: v.unknown() })
const withData = v.object({ id: v.unknown(), data: v.optional(data, {}) })

/** The /api/bookings/… calls as procedures (docs/bookings.md), and booking activities, itinerary items and trips. */
export const bookingsRouter = router({
  list: scoped.input(listInput(BOOKINGS_PAGE_SIZE)).query(({ ctx, input }) => listBookings(ctx.service, input.filters, pageWindow(input, BOOKINGS_PAGE_SIZE))),
  get: scoped.input(byId).query(({ ctx, input }) => getBooking(ctx.service, input.id)),
  summary: scoped.query(({ ctx }) => bookingSummary(ctx.service)),
  confirm: staff.input(withData).mutation(({ ctx, input }) => confirmBooking(ctx.service, input.id, input.data)),
  cancel: scoped.input(withData).mutation(({ ctx, input }) => cancelBooking(ctx.service, input.id, input.data)),
  bookActivity: bookers.input(withData).mutation(({ ctx, input }) => bookActivity(ctx.service, input.id, input.data)),
  bookItem: bookers.input(withData).mutation(({ ctx, input }) => bookItineraryItem(ctx.service, input.id, input.data)),
  bookTrip: bookers.input(byId).mutation(({ ctx, input }) => bookTrip(ctx.service, input.id)),
})
