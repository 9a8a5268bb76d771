// `tsx scripts/bench/profile.ts [rest|trpc|both]`: run the app under --cpu-prof against a fresh database,
// load one endpoint, and print where the app's CPU time went (self time by package and by function).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { snapshotServer } from './snapshot.ts'
import { startChild, stopAll, waitForOk } from './children.ts'
import { createBenchDatabase, dropBenchDatabase } from './database.ts'
import { login } from './measure.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = 'meridian_bench_profile'
const target = process.argv[2] ?? 'both'
const seconds = Number(process.env.BENCH_DURATION ?? 8)

function bucket(url: string): string {
  if (!url) return '(native/gc/idle)'
  const nm = url.lastIndexOf('node_modules/')
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  if (url.startsWith('node:')) return url
  const rel = url.replace(`file://${root}/`, '')
  return rel.split('/').slice(0, 2).join('/')
}

/** Monotonic microseconds: V8 profile timestamps use the same clock (CLOCK_MONOTONIC on Linux) in every process. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n)

/** Self time of the samples taken between fromUs and toUs (the measured load, not start-up or shutdown). */
function summarize(file: string, fromUs: number, toUs: number, top = 25) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }
  const hitsById = new Map<number, number>()
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    if (at >= fromUs && at <= toUs) hitsById.set(id, (hitsById.get(id) ?? 0) + 1)
  })
  const total = [...hitsById.values()].reduce((a, b) => a + b, 0)
  if (!total) throw new Error('no samples in the load window (clock mismatch?)')
  const byPackage = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let idle = 0
  for (const node of profile.nodes) {
    const hits = hitsById.get(node.id) ?? 0
    if (!hits) continue
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)') {
      idle += hits
      continue
    }
    const pkg = functionName.startsWith('(') ? functionName : bucket(url)
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits)
    const fn = `${functionName || '(anonymous)'}  ${url.replace(`file://${root}/`, '').replace(/.*node_modules\//, '')}:${lineNumber + 1}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits)
  }
  const busy = total - idle
  const pct = (n: number) => `${((n / busy) * 100).toFixed(1).padStart(5)}%`
  console.log(`  samples ${total}, idle ${((idle / total) * 100).toFixed(0)}%; shares below are of busy samples`)
  console.log('  self time by package:')
  for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${pct(v)}  ${k}`)
  console.log('  self time by function:')
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${pct(v)}  ${k}`)
}

async function profileOne(name: 'rest' | 'trpc', databaseUrl: string, secret: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-prof-'))
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: secret,
      SEED_DEMO: 'true',
    }
    // The TypeScript entry, not the bundle: the profile then names each source file and package on its own.
    const app = startChild(
      'app',
      ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', snapshot.source],
      env,
      /listening on http:\/\/localhost:(\d+)/,
      root,
    )
    const base = `http://127.0.0.1:${await app.port}`
    await waitForOk(`${base}/readyz`, 60_000, 25, app)
    const { access } = await login(base, 'admin', 'meridian-demo')
    const url = name === 'rest' ? `${base}/users/api/auth/profile/` : `${base}/trpc/auth.me`
    const headers = { Authorization: `Bearer ${access}` }
    await autocannon({ url, headers, connections: 32, duration: 2 })
    const from = nowUs()
    const result = await autocannon({ url, headers, connections: 32, duration: seconds })
    const to = nowUs()
    console.log(
      `\n${name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (profiled: slower than unprofiled)`,
    )
    await app.stop()
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
    if (!file) throw new Error('no .cpuprofile written')
    if (process.env.KEEP_PROFILE) fs.copyFileSync(path.join(dir, file), path.resolve(`${name}.cpuprofile`))
    summarize(path.join(dir, file), from, to)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const snapshot = await snapshotServer(root)
const databaseUrl = await createBenchDatabase(adminUrl, dbName)
try {
  const secret = randomBytes(48).toString('base64url')
  if (target === 'rest' || target === 'both') await profileOne('rest', databaseUrl, secret)
  if (target === 'trpc' || target === 'both') await profileOne('trpc', databaseUrl, secret)
} finally {
  await stopAll()
  await dropBenchDatabase(adminUrl, dbName)
  fs.rmSync(snapshot.dir, { recursive: true, force: true })
}
