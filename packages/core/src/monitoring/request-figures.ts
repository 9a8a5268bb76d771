import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import { type Database, rowsOf, sql, type SQL } from '@meridian/db'

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
    // A secret in a path (a calendar feed's token) is never logged or counted as it is.
    .map((part) => (/^[A-Za-z0-9_-]{32,}$/.test(part) ? ':token' : /\d/.test(part) ? ':id' : part.slice(0, 60)))
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
  /** The first minute this process has not yet marked as lived through in service_minutes. */
  private unmarked: number
  /** The last write failed: the minutes since may have been lived through without a working database. */
  private failed = false

  constructor(processName = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`, startedAt: number = Date.now()) {
    this.process = processName.slice(0, 100)
    this.unmarked = Math.floor(startedAt / MINUTE) * MINUTE
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
   * Adds the minutes before `before` (all of them with `all`) to request_minutes and to the daily sums in request_days,
   * marks the minutes this process lived through in service_minutes (docs/analytics.md "Uptime"), in one transaction,
   * and forgets them. A failed write keeps the figures for the next flush; the minutes lived through while the
   * database could not be written are not marked later (the service was not working then).
   */
  async flush(db: Database, options: { before?: number; all?: boolean } = {}): Promise<number> {
    const now = Math.floor(Date.now() / MINUTE) * MINUTE
    const before = options.all ? Number.POSITIVE_INFINITY : options.before ?? now
    const done = [...this.cells].filter(([, c]) => c.minute < before)
    // Lived through: from the last minute marked up to `before` (this minute too at the end); after a failed write,
    // only the last two minutes (the write works again, so the service does).
    const markTo = options.all ? Math.max(now + MINUTE, this.unmarked) : before
    const markFrom = this.failed ? Math.max(this.unmarked, markTo - 2 * MINUTE) : this.unmarked
    this.failed = true
    await db.transaction(async (tx) => {
      if (done.length) {
        const rows = done.map(
          ([, c]) =>
            sql`(${new Date(c.minute).toISOString()}::timestamptz, ${this.process}, ${c.route}, ${c.statusClass}::smallint, ${c.count}::int, ${
              c.durationMsSum
            }::float8, ${`{${c.buckets.join(',')}}`}::int[])`,
        )
        await tx.execute(sql`
          insert into request_minutes (minute, process, route, status_class, count, duration_ms_sum, buckets)
          values ${sql.join(rows, sql`, `)}
          on conflict (minute, process, route, status_class) do update set
            count = request_minutes.count + excluded.count,
            duration_ms_sum = request_minutes.duration_ms_sum + excluded.duration_ms_sum,
            buckets = ${ADD_BUCKETS('request_minutes')}`)
        const days = new Map<string, { day: string; statusClass: number; count: number; durationMsSum: number; buckets: number[] }>()
        for (const [, c] of done) {
          const day = new Date(c.minute).toISOString().slice(0, 10)
          const key = `${day}:${c.statusClass}`
          const sum = days.get(key) ?? { day, statusClass: c.statusClass, count: 0, durationMsSum: 0, buckets: new Array(c.buckets.length).fill(0) }
          sum.count += c.count
          sum.durationMsSum += c.durationMsSum
          c.buckets.forEach((b, i) => (sum.buckets[i] += b))
          days.set(key, sum)
        }
        const dayRows = [...days.values()].map(
          (d) => sql`(${d.day}::date, ${d.statusClass}::smallint, ${d.count}::bigint, ${d.durationMsSum}::float8, ${`{${d.buckets.join(',')}}`}::bigint[])`,
        )
        await tx.execute(sql`
          insert into request_days (day, status_class, count, duration_ms_sum, buckets)
          values ${sql.join(dayRows, sql`, `)}
          on conflict (day, status_class) do update set
            count = request_days.count + excluded.count,
            duration_ms_sum = request_days.duration_ms_sum + excluded.duration_ms_sum,
            buckets = ${ADD_BUCKETS('request_days')}`)
      }
      if (markTo > markFrom) await markServiceMinutes(tx, markFrom, markTo - MINUTE)
    })
    this.failed = false
    for (const [key] of done) this.cells.delete(key)
    if (markTo > this.unmarked) this.unmarked = markTo
    return done.length
  }
}

/** The element-wise sum of a row's bucket counts and the incoming ones, for an upsert. */
const ADD_BUCKETS = (table: string) =>
  sql.raw(`(select array_agg(a + b order by i) from unnest(${table}.buckets, excluded.buckets) with ordinality as t(a, b, i))`)

/** Marks the minutes from `first` to `last` (both included) as lived through, and counts the new ones per day. */
export async function markServiceMinutes(db: Pick<Database, 'execute'>, first: number, last: number) {
  await db.execute(sql`
    with added as (
      insert into service_minutes (minute)
      select m from generate_series(${new Date(first).toISOString()}::timestamptz, ${new Date(last).toISOString()}::timestamptz, interval '1 minute') m
      on conflict do nothing returning minute)
    insert into service_days (day, minutes, first_minute)
    select (minute at time zone 'UTC')::date, count(*)::int, min(minute) from added group by 1
    on conflict (day) do update set minutes = service_days.minutes + excluded.minutes, first_minute = least(service_days.first_minute, excluded.first_minute)`)
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

/** The recorded figures of every process for [from, to), minute by minute: requests, the 5xx share, the p95 and the mean. */
export async function requestSummary(db: Database, from: Date, to: Date): Promise<RequestSummary> {
  const span = sql`minute >= ${from.toISOString()}::timestamptz and minute < ${to.toISOString()}::timestamptz`
  return summarise(await db.execute(summaryStatement('request_minutes', span)))
}

/** The same figures for whole UTC days, [fromDay, toDay), from the daily sums (a few rows for a year). */
export async function requestDaySummary(db: Database, fromDay: string, toDay: string): Promise<RequestSummary> {
  return summarise(await db.execute(summaryStatement('request_days', sql`day >= ${fromDay}::date and day < ${toDay}::date`)))
}

/** Requests, 5xx answers, the duration sum and the bucket counts summed over the rows of `table` in `span`. */
const summaryStatement = (table: 'request_minutes' | 'request_days', span: SQL) => sql`
  select sum(count)::int8 as requests, sum(count) filter (where status_class = 5)::int8 as errors, sum(duration_ms_sum)::float8 as duration,
         (select array_agg(s order by i) from (
            select i, sum(b)::int8 as s from ${sql.raw(table)}, unnest(buckets) with ordinality as t(b, i) where ${span} group by i) x) as buckets
    from ${sql.raw(table)}
   where ${span}`

function summarise(result: unknown): RequestSummary {
  const [row] = rowsOf<{ requests: number | string | null; errors: number | string | null; duration: number | null; buckets: (number | string)[] | string | null }>(result)
  const requests = Number(row?.requests ?? 0)
  if (!requests) return { requests: 0, error_rate: null, p95_ms: null, mean_ms: null }
  const buckets = (typeof row!.buckets === 'string' ? row!.buckets.replace(/[{}]/g, '').split(',') : row!.buckets ?? []).map(Number)
  return {
    requests,
    error_rate: Math.round((Number(row!.errors ?? 0) / requests) * 1000) / 10,
    p95_ms: percentile(buckets, 0.95),
    mean_ms: Math.round((Number(row!.duration ?? 0) / requests) * 10) / 10,
  }
}

/**
 * The share of minutes in [from, to) in which the service ran and could write to the database, in percent with two
 * decimals (docs/analytics.md "Uptime"). Counted from the first minute ever marked (a new installation is not down
 * before it existed) up to the last minute surely written (one minute back from now); null when nothing is in range.
 * Spans over two days read the daily counts.
 */
export async function uptimePercent(db: Database, from: Date, to: Date, now: Date = new Date()): Promise<number | null> {
  const [first] = rowsOf<{ first: string | Date | null }>(await db.execute(sql`select min(first_minute) as first from service_days`))
  if (!first?.first) return null
  const start = Math.max(from.getTime(), new Date(first.first).getTime())
  const end = Math.min(to.getTime(), Math.floor(now.getTime() / MINUTE) * MINUTE - MINUTE)
  if (end <= start) return null
  const startIso = new Date(start).toISOString()
  const endIso = new Date(end).toISOString()
  const [row] = rowsOf<{ n: number | string | null }>(
    await db.execute(
      end - start > 2 * 86_400_000
        ? sql`select sum(minutes)::int8 as n from service_days where day >= ${startIso.slice(0, 10)}::date and day <= ${endIso.slice(0, 10)}::date`
        : sql`select count(*)::int8 as n from service_minutes where minute >= ${startIso}::timestamptz and minute < ${endIso}::timestamptz`,
    ),
  )
  const alive = Math.min(Number(row?.n ?? 0), (end - start) / MINUTE)
  return Math.round((alive / ((end - start) / MINUTE)) * 10_000) / 100
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

/** Drops request minutes and marked service minutes older than REQUEST_FIGURES_KEPT_DAYS (the daily sums stay); answers how many request rows went. */
export async function pruneRequestFigures(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_FIGURES_KEPT_DAYS * 86_400_000).toISOString()
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`with gone as (delete from request_minutes where minute < ${cutoff}::timestamptz returning 1) select count(*)::int as n from gone`),
  )
  await db.execute(sql`delete from service_minutes where minute < ${cutoff}::timestamptz`)
  return Number(rows[0]?.n ?? 0)
}
