import {
  acceptAssignment,
  assignExpert,
  declineAssignment,
  expertUpdateTripStatus,
  getExpertDashboard,
  getExpertPerformance,
  getTrip,
  listExpertAssignments,
  listExpertTrips,
  listTrips,
  submitTripRequest,
  updateTrip,
} from '@meridian/core'
import { ASSIGNMENTS_PAGE_SIZE, TRIPS_PAGE_SIZE } from '@meridian/validators/trip-constants'
import { AssignExpertInput, AssignmentFilters, TripFilters, TripRequestInput, TripStatusInput, UpdateTripInput } from '@meridian/validators'
import { pagedList as paged, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

/**
 * Trips (1-platform-core.md §7 Trips and Expert; docs/trips.md). The traveler paths answer by scope: a traveler's own
 * trips, an expert's assigned ones, every trip for staff and specialists. decline-assignment is this product's own.
 */
export function tripRoutes(table: RouteTable) {
  const traveler = '/users/api/traveler'
  const expert = '/users/api/expert'
  table
    .add('GET', `${traveler}/trips/`, paged(listTrips, TRIPS_PAGE_SIZE), {
      summary: 'Trips in scope: own (traveler), assigned (expert), all (staff)',
      query: TripFilters,
      paginated: true,
    })
    .add('GET', `${traveler}/trips/{id}/`, async ({ ctx, params }) => ({ body: await getTrip(ctx, params.id) }), { summary: 'One trip' })
    .add('PATCH', `${traveler}/trips/{id}/`, async ({ ctx, params, body }) => ({ body: await updateTrip(ctx, params.id, await body()) }), {
      summary: 'Change a trip',
      body: UpdateTripInput,
      readOnly: ['location', 'city', 'country', 'image', 'days', 'trip_type', 'budget_spent', 'budget_remaining', 'flights_count', 'accommodations_count', 'activities_count', 'expert', 'assignment', 'rating', 'rating_comment', 'created_at'],
      errors: [409],
    })
    .add('POST', `${traveler}/trip-requests/`, async ({ ctx, body }) => ({ status: 201, body: await submitTripRequest(ctx, await body()) }), {
      summary: 'Request a trip',
      body: TripRequestInput,
      status: 201,
    })
    .add('POST', `${traveler}/trips/{id}/assign/`, async ({ ctx, params, body }) => ({ status: 201, body: await assignExpert(ctx, params.id, await body()) }), {
      summary: 'Assign an expert to a trip',
      body: AssignExpertInput,
      status: 201,
      errors: [409],
    })
    .add('GET', `${expert}/dashboard/`, async ({ ctx }) => ({ body: await getExpertDashboard(ctx) }), { summary: "The expert's dashboard" })
    .add('GET', `${expert}/trips/`, paged(listExpertTrips, TRIPS_PAGE_SIZE), { summary: "The expert's trips", query: TripFilters, paginated: true })
    .add('GET', `${expert}/assignments/`, paged(listExpertAssignments, ASSIGNMENTS_PAGE_SIZE), {
      summary: "The expert's assignments",
      query: AssignmentFilters,
      paginated: true,
    })
    .add('GET', `${expert}/performance/`, async ({ ctx, query }) => ({ body: await getExpertPerformance(ctx, queryFilters(query)) }), {
      summary: "An expert's performance figures",
    })
    .add('POST', `${expert}/accept-assignment/{id}/`, async ({ ctx, params }) => ({ body: await acceptAssignment(ctx, params.id) }), {
      summary: 'Accept an assignment',
      body: null,
      errors: [409],
    })
    .add('POST', `${expert}/decline-assignment/{id}/`, async ({ ctx, params }) => ({ body: await declineAssignment(ctx, params.id) }), {
      summary: 'Decline an assignment',
      body: null,
      errors: [409],
    })
    .add(
      'POST',
      `${expert}/update-trip-status/{id}/`,
      async ({ ctx, params, body }) => ({ body: await expertUpdateTripStatus(ctx, params.id, await body()) }),
      { summary: "Move a trip's status", body: TripStatusInput, errors: [409] },
    )
}
