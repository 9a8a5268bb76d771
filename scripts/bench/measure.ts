import autocannon from 'autocannon'
import { cpuMs, describeTree, isServerRole } from './process-tree.ts'

export interface LoadResult {
  label: string
  requestsPerSecond: number
  p50: number
  p99: number
  total: number
  failures: number
  /** The server process's CPU time (user + system) per answered request; null where /proc is missing. */
  cpuMsPerRequest: number | null
  /** This process's CPU time (the load generator's, mostly) during the measured run, in % of one core. */
  generatorCpuPercent: number
  /** With `databaseCpu`: the database's CPU time during the measured run, in % of one core. */
  databaseCpuPercent: number | null
}

/** User + system CPU ms so far of the server processes (server, primary, workers) under `rootPid`, or null without /proc. */
export function treeCpuMs(rootPid: number | undefined): number | null {
  if (!rootPid) return null
  const servers = describeTree(rootPid).filter((p) => isServerRole(p.role))
  return servers.length ? servers.reduce((sum, p) => sum + p.cpuMs, 0) : null
}

/** A short untimed warm-up (JIT, pool connections, prepared statements), then the measured run. */
export async function load(
  label: string,
  url: string,
  headers: Record<string, string>,
  /** The server's CPU time comes from `cpu` when given (treeCpuMs for several processes), else from `pid`. */
  opts: {
    connections: number
    seconds: number
    warmupSeconds: number
    pid?: number
    cpu?: () => number | null
    /** The database's CPU time so far (postgresCpuMs), when it runs on this machine. */
    databaseCpu?: () => number | null
  },
): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await autocannon({ url, headers, connections: opts.connections, duration: opts.warmupSeconds })
  const serverCpu = opts.cpu ?? (() => cpuMs(opts.pid))
  const cpuBefore = serverCpu()
  const databaseBefore = opts.databaseCpu?.() ?? null
  const ownBefore = process.cpuUsage()
  const started = performance.now()
  const result = await autocannon({ url, headers, connections: opts.connections, duration: opts.seconds })
  const own = process.cpuUsage(ownBefore)
  const wallMs = performance.now() - started
  const cpuAfter = serverCpu()
  const databaseAfter = opts.databaseCpu?.() ?? null
  const answered = result.requests.total
  return {
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null || !answered ? null : (cpuAfter - cpuBefore) / answered,
    generatorCpuPercent: ((own.user + own.system) / 1000 / wallMs) * 100,
    databaseCpuPercent: databaseBefore === null || databaseAfter === null ? null : ((databaseAfter - databaseBefore) / wallMs) * 100,
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

export interface LoginReply {
  access: string
  refresh: string
  user: { id: number; username: string }
}

export async function login(base: string, username: string, password: string): Promise<LoginReply> {
  const res = await fetch(`${base}/users/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const body = await res.text()
  if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${body}`)
  return JSON.parse(body) as LoginReply
}

export interface LoginTimes {
  median: number
  min: number
  max: number
  count: number
}

const summary = (samples: number[]): LoginTimes => ({ median: median(samples), min: Math.min(...samples), max: Math.max(...samples), count: samples.length })

/**
 * Sequential sign-ins, rotating over the users (correct passwords only: failures are throttled), alternating
 * between the app's REST login and the baseline's bare one, so both see the same machine load. A few untimed
 * rounds first (JIT, pool connections, prepared statements).
 */
export async function compareLogins(
  appBase: string,
  baselineBase: string,
  usernames: string[],
  password: string,
  times: number,
): Promise<{ app: LoginTimes; baseline: LoginTimes }> {
  const app: number[] = []
  const baseline: number[] = []
  const once = async (url: string, username: string) => {
    const started = performance.now()
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) })
    const text = await res.text()
    if (res.status !== 200) throw new Error(`login as ${username} at ${url} answered ${res.status}: ${text}`)
    return performance.now() - started
  }
  const warmup = Math.min(usernames.length, 6)
  for (let i = 0; i < warmup; i++) {
    await once(`${appBase}/users/api/auth/login/`, usernames[i]!)
    await once(`${baselineBase}/login`, usernames[i]!)
  }
  for (let i = 0; i < times; i++) {
    const username = usernames[i % usernames.length]!
    // Alternate which goes first, so neither always follows the other's garbage or cache effects.
    const pair = [
      async () => app.push(await once(`${appBase}/users/api/auth/login/`, username)),
      async () => baseline.push(await once(`${baselineBase}/login`, username)),
    ]
    if (i % 2) pair.reverse()
    for (const step of pair) await step()
  }
  return { app: summary(app), baseline: summary(baseline) }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The p-th percentile (nearest rank) of latencies sorted ascending. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN

/** `requests` GETs, `concurrency` at a time, each URL from `urlFor(i)`: p50, p95 and p99 in ms, and the answers not 200. */
/** Timings of GETs, one request per index; an answer other than `expected` (200 unless said) counts as a failure. */
export async function timeGets(urlFor: (i: number) => string, headers: Record<string, string>, requests: number, concurrency: number, expected = 200) {
  const samples: number[] = []
  let next = 0
  let failures = 0
  const worker = async () => {
    while (next < requests) {
      const i = next++
      const started = performance.now()
      const res = await fetch(urlFor(i), { headers })
      await res.arrayBuffer()
      samples.push(performance.now() - started)
      if (res.status !== expected) failures++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), failures }
}
