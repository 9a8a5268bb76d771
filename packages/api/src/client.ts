import { createTRPCClient, httpBatchLink } from '@trpc/client'
import type { AppRouter } from './trpc/router.ts'

export type { AppRouter }

/**
 * A typed client for internal tools: `createMeridianClient({ url: 'http://host:3000', token })`.
 * `token` is a bearer access token (from auth.login or the REST login), or a function returning one.
 */
export function createMeridianClient(options: { url: string; token?: string | (() => string | undefined) }) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${options.url.replace(/\/$/, '')}/trpc`,
        maxItems: 20,
        headers() {
          const token = typeof options.token === 'function' ? options.token() : options.token
          return token ? { Authorization: `Bearer ${token}` } : {}
        },
      }),
    ],
  })
}
