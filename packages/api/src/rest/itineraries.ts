import {
  changeItineraryStatus,
  compareItineraryVersions,
  CompareVersionsQuery,
  createItinerary,
  exportItinerary,
  getItinerary,
  ItineraryFilters,
  ItineraryStatusInput,
  listItineraries,
  listItineraryVersions,
  restoreItineraryVersion,
  RestoreVersionInput,
  saveItinerary,
} from '@meridian/core'
import { CreateItineraryInput, SaveItineraryInput } from '@meridian/validators'
import * as v from 'valibot'
import { pagedList as paged, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

/** The read's and the export's query, as the handlers below pass them on (for the OpenAPI document). */
const VersionQuery = v.object({ version: v.optional(v.string()) })
const ExportQuery = v.object({ format: v.picklist(['pdf', 'ics']), version: v.optional(v.string()) })

/**
 * Itineraries (2-catalogue-content.md §7 Itineraries; docs/itineraries.md). The list, create, read and save are the
 * spec's; status, versions, compare, restore and export are this product's own.
 */
export function itineraryRoutes(table: RouteTable) {
  const base = '/api/itineraries'
  table
    .add('GET', `${base}/`, paged(listItineraries, 20), { summary: 'Itineraries', query: ItineraryFilters, paginated: true })
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createItinerary(ctx, await body()) }), {
      summary: 'Create an itinerary for a trip',
      body: CreateItineraryInput,
      status: 201,
    })
    .add(
      'GET',
      `${base}/{id}/`,
      async ({ ctx, params, query }) => ({ body: await getItinerary(ctx, params.id, { version: query.get('version') ?? undefined }) }),
      { summary: 'One itinerary (or one of its versions)', query: VersionQuery },
    )
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await saveItinerary(ctx, params.id, await body()) }), {
      summary: "Save an itinerary's days and items (a new version)",
      body: SaveItineraryInput,
      readOnly: ['trip_id', 'total_days', 'total_cost', 'over_budget', 'status', 'approved_version', 'approved_by', 'approved_at', 'created_by', 'created_at'],
      errors: [409],
    })
    .add('POST', `${base}/{id}/status/`, async ({ ctx, params, body }) => ({ body: await changeItineraryStatus(ctx, params.id, await body()) }), {
      summary: "Move an itinerary's status (draft, review, approved)",
      description:
        '`version` is the version the caller has read. Approving must name it (400 `{"version": ["This field is required."]}` without it); ' +
        'when a later version has been saved since, the move answers 409 and nothing changes.',
      body: ItineraryStatusInput,
      errors: [409],
    })
    .add('GET', `${base}/{id}/versions/`, async ({ ctx, params }) => ({ body: await listItineraryVersions(ctx, params.id) }), {
      summary: "An itinerary's versions",
    })
    .add('GET', `${base}/{id}/compare/`, async ({ ctx, params, query }) => ({ body: await compareItineraryVersions(ctx, params.id, queryFilters(query)) }), {
      summary: 'What changed between two versions',
      query: CompareVersionsQuery,
    })
    .add(
      'GET',
      `${base}/{id}/export/`,
      async ({ ctx, params, query }) => {
        const file = await exportItinerary(ctx, params.id, { format: query.get('format') ?? undefined, version: query.get('version') ?? undefined })
        return { raw: true, body: file.body, headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"` } }
      },
      { summary: 'The itinerary as a PDF or an iCalendar file', query: ExportQuery, produces: ['application/pdf', 'text/calendar'] },
    )
    .add('POST', `${base}/{id}/restore/`, async ({ ctx, params, body }) => ({ body: await restoreItineraryVersion(ctx, params.id, await body()) }), {
      summary: 'Restore a version (as a new version)',
      body: RestoreVersionInput,
      errors: [409],
    })
}
