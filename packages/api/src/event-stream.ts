import type { IncomingMessage, ServerResponse } from 'node:http'
import type { EventHub, SignInCredential, StreamEvent, StreamHandle } from '@meridian/core'
import { signInOf } from './request-actor.ts'
import { HttpError } from './rest/http.ts'
import type { Handler } from './rest/router.ts'

/** GET: the signed-in user's server-sent events (docs/chat.md "Real time"). */
export const EVENTS_PATH = '/api/chat/events/'

/** A comment line this often keeps proxies from closing a quiet stream. */
const PING_MS = 25_000
/** The client's reconnection delay, in milliseconds (sent as `retry:`). */
const RETRY_MS = 3_000
/**
 * When the process stops (graceful shutdown), each client is asked to reconnect after a delay drawn in this range, so
 * the streams of a stopping process do not all arrive at the remaining ones in the same instant.
 */
const SHUTDOWN_RETRY_MS = [500, 2_500] as const
/** A client this far behind (bytes queued) is dropped; it reconnects and catches up from its last id. */
const MAX_BUFFERED = 1 << 20
/** Streams one user may hold open on one process (tabs, devices); more answer 429. */
export const MAX_STREAMS_PER_USER = 20

const isId = (value: string | null | undefined): value is string => typeof value === 'string' && /^\d{1,15}$/.test(value)

/** The SSE frame of one event: `id:` only on messages (what a reconnecting client resumes from). */
export function frame(e: StreamEvent): string {
  return `${'id' in e ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`
}

/**
 * The last frames of a stream whose process is stopping: a `retry:` hint, a comment for people reading the raw stream,
 * and a `reconnect` event; the stream then ends, and EventSource reconnects by itself (with `Last-Event-ID`), through
 * the load balancer to another process.
 */
export function shutdownFrames(retryMs = reconnectDelay()): string {
  return `retry: ${retryMs}\n: this server is stopping; reconnect\n\nevent: reconnect\ndata: ${JSON.stringify({ reason: 'shutdown', retry_ms: retryMs })}\n\n`
}

/** The last frame of a stream whose sign-in ended: a comment, for people reading the raw stream. */
const SIGNED_OUT_FRAME = ': signed out\n\n'

function reconnectDelay(): number {
  const [low, high] = SHUTDOWN_RETRY_MS
  return low + Math.floor(Math.random() * (high - low))
}

/**
 * GET /api/chat/events/ (docs/chat.md "Real time"): the signed-in user's server-sent events, by bearer token (API
 * clients) or session cookie (the browser's EventSource). A client resumes with the `Last-Event-ID` header
 * (EventSource sends it by itself) or `?last_event_id=`. The stream keeps the credential it was opened with and ends
 * when that ends (sign-out, password change or reset, deactivation: the hub says when).
 */
export const eventStream: Handler = async ({ ctx, req, res, query }) => {
  // The router has checked a bearer token already; this reads it again for the credential the stream keeps.
  const signIn = await signInOf(ctx, req)
  if (!signIn) throw new HttpError(401, { detail: 'Authentication credentials were not provided.' }, { 'WWW-Authenticate': 'Bearer realm="api"' })
  if (ctx.events.streamsOf(signIn.actor.id) >= MAX_STREAMS_PER_USER) {
    throw new HttpError(429, { detail: 'Too many open event streams. Close another tab and try again.' }, { 'Retry-After': '30' })
  }
  const header = req.headers['last-event-id']
  const resume = isId(header as string) ? Number(header) : isId(query.get('last_event_id')) ? Number(query.get('last_event_id')) : null
  serve(ctx.events, signIn.credential, resume, req, res)
  return { streamed: true }
}

function serve(hub: EventHub, credential: SignInCredential, resume: number | null, req: IncomingMessage, res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' })
  if (req.method === 'HEAD') return void res.end()
  res.write(`retry: ${RETRY_MS}\n\n`)
  let ended = false
  let stream: StreamHandle | null = null
  const end = () => {
    if (ended) return
    ended = true
    clearInterval(ping)
    stream?.close()
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
  hub
    .open(
      credential,
      resume,
      (e) => write(frame(e)),
      (reason) => {
        // A stopping process asks the client to reconnect elsewhere; a signed-out one just ends (a reconnect gets 401).
        write(reason === 'shutdown' ? shutdownFrames() : SIGNED_OUT_FRAME)
        end()
      },
    )
    .then(
      (opened) => {
        stream = opened
        if (ended) opened.close()
      },
      (error) => {
        console.error('[events] stream failed to open:', (error as Error).message)
        end()
      },
    )
}
