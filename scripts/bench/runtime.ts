// The runtime scenario of `npm run bench` (BENCH_ONLY=runtime for it alone): Meridian as `npm start` runs it.
//   1. Restart time on an existing embedded data dir, spawn to the first 200 of /healthz (the port read from the
//      "listening on" line), beside a bare node:http server spawned the same way (node's own floor) and
//      `node scripts/start.mjs` without npm (npm's share), taken in turns. The first start on a new data dir apart.
//   2. The resident memory (VmRSS) of every process of the tree `npm start` keeps running, by role: idle, and at the
//      peak under the loads of 3 (sampled every 250 ms). Embedded after the first start and after a restart;
//      PostgreSQL with one worker and with the default (one per core).
//   3. Throughput on PostgreSQL (10,000 users) with WEB_CONCURRENCY=1 and with the default: the profile GET, the
//      users list search and the server-rendered sign-in page, and the default's requests/s over one worker's, beside
//      the CPU the load generator and PostgreSQL took meanwhile.
//   4. SIGTERM to the spawned process stops its whole tree: what is left is killed and reported.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { ensureBuilt } from './build.ts'
import { type Child, startCommand, waitForOk } from './children.ts'
import { type LoadResult, load, login, median, treeCpuMs } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { describeTree, postgresCpuMs, type TreeMember } from './process-tree.ts'
import { barLine } from './report.ts'
import { info, memoryRow, memoryTable, type Peak, startLines, throughputLines, type TimedStarts, type WorkerRun } from './runtime-report.ts'
import { seedUsers, USERS_LIST_COUNT } from './users-list.ts'

