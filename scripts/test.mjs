#!/usr/bin/env node
// `npm test`: every test — vitest (units and services against a real database), then Playwright end to end
// against the production build. PGlite by default; TEST_DATABASE_URL runs both against PostgreSQL.
// Ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'))
const only = process.argv[2] // "unit" or "e2e" to run one half
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }
const bin = (name) => path.join(root, 'node_modules/.bin', name)

function run(label, command, args, reportFile, count) {
  console.log(`\n=== ${label}${process.env.TEST_DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'} ===`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  let counts = { passed: 0, failed: 0 }
  try {
    counts = count(JSON.parse(fs.readFileSync(reportFile, 'utf8')))
  } catch {
    counts.failed += 1 // no report: the runner itself failed
  }
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1
  return counts
}

const totals = { passed: 0, failed: 0 }
const add = (c) => {
  totals.passed += c.passed
  totals.failed += c.failed
}

if (only !== 'e2e') {
  const file = path.join(out, 'vitest.json')
  add(
    run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], file, (r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
    })),
  )
}
if (only !== 'unit') {
  const file = path.join(out, 'playwright.json')
  env.PLAYWRIGHT_JSON_OUTPUT_NAME = file
  add(
    run('playwright', bin('playwright'), ['test', '--reporter=list,json'], file, (r) => ({
      passed: r.stats.expected + (r.stats.flaky ?? 0),
      failed: r.stats.unexpected,
    })),
  )
}
fs.rmSync(out, { recursive: true, force: true })
console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0)
