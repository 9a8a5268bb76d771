import type { ServerBuild } from '@remix-run/node'
import { createServer as createViteServer } from 'vite'
import { boot } from './boot.ts'
import { createHttpServer } from './http-app.ts'

const { config, handle, app, figures, logger, media } = await boot()
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })
const server = createHttpServer({
  app,
  build: () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
  before: vite.middlewares as never,
  ping: handle.ping,
  figures,
  logger,
  database: handle,
  jobs: media,
})
server.listen(config.port, config.host, () => logger.info(`Meridian (development) on http://localhost:${config.port}`))
