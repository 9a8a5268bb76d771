import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without type declarations
import { EXIT_DO_NOT_RESTART, supervise } from '../scripts/supervise.mjs'

/** `npm start` keeps the server up as a process manager would (scripts/supervise.mjs), tried on tiny child scripts. */
function script(body: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-supervise-'))
  const file = path.join(dir, 'child.mjs')
  fs.writeFileSync(file, body)
  return { file, dir }
}

interface Run {
  code: number
  lines: string[]
  starts: number[]
}

async function run(body: string, options: Record<string, unknown> = {}): Promise<Run & { dir: string }> {
  const { file, dir } = script(body)
  const lines: string[] = []
  const starts: number[] = []
  const code = await supervise({
    command: process.execPath,
    args: [file],
    cwd: dir,
    env: { ...process.env, COUNTER: path.join(dir, 'count') },
    log: (line: string) => lines.push(line),
    firstDelayMs: 50,
    maxDelayMs: 400,
    stableAfterMs: 10_000,
    onStart: () => starts.push(Date.now()),
    ...options,
  })
  return { code, lines, starts, dir }
}

// A child that crashes the first few times it starts, then exits cleanly.
const crashThenStop = (crashes: number, how: string) => `
import fs from 'node:fs'
const file = process.env.COUNTER
const n = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0
fs.writeFileSync(file, String(n + 1))
if (n < ${crashes}) { ${how} }
process.exit(0)
`

describe('the npm start supervisor', () => {
  it('restarts a server that crashes, waiting longer each time, and says why', async () => {
    const result = await run(crashThenStop(4, 'throw new Error("boom")'))
    expect(result.code).toBe(0)
    expect(result.starts).toHaveLength(5)
    expect(result.lines).toHaveLength(4)
    expect(result.lines[0]).toMatch(/^server exited with code 1 after \d+ s; restarting in 0 s \(restart 1\)$/)
    const gaps = result.starts.slice(1).map((t, i) => t - result.starts[i]!)
    // 50, 100, 200, 400 ms: each wait at least the one before (timers are never early).
    expect(gaps[0]).toBeGreaterThanOrEqual(50)
    expect(gaps[2]).toBeGreaterThanOrEqual(200)
    expect(gaps[3]).toBeGreaterThanOrEqual(400)
  })

  it('names the signal that killed the server', async () => {
    const result = await run(crashThenStop(1, "process.kill(process.pid, 'SIGKILL')"))
    expect(result.code).toBe(0)
    expect(result.lines[0]).toMatch(/^server was killed by SIGKILL after \d+ s; restarting in 0 s \(restart 1\)$/)
  })

  it('does not restart a server that cannot start as configured (exit 78), nor one that stopped cleanly', async () => {
    const config = await run(`process.exit(${EXIT_DO_NOT_RESTART})`)
    expect(config.code).toBe(EXIT_DO_NOT_RESTART)
    expect(config.starts).toHaveLength(1)
    expect(config.lines[0]).toContain('not restarting')
    const clean = await run('process.exit(0)')
    expect(clean.code).toBe(0)
    expect(clean.starts).toHaveLength(1)
    expect(clean.lines).toEqual([])
  })
})
