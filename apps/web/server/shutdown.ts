import type http from 'node:http'
import type { Logger } from '@meridian/core/observability'

/** The last step (figures, database) gets this long after the bound before the process exits regardless. */
const CLOSE_TIMEOUT_MS = 5_000

/** What the process stops, in order (docs/operations.md "Graceful shutdown"). */
export interface ShutdownSteps {
  /** End every open event stream with the reconnect hint; answers how many there were. */
  closeStreams(): number
  /** Stop background work; media in progress gets until the bound, then is handed back. */
  stopWork(timeoutMs: number): Promise<{ finished: number; released: number }>
  /** Write the request figures, stop live events, close the database. */
  stop(): Promise<void>
}

export interface GracefulServer {
  /** True once the process has been told to stop: /readyz answers 503 and answers carry `Connection: close`. */
  readonly draining: boolean
  /** Requests being answered now (event streams included). */
  readonly inFlight: number
  /** Run the shutdown once; resolves when every step is done (the caller exits). */
  shutdown(signal: string): Promise<void>
}

/**
 * Graceful shutdown of the HTTP server: on the signal it stops accepting connections at once, lets the requests in
 * flight finish within `timeoutMs` (cut after it), ends the event streams with a reconnect hint, releases the media it
 * could not finish, and closes the database; each stage is one info line. Install before the server listens, so every
 * request is counted.
 */
export function gracefulServer(server: http.Server, options: { timeoutMs: number; logger: Logger; steps: ShutdownSteps }): GracefulServer {
  const { logger, steps, timeoutMs } = options
  const open = new Set<http.ServerResponse>()
  let draining = false
  let running: Promise<void> | null = null

  const info = (line: string) => {
    logger.info(line)
    logger.flush?.()
  }

  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    open.add(res)
    // A request that reaches a draining process on a kept-alive connection is answered, and the connection closed.
    if (draining) res.setHeader('Connection', 'close')
    res.once('close', () => {
      open.delete(res)
      if (draining) setImmediate(() => server.closeIdleConnections())
    })
  })

  async function run(signal: string) {
    const started = Date.now()
    const deadline = started + timeoutMs
    draining = true
    // No new connections; idle kept-alive ones closed; answers not yet begun close their connection when done.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close')
    server.closeIdleConnections()
    const atSignal = open.size
    info(`${signal} received: no longer accepting connections; ${atSignal} requests in flight (event streams included), waiting up to ${timeoutMs} ms`)

    const streams = steps.closeStreams()
    info(`Event streams closed with a reconnect hint: ${streams}`)
    const requests = Math.max(0, atSignal - streams)

    const [cut, jobs] = await Promise.all([
      drainRequests(closed, deadline),
      steps
        .stopWork(Math.max(0, deadline - Date.now()))
        .catch((error: Error) => (logger.error(`Shutdown: stopping the media worker failed: ${error.message}`), null)),
    ])
    info(
      cut
        ? `Requests still open at the ${timeoutMs} ms bound were cut: ${cut} (${Math.max(0, requests - cut)} finished)`
        : `Requests in flight finished: ${requests}, none cut, ${Date.now() - started} ms after the signal`,
    )
    info(jobs ? `Media jobs released for another worker: ${jobs.released} (${jobs.finished} finished)` : 'Media jobs could not be released (see above)')

    // The last step has a bound of its own: a database that does not answer must not keep the process from exiting.
    let timer: NodeJS.Timeout | undefined
    const closedInTime = await Promise.race([
      steps.stop().then(
        () => true,
        (error: Error) => (logger.error(`Shutdown: closing failed: ${error.message}`), true),
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS))),
    ])
    clearTimeout(timer)
    if (closedInTime) info(`Request figures written and database closed; stopped in ${Date.now() - started} ms`)
    else logger.warn(`Shutdown: the database did not close within ${CLOSE_TIMEOUT_MS} ms; exiting anyway`)
  }

  /** Wait for the requests in flight until the deadline, then cut what is left; answers how many were cut. */
  async function drainRequests(closed: Promise<void>, deadline: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))
    })
    const outcome = await Promise.race([closed, late])
    clearTimeout(timer)
    if (outcome !== 'late') return 0
    const cut = open.size
    server.closeAllConnections()
    return cut
  }

  return {
    get draining() {
      return draining
    },
    get inFlight() {
      return open.size
    },
    shutdown(signal) {
      running ??= run(signal)
      return running
    },
  }
}

/**
 * A repeat of the signal this soon after the first is the same request, not a second one: a terminal (Ctrl-C) or
 * systemd signals the whole process group, and `npm start`'s supervisor passes the signal on as well.
 */
export const REPEAT_WINDOW_MS = 1_000

/**
 * The process's signal handler: the first SIGTERM/SIGINT runs the graceful shutdown and exits 0 (1 if it failed); a
 * second one, later than REPEAT_WINDOW_MS, exits at once with 1.
 */
export function signalHandler(graceful: GracefulServer, options: { logger: Logger; exit: (code: number) => void; now?: () => number }) {
  const now = options.now ?? Date.now
  let first: number | null = null
  return (signal: string) => {
    if (first !== null) {
      if (now() - first < REPEAT_WINDOW_MS) return
      // A second signal: whoever sent it does not want to wait.
      options.logger.warn(`${signal} received again during shutdown: exiting now`)
      return options.exit(1)
    }
    first = now()
    void graceful.shutdown(signal).then(
      () => options.exit(0),
      (error: Error) => {
        options.logger.error(`Shutdown failed: ${error.message}`)
        options.exit(1)
      },
    )
  }
}
