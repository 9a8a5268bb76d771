import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { boot, describeDatabase } from './boot.ts'
import { createHttpServer } from './http-app.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
const { config, handle, app, figures, logger, media, stop } = await boot()
const build = (await import(path.join(root, 'build/server/index.js'))) as ServerBuild
const server = createHttpServer({ app, build, clientDir: path.join(root, 'build/client'), ping: handle.ping, figures, logger, database: handle, jobs: media })
server.keepAliveTimeout = 65_000

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  logger.info(`Meridian listening on http://localhost:${port} (${describeDatabase(config)}) in ${Date.now() - started} ms`)
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info(`${signal} received, shutting down`)
  server.close()
  server.closeIdleConnections()
  setTimeout(() => server.closeAllConnections(), 5_000).unref()
  await stop().catch(() => {})
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
