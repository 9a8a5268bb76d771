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
import { ACTIVITY_PAGE_SIZE, ActivityFilters, ActivityInput, AttachMediaInput, PriceActivityInput } from '@meridian/validators'
import { pageRequest, pageResponse } from './pagination.ts'
import type { RouteTable } from './router.ts'

/** Activities (2-catalogue-content.md §7): the DRF page carries the stats chips' figures too. */
export function activityRoutes(table: RouteTable) {
  const base = '/api/activities'
  table
    .add(
      'GET',
      `${base}/`,
      async ({ ctx, query, origin, req }) => {
        const page = pageRequest(query, ACTIVITY_PAGE_SIZE)
        const filters = Object.fromEntries(query)
        delete filters.page
        delete filters.page_size
        const { count, results, stats } = await listActivities(ctx, filters, { limit: page.pageSize, offset: page.offset })
        return { body: { ...pageResponse(new URL(req.url ?? '/', origin).toString(), page, count, results), stats } }
      },
      { summary: 'Activities, with the figures of the stats chips', query: ActivityFilters, paginated: true },
    )
    .add('POST', `${base}/`, async ({ ctx, body }) => ({ status: 201, body: await createActivity(ctx, await body()) }), {
      summary: 'Create an activity',
      body: ActivityInput,
      status: 201,
    })
    .add('GET', `${base}/{id}/`, async ({ ctx, params }) => ({ body: await getActivity(ctx, params.id) }), { summary: 'One activity' })
    .add('PUT', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateActivity(ctx, params.id, await body()) }), {
      summary: 'Change an activity (the fields sent)',
      body: ActivityInput,
      partial: true,
      readOnly: ['location_summary', 'created_at'],
    })
    .add('PATCH', `${base}/{id}/`, async ({ ctx, params, body }) => ({ body: await updateActivity(ctx, params.id, await body()) }), {
      summary: 'Change an activity (the fields sent)',
      body: ActivityInput,
      partial: true,
      readOnly: ['location_summary', 'created_at'],
    })
    .add(
      'DELETE',
      `${base}/{id}/`,
      async ({ ctx, params }) => {
        await deleteActivity(ctx, params.id)
        return { status: 204, body: null }
      },
      { summary: 'Delete an activity', errors: [409] },
    )
    .add('GET', `${base}/{id}/price/`, async ({ ctx, params, query }) => ({ body: await priceActivity(ctx, params.id, Object.fromEntries(query)) }), {
      summary: "An activity's price for a party (in a currency)",
      query: PriceActivityInput,
    })
    .add('GET', `${base}/{id}/photos/`, async ({ ctx, params, origin }) => ({ body: await listActivityMedia(ctx, params.id, 'photo', origin) }), {
      summary: "An activity's photos",
    })
    .add('GET', `${base}/{id}/videos/`, async ({ ctx, params, origin }) => ({ body: await listActivityMedia(ctx, params.id, 'video', origin) }), {
      summary: "An activity's videos",
    })
    .add(
      'POST',
      `${base}/{id}/photos/attach/`,
      async ({ ctx, params, body, origin }) => ({
        body: await attachActivityMedia(ctx, params.id, 'photo', await body(), origin),
      }),
      { summary: 'Attach photos (media ids) to an activity', body: AttachMediaInput('photo_ids') },
    )
    .add(
      'POST',
      `${base}/{id}/videos/attach/`,
      async ({ ctx, params, body, origin }) => ({
        body: await attachActivityMedia(ctx, params.id, 'video', await body(), origin),
      }),
      { summary: 'Attach videos (media ids) to an activity', body: AttachMediaInput('video_ids') },
    )
}
