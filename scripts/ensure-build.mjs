// The production build of the web app, made when it is missing or older than its sources. Used by `npm start`,
// `npm test` and the suites that serve the whole app in-process. Concurrent callers (test workers) wait for one build.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverBuildFile = path.join(root, 'apps/web/build/server/index.js')

function newest(dir) {
  let latest = 0
  if (!fs.existsSync(dir)) return latest
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build') continue
    // Tests are not part of the build.
    if (/\.(test|spec)\.tsx?$/.test(entry.name)) continue
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs)
  }
  return latest
}

export function buildIsStale() {
  const sources = Math.max(
    newest(path.join(root, 'apps/web/app')),
    newest(path.join(root, 'packages')),
    fs.statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
  )
  return !fs.existsSync(serverBuildFile) || fs.statSync(serverBuildFile).mtimeMs < sources
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Build when stale; returns the exit status (0 when the build is fresh). */
export function ensureBuild({ log = console.log } = {}) {
  if (!buildIsStale()) return 0
  // One builder at a time: a directory is created atomically; others wait for it to go, then look again.
  const lock = path.join(root, 'apps/web/.build-lock')
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 600_000) fs.rmSync(lock, { recursive: true, force: true })
      else sleep(500)
    }
  }
  try {
    if (!buildIsStale()) return 0
    log('Building the web app...')
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    return result.status ?? 1
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}
