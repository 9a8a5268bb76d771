// `npm run bench`: the app's authenticated GET over REST and tRPC against a bare node:http baseline, REST
// sign-in time, and last the runtime scenario (`npm start` itself: restart time, the memory of its processes, the
// workers' throughput). Loopback only; reports figures, never gates (exit 0; 1 only when it could not measure).
// `tsx scripts/bench/profile.ts [rest|trpc]` shows where the CPU time goes.
//
// Environment (all optional):
//   BENCH_DURATION     seconds of each measured load run (10)      BENCH_WARMUP      warm-up seconds before each (3)
//   BENCH_CONNECTIONS  concurrent connections (32)                 BENCH_LOGINS      sign-ins timed, app and baseline each (30)
//   BENCH_COLD_RUNS    runtime: restarts timed of each (3)         BENCH_TIMEOUT     seconds allowed after the build (180)
//   BENCH_ADMIN_URL    PostgreSQL URL allowed to create databases (postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DATABASE     the throwaway database, dropped and recreated each run (meridian_bench)
//   BENCH_USERS        users in the database for the home dashboard figures (10000)
//   BENCH_PAGE_CONNECTIONS  concurrent clients timing the home dashboard (4, as the users list)
//   BENCH_ONLY         users-list: only the users list scenario (10,000 users, p95 of search + filters);
//                      login: only the sign-in cost beside the baseline's
//   BENCH_USERS_REQUESTS, BENCH_USERS_CONCURRENCY  users list: requests timed (400) and parallel loops (4)
//   BENCH_ONLY=lists   only the lists scenario (every paginated list at 10,000 and 100,000 rows against a raw baseline)
//   BENCH_LISTS        names of the lists to time (comma-separated; all by default); BENCH_LIST_SECONDS (5), BENCH_LIST_WARMUP (2)
//   BENCH_SKIP_LISTS=1 a full run without the lists scenario
//   BENCH_ONLY=traveler-app  only the traveler's app scenario (the trip view's loader and the calendar feed, in full and
//                      answered 304, on the demo world; p95 beside the baseline)
//   BENCH_ONLY=trips   only the trips scenario (100,000 trips; My Trips loader and the expert's assignments, p95 beside the baseline)
//   BENCH_ONLY=quiz-review  only the quiz review scenario (10,000 submissions and travelers, 500 experts: the queue, one
//                      review's ranking and the customers list, p95 beside the baseline)
//   BENCH_ONLY=itineraries  only the itineraries scenario (a 14-day, 100-item itinerary: load, save, compare; p95)
//   BENCH_ONLY=proposals  only the proposals scenario (a 14-day, 100-item itinerary in 33 slots of three options, published:
//                      the traveler's view with choices and acceptance, p50/p95 beside the itinerary read of the same size),
//                      on PostgreSQL and then on an embedded PGlite app (the full run: PostgreSQL only).
//                      BENCH_PROPOSAL_ACCEPTS: acceptances timed (60), each on a round of its own
//   BENCH_ONLY=chat    only the chat scenario (1,000 event streams on one process and its memory; message delivery p95
//                      through that process and through a second one; a 100,000-message history paged; p95)
//   BENCH_CHAT_STREAMS, BENCH_CHAT_SENDS  chat: streams held open (1000) and messages timed per round (300)
//   BENCH_ONLY=flights only the flights scenario (50,000 flights over 60 days: search by route, From, round trip, airport
//                      name and the search screen's loader; p95 beside the baseline). BENCH_FLIGHTS: flights filled (50000),
//                      BENCH_FLIGHT_REQUESTS: requests timed per endpoint (300)
//   BENCH_ONLY=discovery only the Search & Discovery scenario (120,000 locations, 100,000 activities: the search with filters,
//                      the recommendations and the screen's loader; p95 one at a time and four in flight, beside the baseline)
//   BENCH_ONLY=observability only the cost of the request log lines and the metrics on the profile GET (two app processes,
//                      with both and with neither, timed in turns). BENCH_OBSERVABILITY_ROUNDS: rounds each (3)
//   BENCH_ONLY=analytics only the analytics scenario (a year: 10,000 users, 50,000 trips, 200,000 bookings, 1,000,000
//                      request-minutes; the Analytics Dashboard's loader per period, the REST report and system-health; p95)
//   BENCH_ONLY=bookings only the bookings scenario (1,000 of the traveler's among 20,000: the Booking Management loader,
//                      the list and summary over REST, the admin's loader; p95 beside the baseline). BENCH_BOOKINGS (1000)
//   BENCH_ONLY=due-soon only the Due soon scenario (100,000 bookings with their schedule lines: the staff's list over REST
//                      with its filters and pages, its screen's loader and an expert's list; p95 beside the baseline).
//                      BENCH_DUE_SOON_BOOKINGS (100000)
//   BENCH_ONLY=runtime only the runtime scenario (scripts/bench/runtime.ts): `npm start` on the embedded default, restart
//                      time beside a bare node:http server and `node scripts/start.mjs`; the VmRSS of every process it keeps
//                      running, idle and under load; on PostgreSQL, throughput with WEB_CONCURRENCY=1 and with the default
//                      (one worker per core); no process left after SIGTERM. BENCH_RUNTIME_DATABASE (meridian_bench_runtime)
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Child, killAllSync, startChild, stopAll, waitForOk } from './children.ts'
import { createBenchDatabase, dropBenchDatabase, lastStatements, travelerRoleId } from './database.ts'
import { LOAD_ACTOR_SQL } from './load-actor-sql.ts'
import { compareLogins, load, login } from './measure.ts'
import { BARS, barLine, loginLines, throughputTable } from './report.ts'
import { firstLoadJs, latency, populate, sessionCookie } from './overview.ts'
import { snapshotServer } from './snapshot.ts'
import { measureUsersList, seedUsers } from './users-list.ts'
import { measureLists } from './lists.ts'
import { measureTrips } from './trips.ts'
import { measureTravelerApp } from './traveler-app.ts'
import { measureQuizReview } from './quiz-review.ts'
import { measureItineraries } from './itineraries.ts'
import { measureProposals } from './proposals.ts'
import { measureChat } from './chat.ts'
import { measureFlights } from './flights.ts'
import { measureDiscovery } from './discovery.ts'
import { measureBookings } from './bookings.ts'
import { measureDueSoon } from './due-soon.ts'
import { measureAnalytics } from './analytics.ts'
import { measureObservability } from './observability.ts'
import { measureRuntime, runtimeBudgetSeconds } from './runtime.ts'
import { BENCH_LISTS } from './lists-sql.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const seconds = Number(process.env.BENCH_DURATION ?? 10)
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? Math.min(3, Math.max(1, Math.round(seconds / 4))))
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = process.env.BENCH_DATABASE ?? 'meridian_bench'
const DEMO_PASSWORD = 'meridian-demo'
const DEMO_USERS = ['superadmin', 'admin', 'expert', 'specialist', 'editor', 'traveler']
const APP_READY = /listening on http:\/\/localhost:(\d+)/

