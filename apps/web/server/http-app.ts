import http from 'node:http'
import path from 'node:path'
import express from 'express'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import {
  createMediaFileHandler,
  createRestHandler,
  createTrpcHandler,
  EVENTS_PATH,
  isApiDocsPath,
  isCrossSite,
  isRestPath,
  MEDIA_FILES_PREFIX,
  requestMeta,
  TRPC_PREFIX,
} from '@meridian/api'
import { type AppServices, newErrorId, type RequestFigures, routeKey } from '@meridian/core'
import { type Logger, noteRequestUser, requestUserOf } from '@meridian/core/observability'
import { createServerMetrics, METRICS_PATH, type MetricsSources, type ServerMetrics, scrapeAuthorized } from './metrics.ts'
import { guardRoutes } from './route-guard.ts'
import { applySecurityHeaders } from './security-headers.ts'

export interface HttpAppOptions {
  app: AppServices
  /** The Remix build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Folder of the client build (production), served with long caching for /assets. */
  clientDir?: string
  /** Extra middleware before Remix (Vite's, in development). */
  before?: express.RequestHandler
  ping(): Promise<void>
  /** This process's request figures (docs/analytics.md "Request figures"); none in tests that do not look at them. */
  figures?: RequestFigures
  /** Where each request's line goes (docs/observability.md); none: no request lines (tests that do not look at them). */
  logger?: Logger
  /** The database handle, for the pool and statement metrics (recorded only when METRICS_TOKEN is set). */
  database?: MetricsSources['database']
  /** The media worker, for the job queue metrics. */
  jobs?: MetricsSources['jobs']
  /** True once the process is shutting down (shutdown.ts): /readyz answers 503 so a load balancer sends no more. */
  draining?: () => boolean
}

/** The installable app's static files (docs/traveler-app.md): the manifest, its icons and the service worker. */
const APP_FILES = new Set(['/favicon.ico', '/favicon.svg', '/manifest.webmanifest', '/sw.js', '/icon-192.png', '/icon-512.png', '/icon-maskable-512.png'])

/** Not request figures: the probes, static files, and the event stream (open for minutes by design). */
const UNTIMED = (pathname: string) =>
  pathname === '/healthz' || pathname === '/readyz' || pathname === EVENTS_PATH || pathname.startsWith('/assets/') || APP_FILES.has(pathname)

/** Logged at debug only: probes, scrapes and static files would otherwise drown the lines about people's requests. */
const QUIET = (pathname: string) =>
  pathname === '/healthz' || pathname === '/readyz' || pathname === METRICS_PATH || pathname.startsWith('/assets/') || APP_FILES.has(pathname)

/**
 * The public folder's files keep an hour's caching, but for the service worker and the manifest: a browser checks
 * those at every visit, so a new release's worker takes over at the next page load (the worker is a few KB).
 */
function staticHeaders(res: http.ServerResponse, file: string) {
  const name = path.basename(file)
  if (name === 'sw.js' || name === 'manifest.webmanifest') res.setHeader('Cache-Control', 'no-cache')
}

/**
 * One node:http server for the three fronts: the REST paths and /trpc are answered directly (no framework
 * in their hot path); everything else goes to Remix through express.
 */
