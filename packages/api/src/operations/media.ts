import * as core from '@meridian/core'
import * as val from '@meridian/validators'
import * as v from 'valibot'
import { ClientGoneError, HttpError } from '../rest/http.ts'
import { pageResponse } from '../rest/pagination.ts'
import { multipartParser, parseMultipart } from '../rest/raw-body.ts'
import type { Reply, RestCall } from '../rest/router.ts'
import { gatedProcedure, publicProcedure } from '../trpc/init.ts'
import { operations, restOnly } from './kit.ts'

/**
 * The media calls of spec 2 §7. Managing media (decision 012) is checked before a procedure reads its input; items and
 * galleries are read by rule of their object. REST answers URLs from the request's origin; uploads are multipart, so
 * REST only.
 */
const manage = gatedProcedure(core.assertCanManageMedia)
const managers = operations(manage, { auth: 'optional' })
const anyone = operations(publicProcedure, { auth: 'optional' })
/** What an item's answer carries that its change does not take. */
const readOnly =
  'media_type mime_type original_filename file_size file_size_mb status failure_reason content_type object_id content_object_name preview_url thumbnail_url created_at'

export const media = {
  list: managers.custom(managers.query(core.listMedia, undefined, v.optional(val.ListMediaQuery, {})).procedure, {
    at: 'GET /api/media/',
    summary: 'Media',
    query: val.ListMediaQuery,
    paginated: true,
    handler: async (call) => {
      // REST pages by number only (DRF's page-number body); cursors are for the typed procedures and loaders.
      const { cursor: _cursor, ...query } = Object.fromEntries(call.query)
      const page = await core.listMedia(call.ctx, query)
      const request = { page: page.page, pageSize: page.page_size, offset: (page.page - 1) * page.page_size }
      return { body: pageResponse(`${call.origin}${call.req.url ?? '/'}`, request, page.count, page.results) }
    },
  }),
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
  gallery: anyone.query(
    core.getMediaGallery,
    { at: 'GET /api/media/gallery/', summary: "A record's gallery", query: val.MediaGalleryQuery },
    val.MediaGalleryQuery,
  ),
  stats: managers.read(core.getMediaStats, { at: 'GET /api/media/stats/', auth: 'required', summary: 'Media counts and sizes' }),
  get: anyone.get(core.getMedia, { at: 'GET /api/media/{id}/', summary: 'One media item' }),
  update: managers.update(
    core.updateMedia,
    { at: 'PATCH /api/media/{id}/', auth: 'required', summary: 'Change a media item', readOnly: readOnly.split(' ') },
    { data: val.UpdateMediaInput },
  ),
  /** tRPC answers `{deleted: [id]}` (as `deleteMany` does), REST 204. */
  delete: managers.remove(core.deleteMedia, { at: 'DELETE /api/media/{id}/', auth: 'required', summary: 'Delete a media item' }, (id) => ({ deleted: [id] })),
  deleteMany: managers.write(core.deleteMediaItems, undefined, val.MediaIdsInput),
  reprocess: managers.act(core.reprocessMedia, { at: 'POST /api/media/{id}/reprocess/', auth: 'required', summary: 'Process a media item again' }),
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
