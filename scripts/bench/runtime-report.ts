// The runtime scenario's tables (runtime.ts): start-up times, the memory of each process tree, throughput by worker count.
import type { LoadResult } from './measure.ts'
import type { TreeMember } from './process-tree.ts'
import { BARS, barLine } from './report.ts'

/** The largest resident memory each role reached while sampled, and the largest sums of one sample. */
export interface Peak {
  byRole: Map<string, number>
  total: number
  totalWithoutNpm: number
  samples: number
}

export interface TimedStarts {
  median: number
  min: number
  max: number
  count: number
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
const mb = (value: number | undefined) => (value === undefined ? '' : value.toFixed(0))
export const info = (label: string, value: string, note: string) => `${label.padEnd(34)}${value.padStart(12)}  ${note}`
const spread = (t: TimedStarts) => `median of ${t.count}; min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)} ms`

export function startLines(first: number, times: { npm: TimedStarts; launcher: TimedStarts; bare: TimedStarts }): string {
  const { npm, launcher, bare } = times
  return [
    info('first start, new embedded data dir', `${first.toFixed(0)} ms`, 'PGlite created and migrated, demo accounts and world seeded'),
    `${barLine('npm start, existing data dir', `${npm.median.toFixed(0)} ms`, npm.median < BARS.coldStartMs, `< ${BARS.coldStartMs / 1000} s`)}  ${spread(npm)}`,
    info(
      'node scripts/start.mjs (no npm)',
      `${launcher.median.toFixed(0)} ms`,
      `${spread(launcher)}; npm's share ${(npm.median - launcher.median).toFixed(0)} ms`,
    ),
    info('bare node:http server (baseline)', `${bare.median.toFixed(0)} ms`, `${spread(bare)}; node's own start-up floor`),
  ].join('\n')
}

/** A role's bar in MB, or null where none applies (npm, a primary, a bare server). */
export function memoryBar(role: string, embedded: boolean): number | null {
  if (role === 'launcher') return BARS.launcherMb
  if (role === 'server') return embedded ? BARS.embeddedServerMb : BARS.workerMb
  if (role.startsWith('worker ')) return BARS.workerMb
  return null
}

/**
 * Each process of a tree, its idle memory and (under load) its peak, then the totals with and without npm's own
 * process, which is npm's, not Meridian's.
 */
export function memoryTable(title: string, idle: TreeMember[], peak: Peak | null, embedded: boolean): string {
  const lines = [`${title.padEnd(MEMORY_LABEL + 2)}${'idle'.padStart(8)}${peak ? 'peak'.padStart(8) : ''}`]
  const row = (label: string, idleMb: number | undefined, peakMb: number | undefined, bar: number | null) => {
    const highest = Math.max(idleMb ?? 0, peakMb ?? 0)
    return memoryRow(label, idleMb, peak ? peakMb : null) + (bar === null ? '' : `  ${verdict(highest <= bar)} (<= ${bar} MB)`)
  }
  const roles = [...new Set([...idle.map((p) => p.role), ...(peak?.byRole.keys() ?? [])])]
  for (const role of roles) {
    const member = idle.find((p) => p.role === role)
    const label = role === 'npm' ? "npm (npm's own process, not Meridian's)" : `${role}${member ? ` (pid ${member.pid})` : ''}`
    lines.push(row(label, member?.rssMb, peak?.byRole.get(role), memoryBar(role, embedded)))
  }
  const sum = (members: TreeMember[]) => members.reduce((total, p) => total + p.rssMb, 0)
  const withoutNpm = idle.filter((p) => p.role !== 'npm')
  lines.push(row('total without npm', sum(withoutNpm), peak?.totalWithoutNpm, null))
  if (withoutNpm.length !== idle.length || peak?.byRole.has('npm')) lines.push(row('total with npm', sum(idle), peak?.total, null))
  return lines.join('\n')
}

const MEMORY_LABEL = 46

/** One process's line of a memory table; no peak column where `peakMb` is null. */
export const memoryRow = (label: string, idleMb: number | undefined, peakMb: number | undefined | null = null) =>
  `  ${label.padEnd(MEMORY_LABEL)}${mb(idleMb).padStart(8)}${peakMb === null ? '' : mb(peakMb).padStart(8)}`

export interface WorkerRun {
  workers: string
  profile: LoadResult
  users: LoadResult
  /** The server-rendered sign-in page (no database read). */
  page: LoadResult
}

/** The loads with one worker and with the default, then the ratio of the default's requests/s to one worker's. */
export function throughputLines(one: WorkerRun, all: WorkerRun, cores: number): string {
  const header = `${'endpoint'.padEnd(34)}${'workers'.padStart(12)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'non-2xx'.padStart(9)}${'CPU ms/req'.padStart(12)}${'bench CPU'.padStart(11)}${'PG CPU'.padStart(9)}`
  const row = (label: string, workers: string, r: LoadResult) =>
    `${label.padEnd(34)}${workers.padStart(12)}${r.requestsPerSecond.toFixed(0).padStart(8)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${String(r.failures).padStart(9)}${(r.cpuMsPerRequest === null ? 'n/a' : r.cpuMsPerRequest.toFixed(3)).padStart(12)}${`${r.generatorCpuPercent.toFixed(0)}%`.padStart(11)}${(r.databaseCpuPercent === null ? 'n/a' : `${r.databaseCpuPercent.toFixed(0)}%`).padStart(9)}`
  const bar = BARS.workersRatioPerCore * cores
  const barText = cores === 2 ? `>= ${bar}x` : `>= ${BARS.workersRatioPerCore} × ${cores} = ${bar.toFixed(2)}x`
  const ratio = (label: string, pick: (run: WorkerRun) => LoadResult) => {
    const value = pick(all).requestsPerSecond / pick(one).requestsPerSecond
    return barLine(label, `${value.toFixed(2)}x`, value >= bar, barText)
  }
  return [
    header,
    row('GET profile (admin)', one.workers, one.profile),
    row('GET profile (admin)', all.workers, all.profile),
    row('GET users-mgmt ?search=ana', one.workers, one.users),
    row('GET users-mgmt ?search=ana', all.workers, all.users),
    row('GET /login (rendered, no database)', one.workers, one.page),
    row('GET /login (rendered, no database)', all.workers, all.page),
    ratio('profile: default ÷ one worker', (run) => run.profile),
    ratio('users list: default ÷ one worker', (run) => run.users),
    ratio('sign-in page: default ÷ one worker', (run) => run.page),
    `CPU ms/req: user + system time of the server processes (the server, or the primary and its workers) per answered request.`,
    `bench CPU: this process (autocannon, the memory sampler) during the measured run, in % of one core, of ${cores * 100}% on ${cores} cores;`,
    `PG CPU: every PostgreSQL process on this machine likewise. With the database and the load generator on the same cores, the workers get`,
    `what those two leave: the ratio is near the bar only where a request's own CPU time (CPU ms/req) is most of what it costs the machine.`,
  ].join('\n')
}
