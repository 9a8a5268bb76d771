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
    .add('GET', `${traveler}/trips/`, paged(listTrips, TRIPS_PAGE_SIZE))
    .add('GET', `${traveler}/trips/{id}/`, async ({ ctx, params }) => ({ body: await getTrip(ctx, params.id) }))
    .add('PATCH', `${traveler}/trips/{id}/`, async ({ ctx, params, body }) => ({ body: await updateTrip(ctx, params.id, await body()) }))
    .add('POST', `${traveler}/trip-requests/`, async ({ ctx, body }) => ({ status: 201, body: await submitTripRequest(ctx, await body()) }))
    .add('POST', `${traveler}/trips/{id}/assign/`, async ({ ctx, params, body }) => ({ status: 201, body: await assignExpert(ctx, params.id, await body()) }))
    .add('GET', `${expert}/dashboard/`, async ({ ctx }) => ({ body: await getExpertDashboard(ctx) }))
    .add('GET', `${expert}/trips/`, paged(listExpertTrips, TRIPS_PAGE_SIZE))
    .add('GET', `${expert}/assignments/`, paged(listExpertAssignments, ASSIGNMENTS_PAGE_SIZE))
    .add('GET', `${expert}/performance/`, async ({ ctx, query }) => ({ body: await getExpertPerformance(ctx, queryFilters(query)) }))
    .add('POST', `${expert}/accept-assignment/{id}/`, async ({ ctx, params }) => ({ body: await acceptAssignment(ctx, params.id) }))
    .add('POST', `${expert}/decline-assignment/{id}/`, async ({ ctx, params }) => ({ body: await declineAssignment(ctx, params.id) }))
    .add('POST', `${expert}/update-trip-status/{id}/`, async ({ ctx, params, body }) => ({ body: await expertUpdateTripStatus(ctx, params.id, await body()) }))
}
