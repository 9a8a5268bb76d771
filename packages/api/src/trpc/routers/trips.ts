import { RecordId } from '@meridian/validators'
import { ASSIGNMENTS_PAGE_SIZE, TRIPS_PAGE_SIZE } from '@meridian/validators/trip-constants'
import {
  acceptAssignment,
  assignExpert,
  changeTripStatus,
  clearTripDraft,
  createTrip,
  declineAssignment,
  expertUpdateTripStatus,
  expertChoices,
  getExpertDashboard,
  getExpertPerformance,
  getTravelerPlanning,
  getTrip,
  getTripBoard,
  getTripDraft,
  listExpertAssignments,
  listExpertsPerformance,
  listExpertTrips,
  listTripRequests,
  listTrips,
  listUnassignedTrips,
  rateTrip,
  requireAssigner,
  requireExpert,
  requirePerformanceReader,
  requireTraveler,
  requireTripScope,
  saveTripDraft,
  submitTripRequest,
  tripStatusCounts,
  updateTrip,
} from '@meridian/core'
import * as v from 'valibot'
import { gatedProcedure, router } from '../init.ts'
import { listInput, pageWindow } from '../paging.ts'

// Each group's gate runs before its input is read; the services check again, and check the object.
const scoped = gatedProcedure(requireTripScope)
const travelers = gatedProcedure(requireTraveler)
const experts = gatedProcedure(requireExpert)
const assigners = gatedProcedure(requireAssigner)
const performance = gatedProcedure(requirePerformanceReader)

const data = v.record(v.string(), v.unknown())
const filters = v.optional(v.record(v.string(), v.unknown()), {})
const byId = v.object({ id: RecordId })
// `data` may be left out: the service answers 404 for a trip the caller may not see before it reads the data.
const withData = v.object({ id: RecordId, data: v.optional(data, {}) })

/** Trips: the /users/api/traveler/… calls as procedures, plus the screens' own reads. */
export const tripsRouter = router({
  list: scoped.input(listInput(TRIPS_PAGE_SIZE)).query(({ ctx, input }) => listTrips(ctx.service, input.filters, pageWindow(input, TRIPS_PAGE_SIZE))),
  counts: scoped.input(filters).query(({ ctx, input }) => tripStatusCounts(ctx.service, input)),
  get: scoped.input(byId).query(({ ctx, input }) => getTrip(ctx.service, input.id)),
  create: travelers.input(data).mutation(({ ctx, input }) => createTrip(ctx.service, input)),
  update: scoped.input(withData).mutation(({ ctx, input }) => updateTrip(ctx.service, input.id, input.data)),
  changeStatus: scoped.input(withData).mutation(({ ctx, input }) => changeTripStatus(ctx.service, input.id, input.data)),
  rate: travelers.input(withData).mutation(({ ctx, input }) => rateTrip(ctx.service, input.id, input.data)),
  assign: assigners.input(withData).mutation(({ ctx, input }) => assignExpert(ctx.service, input.id, input.data)),
  unassigned: assigners.input(listInput(TRIPS_PAGE_SIZE)).query(({ ctx, input }) => listUnassignedTrips(ctx.service, pageWindow(input, TRIPS_PAGE_SIZE))),
  expertChoices: assigners.query(({ ctx }) => expertChoices(ctx.service)),
  board: scoped.query(({ ctx }) => getTripBoard(ctx.service)),
  planning: travelers.query(({ ctx }) => getTravelerPlanning(ctx.service)),
})

/** The wizard's request and its draft. */
export const tripRequestsRouter = router({
  submit: travelers.input(data).mutation(({ ctx, input }) => submitTripRequest(ctx.service, input)),
  list: travelers.query(({ ctx }) => listTripRequests(ctx.service)),
  draft: travelers.query(({ ctx }) => getTripDraft(ctx.service)),
  saveDraft: travelers
    .input(v.object({ step: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4)), values: data }))
    .mutation(({ ctx, input }) => saveTripDraft(ctx.service, input.step, input.values)),
  clearDraft: travelers.mutation(async ({ ctx }) => {
    await clearTripDraft(ctx.service)
    return { cleared: true }
  }),
})

/** The expert's desk: the /users/api/expert/… calls. */
export const expertRouter = router({
  dashboard: experts.query(({ ctx }) => getExpertDashboard(ctx.service)),
  trips: experts.input(listInput(TRIPS_PAGE_SIZE)).query(({ ctx, input }) => listExpertTrips(ctx.service, input.filters, pageWindow(input, TRIPS_PAGE_SIZE))),
  assignments: experts
    .input(listInput(ASSIGNMENTS_PAGE_SIZE))
    .query(({ ctx, input }) => listExpertAssignments(ctx.service, input.filters, pageWindow(input, ASSIGNMENTS_PAGE_SIZE))),
  accept: experts.input(byId).mutation(({ ctx, input }) => acceptAssignment(ctx.service, input.id)),
  decline: experts.input(byId).mutation(({ ctx, input }) => declineAssignment(ctx.service, input.id)),
  updateTripStatus: experts.input(withData).mutation(({ ctx, input }) => expertUpdateTripStatus(ctx.service, input.id, input.data)),
  performance: performance.input(v.optional(v.object({ expert_id: v.optional(RecordId) }), {})).query(({ ctx, input }) => getExpertPerformance(ctx.service, input)),
  allPerformance: performance.query(({ ctx }) => listExpertsPerformance(ctx.service)),
})
