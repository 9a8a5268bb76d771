import cluster from 'node:cluster'
import { ConfigError, loadConfig } from '@meridian/core/config'
import { createLogger, defaultLogSettings } from '@meridian/core/observability'
import { describeDatabase, EXIT_CONFIG } from './process-config.ts'
import { runWorkers } from './workers.ts'

/** How many workers the configuration asks for (docs/operations.md "Workers"); 1 serves in this process. */
function workersWanted(): number {
  if (cluster.isWorker) return 1
  try {
    const config = loadConfig()
    if (config.webConcurrency === 1 && !config.databaseUrl && process.env.WEB_CONCURRENCY && process.env.WEB_CONCURRENCY !== '1') {
      createLogger(config.observability).info('One process on the embedded database (PGlite lives in its process): WEB_CONCURRENCY applies with DATABASE_URL')
    }
    return config.webConcurrency
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    createLogger(defaultLogSettings()).fatal(error.message)
    process.exit(EXIT_CONFIG)
  }
}

const workers = workersWanted()
if (workers > 1) {
  const config = loadConfig()
  const logger = createLogger(config.observability)
  logger.info(`Meridian starting ${workers} workers (WEB_CONCURRENCY) on ${describeDatabase(config)}`)
  runWorkers({ count: workers, logger, configExitCode: EXIT_CONFIG, exit: (code) => process.exit(code) })
} else {
  const { serve } = await import('./serve.ts')
  await serve()
}
