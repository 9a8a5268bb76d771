import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Shared by every app process of a test, as it must be in production (tokens made by one verify on another). */
export const FAULTS_JWT_SECRET = 'meridian-faults-jwt-secret-0123456789abcdef'

/** One real server process (the bundled server, apps/web/build/node/server.mjs, over the production Remix build), as `npm start` runs it. */
export interface AppProcess {
  url: string
  pid: number
  /** Everything it printed so far (stdout and stderr). */
  output(): string
  alive(): boolean
  /** Resolves when the process has exited, with its exit code (or the signal that killed it). */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Open file descriptors of the process (sockets, files), from /proc. */
  openFiles(): number
  stop(): Promise<void>
}

/** Settings the suite never inherits from the shell: each test says what it wants. */
const CLEARED = [
  'DATABASE_URL',
  'TEST_DATABASE_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_PREFIX',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'MEDIA_ROOT',
  'SMTP_URL',
  'APP_ORIGIN',
  'PORT',
]

export async function startApp(env: Record<string, string>, options: { startTimeoutMs?: number } = {}): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-faults-app-'))
  const base = { ...process.env }
  for (const name of CLEARED) delete base[name]
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/web/build/node/server.mjs')], {
    cwd: root,
    env: {
      ...base,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: FAULTS_JWT_SECRET,
      // The test's own rates feed listens on 127.0.0.1: let the rates download reach private addresses.
      RATES_ALLOW_PRIVATE_URLS: 'true',
      // One process unless the test asks for workers (test/processes/workers.test.ts).
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const collect = (chunk: Buffer) => {
    text += chunk.toString()
    if (process.env.FAULTS_VERBOSE) process.stderr.write(`[app ${child.pid}] ${chunk}`)
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const exited = exit.then(() => {})
  let running = true
  void exited.then(() => (running = false))

  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start within ${options.startTimeoutMs ?? 90_000} ms:\n${text}`)), options.startTimeoutMs ?? 90_000)
    const check = () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(text)
      if (match) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${match[1]}`)
      }
    }
    child.stdout!.on('data', check)
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`app exited before listening:\n${text}`))
    })
  })
  let url: string
  try {
    url = await listening
  } catch (error) {
    // Never leave a half-started server behind.
    child.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }

  return {
    url,
    pid: child.pid!,
    output: () => text,
    alive: () => running && child.exitCode === null,
    exit,
    openFiles: () => fs.readdirSync(`/proc/${child.pid}/fd`).length,
    async stop() {
      if (running) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
