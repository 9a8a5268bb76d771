// The observability scenario of `npm run bench` (BENCH_ONLY=observability for it alone, `npm run bench:observability`):
// what the request log lines and the metrics cost on the authenticated profile GET. Two app processes on the same
// database: one as production runs it (LOG_LEVEL=info, JSON lines written to a file, METRICS_TOKEN set and /metrics
// scraped every second during its runs), one with both off (LOG_LEVEL=silent, no METRICS_TOKEN: nothing is recorded).
// They are timed in turns (on, off, on, off …) so drift on a shared machine falls on both; the figure of each is the
// median of its rounds. Target: under 10% fewer requests/s and under 10% more CPU per request. Prints, never gates.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { startChild, waitForOk } from './children.ts'
import { type LoadResult, load, login, median } from './measure.ts'
import { barLine } from './report.ts'

const ROUNDS = Number(process.env.BENCH_OBSERVABILITY_ROUNDS ?? 3)
/**
 * BENCH_OBSERVABILITY_PART: logs or metrics alone on the measured server, to see which costs what; none for an A/A run
 * (two identical servers: the difference is the machine's noise). Both by default.
 */
const PART = process.env.BENCH_OBSERVABILITY_PART ?? 'both'
const LOGS = PART === 'both' || PART === 'logs'
const METRICS = PART === 'both' || PART === 'metrics'
const SCRAPE_MS = 1_000
const TARGET_PERCENT = 10
const PROFILE = '/users/api/auth/profile/'

