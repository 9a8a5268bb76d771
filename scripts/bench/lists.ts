// The lists scenario: every paginated list over REST at 10,000 and 100,000 rows a table (locations 120,000;
// currencies stop at 17,576, every three-letter code), 32 concurrent clients each asking for random pages, beside a
// raw node:http + postgres.js baseline answering the same pages in the same run (lists-baseline-server.ts). Bars: each
// list at least 60% of its baseline's requests/s, and every p99 under 50 ms at 100,000 rows.
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { openDatabase } from '@meridian/db'
import { fillListTables } from '@meridian/core/list-seed'
import { startChild } from './children.ts'
import { BENCH_LISTS, type BenchList } from './lists-sql.ts'

export const LIST_BARS = { ratio: 0.6, p99Ms: 50 }

interface Timed {
  rps: number
  p99: number
  failures: number
}

const SIZES = [
  { label: '10,000', rows: 10_000, locations: 10_000 },
  { label: '100,000', rows: 100_000, locations: 120_000 },
]

/** One timed run of random pages (after a short warm-up): requests/s, p99 and the answers that were not 200. */
async function timeRandomPages(base: string, pathFor: () => string, headers: Record<string, string>, opts: { connections: number; seconds: number; warmup: number }): Promise<Timed> {
  const run = (duration: number) =>
    autocannon({ url: base, connections: opts.connections, duration, headers, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFor() }) }] })
  if (opts.warmup > 0) await run(opts.warmup)
  const result = await run(opts.seconds)
  return { rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors + result.timeouts }
}

async function getJson(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers })
  const body = await res.text()
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 300)}`)
  return JSON.parse(body) as { count: number; results: { id: number }[] }
}

/** Both servers must answer the same rows for the same page, or the comparison means nothing. */
async function samePage(app: string, baseline: string, headers: Record<string, string>, page: number) {
  const [a, b] = await Promise.all([getJson(`${app}?page=${page}`, headers), getJson(`${baseline}?page=${page}`, {})])
  const ids = (x: typeof a) => x.results.map((r) => r.id).join(',')
  if (a.count !== b.count || ids(a) !== ids(b)) throw new Error(`${app} and the baseline disagree on page ${page}: ${a.count} ${ids(a)} vs ${b.count} ${ids(b)}`)
  return a.count
}

const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('')

export async function measureLists(options: { root: string; appBase: string; databaseUrl: string; token: string; roleId: number; appPid?: number }) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
  const seconds = Number(process.env.BENCH_LIST_SECONDS ?? 5)
  const warmup = Number(process.env.BENCH_LIST_WARMUP ?? 2)
  const only = process.env.BENCH_LISTS?.split(',').map((s) => s.trim())
  const lists = BENCH_LISTS.filter((l) => !only || only.includes(l.name))
  const baseline = startChild(
    'lists baseline',
    ['--import', 'tsx', path.join(options.root, 'scripts/bench/lists-baseline-server.ts')],
    { ...process.env, DATABASE_URL: options.databaseUrl, POOL_MAX: '10', PORT: '0', HOST: '127.0.0.1' },
    /lists baseline listening on port (\d+)/,
    options.root,
  )
  const baselineBase = `http://127.0.0.1:${await baseline.port}`
  const headers = { Authorization: `Bearer ${options.token}` }
  const widths = [16, 10, 9, 10, 9, 8, 13, 12]
  const verdicts: boolean[] = []
  try {
    for (const size of SIZES) {
      const started = performance.now()
      const handle = await openDatabase({ url: options.databaseUrl, max: 2 })
      const t = { countries: size.rows, locations: size.locations, suppliers: size.rows, currencies: size.rows, rates: size.rows, transfers: size.rows, activities: size.rows, users: size.rows, media: size.rows }
      const counts = await fillListTables(handle.db, t).finally(() => handle.close())
      const load = os.loadavg()[0]!
      console.log(
        `\nLists at ${size.label} rows (filled in ${((performance.now() - started) / 1000).toFixed(0)} s: ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')})`,
      )
      console.log(`${connections} clients on random pages, ${warmup} s warm-up + ${seconds} s each; load average ${load.toFixed(2)} on ${os.availableParallelism()} cores`)
      console.log(row(['list', 'pages', 'app r/s', 'base r/s', 'ratio', '', 'app p99 ms', 'base p99'], widths))
      for (const list of lists) {
        const appUrl = `${options.appBase}${list.path({ roleId: options.roleId })}`
        const baseUrl = `${baselineBase}/${BENCH_LISTS.indexOf(list)}/`
        const count = await samePage(appUrl, baseUrl, list.auth ? headers : {}, 2)
        const pages = Math.max(1, Math.ceil(count / list.pageSize))
        const randomPath = (prefix: string) => () => `${prefix}?page=${1 + Math.floor(Math.random() * pages)}`
        const opts = { connections, seconds, warmup }
        const base = await timeRandomPages(baselineBase, randomPath(new URL(baseUrl).pathname), {}, opts)
        const app = await timeRandomPages(options.appBase, randomPath(new URL(appUrl).pathname), list.auth ? headers : {}, opts)
        const ratio = app.rps / base.rps
        const ok = ratio >= LIST_BARS.ratio && (size.rows < 100_000 || app.p99 < LIST_BARS.p99Ms) && app.failures === 0
        verdicts.push(ok)
        console.log(
          row(
            [list.name, String(pages), app.rps.toFixed(0), base.rps.toFixed(0), `${(ratio * 100).toFixed(0)}%`, ok ? 'PASS' : 'FAIL', `${app.p99}`, `${base.p99}`],
            widths,
          ) + (app.failures || base.failures ? `  (${app.failures} / ${base.failures} not 200)` : ''),
        )
      }
    }
    console.log(`\nBars: each list >= ${LIST_BARS.ratio * 100}% of its baseline's requests/s; p99 < ${LIST_BARS.p99Ms} ms at 100,000 rows.`)
    console.log(`Lists: ${verdicts.filter(Boolean).length} of ${verdicts.length} runs pass; load average now ${os.loadavg()[0]!.toFixed(2)}.`)
  } finally {
    await baseline.stop()
  }
}

export type { BenchList }
