/**
 * Client-side retries of a transient failure (1-platform-core.md §8): a request that is safe to repeat and met a 502,
 * 503, 504 or 429, or no answer at all (the network), is sent again up to three times, after 1, 2 and 4 seconds; then
 * the last answer (or error) is the caller's, as without retries. Browser- and script-safe: no imports.
 *
 * Safe to repeat: GET, HEAD and OPTIONS, or any request that carries an `Idempotency-Key` (the server answers a repeat
 * with the first outcome). Everything else is sent once. 400, 401, 403, 404, 409, 500 and every other answer come back
 * at once: repeating them would not change them (a 401 is the refresh's business, not this helper's).
 */

/** The waits before the first, second and third retry, in milliseconds (§8: 1 s, 2 s, 4 s). */
export const RETRY_WAITS: readonly number[] = [1_000, 2_000, 4_000]

/** The answers worth repeating: the server or a proxy was briefly unable, or asked to slow down. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504])

/** The longest `Retry-After` waited for (ms); a server asking for longer gets its answer shown at once instead. */
export const MAX_RETRY_AFTER_MS = 8_000

export interface RetryOptions {
  /** The waits before each retry (ms); their number is the number of retries. Default {@link RETRY_WAITS}. */
  waits?: readonly number[]
  /** The longest `Retry-After` honoured (ms). Default {@link MAX_RETRY_AFTER_MS}. */
  maxRetryAfter?: number
}

type Fetch = typeof globalThis.fetch

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether a request may be sent again without doing twice what it asks. */
export function isSafeToRetry(method: string, headers?: HeadersInit): boolean {
  return SAFE_METHODS.has(method.toUpperCase()) || new Headers(headers).has('Idempotency-Key')
}

/** A failure to get any answer (fetch's TypeError), not a cancellation by the caller. */
function isNetworkError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name
  return error instanceof TypeError && name !== 'AbortError' && name !== 'TimeoutError'
}

/** The wait a 429 or 503 asks for (ms), `fallback` without one, or null when it is longer than `max`. */
function waitAsked(response: Response, fallback: number, max: number): number | null {
  const header = response.headers.get('Retry-After')?.trim()
  if (!header || (response.status !== 429 && response.status !== 503)) return fallback
  const seconds = /^\d+$/.test(header) ? Number(header) * 1_000 : Date.parse(header) - Date.now()
  if (Number.isNaN(seconds)) return fallback
  const ms = Math.max(0, seconds)
  return ms > max ? null : Math.max(ms, fallback)
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', stop, { once: true })
  })
}

/**
 * `fetchImpl` (default: the global fetch at call time) with §8's retries for requests safe to repeat. The caller's
 * abort signal ends the waiting too.
 */
export function retryingFetch(fetchImpl?: Fetch, options: RetryOptions = {}): Fetch {
  const waits = options.waits ?? RETRY_WAITS
  const maxRetryAfter = options.maxRetryAfter ?? MAX_RETRY_AFTER_MS
  return async (input, init) => {
    const send = fetchImpl ?? globalThis.fetch
    const request = input instanceof Request ? input : null
    const method = init?.method ?? request?.method ?? 'GET'
    const safe = isSafeToRetry(method, init?.headers ?? request?.headers)
    const signal = init?.signal ?? request?.signal
    for (let attempt = 0; ; attempt++) {
      const last = !safe || attempt >= waits.length
      let response: Response
      try {
        response = await send(request && !last ? request.clone() : input, init)
      } catch (error) {
        if (last || !isNetworkError(error) || signal?.aborted) throw error
        await sleep(waits[attempt]!, signal)
        continue
      }
      if (last || !RETRY_STATUSES.has(response.status)) return response
      const wait = waitAsked(response, waits[attempt]!, maxRetryAfter)
      if (wait === null) return response
      await response.body?.cancel().catch(() => {})
      await sleep(wait, signal)
    }
  }
}

/** `fetch(input, init)` with §8's retries when the request is safe to repeat. */
export const fetchWithRetry = (input: RequestInfo | URL, init?: RequestInit, options?: RetryOptions): Promise<Response> =>
  retryingFetch(undefined, options)(input, init)
