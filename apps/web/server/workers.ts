import cluster, { type Worker } from 'node:cluster'
import type { Logger } from '@meridian/core/observability'

/** A worker that dies this soon after it started is failing to start: the next one waits (1 s, 2 s … 30 s). */
const QUICK_DEATH_MS = 10_000
const MAX_DELAY_MS = 30_000

export interface WorkerOptions {
  count: number
  logger: Logger
  /** The exit code of a worker that cannot start as configured: every worker stops and the primary exits with it. */
  configExitCode: number
  exit: (code: number) => void
}

/**
 * The primary of `WEB_CONCURRENCY` workers behind one port (node:cluster: the primary accepts connections and hands
 * them out in turn). A worker that dies is replaced on its own while the others keep answering; SIGTERM and SIGINT
 * are passed to every worker, which stops gracefully (shutdown.ts), and the primary exits once they all have.
 */
export function runWorkers(options: WorkerOptions) {
  const { logger } = options
  const started = new Map<number, number>()
  let stopping: string | null = null
  let exitCode = 0
  let delay = 1_000

  const fork = () => {
    const worker = cluster.fork()
    started.set(worker.id, Date.now())
  }
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w))

  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (started.get(worker.id) ?? Date.now())
    started.delete(worker.id)
    if (stopping) {
      if (alive().length === 0) options.exit(exitCode)
      return
    }
    if (code === options.configExitCode) {
      logger.fatal(`worker ${worker.process.pid} cannot start as configured; stopping every worker`)
      exitCode = code
      return stop('SIGTERM')
    }
    const why = signal ? `was killed by ${signal}` : `exited with code ${code}`
    const wait = uptime < QUICK_DEATH_MS ? delay : 0
    delay = uptime < QUICK_DEATH_MS ? Math.min(delay * 2, MAX_DELAY_MS) : 1_000
    logger.warn(`worker ${worker.process.pid} ${why} after ${Math.round(uptime / 1000)} s; starting another${wait ? ` in ${wait / 1000} s` : ''}`)
    setTimeout(() => stopping || fork(), wait).unref()
  })

  const stop = (signal: string) => {
    if (!stopping) logger.info(`${signal}: stopping ${alive().length} workers`)
    stopping = signal
    const workers = alive()
    if (workers.length === 0) return options.exit(exitCode)
    for (const worker of workers) worker.process.kill(signal as NodeJS.Signals)
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  for (let i = 0; i < options.count; i++) fork()
}
