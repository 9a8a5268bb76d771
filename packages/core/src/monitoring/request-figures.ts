import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import { type Database, sql } from '@meridian/db'
import { rowsOf } from '../auth/throttle.ts'

/** Upper bounds of the duration buckets, in ms; one more bucket counts everything slower. */
export const REQUEST_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const
/** Request figures are kept this long, then dropped by the daily clean-up. */
export const REQUEST_FIGURES_KEPT_DAYS = 90

const MINUTE = 60_000

interface Cell {
  minute: number
  route: string
  statusClass: number
  count: number
  durationMsSum: number
  buckets: number[]
}

/**
 * A route as the figures name it, with no unbounded part: the method, then the path with every segment that holds a
 * digit (an id, a reference, a date) written `:id`. `/api/trips/12/` → `GET /api/trips/:id/`.
 */
export function routeKey(method: string, pathname: string): string {
  const path = pathname
    .split('/')
    .map((part) => (/\d/.test(part) ? ':id' : part.slice(0, 60)))
    .join('/')
  return `${method.toUpperCase()} ${path.slice(0, 200)}`
}

/**
 * This process's request figures for the minutes not yet written (docs/analytics.md "Request figures"): each request
 * adds to its minute's cell in memory; `flush` adds the finished minutes to request_minutes, so every process's figures
 * survive restarts and are read together. Only the current minute and those not yet written live here.
 */
export class RequestFigures {
  readonly process: string
  private cells = new Map<string, Cell>()

  constructor(processName = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`) {
    this.process = processName.slice(0, 100)
  }

  record(route: string, status: number, durationMs: number, at: number = Date.now()) {
    const minute = Math.floor(at / MINUTE) * MINUTE
    const statusClass = Math.min(5, Math.max(1, Math.floor(status / 100)))
    const key = `${minute}\u0000${route}\u0000${statusClass}`
    let cell = this.cells.get(key)
    if (!cell)
      this.cells.set(key, (cell = { minute, route, statusClass, count: 0, durationMsSum: 0, buckets: new Array(REQUEST_BUCKETS_MS.length + 1).fill(0) }))
    cell.count++
    cell.durationMsSum += durationMs
    const bucket = REQUEST_BUCKETS_MS.findIndex((bound) => durationMs <= bound)
    cell.buckets[bucket === -1 ? REQUEST_BUCKETS_MS.length : bucket]!++
  }

  /**
   * Adds the minutes before `before` (all of them with `all`) to request_minutes, in one statement, and forgets them.
   * A failed write keeps them for the next flush.
   */
  async flush(db: Database, options: { before?: number; all?: boolean } = {}): Promise<number> {
    const before = options.all ? Number.POSITIVE_INFINITY : options.before ?? Math.floor(Date.now() / MINUTE) * MINUTE
    const done = [...this.cells].filter(([, c]) => c.minute < before)
    if (!done.length) return 0
    const rows = done.map(
      ([, c]) =>
        sql`(${new Date(c.minute).toISOString()}::timestamptz, ${this.process}, ${c.route}, ${c.statusClass}::smallint, ${c.count}::int, ${
          c.durationMsSum
        }::float8, ${`{${c.buckets.join(',')}}`}::int[])`,
    )
    await db.execute(sql`
      insert into request_minutes (minute, process, route, status_class, count, duration_ms_sum, buckets)
      values ${sql.join(rows, sql`, `)}
      on conflict (minute, process, route, status_class) do update set
        count = request_minutes.count + excluded.count,
        duration_ms_sum = request_minutes.duration_ms_sum + excluded.duration_ms_sum,
        buckets = (select array_agg(a + b order by i) from unnest(request_minutes.buckets, excluded.buckets) with ordinality as t(a, b, i))`)
    for (const [key] of done) this.cells.delete(key)
    return done.length
  }
}

export interface RequestSummary {
  requests: number
  /** Answers with a 5xx status, in percent of all, one decimal; null without requests. */
  error_rate: number | null
  /** The 95th percentile of response time in ms, at the resolution of the buckets (their upper bound); null without requests. */
  p95_ms: number | null
  /** Mean response time in ms, one decimal. */
  mean_ms: number | null
}

/** The recorded figures of every process for [from, to): requests, the 5xx share, the p95 and the mean. */
export async function requestSummary(db: Database, from: Date, to: Date): Promise<RequestSummary> {
  const [row] = rowsOf<{ requests: number | null; errors: number | null; duration: number | null; buckets: number[] | string | null }>(
    await db.execute(sql`
      select sum(count)::int as requests, sum(count) filter (where status_class = 5)::int as errors, sum(duration_ms_sum)::float8 as duration,
             (select array_agg(s order by i) from (
                select i, sum(b)::int as s from request_minutes r2, unnest(r2.buckets) with ordinality as t(b, i)
                 where r2.minute >= ${from.toISOString()}::timestamptz and r2.minute < ${to.toISOString()}::timestamptz group by i) x) as buckets
        from request_minutes
       where minute >= ${from.toISOString()}::timestamptz and minute < ${to.toISOString()}::timestamptz`),
  )
  const requests = Number(row?.requests ?? 0)
  if (!requests) return { requests: 0, error_rate: null, p95_ms: null, mean_ms: null }
  const buckets = (typeof row!.buckets === 'string' ? row!.buckets.replace(/[{}]/g, '').split(',').map(Number) : row!.buckets ?? []).map(Number)
  return {
    requests,
    error_rate: Math.round((Number(row!.errors ?? 0) / requests) * 1000) / 10,
    p95_ms: percentile(buckets, 0.95),
    mean_ms: Math.round((Number(row!.duration ?? 0) / requests) * 10) / 10,
  }
}

/** The upper bound of the bucket holding the q-th quantile (the last bucket, slower than every bound, as its lower one). */
export function percentile(buckets: number[], q: number): number | null {
  const total = buckets.reduce((n, b) => n + b, 0)
  if (!total) return null
  const rank = Math.ceil(total * q)
  let seen = 0
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i]!
    if (seen >= rank) return REQUEST_BUCKETS_MS[i] ?? REQUEST_BUCKETS_MS[REQUEST_BUCKETS_MS.length - 1]!
  }
  return REQUEST_BUCKETS_MS[REQUEST_BUCKETS_MS.length - 1]!
}

/** Drops request figures older than REQUEST_FIGURES_KEPT_DAYS; answers how many rows went. */
export async function pruneRequestFigures(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_FIGURES_KEPT_DAYS * 86_400_000).toISOString()
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`with gone as (delete from request_minutes where minute < ${cutoff}::timestamptz returning 1) select count(*)::int as n from gone`),
  )
  return Number(rows[0]?.n ?? 0)
}
