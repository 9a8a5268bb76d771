import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { boot, describeDatabase } from './boot.ts'
import { createHttpServer } from './http-app.ts'
import { gracefulServer, signalHandler } from './shutdown.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
const { config, handle, app, figures, logger, media, stopWork, stop } = await boot()
const build = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
const server = createHttpServer({
  app,
  build,
  clientDir: path.join(root, 'build/client'),
  ping: handle.ping,
  figures,
  logger,
  database: handle,
  jobs: media,
  draining: () => graceful.draining,
})
server.keepAliveTimeout = 65_000
// SIGTERM/SIGINT (docs/operations.md "Graceful shutdown"): stop accepting, let requests in flight finish within
// SHUTDOWN_TIMEOUT_MS, end event streams with a reconnect hint, hand back unfinished media, close the database.
const graceful = gracefulServer(server, {
  timeoutMs: config.shutdownTimeoutMs,
  logger,
  steps: { closeStreams: () => app.events.closeStreams(), stopWork, stop },
})

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  logger.info(`Meridian listening on http://localhost:${port} (${describeDatabase(config)}) in ${Date.now() - started} ms`)
})

const onSignal = signalHandler(graceful, { logger, exit: (code) => process.exit(code) })
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)