export function createHttpServer(options: HttpAppOptions): http.Server {
  const rest = createRestHandler(options.app)
  const trpc = createTrpcHandler(options.app)
  const mediaFiles = createMediaFileHandler(options.app)
  const web = express()
  // Each page's CSP nonce, handed from the security headers to Remix (entry.server and root) through the load context.
  const nonces = new WeakMap<http.IncomingMessage, string>()
  // Each request's id: sent back as X-Request-Id and shown on the error screens as the error id.
  const requestIds = new WeakMap<http.IncomingMessage, string>()
  // Recorded only when a scraper can read them: without METRICS_TOKEN the metrics cost nothing.
  const metrics = options.app.config.observability.metricsToken
    ? createServerMetrics({ app: options.app, database: options.database, jobs: options.jobs })
    : null
  const log = options.logger?.isLevelEnabled('info') ? options.logger : null
  const logQuiet = Boolean(options.logger?.isLevelEnabled('debug'))
  web.disable('x-powered-by')
  if (options.before) web.use(options.before)
  if (options.clientDir) {
    web.use('/assets', express.static(path.join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y' }))
    web.use(express.static(options.clientDir, { maxAge: '1h', setHeaders: staticHeaders }))
  }
  // Every loader and action guarded once (route-guard.ts); in development the build is loaded per request.
  const build =
    typeof options.build === 'function'
      ? (() => {
          const load = options.build as () => Promise<ServerBuild>
          return async () => guardRoutes(await load())
        })()
      : guardRoutes(options.build)
  web.all(
    '*',
    createRequestHandler({
      build: build as ServerBuild,
      mode: options.app.config.production ? 'production' : 'development',
      getLoadContext: (req) => ({
        app: options.app,
        cspNonce: nonces.get(req) ?? '',
        selfOrigin: selfOrigin(req),
        errorId: requestIds.get(req) ?? newErrorId(),
        noteUser: (userId: number) => noteRequestUser(req, userId),
      }),
    }),
  )

  const figures = options.figures
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/'
    const pathname = url.split('?')[0]!
    const requestId = newErrorId()
    requestIds.set(req, requestId)
    res.setHeader('X-Request-Id', requestId)
    const scrape = metrics !== null && pathname === METRICS_PATH
    const timed = !UNTIMED(pathname) && !scrape && (figures || metrics)
    const logged = QUIET(pathname) ? logQuiet : log
    if (timed || logged) {
      const started = performance.now()
      // 'close' follows 'finish', and also ends a request whose client went away before its answer was complete.
      res.once('close', () => {
        const ms = performance.now() - started
        const method = req.method ?? 'GET'
        const key = routeKey(method, pathname)
        const finished = res.writableFinished
        if (timed && finished) {
          figures?.record(key, res.statusCode, ms)
          metrics?.observeRequest(method, key.slice(method.length + 1), res.statusCode, ms / 1000)
        }
        if (logged) {
          // The path's pattern only: never the query string (it may carry a token), headers or bodies.
          const line = {
            request_id: requestId,
            method,
            route: key.slice(method.length + 1),
            status: res.statusCode,
            duration_ms: Math.round(ms * 100) / 100,
            user_id: requestUserOf(req),
            ...(finished ? {} : { aborted: true }),
          }
          options.logger![QUIET(pathname) ? 'debug' : 'info'](line, `${key} ${res.statusCode}`)
        }
      })
    }
    if (scrape) return void serveMetrics(req, res, metrics, options.app.config.observability.metricsToken!)
    // Closed without a token: the API's answer to a path it does not know (the pages would send it to the landing page).
    if (pathname === METRICS_PATH) return json(res, 404, { detail: 'Not found.' })
    // The API reference page (docs/api.md) is HTML with scripts: the pages' security headers (CSP) hold for it unchanged.
    if (isApiDocsPath(pathname)) applySecurityHeaders(res, { production: options.app.config.production, stripe: options.app.config.payments.provider === 'stripe' })
    if (isRestPath(pathname)) return void rest(req, res)
    if (pathname === TRPC_PREFIX || pathname.startsWith(`${TRPC_PREFIX}/`)) return void trpc(req, res)
    if (pathname.startsWith(MEDIA_FILES_PREFIX)) return void mediaFiles(req, res)
    if (pathname === '/healthz') return json(res, 200, { status: 'ok' })
    if (pathname === '/readyz') {
      if (options.draining?.()) return json(res, 503, { status: 'stopping' })
      return void withTimeout(options.ping(), READY_TIMEOUT_MS).then(
        () => json(res, 200, { status: 'ready', database: 'ok' }),
        () => json(res, 503, { status: 'unavailable', database: 'unreachable' }),
      )
    }
    // Remix forms ride on the session cookie: refuse cross-site writes before any action runs.
    const method = req.method ?? 'GET'
    if (method !== 'GET' && method !== 'HEAD' && isCrossSite(req.headers)) {
      return json(res, 403, { detail: 'Cross-site request refused.' })
    }
    // Loaders see the client address in this header only; a client-sent value is overwritten.
    req.headers['x-meridian-client-ip'] = requestMeta(req, options.app.config.trustProxy).ipAddress
    nonces.set(req, applySecurityHeaders(res, { production: options.app.config.production, stripe: options.app.config.payments.provider === 'stripe' }))
    web(req, res)
  })
  server.once('close', () => metrics?.close())
  return server
}

/** GET /metrics with the configured bearer token: the Prometheus text exposition. */
function serveMetrics(req: http.IncomingMessage, res: http.ServerResponse, metrics: ServerMetrics, token: string) {
  if (!scrapeAuthorized(req.headers.authorization, token)) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
    return json(res, 401, { detail: req.headers.authorization ? 'Invalid token.' : 'Authentication credentials were not provided.' })
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD')
    return json(res, 405, { detail: `Method "${req.method}" not allowed.` })
  }
  metrics.registry.metrics().then(
    (text) => {
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) })
      res.end(req.method === 'HEAD' ? undefined : text)
    },
    (error: unknown) => json(res, 500, { detail: `metrics could not be collected: ${(error as Error).message}` }),
  )
}

/** A readiness probe answers within this time: a database that does not answer by then is unreachable. */
const READY_TIMEOUT_MS = 3_000

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** This server as reached by the request (address and port of its socket): the diagnostics screen tests itself. */
function selfOrigin(req: http.IncomingMessage): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '')
  const host = address.includes(':') ? `[${address}]` : address
  return `http://${host}:${req.socket.localPort ?? 80}`
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(payload) })
  res.end(payload)
}
