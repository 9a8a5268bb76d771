import { format } from 'node:util'
import pino, { type DestinationStream, type Logger } from 'pino'
import type prettyModule from 'pino-pretty'
import type { ObservabilitySettings } from '../config.ts'
import { lazyModule } from '../lazy-module.ts'

/** Readable lines for development only; production writes JSON without loading it. */
const pretty = lazyModule<typeof prettyModule>('pino-pretty')

export type { Logger }

/** The longest a written line waits in the buffer before it reaches stdout. */
const FLUSH_MS = 1_000

/**
 * The server's logger (docs/observability.md): one JSON object a line on stdout for a log collector, or coloured lines for
 * a person. `destination` replaces stdout (tests collect the lines; the bench writes them to a file).
 */
export function createLogger(settings: Pick<ObservabilitySettings, 'logLevel' | 'logFormat'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: settings.logLevel,
    // The level's name rather than its number: what a person grepping the file or a collector's parser expects.
    formatters: { level: (label) => ({ level: label }) },
  }
  if (destination) return pino(options, destination)
  if (settings.logFormat === 'pretty') {
    return pino(options, pretty()({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }))
  }
  // Written asynchronously and in blocks of 4 KB (a system call per line cost the profile GET some 5% of its
  // throughput), and at least every FLUSH_MS so a quiet server's lines are not held; pino flushes what is pending
  // when the process exits, process.exit included.
  const logger = pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096 }))
  setInterval(() => logger.flush(), FLUSH_MS).unref()
  return logger
}

/** The settings a process uses before (or without) its configuration: info, json in production, else pretty. */
export function defaultLogSettings(env: NodeJS.ProcessEnv = process.env): Pick<ObservabilitySettings, 'logLevel' | 'logFormat'> {
  return { logLevel: 'info', logFormat: env.NODE_ENV === 'production' ? 'json' : 'pretty' }
}

let installed: Logger | null = null

/**
 * The logger of this server process, for reporters that are plain functions (reportServerError). Until a server
 * installs one (tests, scripts), they write to the console as before.
 */
export function installServerLogger(logger: Logger | null): void {
  installed = logger
}

export function serverLogger(): Logger | null {
  return installed
}

/**
 * Sends this process's console lines (a library's, or a module's own `console.error('[media] …')`) through the logger,
 * so a collector reading JSON lines gets every line as JSON at its level. Answers a function that puts the console back.
 */
export function routeConsoleTo(logger: Logger): () => void {
  const kept = { log: console.log, info: console.info, warn: console.warn, error: console.error }
  console.log = (...args: unknown[]) => logger.info(format(...args))
  console.info = (...args: unknown[]) => logger.info(format(...args))
  console.warn = (...args: unknown[]) => logger.warn(format(...args))
  console.error = (...args: unknown[]) => logger.error(format(...args))
  return () => Object.assign(console, kept)
}
