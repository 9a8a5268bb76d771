#!/usr/bin/env node
// `npm test`: every test, in parts, each timed:
//   build    the production build of the web app (when stale), which the surface suites and the browser tests serve
//   unit     vitest: units and services against a real database, beside the code
//   surface  vitest: the generated fuzz suite and access matrix over every REST route, tRPC procedure and Remix route
//   faults   vitest, PostgreSQL only: the database restarted, exhausted and slow; S3 down; two app processes
//   browser  Playwright against the production build
// PGlite by default; TEST_DATABASE_URL runs everything against PostgreSQL (and adds the faults part).
// `npm test -- unit surface` runs some parts only. Ends with a table of the parts and one line: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild, root } from './ensure-build.mjs'

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-test-'))
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }
const bin = (name) => path.join(root, 'node_modules/.bin', name)
const postgres = Boolean(process.env.TEST_DATABASE_URL)
const database = postgres ? 'PostgreSQL' : 'PGlite'
const SURFACE = ['test/fuzz', 'test/access']

const vitestCounts = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) })
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim()) ?? ''
// What failed, by name and first line of the error, so that the end of a long log still says it.
const vitestFailures = (r) =>
  r.testResults.flatMap((file) => {
    const where = path.relative(root, file.name)
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    return tests.length || file.status !== 'failed' ? tests : [`${where}: ${firstLine(file.message)}`]
  })
// The browser tests with the given outcome ('unexpected': failed every try; 'flaky': failed, then passed on a retry),
// by place and name, with the first line of the first error.
const playwrightTests = (r, status) => {
  const found = []
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue
        const error = test.results?.find((result) => result.error)?.error?.message
        found.push(`${spec.file}:${spec.line} [${test.projectName}] › ${[...trail, spec.title].join(' › ')}: ${firstLine(error)}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title])
  }
  for (const suite of r.suites ?? []) walk(suite, [])
  return found
}
const vitest = (name, args) => {
  const file = path.join(out, `${name}.json`)
  return { file, count: vitestCounts, failures: vitestFailures, command: bin('vitest'), args: ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`] }
}

const parts = {
  build: () => ({ run: () => ensureBuild() }),
  unit: () => vitest('unit', SURFACE.flatMap((dir) => ['--exclude', `${dir}/**`])),
  surface: () => vitest('surface', SURFACE),
  faults: () =>
    postgres && fs.existsSync(path.join(root, 'vitest.faults.config.ts'))
      ? (() => {
          const file = path.join(out, 'faults.json')
          return { file, count: vitestCounts, failures: vitestFailures, command: bin('vitest'), args: ['run', '--config', 'vitest.faults.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`] }
        })()
      : null,
  browser: () => {
    const file = path.join(out, 'playwright.json')
    env.PLAYWRIGHT_JSON_OUTPUT_NAME = file
    return {
      file,
      command: bin('playwright'),
      args: ['test', '--reporter=list,json'],
      count: (r) => ({ passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected }),
      failures: (r) => playwrightTests(r, 'unexpected'),
      flaky: (r) => playwrightTests(r, 'flaky'),
    }
  },
}

// Older spellings: `npm test -- e2e` is the browser part.
const aliases = { e2e: 'browser' }
const asked = process.argv.slice(2).map((name) => aliases[name] ?? name)
for (const name of asked) {
  if (!(name in parts)) {
    console.error(`Unknown part "${name}"; the parts are: ${Object.keys(parts).join(', ')}`)
    process.exit(2)
  }
}
const selected = asked.length ? asked : Object.keys(parts)
const needsBuild = selected.some((name) => name === 'surface' || name === 'browser')
if (needsBuild && !selected.includes('build')) selected.unshift('build')

const rows = []
const failures = []
const flaky = []
const totals = { passed: 0, failed: 0 }
const started = Date.now()
for (const name of Object.keys(parts).filter((n) => selected.includes(n))) {
  const part = parts[name]()
  if (!part) continue
  console.log(`\n=== ${name} (${database}) ===`)
  const begun = Date.now()
  let counts = { passed: 0, failed: 0 }
  if (part.run) {
    if (part.run() !== 0) counts.failed = 1
  } else {
    const result = spawnSync(part.command, part.args, { cwd: root, stdio: 'inherit', env })
    try {
      const report = JSON.parse(fs.readFileSync(part.file, 'utf8'))
      counts = part.count(report)
      try {
        for (const line of part.failures(report)) failures.push(`${name}: ${line}`)
        for (const line of part.flaky?.(report) ?? []) flaky.push(`${name}: ${line}`)
      } catch {
        // the counts stand; only the names are missing
      }
    } catch {
      counts.failed += 1 // no report: the runner itself failed
    }
    if (result.status !== 0 && counts.failed === 0) counts.failed = 1
  }
  rows.push({ name, seconds: (Date.now() - begun) / 1000, ...counts })
  totals.passed += counts.passed
  totals.failed += counts.failed
  // The browser tests depend on a build; without one there is nothing to serve.
  if (name === 'build' && counts.failed) break
}
fs.rmSync(out, { recursive: true, force: true })

// Rounded to whole seconds first, so 119.6 s reads 2:00, not 1:60.
const clock = (s) => {
  const t = Math.round(s)
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`
}
console.log(`\nTest parts on ${database}:`)
console.log(`  ${'part'.padEnd(8)} ${'time'.padStart(6)} ${'passed'.padStart(7)} ${'failed'.padStart(7)}`)
for (const row of rows) {
  console.log(`  ${row.name.padEnd(8)} ${clock(row.seconds).padStart(6)} ${String(row.passed).padStart(7)} ${String(row.failed).padStart(7)}`)
}
console.log(`  ${'total'.padEnd(8)} ${clock((Date.now() - started) / 1000).padStart(6)} ${String(totals.passed).padStart(7)} ${String(totals.failed).padStart(7)}`)
if (failures.length) {
  console.log(`\nFailed on ${database}:`)
  for (const line of failures) console.log(`  ${line.slice(0, 400)}`)
}
if (flaky.length) {
  console.log(`\nFailed once and passed on the retry on ${database} (counted as passed; each one is a defect to fix):`)
  for (const line of flaky) console.log(`  ${line.slice(0, 400)}`)
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed${flaky.length ? ` (${flaky.length} passed on a retry)` : ''}`)
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0)
