/**
 * The diagnostics screen's endpoint tests (3-back-office.md §2.8, §4, §7): plain GET requests to this application's
 * own paths, one after another. Browser-safe; the loader runs the same tests server-side for the first render.
 */
import { CODE_MESSAGES } from '@meridian/core/messages'

export interface DiagnosticEndpoint {
  path: string
  label: string
  /** What the path needs to answer 200: nothing, the bearer token, or the session cookie. */
  auth: 'none' | 'bearer' | 'session'
}

export const DIAGNOSTIC_ENDPOINTS: readonly DiagnosticEndpoint[] = [
  { path: '/api/activities/', label: 'Activities', auth: 'bearer' },
  { path: '/api/media/', label: 'Media library', auth: 'bearer' },
  { path: '/api/suppliers/', label: 'Suppliers', auth: 'bearer' },
  { path: '/api/destinations/management/countries/', label: 'Countries', auth: 'bearer' },
  { path: '/api/destinations/management/locations/', label: 'Locations', auth: 'bearer' },
  { path: '/api/currencies/', label: 'Currencies', auth: 'bearer' },
  { path: '/healthz', label: 'Health check', auth: 'none' },
  { path: '/readyz', label: 'Readiness (database)', auth: 'none' },
  { path: '/users/api/auth/profile/', label: 'Profile (REST, bearer token)', auth: 'bearer' },
  { path: '/trpc/auth.me', label: 'Current user (tRPC, session)', auth: 'session' },
]

export type CheckState = 'pending' | 'success' | 'error'

export interface CheckResult {
  path: string
  state: CheckState
  /** '{status} {statusText}', or the message of a request that got no answer. */
  detail: string
  /** Milliseconds the answer took, when there was one. */
  ms: number | null
}

export const CHECK_TIMEOUT_MS = 10_000

// Reason phrases for answers that arrive without one (HTTP/2).
const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export function pendingResults(): CheckResult[] {
  return DIAGNOSTIC_ENDPOINTS.map(({ path }) => ({ path, state: 'pending', detail: '', ms: null }))
}

/** One GET of `url`: Working for a 2xx answer, Failed with '{status} {statusText}' or the error's message. */
export async function runCheck(path: string, url: string, headers: Record<string, string>): Promise<CheckResult> {
  const started = performance.now()
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json', ...headers },
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'manual',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    })
    const ms = Math.round(performance.now() - started)
    // The body is not needed; release the connection.
    await response.body?.cancel().catch(() => {})
    const detail = `${response.status} ${response.statusText || REASONS[response.status] || ''}`.trim()
    return { path, state: response.ok ? 'success' : 'error', detail, ms }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    const message = timedOut ? CODE_MESSAGES.TIMEOUT : error instanceof Error ? error.message : String(error)
    return { path, state: 'error', detail: message, ms: null }
  }
}
