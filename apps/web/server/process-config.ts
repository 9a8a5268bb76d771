import type { AppConfig } from '@meridian/core/config'

/** Exit code of a server that cannot start as configured; scripts/supervise.mjs does not restart it. */
export const EXIT_CONFIG = 78

export function describeDatabase(config: AppConfig) {
  return config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `embedded PGlite in ${config.dataDir}`
}
