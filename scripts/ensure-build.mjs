// The production build of the web app and the server bundle, made when missing or older than their sources. Used by `npm start`,
// `npm test` and the suites that serve the whole app in-process. Concurrent callers (test workers) wait for one build.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverBuildFile = path.join(root, 'apps/web/build/server/index.js')
/** The server as `npm start` runs it (scripts/build-server.mjs). */
export { serverBundle } from './build-server.mjs'
import { serverBundle } from './build-server.mjs'

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

const olderThan = (file, time) => !fs.existsSync(file) || fs.statSync(file).mtimeMs < time

const modified = (file) => fs.statSync(path.join(root, file)).mtimeMs

/** When the sources of the Remix build and of the server bundle last changed. */
function sourcesTimes() {
  const packages = newest(path.join(root, 'packages'))
  return {
    // public/ too: Vite copies it into the client build (the service worker, the manifest and its icons).
    remix: Math.max(packages, newest(path.join(root, 'apps/web/app')), newest(path.join(root, 'apps/web/public')), modified('apps/web/vite.config.ts')),
    server: Math.max(packages, newest(path.join(root, 'apps/web/server')), modified('scripts/build-server.mjs')),
  }
}

/** True when the Remix build or the server bundle (scripts/build-server.mjs) is missing or older than its sources. */
export function buildIsStale() {
  const sources = sourcesTimes()
  return olderThan(serverBuildFile, sources.remix) || olderThan(serverBundle, sources.server)
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
    const sources = sourcesTimes()
    if (olderThan(serverBuildFile, sources.remix)) {
      log('Building the web app...')
      const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build'], {
        cwd: path.join(root, 'apps/web'),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      })
      if (result.status !== 0) return result.status ?? 1
    }
    if (olderThan(serverBundle, sources.server)) {
      log('Bundling the server...')
      const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' })
      if (result.status !== 0) return result.status ?? 1
    }
    return 0
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}