const tempDirs: string[] = []
/** The throwaway databases created so far, dropped by cleanup. */
const databases = new Set<string>()
let watchdog: NodeJS.Timeout | undefined
/** The server bundle of this run's snapshot (snapshot.ts), run with plain node as `npm start` runs it. */
let serverEntry = ''
let snapshotDir = ''

function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...extra }
  // Nothing from the caller's shell may point the bench servers elsewhere or add background work.
  for (const name of ['SMTP_URL', 'APP_ORIGIN', 'TRUST_PROXY']) delete env[name]
  if (!extra.DATABASE_URL) delete env.DATABASE_URL
  if (!extra.JWT_SECRET) delete env.JWT_SECRET
  return env
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

async function startApp(name: string, env: NodeJS.ProcessEnv): Promise<{ child: Child; base: string }> {
  const child = startChild(name, ['--enable-source-maps', serverEntry], env, APP_READY, root)
  const base = `http://127.0.0.1:${await child.port}`
  await waitForOk(`${base}/readyz`, 120_000, 25, child)
  return { child, base }
}

let cleaning: Promise<void> | undefined
let interrupted = false
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopAll().catch((e) => console.error('stopping children:', e))
    for (const name of databases) await dropBenchDatabase(adminUrl, name).catch((e) => console.error(`dropping ${name}:`, e.message))
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
  })()
  return cleaning
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true
    console.error(`\n${signal}: cleaning up`)
    void cleanup().finally(() => process.exit(130))
  })
}
process.once('exit', killAllSync)

