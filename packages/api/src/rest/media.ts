import busboy from 'busboy'
import { beginMediaUpload, deleteMedia, getMedia, getMediaGallery, getMediaStats, listMedia, reprocessMedia, updateMedia } from '@meridian/core'
import { ListMediaQuery, MEDIA_BODY_LIMIT_BYTES, MediaAttachment, MediaGalleryQuery, UpdateMediaInput } from '@meridian/validators'
import { ClientGoneError, HttpError } from './http.ts'
import { pageResponse } from './pagination.ts'
import type { Handler, RestCall, RouteTable } from './router.ts'

const query = (call: RestCall) => Object.fromEntries(call.query)
// The router has already refused ids that cannot name a record.
/** REST pages by number only (DRF's page-number body); cursors are for the typed procedures and loaders. */
const listQuery = (call: RestCall) => {
  const { cursor: _cursor, ...rest } = query(call)
  return rest
}
const id = (call: RestCall) => Number(call.params.id)
const fullUrl = (call: RestCall) => `${call.origin}${call.req.url ?? '/'}`

const list: Handler = async (call) => {
  const page = await listMedia(call.ctx, listQuery(call), call.origin)
  const request = { page: page.page, pageSize: page.page_size, offset: (page.page - 1) * page.page_size }
  return { body: pageResponse(fullUrl(call), request, page.count, page.results) }
}

/**
 * POST /api/media/bulk_upload/: multipart, repeated files plus optional content_type and object_id. Each
 * file part is streamed to storage as busboy reads it; the answer lists every file with its outcome.
 * A body that is not well-formed multipart (cut short, bad boundary) is refused whole: 400 and nothing kept.
 * A client that goes away mid-body gets nothing, and nothing of its upload is kept.
 */
const bulkUpload: Handler = async ({ ctx, req }) => {
  const session = beginMediaUpload(ctx)
  if (Number(req.headers['content-length'] ?? 0) > MEDIA_BODY_LIMIT_BYTES) {
    throw new HttpError(413, { detail: 'Request body is too large.' })
  }
  const type = String(req.headers['content-type'] ?? '')
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(415, { detail: `Unsupported media type "${type.split(';')[0] || 'none'}" in request.` })
  }
  let parser: busboy.Busboy
  try {
    parser = busboy({ headers: req.headers, limits: { fields: 20, fieldSize: 1024, parts: 1000 } })
  } catch (error) {
    throw new HttpError(400, { detail: `Multipart form parse error - ${(error as Error).message}` })
  }
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
  const outcome = await new Promise<'done' | 'malformed' | 'gone'>((resolve) => {
    let parseError: Error | null = null
    parser.on('error', (error: Error) => {
      parseError ??= error
      resolve('malformed')
    })
    parser.once('close', () => resolve(parseError ? 'malformed' : 'done'))
    req.on('error', () => resolve('gone'))
    // A client that goes away mid-body: busboy is told, so the file being read ends in an error, not a wait.
    req.once('close', () => {
      if (!req.complete) {
        parser.destroy(new Error('Request aborted'))
        resolve('gone')
      }
    })
    req.pipe(parser)
  })
  await files
  if (outcome !== 'done') {
    await session.abort()
    if (outcome === 'gone' || !req.complete) throw new ClientGoneError('the client went away during an upload')
    throw new HttpError(400, { detail: 'Multipart form parse error - the body ended before its closing boundary.' })
  }
  const result = await session.finish()
  return { status: result.uploaded > 0 ? 201 : 200, body: result }
}

/** The media calls of spec 2 §7, in the documented shapes. */
export function mediaRoutes(table: RouteTable) {
  table
    .add('GET', '/api/media/', list, 'optional', { summary: 'Media', query: ListMediaQuery, paginated: true })
    .add('POST', '/api/media/bulk_upload/', bulkUpload, {
      summary: 'Upload files (multipart), optionally attached to a record',
      multipart: { fields: MediaAttachment, files: 'files' },
      status: 201,
      errors: [413, 415],
    })
    .add('GET', '/api/media/gallery/', async (call) => ({ body: await getMediaGallery(call.ctx, query(call), call.origin) }), 'optional', {
      summary: "A record's gallery",
      query: MediaGalleryQuery,
    })
    .add('GET', '/api/media/stats/', async ({ ctx }) => ({ body: await getMediaStats(ctx) }), { summary: 'Media counts and sizes' })
    .add('GET', '/api/media/{id}/', async (call) => ({ body: await getMedia(call.ctx, id(call), call.origin) }), 'optional', { summary: 'One media item' })
    .add('PATCH', '/api/media/{id}/', async (call) => ({ body: await updateMedia(call.ctx, id(call), await call.body(), call.origin) }), {
      summary: 'Change a media item',
      body: UpdateMediaInput,
      readOnly: ['media_type', 'mime_type', 'original_filename', 'file_size', 'file_size_mb', 'status', 'failure_reason', 'content_type', 'object_id', 'content_object_name', 'preview_url', 'thumbnail_url', 'created_at'],
    })
    .add(
      'DELETE',
      '/api/media/{id}/',
      async (call) => {
        await deleteMedia(call.ctx, id(call))
        return { status: 204, body: null }
      },
      { summary: 'Delete a media item' },
    )
    .add('POST', '/api/media/{id}/reprocess/', async (call) => ({ body: await reprocessMedia(call.ctx, id(call), call.origin) }), {
      summary: 'Process a media item again',
      body: null,
    })
}
