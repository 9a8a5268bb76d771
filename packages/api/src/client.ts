/**
 * The typed client for internal tools (docs/api-client.md): the /trpc procedures of a running Meridian server,
 * with the router's input and output types. Browser- and script-safe: it imports only types from the server code.
 *
 * @example
 * ```ts
 * import { createMeridianClient, signIn } from '@meridian/api/client'
 *
 * const tokens = await signIn({ url: 'http://localhost:3000', username: 'admin', password: process.env.MERIDIAN_PASSWORD! })
 * const meridian = createMeridianClient({ url: 'http://localhost:3000', token: tokens.access, refreshToken: tokens.refresh })
 * const me = await meridian.auth.me.query()
 * ```
 * @packageDocumentation
 */
import { createTRPCClient, httpBatchLink, isTRPCClientError, type TRPCClientError, type TRPCLink } from '@trpc/client'
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import { observable } from '@trpc/server/observable'
import { type RetryOptions, retryingFetch } from '@meridian/validators/fetch-retry'
import type { AppRouter } from './trpc/router.ts'

export { TRPCClientError } from '@trpc/client'

/** The type of the server's whole tRPC router: what `createMeridianClient` is typed by. */
export type { AppRouter }

/** The input of every procedure, by path: `MeridianInputs['countries']['list']`. */
export type MeridianInputs = inferRouterInputs<AppRouter>

/** What every procedure answers, by path, as it arrives over the wire (dates are ISO strings): `MeridianOutputs['auth']['me']`. */
export type MeridianOutputs = inferRouterOutputs<AppRouter>

/** The client `createMeridianClient` gives: one property per router, `.query()` / `.mutate()` on each procedure. */
export type MeridianClient = ReturnType<typeof createTRPCClient<AppRouter>>

/** An error a procedure call rejects with: the server's answer (`data.code`, `data.httpStatus` …) or a network failure. */
export type MeridianClientError = TRPCClientError<AppRouter>

/** An access token (sent as `Authorization: Bearer …`) and the refresh token that trades for a new pair. */
export interface MeridianTokens {
  access: string
  refresh: string
}

/** What signing in answers: the token pair and the signed-in user (the same shape as `auth.me`). */
export type MeridianSignIn = MeridianTokens & { user: MeridianOutputs['auth']['me'] }

/** How to reach a server and who to call it as. */
export interface MeridianClientOptions {
  /** The server's base URL, e.g. `http://localhost:3000` (the client calls `<url>/trpc`). */
  url: string
  /** A bearer access token, or a function giving the current one (called for every request); none calls anonymously. */
  token?: string | (() => string | undefined)
  /**
   * The refresh token that came with `token`. With it, a call answered UNAUTHORIZED (the access token expired) trades
   * it once for a new pair through `auth.refresh` and is sent again; from then on the client uses the new access token.
   * Refresh tokens are single-use: keep the newest one (see `onTokens`) if the tool stores them.
   */
  refreshToken?: string
  /** Called with each new pair the client obtained by refreshing (to store them); never logs them itself. */
  onTokens?: (tokens: MeridianTokens) => void
  /** The fetch to use (default the global one): a proxy agent, a test double, a fetch with a timeout. */
  fetch?: typeof globalThis.fetch
  /**
   * Retries of a query (sent as GET) that met 502, 503, 504, 429 or no answer: three, after 1, 2 and 4 s
   * (1-platform-core.md §8; validators/src/fetch-retry.ts). Mutations are sent once. `false` turns retries off; `{ waits }` changes them.
   */
  retry?: RetryOptions | false
}

/** The auth procedures that must not trigger a refresh: they are how a tool gets tokens in the first place. */
const NO_REFRESH = new Set(['auth.login', 'auth.register', 'auth.refresh', 'auth.logout'])

/** At most 20 calls per request, the server's batch limit (TRPC_MAX_BATCH). */
const MAX_BATCH = 20

/** Queries go out as GET: a batch whose URL would pass this length is split, well under the server's header limit. */
const MAX_URL_LENGTH = 8_000

const trpcUrl = (url: string) => `${url.replace(/\/+$/, '')}/trpc`

/**
 * A typed client for the server at `url`. Calls made in the same tick go out as one HTTP request (batching, up to 20
 * calls). Every call rejects with a {@link TRPCClientError}: see {@link errorCode} and {@link describeError}.
 *
 * @example
 * ```ts
 * const meridian = createMeridianClient({ url: 'http://localhost:3000', token: process.env.MERIDIAN_TOKEN })
 * const [me, countries] = await Promise.all([meridian.auth.me.query(), meridian.countries.list.query({ page_size: 5 })])
 * ```
 */
