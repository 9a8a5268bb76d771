import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppServices, StreamEvent } from '@meridian/core'
import { actorOf } from './request-actor.ts'
import { errorResponse, sendJson } from './rest/http.ts'

/** GET: the signed-in user's server-sent events (docs/chat.md "Real time"). */
export const EVENTS_PATH = '/api/chat/events/'

/** A comment line this often keeps proxies from closing a quiet stream. */
const PING_MS = 25_000
/** The client's reconnection delay, in milliseconds (sent as `retry:`). */
const RETRY_MS = 3_000
/** A client this far behind (bytes queued) is dropped; it reconnects and catches up from its last id. */
const MAX_BUFFERED = 1 << 20
/** Streams one user may hold open on one process (tabs, devices). */
export const MAX_STREAMS_PER_USER = 20

const isId = (value: string | null | undefined): value is string => typeof value === 'string' && /^\d{1,15}$/.test(value)

/** The SSE frame of one event: `id:` only on messages (what a reconnecting client resumes from). */
export function frame(e: StreamEvent): string {
  return `${'id' in e ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`
}

/**
 * The event stream over node:http: bearer token (API clients) or session cookie (the browser's EventSource). A client
 * resumes with the `Last-Event-ID` header (EventSource sends it by itself) or `?last_event_id=`.
 */
export function createEventStreamHandler(app: AppServices) {
  const perUser = new Map<number, number>()
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { detail: `Method "${req.method}" not allowed.` }, { Allow: 'GET, HEAD' })
    }
    let userId: number
    try {
      const actor = await actorOf(app, req)
      if (!actor) return sendJson(res, 401, { detail: 'Authentication credentials were not provided.' }, { 'WWW-Authenticate': 'Bearer realm="api"' })
      userId = actor.id
    } catch (error) {
      const { status, body, headers } = errorResponse(error)
      return sendJson(res, status, body, headers)
    }
    if ((perUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER) {
      return sendJson(res, 429, { detail: 'Too many open event streams. Close another tab and try again.' }, { 'Retry-After': '30' })
    }
    const query = new URL(req.url ?? '/', 'http://x').searchParams
    const header = req.headers['last-event-id']
    const resume = isId(header as string) ? Number(header) : isId(query.get('last_event_id')) ? Number(query.get('last_event_id')) : null

    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    if (req.method === 'HEAD') return res.end()
    res.write(`retry: ${RETRY_MS}\n\n`)
    perUser.set(userId, (perUser.get(userId) ?? 0) + 1)

    let ended = false
    let stream: { close(): void } | null = null
    const end = () => {
      if (ended) return
      ended = true
      clearInterval(ping)
      stream?.close()
      const left = (perUser.get(userId) ?? 1) - 1
      if (left > 0) perUser.set(userId, left)
      else perUser.delete(userId)
      if (!res.writableEnded) res.end()
    }
    const write = (chunk: string) => {
      if (ended) return
      res.write(chunk)
      if (res.writableLength > MAX_BUFFERED) end()
    }
    const ping = setInterval(() => write(': ping\n\n'), PING_MS)
    req.on('close', end)
    res.on('error', end)
    try {
      stream = await app.events.open(userId, resume, (e) => write(frame(e)))
      if (ended) stream.close()
    } catch (error) {
      console.error('[events] stream failed to open:', (error as Error).message)
      end()
    }
  }
}
