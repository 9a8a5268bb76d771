import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { type AppServices, getMediaFile, reportServerError, serviceContext } from '@meridian/core'
import { actorOf } from './request-actor.ts'
import { parseRecordId } from '@meridian/validators'
import { requestMeta } from './request-meta.ts'
import { errorResponse, sendJson } from './rest/http.ts'

export const MEDIA_FILES_PREFIX = '/media/'

const contentDisposition = (kind: string, filename: string) =>
  `${kind}; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`

/**
 * GET /media/{id}/{variant}: thumbnails and previews inline, the original as a download; versioned URLs
 * are cached for a year (public for media of public catalogue objects), byte ranges for video seeking.
 */
export function createMediaFileHandler(app: AppServices) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    let path = MEDIA_FILES_PREFIX
    try {
      const url = new URL(req.url ?? '/', 'http://internal')
      path = url.pathname
      const [, , rawId, variant, extra] = url.pathname.split('/')
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendJson(res, 405, { detail: `Method "${req.method}" not allowed.` }, { Allow: 'GET, HEAD' })
      }
      const id = parseRecordId(rawId)
      if (!id || !variant || extra !== undefined) return sendJson(res, 404, { detail: 'Not found.' })
      const ctx = serviceContext(app, await actorOf(app, req), requestMeta(req, app.config.trustProxy))
      const file = await getMediaFile(ctx, id, variant)
      const current = url.searchParams.get('v') === String(file.version)
      const headers: Record<string, string> = {
        'Content-Type': file.mime,
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': contentDisposition(file.disposition, file.filename),
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': current ? `${file.cache}, max-age=31536000, immutable` : `${file.cache}, max-age=60`,
        ETag: file.etag,
        'Accept-Ranges': 'bytes',
        Vary: 'Cookie, Authorization',
      }
      if (req.headers['if-none-match'] === file.etag) {
        res.writeHead(304, headers)
        return void res.end()
      }
      const range = parseRange(req.headers.range, file.size)
      if (range === 'invalid') {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${file.size}` })
        return void res.end()
      }
      const length = range ? range.end - range.start + 1 : file.size
      const status = range ? 206 : 200
      if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`
      headers['Content-Length'] = String(length)
      if (req.method === 'HEAD' || length === 0) {
        res.writeHead(status, headers)
        return void res.end()
      }
      const stream = await file.open(range ?? undefined)
      res.writeHead(status, headers)
      // A viewer that goes away mid-download ends the pipeline: the file is closed, nothing else is affected.
      await pipeline(stream, res).catch(() => res.destroy())
    } catch (error) {
      if (res.headersSent || res.destroyed) return void res.destroy()
      const { status, body, headers } = errorResponse(error, () => reportServerError(`media ${path}`, error))
      sendJson(res, status, body, headers)
    }
  }
}

function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (!match[1] && !match[2])) return null
  let start: number
  let end: number
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  }
  if (start >= size || start > end) return 'invalid'
  return { start, end }
}
