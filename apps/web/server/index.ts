import cluster from 'node:cluster'
import { type AppConfig, ConfigError, loadConfig } from '@meridian/core/config'
import { createLogger, defaultLogSettings } from '@meridian/core/observability'
import { describeDatabase, EXIT_CONFIG } from './process-config.ts'
import { runWorkers } from './workers.ts'

/** The configuration, read by the first process only (a worker's own start reads it again); 78 when it is wrong. */
function primaryConfig(): AppConfig | null {
  if (cluster.isWorker) return null
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    createLogger(defaultLogSettings()).fatal(error.message)
    process.exit(EXIT_CONFIG)
  }
}

// How many workers the configuration asks for (docs/operations.md "Workers"); one serves in this process.
const config = primaryConfig()
if (config && config.webConcurrency > 1) {
  const logger = createLogger(config.observability)
  logger.info(`Meridian starting ${config.webConcurrency} workers (WEB_CONCURRENCY) on ${describeDatabase(config)}`)
  runWorkers({ count: config.webConcurrency, logger, configExitCode: EXIT_CONFIG, exit: (code) => process.exit(code) })
} else {
  if (config && !config.databaseUrl && process.env.WEB_CONCURRENCY && process.env.WEB_CONCURRENCY !== '1') {
    createLogger(config.observability).info('One process on the embedded database (PGlite lives in its process): WEB_CONCURRENCY applies with DATABASE_URL')
  }
  const { serve } = await import('./serve.ts')
  await serve()
}
