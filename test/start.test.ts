import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without type declarations
import { root, serverBundle } from '../scripts/ensure-build.mjs'

/** `npm start` as a newcomer runs it: the compiled server under plain node, and a SIGTERM that leaves nothing behind. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-start-'))
let launcher: ChildProcess | undefined
afterAll(async () => {
  // A failed test still stops what it started: the launcher passes SIGTERM on to the server.
  if (launcher && launcher.exitCode === null) {
    launcher.kill('SIGTERM')
    await new Promise((resolve) => launcher!.once('exit', resolve))
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** A process's parent (the fourth field of /proc/<pid>/stat, after the parenthesised name); 0 once it is gone. */
function parentOf(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])
  } catch {
    return 0
  }
}

/** The command line of a process and of every process below it. */
function tree(pid: number): { pid: number; command: string }[] {
  const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
  const children = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && parentOf(Number(entry)) === pid)
  return [{ pid, command }, ...children.flatMap((child) => tree(Number(child)))]
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('npm start', () => {
  it('runs the bundled server with plain node, answers, and a SIGTERM to npm stops everything it started', async () => {
    let output = ''
    // npm itself, as a newcomer or a process manager runs it: npm passes the signal to its script's process only.
    launcher = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    launcher.stdout!.on('data', (chunk) => (output += chunk))
    launcher.stderr!.on('data', (chunk) => (output += chunk))
    let timer: NodeJS.Timeout | undefined
    const port = await new Promise<string>((resolve, reject) => {
      const started = Date.now()
      timer = setInterval(() => {
        const found = /listening on http:\/\/localhost:(\d+)/.exec(output)
        if (found) resolve(found[1]!)
        else if (launcher!.exitCode !== null) reject(new Error(`npm start ended: ${output}`))
        else if (Date.now() - started > 300_000) reject(new Error(`no start within 5 minutes: ${output}`))
      }, 50)
    }).finally(() => clearInterval(timer))
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${port}/login`)).status).toBe(200)

    const processes = tree(launcher.pid!)
    const listing = processes.map((p) => p.command).join('\n')
    const server = processes.find((p) => p.command.includes(serverBundle))
    expect(server, listing).toBeDefined()
    // Plain node: no TypeScript loader in the server's command line.
    expect(server!.command).not.toMatch(/tsx/)
    // With the memory settings of docs/operations.md "Workers": small V8 semi-spaces, two malloc arenas.
    expect(server!.command).toMatch(/--max-semi-space-size=4/)
    expect(fs.readFileSync(`/proc/${server!.pid}/environ`, 'utf8').split('\0')).toEqual(
      expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']),
    )
    // npm, then the launcher (which supervises the server), then the server: no shell between npm and the launcher,
    // which would take npm's SIGTERM and leave the launcher and the server running.
    expect(
      processes.map((p) => p.command.replace(root, '.')),
      listing,
    ).toEqual([
      expect.stringMatching(/^npm start/),
      expect.stringMatching(/node scripts\/start\.mjs$/),
      expect.stringMatching(/node --enable-source-maps .*server\.mjs$/),
    ])

    launcher.kill('SIGTERM')
    const code = await new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)))
    expect(code).toBe(0)
    expect(processes.filter((p) => alive(p.pid)).map((p) => p.command)).toEqual([])
  }, 360_000)
})
