import type { AppConfig } from '@meridian/core/config'

/** Exit code of a server that cannot start as configured; scripts/supervise.mjs does not restart it. */
export const EXIT_CONFIG = 78

export function describeDatabase(config: AppConfig) {
  return config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `embedded PGlite in ${config.dataDir}`
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
