import cluster from 'node:cluster'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { boot } from './boot.ts'
import { describeDatabase } from './process-config.ts'
import { createHttpServer } from './http-app.ts'
import { gracefulServer, signalHandler } from './shutdown.ts'

/** The web app's folder (apps/web), found upwards from this module: server/ as TypeScript, build/node/ when bundled. */
function webRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'vite.config.ts'))) return dir
    if (path.dirname(dir) === dir) throw new Error('apps/web not found above the server')
  }
}

/** One server process: the database, the background work and the HTTP server (a worker, or the only process). */
export async function serve() {
  const root = webRoot()
  const started = Date.now()
  // The web app's build loads while the database opens (PGlite compiles its WebAssembly off the main thread).
  // A literal path, so the server bundle takes the build in (one copy of the workspace packages, scripts/build-server.mjs);
  // TypeScript has no declarations for the generated JavaScript, or no file at all before the first build.
  // @ts-expect-error the Remix build is generated JavaScript
  const loading = import('../build/server/index.js') as Promise<ServerBuild>
  loading.catch(() => {})
  const { phases, config, handle, app, figures, logger, media, stopWork, stop } = await boot()
  const build = await loading
  phases.mark('web app loaded (the rest of it)')
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
  phases.mark('routes')
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
    const worker = cluster.isWorker ? `worker ${cluster.worker!.id} of ${config.webConcurrency}, ` : ''
    phases.mark('listening')
    logger.debug(String(phases))
    logger.info(`Meridian listening on http://localhost:${port} (${worker}${describeDatabase(config)}) in ${Date.now() - started} ms`)
  })

  const onSignal = signalHandler(graceful, { logger, exit: (code) => process.exit(code) })
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}
