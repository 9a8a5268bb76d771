/**
 * Telling "the database is unavailable or too slow right now" apart from every other failure. Such errors are
 * worth a 503 with Retry-After (the client may try again shortly), never a 500. No imports: the Remix server
 * bundle carries its own copy of this file, and errors are recognised by name and code, never by instanceof.
 */

/** Raised when a request waited longer than the queue time-out for a pooled connection. */
export class DatabaseBusyError extends Error {
  readonly code = 'DB_QUEUE_TIMEOUT'

  constructor(waitedMs: number) {
    super(`No database connection became free within ${waitedMs} ms`)
    this.name = 'DatabaseBusyError'
  }
}

/** Driver-level codes (postgres.js and Node sockets) of a connection that failed, closed or timed out. */
const CONNECTION_CODES = new Set([
  'DB_QUEUE_TIMEOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of a server that is going away, starting up, out of room or cancelling a statement that ran past
 * statement_timeout: class 08 (connection exception), 53 (insufficient resources), 57P01-57P03 (shutdown,
 * crash, cannot connect now), 57014 (query cancelled), 55P03 (lock not available).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code === '57P01' || code === '57P02' || code === '57P03' || code === '57014' || code === '55P03'
}

/** True when the error, or one it wraps (Drizzle wraps driver errors in `cause`), says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown }
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return true
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true
  }
  if ((error as Error).name === 'DatabaseBusyError') return true
  // Node's happy-eyeballs connect reports every address it tried in an AggregateError.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}
