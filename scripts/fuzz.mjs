#!/usr/bin/env node
// `npm run fuzz`: a longer fuzz campaign than the one in `npm test` (3 inputs per route and identity there).
//   npm run fuzz                          200 inputs per route and identity, a new seed
//   npm run fuzz -- --runs 1000           more inputs
//   npm run fuzz -- --seed 123456         replay a campaign (the seed is printed at the start of each front)
//   npm run fuzz -- rest|trpc|remix       one front only
// TEST_DATABASE_URL runs it against PostgreSQL, as for `npm test`.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const option = (name) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args.splice(i, 2)[1] : undefined
}
const runs = option('runs') ?? '200'
const seed = option('seed') ?? String(Date.now() % 2_147_483_647)
const fronts = args.length ? args : ['rest', 'trpc', 'remix']
console.log(`Fuzz campaign: ${runs} inputs per route and identity, seed ${seed} (replay: npm run fuzz -- --seed ${seed} --runs ${runs})`)
const started = Date.now()
const result = spawnSync(
  path.join(root, 'node_modules/.bin/vitest'),
  ['run', ...fronts.map((front) => `test/fuzz/${front}.test.ts`)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed } },
)
console.log(`Fuzz campaign finished in ${Math.round((Date.now() - started) / 1000)} s (seed ${seed})`)
process.exit(result.status ?? 1)
