import { createHash, timingSafeEqual } from 'node:crypto'
import { collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client'
import type { AppServices } from '@meridian/core'
import type { DatabaseHandle, QueryKind } from '@meridian/db'

export const METRICS_PATH = '/metrics'

/** What the metrics read besides the requests: the database handle and the media worker of this process. */
export interface MetricsSources {
  app: AppServices
  database?: Pick<DatabaseHandle, 'poolStats' | 'observeQueries'>
  jobs?: { counts(): Promise<{ queued: number; active: number }> }
}

export interface ServerMetrics {
  readonly registry: Registry
  /** One answered request; `route` is the route key's path (digit segments written :id). */
  observeRequest(method: string, route: string, status: number, seconds: number): void
  /** Stop hearing the database's statements (the server closed). */
  close(): void
}

/** Request durations, in seconds: the request figures' buckets (docs/analytics.md), so both read alike. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
const QUERY_KINDS: QueryKind[] = ['select', 'insert', 'update', 'delete', 'other']

/**
 * Distinct routes labelled before the rest are counted as `other`: the route key bounds ids, but a client asking for
 * made-up paths (a scanner) could otherwise grow the series without end.
 */
export const MAX_ROUTES = 500

/**
 * This server's Prometheus metrics (docs/observability.md), in a registry of its own: several servers in one process
 * (tests) do not share or clash. Gauges are read when scraped.
 */
export function createServerMetrics(sources: MetricsSources): ServerMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })

  const requests = new SeriesSet(REQUEST_BUCKETS)
  requests.register(registry, {
    counter: { name: 'meridian_http_requests_total', help: 'Requests answered, by method, route pattern and status.' },
    histogram: { name: 'meridian_http_request_duration_seconds', help: 'Time from a request to the end of its answer, by method, route pattern and status.' },
  })
  // One series per method, route and status, looked up once: the hot path is a Map read and a few additions.
  const children = new Map<string, Series>()
  const routes = new Set<string>()

  const queries = new SeriesSet(QUERY_BUCKETS)
  queries.register(registry, {
    histogram: {
      name: 'meridian_db_query_duration_seconds',
      help: 'Time of database statements from sending one to its answer (a wait for a pooled connection left out), by kind; one statement in METRICS_QUERY_SAMPLE is timed.',
    },
  })
  const byKind = new Map(QUERY_KINDS.map((kind) => [kind, queries.series(kind, { kind })]))
  // Timing every statement cost the profile GET some 13% of its throughput; one in METRICS_QUERY_SAMPLE (10) costs
  // nothing measurable and still draws the distribution (docs/observability.md).
  const every = sources.app.config.observability?.metricsQuerySample ?? 1
  const stopQueries = sources.database?.observeQueries((seconds, kind) => queries.observe(byKind.get(kind)!, seconds), every)

  const poolStats = sources.database?.poolStats
  if (poolStats) {
    new Gauge({
      name: 'meridian_db_pool_size',
      help: 'Connections this process may open to PostgreSQL (DB_POOL_MAX).',
      registers: [registry],
      collect() {
        this.set(sources.app.config.database.poolMax)
      },
    })
    new Gauge({
      name: 'meridian_db_pool_active',
      help: 'Statements and transactions holding a pooled connection now.',
      registers: [registry],
      collect() {
        this.set(poolStats().active)
      },
    })
    new Gauge({
      name: 'meridian_db_pool_waiting',
      help: 'Callers waiting for a pooled connection now (each gives up after DB_QUEUE_TIMEOUT_MS with a 503).',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting)
      },
    })
  }

  const jobs = sources.jobs
  if (jobs) {
    let last: Promise<{ queued: number; active: number }> | null = null
    // Both gauges of one scrape read one count (a single query), not one each.
    const counts = () => (last ??= jobs.counts().finally(() => setImmediate(() => (last = null))))
    new Gauge({
      name: 'meridian_jobs_queued',
      help: 'Jobs waiting for a worker, by queue (media: uploads to process).',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const now = await counts().catch(() => null)
        if (now) this.set({ queue: 'media' }, now.queued)
      },
    })
    new Gauge({
      name: 'meridian_jobs_active',
      help: 'Jobs this process is working on now, by queue.',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const now = await counts().catch(() => null)
        if (now) this.set({ queue: 'media' }, now.active)
      },
    })
  }

  new Gauge({
    name: 'meridian_event_streams',
    help: 'Event streams (chat and the bell) open on this process.',
    registers: [registry],
    collect() {
      this.set(sources.app.events.size)
    },
  })

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const key = `${method} ${route} ${status}`
      let series = children.get(key)
      if (!series) {
        if (!routes.has(route) && routes.size >= MAX_ROUTES) route = 'other'
        else routes.add(route)
        series = requests.series(`${method} ${route} ${status}`, { method, route, status: String(status) })
        if (route !== 'other') children.set(key, series)
      }
      requests.observe(series, seconds)
    },
    close() {
      stopQueries?.()
    },
  }
}

/** The scraper's bearer token against the configured one, in constant time (hashes of equal length compared). */
export function scrapeAuthorized(header: string | undefined, token: string): boolean {
  const [scheme, given] = (header ?? '').split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !given) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(token))
}

interface Series {
  labels: Record<string, string>
  /** Observations per bucket (not cumulative; the last counts those above every bound). */
  buckets: number[]
  sum: number
  count: number
}

/**
 * Histogram series (and the counter of the same observations) kept as plain numbers: prom-client's own labelled
 * metrics hash the label object on every observation, which cost the profile GET a measurable share of its
 * throughput. Read by the registry when scraped, in prom-client's own exposition format.
 */
class SeriesSet {
  private readonly all = new Map<string, Series>()

  constructor(private readonly bounds: readonly number[]) {}

  series(key: string, labels: Record<string, string>): Series {
    let series = this.all.get(key)
    if (!series) this.all.set(key, (series = { labels, buckets: new Array(this.bounds.length + 1).fill(0), sum: 0, count: 0 }))
    return series
  }

  observe(series: Series, value: number) {
    let i = 0
    while (i < this.bounds.length && value > this.bounds[i]!) i++
    series.buckets[i]!++
    series.sum += value
    series.count++
  }

  register(registry: Registry, names: { counter?: { name: string; help: string }; histogram: { name: string; help: string } }) {
    const { counter, histogram } = names
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => unknown[]) =>
      registry.registerMetric({ name, help, get: async () => ({ name, help, type, values: values(), aggregator: 'sum' }) } as unknown as Metric)
    if (counter) metric(counter.name, counter.help, 'counter', () => [...this.all.values()].map((s) => ({ labels: s.labels, value: s.count })))
    metric(histogram.name, histogram.help, 'histogram', () =>
      [...this.all.values()].flatMap((s) => {
        let cumulative = 0
        const buckets = this.bounds.map((bound, i) => ({
          labels: { le: bound, ...s.labels },
          value: (cumulative += s.buckets[i]!),
          metricName: `${histogram.name}_bucket`,
        }))
        return [
          ...buckets,
          { labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${histogram.name}_bucket` },
          { labels: s.labels, value: s.sum, metricName: `${histogram.name}_sum` },
          { labels: s.labels, value: s.count, metricName: `${histogram.name}_count` },
        ]
      }),
    )
  }
}
