#!/usr/bin/env node
// The e2e web server (playwright.config.ts `webServer.command`): `npm start` (build when stale, then the production
// server) on a throw-away PGlite data directory, so every run starts from a fresh database with the demo accounts.
// Playwright stops it by sending SIGTERM to the whole process group; this wrapper waits for the server to close
// the database, then deletes the directory.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'))

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    // Always the embedded database, even when the shell exports a DATABASE_URL.
    DATABASE_URL: '',
    DATA_DIR: path.join(dataDir, 'data'),
    SEED_DEMO: 'true',
    REGISTRATION_ENABLED: 'true',
  },
})

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true })
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The group signal reaches the server too; forwarding covers a signal sent to this process alone.
    if (server.exitCode === null && server.signalCode === null) server.kill(signal)
  })
}
// Playwright holds the other end of stdin: if it dies without stopping us (kill -9), the pipe closes and the server
// goes too rather than being left behind.
const stdin = fs.fstatSync(0)
if (stdin.isFIFO() || stdin.isSocket()) {
  process.stdin.on('end', () => server.kill('SIGTERM'))
  process.stdin.resume()
}

server.on('exit', (code, signal) => {
  cleanUp()
  process.exit(code ?? (signal ? 1 : 0))
})
