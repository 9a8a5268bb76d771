#!/usr/bin/env node
// `npm start`: build the web app when the build is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildFile = path.join(root, 'apps/web/build/server/index.js')

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

const sources = Math.max(
  newest(path.join(root, 'apps/web/app')),
  newest(path.join(root, 'packages')),
  fs.statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
)
if (!fs.existsSync(buildFile) || fs.statSync(buildFile).mtimeMs < sources) {
  console.log('Building the web app...')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/web/server/index.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
