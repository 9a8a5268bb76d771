import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { authedProcedure, gatedProcedure } from '../trpc/init.ts'
import { operations } from './kit.ts'

/**
 * Activities (2-catalogue-content.md §7) behind manage_activities (decision 016), checked before a procedure reads its
 * input; pricing is open to everyone signed in. The services parse the same schemas on both fronts.
 */
const base = '/api/activities'
const size = val.ACTIVITY_PAGE_SIZE
const managers = operations(gatedProcedure(core.canManageActivities))

/** An activity's photos or videos (their URLs under REST's link origin). */
const mediaOf = (kind: 'photo' | 'video') =>
  managers.get((ctx, id) => core.listActivityMedia(ctx, id, kind), { at: `GET ${base}/{id}/${kind}s/`, summary: `An activity's ${kind}s` })

/** Attach photos or videos (media ids) to an activity: tRPC `{id, <kind>_ids}`, REST the ids in the body. */
const attach = (kind: 'photo' | 'video') =>
  managers.flat(
    (ctx, id, ids) => core.attachActivityMedia(ctx, id, kind, ids),
    { [`${kind}_ids`]: v.array(val.RecordId) },
    { at: `POST ${base}/{id}/${kind}s/attach/`, summary: `Attach ${kind}s (media ids) to an activity`, body: val.AttachMediaInput(`${kind}_ids`) },
  )

export const activities = {
  /** The DRF page carries the stats chips' figures too. */
  list: managers.list(core.listActivities, size, {
    at: `GET ${base}/`,
    summary: 'Activities, with the figures of the stats chips',
    query: val.ActivityFilters,
  }),
  create: managers.create(core.createActivity, { at: `POST ${base}/`, summary: 'Create an activity', body: val.ActivityInput }),
  get: managers.get(core.getActivity, { at: `GET ${base}/{id}/`, summary: 'One activity' }),
  update: managers.update(core.updateActivity, {
    at: [`PUT ${base}/{id}/`, `PATCH ${base}/{id}/`],
    summary: 'Change an activity (the fields sent)',
    body: val.ActivityInput,
    partial: true,
    readOnly: ['location_summary', 'policy_text', 'created_at'],
  }),
  /** tRPC answers `{ok: true}`, REST 204. */
  delete: managers.remove(core.deleteActivity, { at: `DELETE ${base}/{id}/`, summary: 'Delete an activity', errors: [409] }, () => ({ ok: true as const })),
  price: operations(authedProcedure).get(
    core.priceActivity,
    { at: `GET ${base}/{id}/price/`, summary: "An activity's price for a party (in a currency)", query: val.PriceActivityInput },
    { participants: v.unknown(), date: v.optional(v.string()), currency: v.optional(v.string()) },
  ),
  photos: mediaOf('photo'),
  videos: mediaOf('video'),
  attachPhotos: attach('photo'),
  attachVideos: attach('video'),
  /** Suppliers, countries, active currencies and the locations of `country` for the activity form. */
  formOptions: managers.query(
    (ctx, input) => core.activityFormOptions(ctx, input.country ?? null),
    undefined,
    v.optional(v.object({ country: v.optional(val.RecordId) }), {}),
  ),
}
