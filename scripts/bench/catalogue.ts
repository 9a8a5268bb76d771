// `npm run bench:catalogue`: destination search and location select_options over REST against PostgreSQL,
// seeded with every country, more than 4,000 regions and more than 100,000 locations (the seed script's large
// set), beside the cheapest authenticated REST call (the profile GET) measured in the same run as a baseline.
// Reports figures, never gates (exit 0; 1 only when it could not measure).
//
// Environment (all optional):
//   BENCH_REQUESTS       requests per endpoint, spread over the queries (400)
//   BENCH_CONCURRENCY    requests in flight at once in the second, loaded pass (4); the first pass (the bar) sends one at a time
//   BENCH_LOCATIONS      locations to seed (120000)
//   BENCH_ADMIN_URL      PostgreSQL URL allowed to create databases (postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DATABASE       the throwaway database, dropped and recreated each run (meridian_bench_catalogue)
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { seedDemoUsers } from '@meridian/core/seed'
import { seedReferenceCatalogue } from '@meridian/core/catalogue-seed'
import { openDatabase } from '@meridian/db'
import { killAllSync, startChild, stopAll, waitForOk } from './children.ts'
import { createBenchDatabase, dropBenchDatabase } from './database.ts'
import { login, timeGets } from './measure.ts'
import { barLine } from './report.ts'
import { snapshotServer } from './snapshot.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = process.env.BENCH_DATABASE ?? 'meridian_bench_catalogue'
const requests = Number(process.env.BENCH_REQUESTS ?? 400)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4)
const seedLocations = Number(process.env.BENCH_LOCATIONS ?? 120_000)
const P95_BAR_MS = 20

/** What people type: short prefixes, common fragments, accents, misspelt case, multi-word names, no match. */
const QUERIES = ['pa', 'san', 'paris', 'SAO PAULO', 'münchen', 'new york', 'lon', 'ber', 'spring', 'port', 'ville', 'é', 'kyoto', 'zzzq', 'rio de', 'st']

const cleanupDirs: string[] = []
let created = false
async function cleanup() {
  await stopAll().catch(() => {})
  if (created) await dropBenchDatabase(adminUrl, dbName).catch((e) => console.error(`dropping ${dbName}:`, e.message))
  for (const dir of cleanupDirs) fs.rmSync(dir, { recursive: true, force: true })
}
process.once('exit', killAllSync)

async function main() {
  console.log(`Catalogue bench: node ${process.version}, ${os.availableParallelism()} cores, ${requests} requests per endpoint, ${concurrency} in flight`)
  const databaseUrl = await createBenchDatabase(adminUrl, dbName)
  created = true
  const handle = await openDatabase({ url: databaseUrl, max: 4 })
  const started = performance.now()
  await handle.migrate()
  await seedDemoUsers(handle.db)
  const seeded = await seedReferenceCatalogue(handle.db, { locations: seedLocations, allRegions: true })
  await handle.close()
  console.log(
    `Seeded ${seeded.countries} countries, ${seeded.regions} regions, ${seeded.locations} locations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )

  const snapshot = await snapshotServer(root)
  cleanupDirs.push(snapshot.dir)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_DIR: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-cat-')), 'data'),
  }
  cleanupDirs.push(path.dirname(env.DATA_DIR!))
  for (const name of ['SMTP_URL', 'APP_ORIGIN', 'TRUST_PROXY']) delete env[name]
  const app = startChild('app', ['--enable-source-maps', snapshot.entry], env, /listening on http:\/\/localhost:(\d+)/, root)
  const base = `http://127.0.0.1:${await app.port}`
  await waitForOk(`${base}/readyz`, 120_000, 25, app)
  const { access } = await login(base, 'admin', 'meridian-demo')
  const headers = { Authorization: `Bearer ${access}` }

  const q = (i: number) => encodeURIComponent(QUERIES[i % QUERIES.length]!)
  const endpoints = [
    { label: 'baseline: GET profile', url: () => `${base}/users/api/auth/profile/` },
    { label: 'GET destinations/search/?q', url: (i: number) => `${base}/api/destinations/search/?q=${q(i)}` },
    { label: 'GET locations select_options', url: (i: number) => `${base}/api/destinations/locations-mgmt/select_options/?search=${q(i)}&is_active=true` },
  ]
  // Warm-up: JIT, pool connections and prepared plans, untimed.
  for (const e of endpoints) for (let i = 0; i < QUERIES.length * 2; i++) await (await fetch(e.url(i), { headers })).arrayBuffer()
  const sample = await (await fetch(`${base}/api/destinations/search/?q=paris`, { headers })).json()
  console.log(
    `  search "paris" answers: ${sample.results
      .slice(0, 3)
      .map((r: { name: string; type: string }) => `${r.name} (${r.type})`)
      .join(', ')}`,
  )

  const passes: Record<number, { label: string; p95: number; failures: number }[]> = {}
  for (const inFlight of [1, concurrency]) {
    console.log(
      `\n${`endpoint, ${inFlight} in flight`.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`,
    )
    passes[inFlight] = []
    for (const e of endpoints) {
      const r = await timeGets(e.url, headers, requests, inFlight)
      passes[inFlight]!.push({ label: e.label, ...r })
      console.log(
        `${e.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`,
      )
    }
  }
  console.log(`\nBar: p95 < ${P95_BAR_MS} ms, one request at a time (a person typing); the loaded pass is for comparison with the baseline.`)
  for (const r of passes[1]!.slice(1))
    console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
  const load = os.loadavg()[0]!
  if (load > os.availableParallelism())
    console.warn(`  WARNING: load average ${load.toFixed(2)}: other work competes for the CPU; compare with the baseline row.`)
  console.log(`Queries: ${QUERIES.map((x) => JSON.stringify(x)).join(' ')}`)
}

try {
  await main()
} catch (error) {
  console.error('\nBench failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await cleanup()
}
