import { type ChildProcess, spawn } from 'node:child_process'

/** A server started as a child process: its own event loop, stdout/stderr kept for error reports. */
export interface Child {
  name: string
  process: ChildProcess
  /** The port the child printed once it listens. */
  port: Promise<number>
  /** The last lines the child wrote (both streams). */
  log(): string
  stop(): Promise<void>
}

const live = new Set<Child>()

/**
 * Spawn `node ...args`; `listening` matches the child's ready line and captures its port.
 * The child is registered so `stopAll()` can end it on errors and Ctrl-C.
 * With `output` (an open file) the child writes there instead, read by nobody while it runs (a server's log lines
 * would otherwise cost this process CPU beside the load generator), and its port is the one it was given.
 */
export function startChild(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  listening: RegExp,
  cwd: string,
  output?: { fd: number; port: number },
): Child {
  const proc = spawn(process.execPath, args, { cwd, env, stdio: output ? ['ignore', output.fd, output.fd] : ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  let resolvePort!: (port: number) => void
  let rejectPort!: (error: Error) => void
  const port = new Promise<number>((resolve, reject) => {
    resolvePort = resolve
    rejectPort = reject
  })
  port.catch(() => {})
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue
      lines.push(line)
      if (lines.length > 60) lines.shift()
      const hit = listening.exec(line)
      if (hit) resolvePort(Number(hit[1]))
    }
  }
  if (output) resolvePort(output.port)
  else {
    proc.stdout!.on('data', collect)
    proc.stderr!.on('data', collect)
  }
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  proc.once('exit', (code, signal) => {
    live.delete(child)
    rejectPort(new Error(`${name} exited (${signal ?? code}) before listening:\n${lines.join('\n')}`))
  })
  proc.once('error', (error) => rejectPort(error))

  const child: Child = {
    name,
    process: proc,
    port,
    log: () => lines.join('\n'),
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM')
        const timer = setTimeout(() => proc.kill('SIGKILL'), 8_000)
        await exited
        clearTimeout(timer)
      }
      live.delete(child)
    },
  }
  live.add(child)
  return child
}

export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => child.stop()))
}

/** Last resort on process exit: no awaiting possible, so a plain SIGKILL to each child still running. */
export function killAllSync(): void {
  for (const child of live) child.process.kill('SIGKILL')
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
