import {
  activityFormOptions,
  attachActivityMedia,
  createActivity,
  deleteActivity,
  getActivity,
  listActivities,
  listActivityMedia,
  priceActivity,
  updateActivity,
  canManageActivities,
} from '@meridian/core'
import { ACTIVITY_PAGE_SIZE, RecordId } from '@meridian/validators'
import * as v from 'valibot'
import { listInput as pagedInput, pageWindow } from '../paging.ts'
import { authedProcedure, gatedProcedure, router } from '../init.ts'

// manage_activities (decision 016), checked before the input is read; pricing is open to everyone signed in.
const activitiesProcedure = gatedProcedure(canManageActivities)

/** Inputs are checked by the services (the same schemas as REST), so field messages match on both fronts. */
const data = v.record(v.string(), v.unknown())
const byId = v.object({ id: RecordId })
const listInput = pagedInput(ACTIVITY_PAGE_SIZE)

export const activitiesRouter = router({
  list: activitiesProcedure.input(listInput).query(({ ctx, input }) => listActivities(ctx.service, input.filters, pageWindow(input, ACTIVITY_PAGE_SIZE))),
  get: activitiesProcedure.input(byId).query(({ ctx, input }) => getActivity(ctx.service, input.id)),
  create: activitiesProcedure.input(data).mutation(({ ctx, input }) => createActivity(ctx.service, input)),
  update: activitiesProcedure.input(v.object({ id: RecordId, data })).mutation(({ ctx, input }) => updateActivity(ctx.service, input.id, input.data)),
  delete: activitiesProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteActivity(ctx.service, input.id)
    return { ok: true as const }
  }),
  price: authedProcedure
    .input(v.object({ id: RecordId, participants: v.unknown(), date: v.optional(v.string()), currency: v.optional(v.string()) }))
    .query(({ ctx, input }) => {
      const { id, ...rest } = input
      return priceActivity(ctx.service, id, rest)
    }),
  photos: activitiesProcedure.input(byId).query(({ ctx, input }) => listActivityMedia(ctx.service, input.id, 'photo')),
  videos: activitiesProcedure.input(byId).query(({ ctx, input }) => listActivityMedia(ctx.service, input.id, 'video')),
  /** Suppliers, countries, active currencies and the locations of `country` for the activity form. */
  formOptions: activitiesProcedure
    .input(v.optional(v.object({ country: v.optional(RecordId) }), {}))
    .query(({ ctx, input }) => activityFormOptions(ctx.service, input.country ?? null)),
  attachPhotos: activitiesProcedure
    .input(v.object({ id: RecordId, photo_ids: v.array(RecordId) }))
    .mutation(({ ctx, input }) => attachActivityMedia(ctx.service, input.id, 'photo', { photo_ids: input.photo_ids })),
  attachVideos: activitiesProcedure
    .input(v.object({ id: RecordId, video_ids: v.array(RecordId) }))
    .mutation(({ ctx, input }) => attachActivityMedia(ctx.service, input.id, 'video', { video_ids: input.video_ids })),
})