export interface ObservabilityBenchOptions {
  root: string
  /** The server bundle (the bench's snapshot of apps/web/build/node/server.mjs). */
  entry: string
  /** The bench servers' environment (production, the bench database, the JWT secret). */
  env: NodeJS.ProcessEnv
  connections: number
  seconds: number
  warmupSeconds: number
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function startServer(name: string, options: ObservabilityBenchOptions, extra: Record<string, string>, logFile: string) {
  const port = await freePort()
  const fd = fs.openSync(logFile, 'w')
  const env: NodeJS.ProcessEnv = { ...options.env, PORT: String(port), SEED_DEMO: 'false', ...extra }
  if (!extra.METRICS_TOKEN) delete env.METRICS_TOKEN
  const child = startChild(name, ['--enable-source-maps', options.entry], env, /listening on/, options.root, { fd, port })
  fs.closeSync(fd)
  const base = `http://127.0.0.1:${port}`
  await waitForOk(`${base}/readyz`, 120_000, 50, child)
  return { child, base }
}

const percent = (more: number, less: number) => ((more - less) / less) * 100

export async function measureObservability(options: ObservabilityBenchOptions): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-observability-'))
  const token = `bench-metrics-${Math.random().toString(36).slice(2)}${Date.now()}`
  const onLog = path.join(dir, 'on.log')
  const onEnv: Record<string, string> = { LOG_LEVEL: LOGS ? 'info' : 'silent', LOG_FORMAT: 'json' }
  if (METRICS) onEnv.METRICS_TOKEN = token
  const on = await startServer(`app (${PART === 'both' ? 'logs + metrics' : PART})`, options, onEnv, onLog)
  const off = await startServer('app (silent, no metrics)', options, { LOG_LEVEL: 'silent' }, path.join(dir, 'off.log'))
  try {
    const { access } = await login(on.base, 'admin', 'meridian-demo')
    const headers = { Authorization: `Bearer ${access}` }
    for (const server of [on, off]) {
      const res = await fetch(`${server.base}${PROFILE}`, { headers })
      if (res.status !== 200) throw new Error(`${server.base}${PROFILE} answered ${res.status}`)
      await res.arrayBuffer()
    }
    const closed = await fetch(`${off.base}/metrics`, { headers: { Authorization: `Bearer ${token}` } })
    if (closed.status !== 404) throw new Error(`the server without METRICS_TOKEN answered /metrics with ${closed.status}, not 404`)

    if (PART !== 'both') console.log(`\nBENCH_OBSERVABILITY_PART=${PART}: only the ${PART} on the measured server`)
    console.log(
      `\nObservability: the profile GET (REST, bearer) with request log lines (JSON to a file) and metrics (/metrics scraped every ${
        SCRAPE_MS / 1000
      } s) against neither;`,
    )
    console.log(
      `  ${ROUNDS} rounds each, taken in turns; ${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.seconds} s a round`,
    )
    const opts = { connections: options.connections, seconds: options.seconds, warmupSeconds: options.warmupSeconds }
    const results: { on: LoadResult[]; off: LoadResult[] } = { on: [], off: [] }
    let scrapes = 0
    let scrapeFailures = 0
    let lastScrape = ''
    for (let round = 0; round < ROUNDS; round++) {
      const timeOn = async () => {
        const scraper = setInterval(() => {
          if (!METRICS) return
          fetch(`${on.base}/metrics`, { headers: { Authorization: `Bearer ${token}` } })
            .then(async (res) => {
              lastScrape = await res.text()
              if (res.status === 200) scrapes++
              else scrapeFailures++
            })
            .catch(() => scrapeFailures++)
        }, SCRAPE_MS)
        try {
          results.on.push(await load('logs + metrics', `${on.base}${PROFILE}`, headers, { ...opts, pid: on.child.process.pid }))
        } finally {
          clearInterval(scraper)
        }
      }
      const timeOff = async () => void results.off.push(await load('neither', `${off.base}${PROFILE}`, headers, { ...opts, pid: off.child.process.pid }))
      // Which goes first alternates, so a machine that slows down (or warms up) during the run weighs on both alike.
      if (round % 2 === 0) {
        await timeOn()
        await timeOff()
      } else {
        await timeOff()
        await timeOn()
      }
      const [a, b] = [results.on.at(-1)!, results.off.at(-1)!]
      console.log(
        `  round ${round + 1}: with ${a.requestsPerSecond.toFixed(0)} req/s (${
          a.cpuMsPerRequest?.toFixed(3) ?? '?'
        } CPU ms/req), without ${b.requestsPerSecond.toFixed(0)} req/s (${b.cpuMsPerRequest?.toFixed(3) ?? '?'} CPU ms/req)`,
      )
    }
    const rps = { on: median(results.on.map((r) => r.requestsPerSecond)), off: median(results.off.map((r) => r.requestsPerSecond)) }
    const cpu = { on: median(results.on.map((r) => r.cpuMsPerRequest ?? Number.NaN)), off: median(results.off.map((r) => r.cpuMsPerRequest ?? Number.NaN)) }
    const p99 = { on: median(results.on.map((r) => r.p99)), off: median(results.off.map((r) => r.p99)) }
    const failures = [...results.on, ...results.off].reduce((n, r) => n + r.failures, 0)
    // Fewer requests/s with them, as a share of the figure without; more CPU per request, as a share likewise.
    const rpsDrop = ((rps.off - rps.on) / rps.off) * 100
    const cpuCost = percent(cpu.on, cpu.off)
    console.log(
      `  ${'with logs + metrics'.padEnd(32)}${`${rps.on.toFixed(0)} req/s`.padStart(12)}  ${cpu.on.toFixed(3)} CPU ms/req, p99 ${p99.on.toFixed(1)} ms`,
    )
    console.log(
      `  ${'without (silent, no metrics)'.padEnd(32)}${`${rps.off.toFixed(0)} req/s`.padStart(12)}  ${cpu.off.toFixed(3)} CPU ms/req, p99 ${p99.off.toFixed(
        1,
      )} ms`,
    )
    console.log(barLine('Observability cost, req/s', `${rpsDrop.toFixed(1)}%`, rpsDrop < TARGET_PERCENT, `< ${TARGET_PERCENT}% fewer`))
    if (Number.isFinite(cpuCost))
      console.log(barLine('Observability cost, CPU/req', `${cpuCost.toFixed(1)}%`, cpuCost < TARGET_PERCENT, `< ${TARGET_PERCENT}% more`))

    // The lines were written: one per request, none carrying the token.
    const text = fs.readFileSync(onLog, 'utf8')
    const profileLines = text.split('\n').filter((line) => line.includes(`"route":"${PROFILE}"`)).length
    const answered = results.on.reduce((n, r) => n + r.total, 0)
    console.log(
      `  ${profileLines} profile log lines for ${answered} timed requests (+ warm-ups), ${(fs.statSync(onLog).size / 1e6).toFixed(
        0,
      )} MB; ${scrapes} scrapes, ${scrapeFailures} failed; ${failures} requests not 200`,
    )
    if (text.includes(access)) console.warn('  WARNING: the access token appears in the log file')
    const counted = /meridian_http_requests_total\{method="GET",route="\/users\/api\/auth\/profile\/",status="200"\} (\d+)/.exec(lastScrape)?.[1]
    const gauges = lastScrape.split('\n').filter((line) => /^meridian_(db_pool|jobs|event_streams)/.test(line))
    console.log(`  last scrape: ${counted ?? '?'} profile GETs counted; ${gauges.join(', ')}`)
  } finally {
    await Promise.all([on.child.stop(), off.child.stop()])
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
