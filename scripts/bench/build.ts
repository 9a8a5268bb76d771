import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** Newest modification time under dir, skipping what the Remix build never reads (deps, builds, tests). */
function newest(dir: string): number {
  let latest = 0
  if (!fs.existsSync(dir)) return latest
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build') continue
    if (/\.(test|spec)\.tsx?$/.test(entry.name)) continue
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs)
  }
  return latest
}

/**
 * The staleness rule of scripts/start.mjs (build missing or older than apps/web/app, packages, vite.config.ts),
 * except that test files are ignored: helpers editing tests must not force a rebuild on every bench run.
 * Returns the build time in ms, or 0 when the build was current.
 */
export function ensureBuilt(root: string): number {
  const buildFile = path.join(root, 'apps/web/build/server/index.js')
  const sources = Math.max(
    newest(path.join(root, 'apps/web/app')),
    newest(path.join(root, 'packages')),
    fs.statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
  )
  if (fs.existsSync(buildFile) && fs.statSync(buildFile).mtimeMs >= sources) return 0
  console.log('Building the web app (apps/web/build is missing or stale)...')
  const started = performance.now()
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
    timeout: 180_000,
  })
  if (result.status !== 0) throw new Error(`Remix build failed (${result.signal ?? result.status})`)
  return performance.now() - started
}