export function createMeridianClient(options: MeridianClientOptions): MeridianClient {
  let access: string | undefined
  let refresh = options.refreshToken
  let refreshing: Promise<boolean> | null = null
  const currentToken = () => access ?? (typeof options.token === 'function' ? options.token() : options.token)

  /** One refresh at a time: the calls of a batch that all failed wait for the same one. */
  const renew = () =>
    (refreshing ??= (async () => {
      try {
        if (!refresh) return false
        const pair = await bareClient(options).auth.refresh.mutate({ refresh })
        access = pair.access
        refresh = pair.refresh
        options.onTokens?.({ access: pair.access, refresh: pair.refresh })
        return true
      } catch {
        // The refresh token expired or was revoked: the caller gets the call's own UNAUTHORIZED and signs in again.
        return false
      } finally {
        refreshing = null
      }
    })())

  const refreshLink: TRPCLink<AppRouter> =
    () =>
    ({ op, next }) =>
      observable((observer) => {
        let subscription: { unsubscribe(): void } | undefined
        let stopped = false
        const attempt = (retried: boolean) => {
          const sentWith = currentToken()
          subscription = next(op).subscribe({
            next: (value) => observer.next(value),
            complete: () => observer.complete(),
            error: (error) => {
              const expired = !retried && refresh !== undefined && !NO_REFRESH.has(op.path) && errorCode(error) === 'UNAUTHORIZED'
              if (!expired) return observer.error(error)
              // Another call may have refreshed while this one was on its way: then just send it again.
              const ready = currentToken() !== sentWith ? Promise.resolve(true) : renew()
              void ready.then((renewed) => {
                if (stopped) return
                if (renewed) attempt(true)
                else observer.error(error)
              })
            },
          })
        }
        attempt(false)
        return () => {
          stopped = true
          subscription?.unsubscribe()
        }
      })

  return createTRPCClient<AppRouter>({
    links: [
      refreshLink,
      httpBatchLink({
        url: trpcUrl(options.url),
        maxItems: MAX_BATCH,
        maxURLLength: MAX_URL_LENGTH,
        fetch: options.retry === false ? options.fetch : retryingFetch(options.fetch, options.retry),
        headers() {
          const token = currentToken()
          return token ? { Authorization: `Bearer ${token}` } : {}
        },
      }),
    ],
  })
}

/** An anonymous client (no Authorization header: the server refuses an expired bearer token even on public calls). */
function bareClient(options: { url: string; fetch?: typeof globalThis.fetch; retry?: RetryOptions | false }): MeridianClient {
  return createMeridianClient({ url: options.url, fetch: options.fetch, retry: options.retry })
}

/**
 * Signs in with a username (or e-mail) and password through `auth.login`. Rejects with UNAUTHORIZED for wrong
 * credentials, BAD_REQUEST for a missing field, TOO_MANY_REQUESTS when sign-ins are throttled.
 *
 * @example
 * ```ts
 * const { access, refresh, user } = await signIn({ url, username: 'admin', password })
 * const meridian = createMeridianClient({ url, token: access, refreshToken: refresh })
 * ```
 */
export async function signIn(options: { url: string; username: string; password: string; fetch?: typeof globalThis.fetch }): Promise<MeridianSignIn> {
  return bareClient(options).auth.login.mutate({ username: options.username, password: options.password })
}

/** Ends a sign-in: the refresh token (and the pairs refreshed from it) can no longer be refreshed. Access tokens run out on their own. */
export async function signOut(options: { url: string; refresh: string; fetch?: typeof globalThis.fetch }): Promise<void> {
  await bareClient(options).auth.logout.mutate({ refresh: options.refresh })
}

/** Whether `error` came from a client call (a server answer or a network failure), typed by the router. */
export function isMeridianClientError(error: unknown): error is MeridianClientError {
  return isTRPCClientError<AppRouter>(error)
}

/**
 * The tRPC code of a failed call (`'UNAUTHORIZED'`, `'FORBIDDEN'`, `'NOT_FOUND'`, `'BAD_REQUEST'`, `'TOO_MANY_REQUESTS'`,
 * `'SERVICE_UNAVAILABLE'`, `'INTERNAL_SERVER_ERROR'` …), or undefined when the server gave no answer (unreachable,
 * not a Meridian server) or the error did not come from a call.
 */
export function errorCode(error: unknown): string | undefined {
  return isTRPCClientError<AppRouter>(error) ? error.data?.code : undefined
}

/**
 * One line for a failed call, fit for a tool's output: the code and the server's message, the error id of a server
 * fault (to quote when reporting it), the field errors of a refused input, or what went wrong on the network.
 */
export function describeError(error: unknown): string {
  if (!isTRPCClientError<AppRouter>(error)) return error instanceof Error ? error.message : String(error)
  const data = error.data
  if (!data) {
    const cause = error.cause as { name?: string; message?: string; cause?: { code?: string; message?: string } } | undefined
    if (cause?.name === 'AbortError') return 'the call was aborted'
    // fetch rejects with a TypeError ('fetch failed') whose cause says why: ECONNREFUSED, ENOTFOUND, a TLS error …
    if (cause instanceof TypeError && cause.cause) return `no answer from the server (${cause.cause.code ?? cause.cause.message})`
    return `the answer was not from the Meridian API (${error.message.slice(0, 120)})`
  }
  const parts = [`${data.code}: ${error.message}`]
  if (data.fields)
    parts.push(
      Object.entries(data.fields)
        .map(([field, messages]) => `${field}: ${[messages].flat().join(' ')}`)
        .join('; '),
    )
  if (data.retryAfter) parts.push(`retry after ${data.retryAfter}s`)
  if (data.error_id) parts.push(`error id ${data.error_id}`)
  return parts.join(' — ')
}
