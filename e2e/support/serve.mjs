#!/usr/bin/env node
// The e2e web server (playwright.config.ts `webServer.command`): `npm start` (build when stale, then the production
// server) on a throw-away PGlite data directory — or, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database
// created on that server and dropped afterwards — so every run starts from a fresh database with the demo accounts.
// Playwright stops it by sending SIGTERM to the whole process group; this wrapper waits for the server to close
// the database, then deletes the directory.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'))

let databaseUrl = ''
let dropDatabase = async () => {}
if (process.env.TEST_DATABASE_URL) {
  const { default: postgres } = await import('postgres')
  const name = `meridian_e2e_${randomBytes(6).toString('hex')}`
  const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const url = new URL(process.env.TEST_DATABASE_URL)
  url.pathname = `/${name}`
  databaseUrl = url.toString()
  dropDatabase = async () => {
    const cleanup = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} })
    await cleanup.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {})
    await cleanup.end()
  }
}

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    // The embedded database unless TEST_DATABASE_URL asks for PostgreSQL; never the shell's own DATABASE_URL.
    DATABASE_URL: databaseUrl,
    ...(databaseUrl ? { JWT_SECRET: randomBytes(36).toString('base64url') } : {}),
    DATA_DIR: path.join(dataDir, 'data'),
    SEED_DEMO: 'true',
    REGISTRATION_ENABLED: 'true',
  },
})

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true })
  const media = process.env.MEDIA_ROOT
  if (media && path.basename(path.dirname(media)).startsWith('meridian-e2e-media-')) fs.rmSync(path.dirname(media), { recursive: true, force: true })
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
  dropDatabase().finally(() => process.exit(code ?? (signal ? 1 : 0)))
})
