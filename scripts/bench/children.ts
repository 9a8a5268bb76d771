import { type ChildProcess, spawn } from 'node:child_process'
import { type ProcStat, stillRunning, treeStats } from './process-tree.ts'

/** A server started as a child process: its own event loop, stdout/stderr kept for error reports. */
export interface Child {
  name: string
  process: ChildProcess
  /** The port the child printed once it listens. */
  port: Promise<number>
  /** The last lines the child wrote (both streams). */
  log(): string
  /** SIGTERM, then SIGKILL if it has not exited in time; with `tree`, SIGKILL to what is left of its descendants too. */
  stop(): Promise<void>
  /** With `tree`: the descendants still running after the last stop() saw the child exit (then killed with SIGKILL). */
  leftBehind: ProcStat[]
}

const live = new Set<Child>()
const TAIL_BYTES = 16_384

export interface CommandOptions {
  env: NodeJS.ProcessEnv
  cwd: string
  /** Matches the child's ready line and captures its port. */
  listening: RegExp
  /**
   * An open file the child writes to instead, read by nobody while it runs (a server's log lines would otherwise cost
   * this process CPU beside the load generator); its port is the one it was given.
   */
  output?: { fd: number; port: number }
  /** The child starts processes of its own (npm start): stopping it checks they all end, and kills those that do not. */
  tree?: boolean
  /** ms between SIGTERM and SIGKILL (8,000). */
  killAfterMs?: number
}

/**
 * Spawn `node ...args`; `listening` matches the child's ready line and captures its port.
 * The child is registered so `stopAll()` can end it on errors and Ctrl-C.
 */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, listening: RegExp, cwd: string, output?: { fd: number; port: number }): Child {
  return startCommand(name, process.execPath, args, { env, cwd, listening, output })
}

/** Spawn any command as startChild spawns node. */
export function startCommand(name: string, command: string, args: string[], options: CommandOptions): Child {
  const { output, listening } = options
  const proc = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: output ? ['ignore', output.fd, output.fd] : ['ignore', 'pipe', 'pipe'] })
  // The output's last bytes, kept as they come: once the port is known nothing is split or matched, so a server that
  // logs every request under load costs this process little more than reading the pipe.
  let tail: Buffer[] = []
  let tailBytes = 0
  let found = false
  let resolvePort!: (port: number) => void
  let rejectPort!: (error: Error) => void
  const port = new Promise<number>((resolve, reject) => {
    resolvePort = resolve
    rejectPort = reject
  })
  port.catch(() => {})
  let pending = ''
  const collect = (chunk: Buffer) => {
    tail.push(chunk)
    tailBytes += chunk.length
    while (tailBytes - tail[0]!.length >= TAIL_BYTES) tailBytes -= tail.shift()!.length
    if (found) return
    const lines = (pending + chunk.toString('utf8')).split('\n')
    pending = lines.pop()!
    for (const line of lines) {
      const hit = listening.exec(line)
      if (hit) {
        found = true
        pending = ''
        return resolvePort(Number(hit[1]))
      }
    }
  }
  const log = () =>
    Buffer.concat(tail)
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim())
      .slice(-60)
      .join('\n')
  if (output) resolvePort(output.port)
  else {
    proc.stdout!.on('data', collect)
    proc.stderr!.on('data', collect)
  }
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  proc.once('exit', (code, signal) => {
    live.delete(child)
    rejectPort(new Error(`${name} exited (${signal ?? code}) before listening:\n${log()}`))
  })
  proc.once('error', (error) => rejectPort(error))

  const child: Child = {
    name,
    process: proc,
    port,
    log,
    leftBehind: [],
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        // Taken before the signal: once the child has gone, its orphans no longer show as its descendants.
        const descendants = options.tree && proc.pid ? treeStats(proc.pid).slice(1) : []
        proc.kill('SIGTERM')
        const timer = setTimeout(() => proc.kill('SIGKILL'), options.killAfterMs ?? 8_000)
        await exited
        clearTimeout(timer)
        child.leftBehind = await leftOf(descendants)
      }
      live.delete(child)
    },
  }
  if (options.tree) treeChildren.add(child)
  live.add(child)
  return child
}

const treeChildren = new WeakSet<Child>()

/** The processes still running a moment after their parent exited; each then gets SIGKILL. */
async function leftOf(processes: ProcStat[]): Promise<ProcStat[]> {
  if (!processes.length) return []
  const deadline = Date.now() + 2_000
  while (Date.now() < deadline && processes.some(stillRunning)) await new Promise((r) => setTimeout(r, 50))
  const left = processes.filter(stillRunning)
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone meanwhile
    }
  }
  return left
}

export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => child.stop()))
}

/** Last resort on process exit: no awaiting possible, so a plain SIGKILL to each child still running. */
export function killAllSync(): void {
  for (const child of live) {
    const pids = treeChildren.has(child) && child.process.pid ? treeStats(child.process.pid).map((p) => p.pid) : [child.process.pid]
    for (const pid of pids.reverse()) {
      try {
        if (pid) process.kill(pid, 'SIGKILL')
      } catch {
        // gone meanwhile
      }
    }
  }
}

/** Poll `url` until it answers 200; resolves with the time of the first success. */
export async function waitForOk(url: string, timeoutMs: number, intervalMs = 25, child?: Child): Promise<number> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child && child.process.exitCode !== null) throw new Error(`${child.name} exited:\n${child.log()}`)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await res.arrayBuffer()
      if (res.ok) return performance.now()
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms${child ? `:\n${child.log()}` : ''}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
