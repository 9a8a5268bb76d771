import type { IncomingMessage, ServerResponse } from 'node:http'
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http'
import type { AppServices } from '@meridian/core'
import { createTrpcContext } from './init.ts'
import { appRouter } from './router.ts'

export const TRPC_PREFIX = '/trpc'
export const TRPC_BODY_LIMIT = 1024 * 1024
export const TRPC_MAX_BATCH = 20

/** The /trpc endpoint over node:http, with a body size limit and a batch size cap. */
export function createTrpcHandler(app: AppServices) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/'
    const path = url.slice(TRPC_PREFIX.length + 1).split('?')[0] ?? ''
    return nodeHTTPRequestHandler({
      req,
      res,
      path: decodeURIComponent(path),
      router: appRouter,
      maxBodySize: TRPC_BODY_LIMIT,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: ({ req }) => createTrpcContext(app, req),
      responseMeta({ ctx }) {
        return ctx?.setCookies.length ? { headers: { 'Set-Cookie': ctx.setCookies } } : {}
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path} failed:`, error.cause ?? error)
      },
    })
  }
}