const READY = /listening on http:\/\/localhost:(\d+)/
const RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 3))
const DATABASE = process.env.BENCH_RUNTIME_DATABASE ?? 'meridian_bench_runtime'
const PASSWORD = 'meridian-demo'
const IDLE_MS = 3_000
const SAMPLE_MS = 250
const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('listening on http://localhost:' + this.address().port) })`

export interface RuntimeOptions {
  root: string
  connections: number
  seconds: number
  warmupSeconds: number
  /** An app server's environment: production, loopback, port 0, nothing from the caller's shell pointing elsewhere. */
  serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv
  tempDir(prefix: string): string
  /** A fresh throwaway database, which the bench's cleanup drops if the run stops early. */
  createDatabase(name: string): Promise<string>
  dropDatabase(name: string): Promise<void>
}

/** Seconds the scenario may take, for the bench's watchdog: starts of up to a minute on a busy machine, six loads. */
export const runtimeBudgetSeconds = (seconds: number, warmupSeconds: number) => 300 + RUNS * 60 + 6 * (seconds + warmupSeconds) * 1.3

interface Launch {
  label: string
  command: string
  args: string[]
  /** The root's role where its command line does not say it (npm runs as `node …/npm start`). */
  rootRole?: string
}

const NPM: Launch = { label: 'npm start', command: 'npm', args: ['start'], rootRole: 'npm' }
const LAUNCHER: Launch = { label: 'node scripts/start.mjs', command: process.execPath, args: ['scripts/start.mjs'] }
const BARE: Launch = { label: 'bare node:http', command: process.execPath, args: ['-e', BARE_SERVER], rootRole: 'node -e (baseline)' }

interface Running {
  child: Child
  base: string
  startMs: number
  launch: Launch
}

interface Stop {
  label: string
  ms: number
  left: number
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const timed = (samples: number[]): TimedStarts => ({ median: median(samples), min: Math.min(...samples), max: Math.max(...samples), count: samples.length })

export async function measureRuntime(options: RuntimeOptions): Promise<void> {
  const { root } = options
  const cores = os.availableParallelism()
  const stops: Stop[] = []
  // `npm start` builds first when the build is stale; that belongs to no start time measured here.
  ensureBuilt()

  const start = async (launch: Launch, env: NodeJS.ProcessEnv): Promise<Running> => {
    const started = performance.now()
    // Past SHUTDOWN_TIMEOUT_MS (10 s), so a slow graceful stop is not cut short.
    const child = startCommand(launch.label, launch.command, launch.args, { env, cwd: root, listening: READY, tree: true, killAfterMs: 20_000 })
    const base = `http://127.0.0.1:${await child.port}`
    const ready = await waitForOk(`${base}/healthz`, 180_000, 10, child)
    return { child, base, startMs: ready - started, launch }
  }

  /** SIGTERM to the spawned process; whatever of its tree outlives it is killed and reported. */
  const stop = async (running: Running, label: string) => {
    const roles = new Map(describeTree(running.child.process.pid!, running.launch.rootRole).map((p) => [p.pid, p.role]))
    const started = performance.now()
    await running.child.stop()
    const left = running.child.leftBehind
    stops.push({ label, ms: performance.now() - started, left: left.length })
    if (left.length) {
      const which = left.map((p) => `${roles.get(p.pid) ?? 'a process started meanwhile'} (pid ${p.pid})`).join(', ')
      console.log(`${barLine('processes left after SIGTERM', String(left.length), false, 'none')}  ${label}: ${which}; killed with SIGKILL`)
    }
  }

  /** The tree's memory once the first pages have been served and it has had time to settle. */
  const idleTree = async (running: Running) => {
    await sleep(IDLE_MS)
    return describeTree(running.child.process.pid!, running.launch.rootRole)
  }

  console.log(
    `\nRuntime: Meridian as \`npm start\` runs it (spawn to the first 200 of /healthz; ${RUNS} restart${RUNS === 1 ? '' : 's'} of each, in turns; SIGTERM to stop)`,
  )
  const embeddedEnv: NodeJS.ProcessEnv = {
    ...options.serverEnv({ DATA_DIR: path.join(options.tempDir('meridian-bench-runtime-'), 'data') }),
    // npm would otherwise look for its own updates in the background.
    npm_config_update_notifier: 'false',
  }
  delete embeddedEnv.WEB_CONCURRENCY

  const first = await start(NPM, embeddedEnv)
  await firstVisits(first.base)
  const firstMemory = await idleTree(first)
  await stop(first, 'embedded, first start')
  const times = { npm: [] as number[], launcher: [] as number[], bare: [] as number[] }
  let restartMemory: TreeMember[] = []
  let bareMemory: TreeMember[] = []
  // In turns, so drift on a shared machine falls on all three.
  for (let i = 0; i < RUNS; i++) {
    const app = await start(NPM, embeddedEnv)
    times.npm.push(app.startMs)
    if (i === 0) {
      await firstVisits(app.base)
      restartMemory = await idleTree(app)
    }
    await stop(app, 'embedded, restart')
    const direct = await start(LAUNCHER, embeddedEnv)
    times.launcher.push(direct.startMs)
    await stop(direct, 'embedded, node scripts/start.mjs')
    const bare = await start(BARE, embeddedEnv)
    times.bare.push(bare.startMs)
    if (i === 0) {
      await (await fetch(`${bare.base}/login`)).arrayBuffer()
      bareMemory = await idleTree(bare)
    }
    await stop(bare, 'bare node:http server')
  }
  console.log(startLines(first.startMs, { npm: timed(times.npm), launcher: timed(times.launcher), bare: timed(times.bare) }))
  console.log(
    `\nMemory: VmRSS of every process of the tree, MB (idle: ${IDLE_MS / 1000} s after GET /login, a form sign-in and a REST sign-in;` +
      ` peak: every ${SAMPLE_MS} ms under the loads below)`,
  )
  console.log(memoryTable('embedded, after the first start (new data dir)', firstMemory, null, true))
  console.log(memoryTable('embedded, after a restart', restartMemory, null, true))
  const bareProcess = bareMemory[0]
  console.log(`baseline: a bare node:http server, after one request\n${memoryRow(`node -e (pid ${bareProcess?.pid})`, bareProcess?.rssMb)}`)

  const databaseUrl = await options.createDatabase(DATABASE)
  const env: NodeJS.ProcessEnv = {
    ...options.serverEnv({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SEED_DEMO: 'true',
      DATA_DIR: path.join(options.tempDir('meridian-bench-runtime-pg-'), 'data'),
    }),
    npm_config_update_notifier: 'false',
  }
  delete env.WEB_CONCURRENCY
  // Migrated and seeded once (the demo accounts and world), then 10,000 users added, before anything is timed.
  const prepare = await start(NPM, { ...env, WEB_CONCURRENCY: '1' })
  await seedUsers(databaseUrl)
  await stop(prepare, 'PostgreSQL, first start')

  const underLoad = async (
    title: string,
    runEnv: NodeJS.ProcessEnv,
    workers: string,
  ): Promise<WorkerRun & { idle: TreeMember[]; peak: Peak; startMs: number }> => {
    const app = await start(NPM, runEnv)
    const admin = await firstVisits(app.base)
    const superadmin = (await login(app.base, 'superadmin', PASSWORD)).access
    const idle = await idleTree(app)
    const pid = app.child.process.pid!
    const profileUrl = `${app.base}/users/api/auth/profile/`
    const usersUrl = `${app.base}/users/api/users-mgmt/?search=ana&page_size=20`
    for (const [url, token] of [
      [profileUrl, admin],
      [usersUrl, superadmin],
    ] as const) {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } })
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`)
      await res.arrayBuffer()
    }
    const opts = {
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      cpu: () => treeCpuMs(pid),
      databaseCpu: postgresCpuMs,
    }
    const sampler = sampleTree(pid, app.launch.rootRole)
    let profile: LoadResult
    let users: LoadResult
    let page: LoadResult
    try {
      profile = await load('GET profile', profileUrl, { Authorization: `Bearer ${admin}` }, opts)
      users = await load('GET users-mgmt', usersUrl, { Authorization: `Bearer ${superadmin}` }, opts)
      // The sign-in page: rendered by the server without a database read, so the app's own CPU is nearly all it costs.
      page = await load('GET /login', `${app.base}/login`, {}, opts)
    } finally {
      sampler.stop()
    }
    await stop(app, title)
    return { workers, profile, users, page, idle, peak: sampler.peak, startMs: app.startMs }
  }
  const one = await underLoad('PostgreSQL, WEB_CONCURRENCY=1', { ...env, WEB_CONCURRENCY: '1' }, '1')
  const all = await underLoad('PostgreSQL, default workers', env, `${cores} (default)`)
  await options.dropDatabase(DATABASE)

  console.log(memoryTable('PostgreSQL, WEB_CONCURRENCY=1', one.idle, one.peak, false))
  console.log(memoryTable(`PostgreSQL, default (${cores} workers, one per core)`, all.idle, all.peak, false))
  console.log(`\n${info('PostgreSQL: first start, new db', `${prepare.startMs.toFixed(0)} ms`, 'migrated, demo accounts and world seeded; one worker')}`)
  console.log(info('PostgreSQL: npm start, 1 worker', `${one.startMs.toFixed(0)} ms`, 'existing database'))
  console.log(info(`PostgreSQL: npm start, ${cores} workers`, `${all.startMs.toFixed(0)} ms`, 'existing database; the default, one per core'))
  console.log(
    `\nThroughput on PostgreSQL: ${USERS_LIST_COUNT.toLocaleString('en-US')} users beside the demo accounts; ${options.connections} connections, ` +
      `${options.warmupSeconds} s warm-up + ${options.seconds} s each; the load generator runs in this process, on the same ${cores} cores`,
  )
  console.log(throughputLines(one, all, cores))

  const left = stops.reduce((n, s) => n + s.left, 0)
  console.log(
    `\n${barLine('processes left after SIGTERM', String(left), left === 0, 'none')}  over ${stops.length} stops; the spawned process exited a median ${median(stops.map((s) => s.ms)).toFixed(0)} ms after SIGTERM (max ${Math.max(...stops.map((s) => s.ms)).toFixed(0)})`,
  )
}

/** What a person does first: the sign-in page, a sign-in through its form, a REST sign-in (its token is returned). */
async function firstVisits(base: string): Promise<string> {
  const page = await fetch(`${base}/login`)
  await page.arrayBuffer()
  if (page.status !== 200) throw new Error(`GET /login answered ${page.status}`)
  await sessionCookie(base, 'admin', PASSWORD)
  return (await login(base, 'admin', PASSWORD)).access
}

/** The tree's memory every SAMPLE_MS until stop(): each role's highest, and the highest sums of one sample. */
function sampleTree(rootPid: number, rootRole: string | undefined) {
  const peak: Peak = { byRole: new Map(), total: 0, totalWithoutNpm: 0, samples: 0 }
  const take = () => {
    const tree = describeTree(rootPid, rootRole)
    if (!tree.length) return
    let total = 0
    let withoutNpm = 0
    for (const p of tree) {
      peak.byRole.set(p.role, Math.max(peak.byRole.get(p.role) ?? 0, p.rssMb))
      total += p.rssMb
      if (p.role !== 'npm') withoutNpm += p.rssMb
    }
    peak.total = Math.max(peak.total, total)
    peak.totalWithoutNpm = Math.max(peak.totalWithoutNpm, withoutNpm)
    peak.samples++
  }
  take()
  const timer = setInterval(take, SAMPLE_MS)
  return {
    peak,
    stop() {
      clearInterval(timer)
      take()
    },
  }
}
