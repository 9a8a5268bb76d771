import type { IncomingMessage, ServerResponse } from 'node:http'
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http'
import { type AppServices, reportServerError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@meridian/core'
import { createTrpcContext, errorIdOf } from './init.ts'
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
      responseMeta({ ctx, errors }) {
        const headers: Record<string, string | string[]> = {}
        if (ctx?.setCookies.length) headers['Set-Cookie'] = ctx.setCookies
        // SERVICE_UNAVAILABLE (database down or too busy) tells the client when to try again, as REST's 503 does.
        if (errors.some((e) => e.code === 'SERVICE_UNAVAILABLE')) headers['Retry-After'] = String(UNAVAILABLE_RETRY_AFTER_SECONDS)
        return { headers }
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') reportServerError(`trpc ${path}`, error.cause ?? error, errorIdOf(error))
      },
    })
  }
}
