import {
  deleteMedia,
  deleteMediaItems,
  getMedia,
  getMediaGallery,
  getMediaStats,
  listMedia,
  reprocessMedia,
  updateMedia,
  assertCanManageMedia,
} from '@meridian/core'
import { ListMediaQuery, MediaGalleryQuery, MediaIdsInput, UpdateMediaInput, RecordId } from '@meridian/validators'
import * as v from 'valibot'
import { gatedProcedure, publicProcedure, router } from '../init.ts'

// Managing media (decision 012), checked before the input is read; items and galleries are read by rule of their object.
const managerProcedure = gatedProcedure(assertCanManageMedia)

const byId = v.object({ id: RecordId })

/** The media calls of spec 2 §7 as procedures (uploads are multipart: POST /api/media/bulk_upload/). */
export const mediaRouter = router({
  list: managerProcedure.input(v.optional(ListMediaQuery, {})).query(({ ctx, input }) => listMedia(ctx.service, input)),
  get: publicProcedure.input(byId).query(({ ctx, input }) => getMedia(ctx.service, input.id)),
  gallery: publicProcedure.input(MediaGalleryQuery).query(({ ctx, input }) => getMediaGallery(ctx.service, input)),
  stats: managerProcedure.query(({ ctx }) => getMediaStats(ctx.service)),
  update: managerProcedure
    .input(v.object({ id: byId.entries.id, data: UpdateMediaInput }))
    .mutation(({ ctx, input }) => updateMedia(ctx.service, input.id, input.data)),
  delete: managerProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteMedia(ctx.service, input.id)
    return { deleted: [input.id] }
  }),
  deleteMany: managerProcedure.input(MediaIdsInput).mutation(({ ctx, input }) => deleteMediaItems(ctx.service, input)),
  reprocess: managerProcedure.input(byId).mutation(({ ctx, input }) => reprocessMedia(ctx.service, input.id)),
})
