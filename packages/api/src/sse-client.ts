import http from 'node:http'

/** One server-sent event as a client reads it. */
export interface SseEvent {
  event: string
  id: string | null
  data: any
  /** When it arrived (performance.now()). */
  at: number
}

export interface SseConnection {
  events: SseEvent[]
  /** The HTTP status the stream answered. */
  status: Promise<number>
  /** The next event of this kind not yet taken (resolves at once when one is waiting). */
  next(event: string, timeoutMs?: number): Promise<SseEvent>
  /** The latest `retry:` (reconnection delay, ms) the server sent, if any. */
  retry: number | null
  /** Resolves when the stream is over: true when the server ended it cleanly, false when it was cut or failed. */
  ended: Promise<boolean>
  /** Called for each event as it arrives. */
  onEvent?: (e: SseEvent) => void
  close(): void
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })

/**
 * A minimal EventSource for tests and the benchmark (no reconnection: each test decides when and from where to
 * resume). `headers` carry the bearer token or the session cookie and `Last-Event-ID`.
 */
export function openEventStream(url: string, headers: Record<string, string> = {}): SseConnection {
  const events: SseEvent[] = []
  const taken = new Set<SseEvent>()
  const waiters: { event: string; resolve: (e: SseEvent) => void }[] = []
  let setStatus!: (n: number) => void
  const status = new Promise<number>((resolve) => (setStatus = resolve))
  let setEnded!: (clean: boolean) => void
  const ended = new Promise<boolean>((resolve) => (setEnded = resolve))
  const connection: SseConnection = {
    events,
    status,
    retry: null,
    ended,
    next(event, timeoutMs = 5_000) {
      const waiting = events.find((e) => e.event === event && !taken.has(e))
      if (waiting) {
        taken.add(waiting)
        return Promise.resolve(waiting)
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no '${event}' event within ${timeoutMs} ms (got: ${events.map((e) => e.event).join(', ')})`)),
          timeoutMs,
        )
        waiters.push({
          event,
          resolve: (e) => {
            clearTimeout(timer)
            resolve(e)
          },
        })
      })
    },
    close: () => req.destroy(),
  }
  const req = http.get(url, { agent, headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
    setStatus(res.statusCode ?? 0)
    res.setEncoding('utf8')
    let buffer = ''
    res.on('data', (chunk: string) => {
      buffer += chunk
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        let event = 'message'
        let id: string | null = null
        const data: string[] = []
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue
          const colon = line.indexOf(':')
          const field = colon < 0 ? line : line.slice(0, colon)
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
          if (field === 'event') event = value
          else if (field === 'id') id = value
          else if (field === 'data') data.push(value)
          else if (field === 'retry' && /^\d+$/.test(value)) connection.retry = Number(value)
        }
        if (!data.length) continue
        let parsed: unknown = data.join('\n')
        try {
          parsed = JSON.parse(parsed as string)
        } catch {
          // not JSON: kept as text
        }
        const e: SseEvent = { event, id, data: parsed, at: performance.now() }
        connection.onEvent?.(e)
        const waiter = waiters.findIndex((w) => w.event === event)
        if (waiter >= 0) {
          taken.add(e)
          waiters.splice(waiter, 1)[0]!.resolve(e)
        }
        events.push(e)
      }
    })
    res.on('end', () => setEnded(res.complete))
    res.on('close', () => setEnded(res.complete))
  })
  req.on('error', () => {
    setStatus(0)
    setEnded(false)
  })
  return connection
}
