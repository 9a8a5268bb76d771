import type { AppConfig } from '@meridian/core/config'

/** Exit code of a server that cannot start as configured; scripts/supervise.mjs does not restart it. */
export const EXIT_CONFIG = 78

export function describeDatabase(config: AppConfig) {
  if (!config.databaseUrl) return `embedded PGlite in ${config.dataDir}`
  const pooler = config.database.pooler === 'transaction' ? ` through a transaction pooler, ${new URL(config.databaseDirectUrl!).host} direct` : ''
  return `PostgreSQL (${new URL(config.databaseUrl).host}${pooler})`
}

/**
 * A connection refused for what it set at connect ("unsupported startup parameter", as PgBouncer says it): a URL leads
 * to a pooler the configuration does not know of. What to set instead, or null for any other error.
 */
export function poolerRefusal(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const message = String((e as Error).message ?? '')
    if (/unsupported startup parameter/i.test(message)) {
      return (
        `The database refused the connection ("${message}"): DATABASE_URL or DATABASE_DIRECT_URL leads to a connection pooler ` +
        '(PgBouncer or the like). Behind a pooler in transaction mode set DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL to ' +
        'PostgreSQL itself, not the pooler (docs/operations.md "Behind a connection pooler").'
      )
    }
  }
  return null
}

/**
 * Where a start-up's time goes, phase by phase, from the process's start (performance.now() counts from it): the first
 * phase is node itself and loading the modules. Logged at debug once the server listens (LOG_LEVEL=debug).
 */
export class StartupPhases {
  readonly phases: [string, number, number][] = []
  #last = 0

  mark(name: string) {
    const now = performance.now()
    this.phases.push([name, now - this.#last, process.memoryUsage.rss()])
    this.#last = now
  }

  toString() {
    const mb = (bytes: number) => Math.round(bytes / 1048576)
    return `Start-up: ${this.phases.map(([name, ms, rss]) => `${name} ${Math.round(ms)} ms (${mb(rss)} MB)`).join(', ')}`
  }
}
