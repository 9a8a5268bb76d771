import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { pageRequest, pageResponse, queryFilters } from '../rest/pagination.ts'
import { authedProcedure, gatedProcedure } from '../trpc/init.ts'
import { custom, operations } from './kit.ts'

/**
 * Activities (2-catalogue-content.md §7) behind manage_activities (decision 016), checked before a procedure reads its
 * input; pricing is open to everyone signed in. The services parse the same schemas on both fronts.
 */
const base = '/api/activities'
const size = val.ACTIVITY_PAGE_SIZE
const manage = gatedProcedure(core.canManageActivities)
const managers = operations(manage)
const byId = v.object({ id: val.RecordId })

/** An activity's photos or videos; REST answers their URLs from the request's origin. */
const mediaOf = (kind: 'photo' | 'video') =>
  custom(
    manage.input(byId).query(({ ctx, input }) => core.listActivityMedia(ctx.service, input.id, kind)),
    {
      at: `GET ${base}/{id}/${kind}s/`,
      summary: `An activity's ${kind}s`,
      handler: async ({ ctx, params, origin }) => ({ body: await core.listActivityMedia(ctx, params.id, kind, origin) }),
    },
  )

/** Attach photos or videos (media ids) to an activity: tRPC `{id, <kind>_ids}`, REST the ids in the body. */
const attach = <E extends v.ObjectEntries>(kind: 'photo' | 'video', entries: E) =>
  custom(
    manage.input(v.object({ id: val.RecordId, ...entries })).mutation(({ ctx, input }) => {
      const { id, ...ids } = input as { id: number }
      return core.attachActivityMedia(ctx.service, id, kind, ids)
    }),
    {
      at: `POST ${base}/{id}/${kind}s/attach/`,
      summary: `Attach ${kind}s (media ids) to an activity`,
      body: val.AttachMediaInput(`${kind}_ids`),
      handler: async ({ ctx, params, body, origin }) => ({ body: await core.attachActivityMedia(ctx, params.id, kind, await body(), origin) }),
    },
  )

export const activities = {
  /** The DRF page carries the stats chips' figures too. */
  list: custom(managers.list(core.listActivities, size).procedure, {
    at: `GET ${base}/`,
    summary: 'Activities, with the figures of the stats chips',
    query: val.ActivityFilters,
    paginated: true,
    handler: async ({ ctx, query, origin, req }) => {
      const page = pageRequest(query, size)
      const { count, results, stats } = await core.listActivities(ctx, queryFilters(query), { limit: page.pageSize, offset: page.offset })
      return { body: { ...pageResponse(new URL(req.url ?? '/', origin).toString(), page, count, results), stats } }
    },
  }),
  create: managers.create(core.createActivity, { at: `POST ${base}/`, summary: 'Create an activity', body: val.ActivityInput }),
  get: managers.get(core.getActivity, { at: `GET ${base}/{id}/`, summary: 'One activity' }),
  update: managers.update(core.updateActivity, {
    at: [`PUT ${base}/{id}/`, `PATCH ${base}/{id}/`],
    summary: 'Change an activity (the fields sent)',
    body: val.ActivityInput,
    partial: true,
    readOnly: ['location_summary', 'created_at'],
  }),
  /** tRPC answers `{ok: true}`, REST 204. */
  delete: custom(
    manage.input(byId).mutation(async ({ ctx, input }) => {
      await core.deleteActivity(ctx.service, input.id)
      return { ok: true as const }
    }),
    {
      at: `DELETE ${base}/{id}/`,
      summary: 'Delete an activity',
      errors: [409],
      handler: async ({ ctx, params }) => {
        await core.deleteActivity(ctx, params.id)
        return { status: 204, body: null }
      },
    },
  ),
  price: custom(
    authedProcedure
      .input(v.object({ id: val.RecordId, participants: v.unknown(), date: v.optional(v.string()), currency: v.optional(v.string()) }))
      .query(({ ctx, input: { id, ...party } }) => core.priceActivity(ctx.service, id, party)),
    {
      at: `GET ${base}/{id}/price/`,
      summary: "An activity's price for a party (in a currency)",
      query: val.PriceActivityInput,
      handler: async ({ ctx, params, query }) => ({ body: await core.priceActivity(ctx, params.id, Object.fromEntries(query)) }),
    },
  ),
  photos: mediaOf('photo'),
  videos: mediaOf('video'),
  attachPhotos: attach('photo', { photo_ids: v.array(val.RecordId) }),
  attachVideos: attach('video', { video_ids: v.array(val.RecordId) }),
  /** Suppliers, countries, active currencies and the locations of `country` for the activity form. */
  formOptions: custom(
    manage
      .input(v.optional(v.object({ country: v.optional(val.RecordId) }), {}))
      .query(({ ctx, input }) => core.activityFormOptions(ctx.service, input.country ?? null)),
  ),
}
