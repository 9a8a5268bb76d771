// `npm run bench:demo`: how long a first start's seeding takes (target: under 20 s), on the embedded database and on
// PostgreSQL, beside a baseline measured in the same run: the seeding a first start did before the demo world (the
// reference catalogue, the currencies and the six accounts). Also times `demo:clear`. Reports, never gates.
//
//   BENCH_DEMO_RUNS   rounds per database (3)          BENCH_ADMIN_URL  PostgreSQL allowed to create databases
//   BENCH_DATABASE    the throwaway database (meridian_bench_demo), dropped and recreated each round
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createAppServices, loadConfig, openAppDatabase } from '@meridian/core'
import { clearDemoWorld, seedDemoUsers, seedDemoWorld } from '@meridian/core/seed'
import { seedCatalogueIfEmpty } from '@meridian/core/catalogue-seed'
import { seedCurrenciesIfEmpty } from '@meridian/core/currency-seed'
import { createBenchDatabase, dropBenchDatabase } from './database.ts'

const runs = Number(process.env.BENCH_DEMO_RUNS ?? 3)
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = process.env.BENCH_DATABASE ?? 'meridian_bench_demo'

interface Round {
  baseline: number
  world: number
  clear: number
  rows: number
}

async function round(kind: 'PGlite' | 'PostgreSQL'): Promise<Round> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-demo-'))
  const databaseUrl = kind === 'PostgreSQL' ? await createBenchDatabase(adminUrl, dbName) : undefined
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'b'.repeat(40), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })
  const handle = await openAppDatabase(config)
  try {
    const app = createAppServices(handle, config)
    let t = performance.now()
    await seedCatalogueIfEmpty(handle.db)
    await seedCurrenciesIfEmpty(handle.db)
    await seedDemoUsers(handle.db)
    const baseline = performance.now() - t
    t = performance.now()
    const world = await seedDemoWorld(app)
    const worldMs = performance.now() - t
    t = performance.now()
    await clearDemoWorld(app)
    const clear = performance.now() - t
    return { baseline, world: worldMs, clear, rows: Object.values(world?.counts ?? {}).reduce((a, b) => a + b, 0) }
  } finally {
    await handle.close()
    fs.rmSync(dir, { recursive: true, force: true })
    if (databaseUrl) await dropBenchDatabase(adminUrl, dbName)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

console.log(`Demo seeding, ${runs} rounds per database, median (fresh database each round)`)
console.log('database     baseline (reference + accounts)   + demo world   = first start   target   demo:clear   rows')
for (const kind of ['PGlite', 'PostgreSQL'] as const) {
  const rounds: Round[] = []
  for (let i = 0; i < runs; i++) rounds.push(await round(kind))
  const baseline = median(rounds.map((r) => r.baseline))
  const world = median(rounds.map((r) => r.world))
  const total = median(rounds.map((r) => r.baseline + r.world))
  console.log(
    `${kind.padEnd(12)} ${s(baseline).padStart(31)}   ${s(world).padStart(12)}   ${s(total).padStart(13)}   ${'20.0 s'.padStart(6)}   ${s(median(rounds.map((r) => r.clear))).padStart(10)}   ${rounds[0]!.rows}`,
  )
}
