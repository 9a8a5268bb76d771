import {
  changeItineraryStatus,
  compareItineraryVersions,
  createItinerary,
  exportItinerary,
  getItinerary,
  listItineraries,
  listItineraryVersions,
  restoreItineraryVersion,
  saveItinerary,
} from '@meridian/core'
import { pagedList as paged, queryFilters } from './pagination.ts'
import type { RouteTable } from './router.ts'

/**
 * Itineraries (2-catalogue-content.md §7 Itineraries; docs/itineraries.md). The list, create, read and save are the
 * spec's; status, versions, compare, restore and export are this product's own.
 */
export function itineraryRoutes(table: RouteTable) {
  const base = '/api/itineraries'
  table
    .add('GET', `${base}/`, paged(listItineraries, 20))
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createItinerary(ctx, await body()) }))
    .add('GET', `${base}/{id}/`, async ({ ctx, params, query }) => ({ body: await getItinerary(ctx, params.id, { version: query.get('version') ?? undefined }) }))
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await saveItinerary(ctx, params.id, await body()) }))
    .add('POST', `${base}/{id}/status/`, async ({ ctx, params, body }) => ({ body: await changeItineraryStatus(ctx, params.id, await body()) }))
    .add('GET', `${base}/{id}/versions/`, async ({ ctx, params }) => ({ body: await listItineraryVersions(ctx, params.id) }))
    .add('GET', `${base}/{id}/compare/`, async ({ ctx, params, query }) => ({ body: await compareItineraryVersions(ctx, params.id, queryFilters(query)) }))
    .add('GET', `${base}/{id}/export/`, async ({ ctx, params, query }) => {
      const file = await exportItinerary(ctx, params.id, { format: query.get('format') ?? undefined, version: query.get('version') ?? undefined })
      return { raw: true, body: file.body, headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.filename}"` } }
    })
    .add('POST', `${base}/{id}/restore/`, async ({ ctx, params, body }) => ({ body: await restoreItineraryVersion(ctx, params.id, await body()) }))
}