async function measureThroughput(appBase: string, baselineBase: string, pids: { app?: number; baseline?: number }) {
  const { access } = await login(appBase, 'admin', DEMO_PASSWORD)
  const headers = { Authorization: `Bearer ${access}` }
  const opts = { connections, seconds, warmupSeconds }
  // Every endpoint must answer the same user before being timed, or the comparison means nothing.
  const check = async (url: string, pick: (body: any) => { id: number; permissions: string[] }) => {
    const res = await fetch(url, { headers })
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`)
    return pick(await res.json())
  }
  const users = await Promise.all([
    check(`${baselineBase}/`, (b) => b),
    check(`${appBase}/users/api/auth/profile/`, (b) => b),
    check(`${appBase}/trpc/auth.me`, (b) => b.result.data),
  ])
  if (new Set(users.map((u) => JSON.stringify([u.id, u.permissions]))).size !== 1) {
    throw new Error(`endpoints disagree on the user: ${JSON.stringify(users)}`)
  }
  console.log(`Load: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s each, signed in as admin`)
  const baseline = await load('baseline (node:http+jose+postgres)', `${baselineBase}/`, headers, { ...opts, pid: pids.baseline })
  console.log(`  baseline  ${baseline.requestsPerSecond.toFixed(0)} req/s`)
  const rest = await load('REST GET /users/api/auth/profile/', `${appBase}/users/api/auth/profile/`, headers, { ...opts, pid: pids.app })
  console.log(`  REST      ${rest.requestsPerSecond.toFixed(0)} req/s`)
  const trpc = await load('tRPC GET /trpc/auth.me', `${appBase}/trpc/auth.me`, headers, { ...opts, pid: pids.app })
  console.log(`  tRPC      ${trpc.requestsPerSecond.toFixed(0)} req/s`)
  return { baseline, rest, trpc }
}

async function createDatabase(name: string): Promise<string> {
  databases.add(name)
  return createBenchDatabase(adminUrl, name)
}

async function dropDatabase(name: string): Promise<void> {
  await dropBenchDatabase(adminUrl, name)
  databases.delete(name)
}

const runtime = () => measureRuntime({ root, connections, seconds, warmupSeconds, serverEnv, tempDir, createDatabase, dropDatabase })

async function measurePages(base: string, databaseUrl: string, clientDir: string) {
  console.log('\nFirst-load JavaScript (every script and modulepreload of the server-rendered page, gzip -9):')
  const admin = await sessionCookie(base, 'admin', DEMO_PASSWORD)
  const pages = [
    { label: '/login', path: '/login', cookie: undefined, bar: BARS.loginJsKb },
    { label: '/dashboard/overview (admin)', path: '/dashboard/overview', cookie: admin, bar: BARS.overviewJsKb },
  ]
  for (const page of pages) {
    const js = await firstLoadJs(base, page.path, clientDir, page.cookie)
    const kb = js.gzip / 1024
    console.log(
      `${barLine(page.label, `${kb.toFixed(1)} KB`, kb <= page.bar, `<= ${page.bar} KB`)}  (${js.files} files, ${(js.raw / 1024).toFixed(0)} KB before gzip)`,
    )
  }

  const target = Number(process.env.BENCH_USERS ?? 10_000)
  const filled = await populate(databaseUrl, target)
  const clients = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 4)
  console.log(`\nHome dashboard with ${filled.users} users, ${filled.quizzes} quizzes, ${filled.events} feed events; ${clients} clients, ${seconds} s each:`)
  const loaderUrl = `${base}/dashboard/overview.data?_routes=${encodeURIComponent('routes/dashboard.overview')}`
  for (const username of ['admin', 'specialist', 'traveler']) {
    const cookie = username === 'admin' ? admin : await sessionCookie(base, username, DEMO_PASSWORD)
    const result = await latency(`overview loader (${username})`, loaderUrl, { Cookie: cookie }, clients, seconds)
    console.log(
      `${barLine(result.label, `${result.p95.toFixed(1)} ms`, result.p95 < BARS.overviewP95Ms && result.failures === 0, `p95 < ${BARS.overviewP95Ms} ms`)}  p50 ${result.p50.toFixed(1)}, p99 ${result.p99.toFixed(1)} ms over ${result.count} requests, ${result.failures} not 200`,
    )
  }
  const page = await latency('whole page (admin)', `${base}/dashboard/overview`, { Cookie: admin }, clients, Math.max(3, seconds / 2))
  console.log(
    `${'whole page HTML (admin)'.padEnd(34)}${`${page.p95.toFixed(1)} ms`.padStart(12)}  p95 of the server-rendered document (every loader + render); p50 ${page.p50.toFixed(1)} ms`,
  )
}

async function main() {
  const runStarted = performance.now()
  const cores = os.availableParallelism()
  console.log(`Meridian bench: node ${process.version}, ${cores} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), load generator on the same machine`)
  const loadBefore = os.loadavg()[0]!
  if (loadBefore > cores / 2) {
    console.warn(
      `  WARNING: load average ${loadBefore.toFixed(2)} on ${cores} cores: other work competes for the CPU, so req/s and latencies will be low (CPU ms/req holds up better)`,
    )
  }
  const snapshotStarted = performance.now()
  const snapshot = await snapshotServer(root)
  tempDirs.push(snapshot.dir)
  serverEntry = snapshot.entry
  snapshotDir = snapshot.dir
  console.log(
    `Server and build copied to ${path.relative(root, snapshot.dir)} (${((performance.now() - snapshotStarted) / 1000).toFixed(1)} s, building first when stale)`,
  )
  // The budget starts after the build, which takes from seconds to a minute depending on what changed.
  const listsRun = process.env.BENCH_ONLY === 'lists' || (!process.env.BENCH_ONLY && process.env.BENCH_SKIP_LISTS !== '1')
  // The lists scenario: two table sizes, two servers per list, plus filling 100,000 rows a table.
  const listSeconds = Number(process.env.BENCH_LIST_SECONDS ?? 5) + Number(process.env.BENCH_LIST_WARMUP ?? 2)
  const listsBudget = listsRun ? BENCH_LISTS.length * 2 * 2 * (listSeconds * 1.2 + 2) + 600 : 0
  // The chat scenario: 1,000 streams, two rounds of sends, a second app process and 100,000 messages filled.
  const chatBudget = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'chat' ? 120 : 0
  // The bookings scenario: 20,000 bookings filled, five endpoints timed twice.
  const bookingsBudget = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'bookings' ? 90 : 0
  // The Due soon scenario: 100,000 bookings and 200,000 schedule lines filled, four endpoints timed twice.
  const dueSoonBudget = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'due-soon' ? 150 : 0
  // The flights scenario: 50,000 flights filled, six endpoints timed one at a time and four at a time.
  const flightsBudget = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'flights' ? 300 : 0
  // The discovery scenario: 120,000 locations and 100,000 activities filled, four endpoints timed twice, twelve searches alone.
  const discoveryBudget = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'discovery' ? 600 : 0
  // The observability scenario: two more app processes, timed in turns.
  const observabilityRounds = Number(process.env.BENCH_OBSERVABILITY_ROUNDS ?? 3)
  const observabilityBudget =
    !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'observability' ? 2 * observabilityRounds * (seconds + warmupSeconds) * 1.3 + 120 : 0
  // The analytics scenario: a year of records and 1,000,000 request-minutes filled, six endpoints timed.
  const analyticsBudget = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'analytics' ? 420 : 0
  // The proposals scenario: 60 rounds made and accepted, on PostgreSQL; alone, also on a new embedded database.
  const proposalsBudget = !process.env.BENCH_ONLY ? 180 : process.env.BENCH_ONLY === 'proposals' ? 480 : 0
  // The runtime scenario: a dozen starts of `npm start` and its baselines, a database filled, four loads.
  const runtimeBudget = !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'runtime' ? runtimeBudgetSeconds(seconds, warmupSeconds) : 0
  const budget =
    Number(process.env.BENCH_TIMEOUT ?? 180) * 1000 +
    (listsBudget + chatBudget + bookingsBudget + dueSoonBudget + flightsBudget + discoveryBudget + observabilityBudget + analyticsBudget + proposalsBudget + runtimeBudget) *
      1000
  watchdog = setTimeout(() => {
    console.error(`\nBench exceeded ${budget / 1000} s after the build (BENCH_TIMEOUT): cleaning up`)
    void cleanup().finally(() => process.exit(1))
  }, budget)

  if (process.env.BENCH_ONLY === 'runtime') {
    await runtime()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  const databaseUrl = await createDatabase(dbName)
  const secret = randomBytes(48).toString('base64url')
  const env = serverEnv({ DATABASE_URL: databaseUrl, JWT_SECRET: secret, SEED_DEMO: 'true', DATA_DIR: path.join(tempDir('meridian-bench-'), 'data') })
  const baselineChild = startChild(
    'baseline',
    ['--import', 'tsx', path.join(root, 'scripts/bench/baseline-server.ts')],
    { ...env, POOL_MAX: '10' },
    /baseline listening on port (\d+)/,
    root,
  )
  const app = await startApp('app', env)
  const baselineBase = `http://127.0.0.1:${await baselineChild.port}`
  console.log(`App on ${app.base} (PostgreSQL database ${dbName}), baseline on ${baselineBase}`)

  const timeLogins = async () =>
    console.log(`\n${loginLines(await compareLogins(app.base, baselineBase, DEMO_USERS, DEMO_PASSWORD, Number(process.env.BENCH_LOGINS ?? 30)))}`)
  if (process.env.BENCH_ONLY === 'login') {
    await timeLogins()
    await Promise.all([app.child.stop(), baselineChild.stop()])
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  await seedUsers(databaseUrl)
  const lists = async () =>
    measureLists({
      root,
      appBase: app.base,
      databaseUrl,
      token: (await login(app.base, 'superadmin', DEMO_PASSWORD)).access,
      roleId: await travelerRoleId(databaseUrl),
    })
  if (process.env.BENCH_ONLY === 'lists') {
    await baselineChild.stop()
    await lists()
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'trips') {
    await baselineChild.stop()
    await measureTrips(app.base, databaseUrl)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'traveler-app') {
    await baselineChild.stop()
    await measureTravelerApp(app.base)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'quiz-review') {
    await baselineChild.stop()
    await measureQuizReview(app.base, databaseUrl)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'bookings') {
    await baselineChild.stop()
    await measureBookings(app.base, databaseUrl)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'due-soon') {
    await baselineChild.stop()
    await measureDueSoon(app.base, databaseUrl)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'flights') {
    await baselineChild.stop()
    await measureFlights(app.base, databaseUrl)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'analytics') {
    await baselineChild.stop()
    await measureAnalytics(app.base, databaseUrl)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'discovery') {
    await baselineChild.stop()
    await measureDiscovery(app.base, databaseUrl)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  const observability = () => measureObservability({ root, entry: serverEntry, env, connections, seconds, warmupSeconds })
  if (process.env.BENCH_ONLY === 'observability') {
    await Promise.all([app.child.stop(), baselineChild.stop()])
    await observability()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'itineraries') {
    await baselineChild.stop()
    await measureItineraries(app.base)
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'proposals') {
    await baselineChild.stop()
    await measureProposals(app.base, 'PostgreSQL')
    await app.child.stop()
    // The same on the zero-config default: a new embedded database, prepared and seeded by the app's first start.
    const embedded = await startApp(
      'app (PGlite)',
      serverEnv({ JWT_SECRET: secret, SEED_DEMO: 'true', DATA_DIR: path.join(tempDir('meridian-bench-pglite-'), 'data') }),
    )
    await measureProposals(embedded.base, 'PGlite')
    await embedded.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  const chat = () =>
    measureChat({
      base: app.base,
      pid: app.child.process.pid,
      databaseUrl,
      secret,
      startSecond: async () => {
        const second = await startApp('app 2', env)
        return { base: second.base, stop: () => second.child.stop() }
      },
    })
  if (process.env.BENCH_ONLY === 'chat') {
    await baselineChild.stop()
    await chat()
    await app.child.stop()
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  if (process.env.BENCH_ONLY === 'users-list') {
    await measureUsersList(app.base, (await login(app.base, 'superadmin', DEMO_PASSWORD)).access)
    await Promise.all([app.child.stop(), baselineChild.stop()])
    console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
    return
  }
  const { baseline, rest, trpc } = await measureThroughput(app.base, baselineBase, { app: app.child.process.pid, baseline: baselineChild.process.pid })
  const loadAfter = os.loadavg()[0]!
  const appStatements = await lastStatements(adminUrl, dbName, 'meridian')
  const sameSql = appStatements.includes(LOAD_ACTOR_SQL)
  console.log(
    `\n${throughputTable(baseline, [
      { result: rest, ratioBar: BARS.restRatio },
      { result: trpc, ratioBar: BARS.trpcRatio },
    ])}`,
  )
  console.log(`Bars: REST >= ${BARS.restRatio * 100}% of baseline, tRPC >= ${BARS.trpcRatio * 100}%, p99 < ${BARS.p99Ms} ms.`)
  console.log(`CPU ms/req: the server process's own CPU time (user + system) per answered request, from /proc.`)
  console.log(`Load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after the load runs.`)
  if (!sameSql) {
    console.warn(`WARNING: the app's connections did not last run the baseline's SQL (is scripts/bench/load-actor-sql.ts stale?):`)
    for (const statement of new Set(appStatements)) console.warn(`  ${statement.slice(0, 300)}`)
  }
  console.log(`Django REST Framework serves a comparable endpoint at about 900 requests/s here; target >= ${BARS.restTarget} req/s for REST.`)
  console.log(
    barLine('REST vs the DRF target', `${rest.requestsPerSecond.toFixed(0)} req/s`, rest.requestsPerSecond >= BARS.restTarget, `>= ${BARS.restTarget}`),
  )
  await observability()

  await measureUsersList(app.base, (await login(app.base, 'superadmin', DEMO_PASSWORD)).access)

  await timeLogins()
  await measureTrips(app.base, databaseUrl)
  await measureTravelerApp(app.base)
  await measureQuizReview(app.base, databaseUrl)
  await measureItineraries(app.base)
  await measureProposals(app.base, 'PostgreSQL')
  await measureFlights(app.base, databaseUrl)
  await measureBookings(app.base, databaseUrl)
  await measureDueSoon(app.base, databaseUrl)
  await chat()
  await baselineChild.stop()
  await measurePages(app.base, databaseUrl, path.join(snapshotDir, 'build/client'))
  if (listsRun) await lists()
  // Last: it grows the catalogue the scenarios above read.
  await measureDiscovery(app.base, databaseUrl)
  // After every scenario that reads trips and bookings: it adds a year of them.
  await measureAnalytics(app.base, databaseUrl)
  await app.child.stop()

  // Last, alone on the machine: the other scenarios' servers are stopped.
  await runtime()
  console.log(`\nWhole run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`)
}

try {
  await main()
} catch (error) {
  if (!interrupted) console.error('\nBench failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  clearTimeout(watchdog)
  await cleanup()
}
