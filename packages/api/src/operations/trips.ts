import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { gatedProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * Trips (1-platform-core.md §7 Trips and Expert; docs/trips.md). The traveler paths answer by scope: a traveler's own
 * trips, an expert's assigned ones, every trip for staff and specialists. decline-assignment is this product's own.
 * Each group's gate runs before its input is read; the services check again, and check the object.
 */
const traveler = '/users/api/traveler'
const expertDesk = '/users/api/expert'
const travelerGate = gatedProcedure(core.requireTraveler)
const scoped = operations(gatedProcedure(core.requireTripScope))
const travelers = operations(travelerGate)
const experts = operations(gatedProcedure(core.requireExpert))
const assigners = operations(gatedProcedure(core.requireAssigner))
const performance = operations(gatedProcedure(core.requirePerformanceReader))
const size = val.TRIPS_PAGE_SIZE

/** Trips: the /users/api/traveler/… calls, plus the screens' own reads. */
export const trips = {
  list: scoped.list(core.listTrips, size, {
    at: `GET ${traveler}/trips/`,
    summary: 'Trips in scope: own (traveler), assigned (expert), all (staff)',
    query: val.TripFilters,
  }),
  counts: scoped.query(core.tripStatusCounts),
  get: scoped.get(core.getTrip, { at: `GET ${traveler}/trips/{id}/`, summary: 'One trip' }),
  create: travelers.create(core.createTrip),
  update: scoped.update(
    core.updateTrip,
    {
      at: `PATCH ${traveler}/trips/{id}/`,
      summary: 'Change a trip',
      body: val.UpdateTripInput,
      readOnly:
        'location city country image days trip_type budget_spent budget_remaining flights_count accommodations_count activities_count expert assignment rating rating_comment created_at'.split(
          ' ',
        ),
      errors: [409],
    },
    { optionalData: true },
  ),
  changeStatus: scoped.update(core.changeTripStatus, undefined, { optionalData: true }),
  rate: travelers.update(core.rateTrip, undefined, { optionalData: true }),
  assign: assigners.update(
    core.assignExpert,
    { at: `POST ${traveler}/trips/{id}/assign/`, summary: 'Assign an expert to a trip', body: val.AssignExpertInput, status: 201, errors: [409] },
    { optionalData: true },
  ),
  unassigned: assigners.list((ctx, _filters, page) => core.listUnassignedTrips(ctx, page), size),
  expertChoices: assigners.read(core.expertChoices),
  board: scoped.read(core.getTripBoard),
  planning: travelers.read(core.getTravelerPlanning),
  /** The trip's party (docs/traveler-app.md "Per traveler"): who travels, so an item can be for some of them. */
  party: scoped.get(core.listTripParty, { at: 'GET /api/trips/{id}/party/', summary: "The trip's party: the people travelling, by name" }),
  addPartyMember: scoped.update(
    core.addPartyMember,
    { at: 'POST /api/trips/{id}/party/', summary: "Add someone to the trip's party", body: val.PartyMemberInput, status: 201 },
    { optionalData: true },
  ),
  removePartyMember: scoped.remove(core.removePartyMember, {
    at: 'DELETE /api/trip-party/{id}/',
    summary: "Remove someone from their trip's party (their items are for the others named, or everyone)",
  }),
}

/** The wizard's request and its draft. */
export const tripRequests = {
  submit: travelers.create(core.submitTripRequest, { at: `POST ${traveler}/trip-requests/`, summary: 'Request a trip', body: val.TripRequestInput }),
  list: travelers.read(core.listTripRequests),
  draft: travelers.read(core.getTripDraft),
  saveDraft: custom(
    travelerGate
      .input(v.object({ step: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(4)), values: v.record(v.string(), v.unknown()) }))
      .mutation(({ ctx, input }) => core.saveTripDraft(ctx.service, input.step, input.values)),
  ),
  clearDraft: travelers.command(async (ctx) => (await core.clearTripDraft(ctx), { cleared: true })),
}

/** The expert's desk: the /users/api/expert/… calls. */
export const expert = {
  dashboard: experts.read(core.getExpertDashboard, { at: `GET ${expertDesk}/dashboard/`, summary: "The expert's dashboard" }),
  trips: experts.list(core.listExpertTrips, size, { at: `GET ${expertDesk}/trips/`, summary: "The expert's trips", query: val.TripFilters }),
  assignments: experts.list(core.listExpertAssignments, val.ASSIGNMENTS_PAGE_SIZE, {
    at: `GET ${expertDesk}/assignments/`,
    summary: "The expert's assignments",
    query: val.AssignmentFilters,
  }),
  performance: performance.query(
    core.getExpertPerformance,
    { at: `GET ${expertDesk}/performance/`, summary: "An expert's performance figures" },
    v.optional(v.object({ expert_id: v.optional(val.RecordId) }), {}),
  ),
  accept: experts.act(core.acceptAssignment, { at: `POST ${expertDesk}/accept-assignment/{id}/`, summary: 'Accept an assignment', errors: [409] }),
  decline: experts.act(core.declineAssignment, { at: `POST ${expertDesk}/decline-assignment/{id}/`, summary: 'Decline an assignment', errors: [409] }),
  updateTripStatus: experts.update(
    core.expertUpdateTripStatus,
    { at: `POST ${expertDesk}/update-trip-status/{id}/`, summary: "Move a trip's status", body: val.TripStatusInput, errors: [409] },
    { optionalData: true },
  ),
  allPerformance: performance.read(core.listExpertsPerformance),
}
