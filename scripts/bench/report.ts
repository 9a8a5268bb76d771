import type { LoadResult } from './measure.ts'

export const BARS = {
  restRatio: 0.6,
  trpcRatio: 0.35,
  p99Ms: 50,
  restTarget: 3600,
  /** `npm start` on an existing embedded data dir, spawn to the first 200 of /healthz. */
  coldStartMs: 2000,
  /** Resident memory (VmRSS) of what `npm start` keeps running: the embedded server, the launcher, a PostgreSQL worker. */
  embeddedServerMb: 400,
  launcherMb: 40,
  workerMb: 150,
  /** Requests/s of the default workers (one per core) ÷ one worker's, at least this × cores. */
  workersRatioPerCore: 0.85,
  loginJsKb: 150,
  overviewJsKb: 250,
  overviewP95Ms: 50,
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
const pad = (s: string, n: number) => s.padEnd(n)
const lpad = (s: string, n: number) => s.padStart(n)

/** The throughput table: each row against the baseline's requests/s and the bars. */
export function throughputTable(baseline: LoadResult, rows: { result: LoadResult; ratioBar: number | null }[]): string {
  const lines = [
    `${pad('endpoint', 34)}${lpad('req/s', 8)}${lpad('p50 ms', 8)}${lpad('p99 ms', 13)}${lpad('vs baseline', 22)}${lpad('CPU ms/req', 12)}${lpad('non-2xx', 9)}`,
  ]
  for (const { result, ratioBar } of [{ result: baseline, ratioBar: null }, ...rows]) {
    const ratio = result.requestsPerSecond / baseline.requestsPerSecond
    const ratioText = ratioBar === null ? '100% (reference)' : `${(ratio * 100).toFixed(0)}% ${verdict(ratio >= ratioBar)} (>= ${ratioBar * 100}%)`
    const p99 = `${result.p99} ${verdict(result.p99 < BARS.p99Ms)}`
    lines.push(
      `${pad(result.label, 34)}${lpad(result.requestsPerSecond.toFixed(0), 8)}${lpad(String(result.p50), 8)}${lpad(p99, 13)}${lpad(ratioText, 22)}${lpad(result.cpuMsPerRequest === null ? 'n/a' : result.cpuMsPerRequest.toFixed(3), 12)}${lpad(String(result.failures), 9)}`,
    )
  }
  return lines.join('\n')
}

/** The sign-in cost beside the same run's bare sign-in (argon2id verify, two JWTs, two writes). */
export function loginLines(times: { app: { median: number; min: number; max: number; count: number }; baseline: { median: number } }): string {
  const { app, baseline } = times
  const ratio = app.median / baseline.median
  return [
    `${pad('REST login, median', 34)}${lpad(`${app.median.toFixed(1)} ms`, 12)}  (${app.count} sequential over the demo users, min ${app.min.toFixed(1)}, max ${app.max.toFixed(1)} ms)`,
    `${pad('baseline login, median', 34)}${lpad(`${baseline.median.toFixed(1)} ms`, 12)}  (bare node:http: lookup, argon2id verify, two JWTs, two writes; interleaved with the app's)`,
    `${pad('REST login vs baseline', 34)}${lpad(`${(ratio * 100).toFixed(0)}%`, 12)}  (+${(app.median - baseline.median).toFixed(1)} ms; compare this ratio between runs: a change may not raise it by more than 10%)`,
  ].join('\n')
}

export function barLine(label: string, value: string, ok: boolean, bar: string): string {
  return `${pad(label, 34)}${lpad(value, 12)}  ${verdict(ok)} (${bar})`
}
