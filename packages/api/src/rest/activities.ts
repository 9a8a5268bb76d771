import {
  attachActivityMedia,
  createActivity,
  deleteActivity,
  getActivity,
  listActivities,
  listActivityMedia,
  priceActivity,
  updateActivity,
} from '@meridian/core'
import { ACTIVITY_PAGE_SIZE } from '@meridian/validators'
import { pageRequest, pageResponse } from './pagination.ts'
import type { RouteTable } from './router.ts'

/** Activities (2-catalogue-content.md §7): the DRF page carries the stats chips' figures too. */
export function activityRoutes(table: RouteTable) {
  const base = '/api/activities'
  table
    .add('GET', `${base}/`, async ({ ctx, query, origin, req }) => {
      const page = pageRequest(query, ACTIVITY_PAGE_SIZE)
      const filters = Object.fromEntries(query)
      delete filters.page
      delete filters.page_size
      const { count, results, stats } = await listActivities(ctx, filters, { limit: page.pageSize, offset: page.offset })
      return { body: { ...pageResponse(new URL(req.url ?? '/', origin).toString(), page, count, results), stats } }
    })
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createActivity(ctx, await body()) }))
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getActivity(ctx, params.id) }))
    .add('PUT', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateActivity(ctx, params.id, await body()) }))
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateActivity(ctx, params.id, await body()) }))
    .add('DELETE', `${base}/{id}/`, async ({ ctx, params }) => {
      await deleteActivity(ctx, params.id)
      return { status: 204, body: null }
    })
    .add('GET', `${base}/{id}/price/`, async ({ ctx, params, query }) => ({ body: await priceActivity(ctx, params.id, Object.fromEntries(query)) }))
    .add('GET', `${base}/{id}/photos/`, async ({ ctx, params, origin }) => ({ body: await listActivityMedia(ctx, params.id, 'photo', origin) }))
    .add('GET', `${base}/{id}/videos/`, async ({ ctx, params, origin }) => ({ body: await listActivityMedia(ctx, params.id, 'video', origin) }))
    .add('POST', `${base}/{id}/photos/attach/`, async ({ ctx, params, body, origin }) => ({
      body: await attachActivityMedia(ctx, params.id, 'photo', await body(), origin),
    }))
    .add('POST', `${base}/{id}/videos/attach/`, async ({ ctx, params, body, origin }) => ({
      body: await attachActivityMedia(ctx, params.id, 'video', await body(), origin),
    }))
}
