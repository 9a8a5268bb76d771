import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { ClientGoneError, HttpError } from '../rest/http.ts'
import { pageResponse } from '../rest/pagination.ts'
import { multipartParser, parseMultipart } from '../rest/raw-body.ts'
import type { Reply, RestCall } from '../rest/router.ts'
import { gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { custom, operations, restOnly } from './kit.ts'

/**
 * The media calls of spec 2 §7. Managing media (decision 012) is checked before a procedure reads its input; items and
 * galleries are read by rule of their object. REST answers URLs from the request's origin; uploads are multipart, so
 * REST only.
 */
const manage = gatedProcedure(core.assertCanManageMedia)
const byId = v.object({ id: val.RecordId })
// The router has already refused ids that cannot name a record.
const id = (call: RestCall) => Number(call.params.id)

export const media = {
  list: custom(
    manage.input(v.optional(val.ListMediaQuery, {})).query(({ ctx, input }) => core.listMedia(ctx.service, input)),
    {
      at: 'GET /api/media/',
      auth: 'optional',
      summary: 'Media',
      query: val.ListMediaQuery,
      paginated: true,
      handler: async (call) => {
        // REST pages by number only (DRF's page-number body); cursors are for the typed procedures and loaders.
        const { cursor: _cursor, ...query } = Object.fromEntries(call.query)
        const page = await core.listMedia(call.ctx, query, call.origin)
        const request = { page: page.page, pageSize: page.page_size, offset: (page.page - 1) * page.page_size }
        return { body: pageResponse(`${call.origin}${call.req.url ?? '/'}`, request, page.count, page.results) }
      },
    },
  ),
  bulkUpload: restOnly({
    at: 'POST /api/media/bulk_upload/',
    summary: 'Upload files (multipart), optionally attached to a record',
    multipart: { fields: val.MediaAttachment, files: 'files' },
    status: 201,
    alsoStatus: [200],
    errors: [413, 415],
    returns: 'BulkUploadResponse',
    handler: bulkUpload,
  }),
  gallery: custom(
    publicProcedure.input(val.MediaGalleryQuery).query(({ ctx, input }) => core.getMediaGallery(ctx.service, input)),
    {
      at: 'GET /api/media/gallery/',
      auth: 'optional',
      summary: "A record's gallery",
      query: val.MediaGalleryQuery,
      handler: async (call) => ({ body: await core.getMediaGallery(call.ctx, Object.fromEntries(call.query), call.origin) }),
    },
  ),
  stats: operations(manage).read(core.getMediaStats, { at: 'GET /api/media/stats/', summary: 'Media counts and sizes' }),
  get: custom(
    publicProcedure.input(byId).query(({ ctx, input }) => core.getMedia(ctx.service, input.id)),
    {
      at: 'GET /api/media/{id}/',
      auth: 'optional',
      summary: 'One media item',
      handler: async (call) => ({ body: await core.getMedia(call.ctx, id(call), call.origin) }),
    },
  ),
  update: custom(
    manage.input(v.object({ id: val.RecordId, data: val.UpdateMediaInput })).mutation(({ ctx, input }) => core.updateMedia(ctx.service, input.id, input.data)),
    {
      at: 'PATCH /api/media/{id}/',
      summary: 'Change a media item',
      body: val.UpdateMediaInput,
      readOnly: [
        'media_type',
        'mime_type',
        'original_filename',
        'file_size',
        'file_size_mb',
        'status',
        'failure_reason',
        'content_type',
        'object_id',
        'content_object_name',
        'preview_url',
        'thumbnail_url',
        'created_at',
      ],
      handler: async (call) => ({ body: await core.updateMedia(call.ctx, id(call), await call.body(), call.origin) }),
    },
  ),
  /** tRPC answers `{deleted: [id]}` (as `deleteMany` does), REST 204. */
  delete: custom(
    manage.input(byId).mutation(async ({ ctx, input }) => {
      await core.deleteMedia(ctx.service, input.id)
      return { deleted: [input.id] }
    }),
    {
      at: 'DELETE /api/media/{id}/',
      summary: 'Delete a media item',
      handler: async (call) => {
        await core.deleteMedia(call.ctx, id(call))
        return { status: 204, body: null }
      },
    },
  ),
  deleteMany: custom(manage.input(val.MediaIdsInput).mutation(({ ctx, input }) => core.deleteMediaItems(ctx.service, input))),
  reprocess: custom(
    manage.input(byId).mutation(({ ctx, input }) => core.reprocessMedia(ctx.service, input.id)),
    {
      at: 'POST /api/media/{id}/reprocess/',
      summary: 'Process a media item again',
      body: null,
      handler: async (call) => ({ body: await core.reprocessMedia(call.ctx, id(call), call.origin) }),
    },
  ),
}

/**
 * POST /api/media/bulk_upload/: multipart, repeated files plus optional content_type and object_id. Each
 * file part is streamed to storage as busboy reads it; the answer lists every file with its outcome.
 * A body that is not well-formed multipart (cut short, bad boundary) is refused whole: 400 and nothing kept.
 * A client that goes away mid-body gets nothing, and nothing of its upload is kept.
 */
async function bulkUpload({ ctx, req }: RestCall): Promise<Reply> {
  const session = core.beginMediaUpload(ctx)
  if (Number(req.headers['content-length'] ?? 0) > val.MEDIA_BODY_LIMIT_BYTES) {
    throw new HttpError(413, { detail: 'Request body is too large.' })
  }
  const type = String(req.headers['content-type'] ?? '')
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(415, { detail: `Unsupported media type "${type.split(';')[0] || 'none'}" in request.` })
  }
  const parser = multipartParser(req, { fields: 20, fieldSize: 1024, parts: 1000 })
  let files = Promise.resolve()
  parser.on('file', (_field, stream, info) => {
    // busboy reports a broken body on the file being read; the file's own reader sees it when its turn comes.
    stream.on('error', () => {})
    // One file at a time: busboy reads the next part only once this one's stream is consumed.
    files = files.then(async () => {
      await session.receiveFile({ filename: info.filename ?? 'file', declaredType: info.mimeType, data: stream })
    })
  })
  parser.on('field', (name, value) => session.setField(name, value))
  const outcome = await parseMultipart(req, parser)
  await files
  if (outcome !== 'done') {
    await session.abort()
    if (outcome === 'gone' || !req.complete) throw new ClientGoneError('the client went away during an upload')
    throw new HttpError(400, { detail: 'Multipart form parse error - the body ended before its closing boundary.' })
  }
  const result = await session.finish()
  return { status: result.uploaded > 0 ? 201 : 200, body: result }
}
