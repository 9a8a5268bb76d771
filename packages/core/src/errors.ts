import { isDatabaseUnavailable } from '@meridian/db/unavailable'
import { SERVICE_UNAVAILABLE_MESSAGE } from './messages.ts'

export type ErrorCode =
  | 'not_found'
  | 'forbidden'
  | 'unauthenticated'
  | 'invalid'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'

export type FieldErrors = Record<string, string[]>

/** Marks a DomainError whichever copy of this module made it (the web build bundles its own copy of core). */
const BRAND = Symbol.for('meridian.DomainError')

/** The one application error. Transports map it once: tRPC codes, HTTP statuses with DRF bodies, UI messages. */
export class DomainError extends Error {
  /** `instanceof DomainError` holds across module copies: the server's transports and the bundled routes agree. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
  }

  readonly [BRAND] = true
  readonly code: ErrorCode
  readonly fields?: FieldErrors
  /** Seconds, for rate_limited and unavailable. */
  readonly retryAfter?: number

  constructor(code: ErrorCode, message: string, extra: { fields?: FieldErrors; retryAfter?: number } = {}) {
    super(message)
    this.name = 'DomainError'
    this.code = code
    this.fields = extra.fields
    this.retryAfter = extra.retryAfter
  }

  static invalid(fields: FieldErrors, message = 'Please check your input and try again.') {
    return new DomainError('invalid', message, { fields })
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError
}

/** Seconds a client is asked to wait (Retry-After) when the service is unavailable and did not say how long. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/**
 * The one translation of failures into DomainError: a DomainError as it is; a database that is down, restarting,
 * out of connections or past its statement time-out becomes 'unavailable' (503 with Retry-After); anything else
 * is not a domain error (null: a 500). By name, not instanceof: the Remix bundle has its own copy of this class.
 */
export function asDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error
  if ((error as Error | null)?.name === 'DomainError') return error as DomainError
  if (isDatabaseUnavailable(error)) {
    return new DomainError('unavailable', SERVICE_UNAVAILABLE_MESSAGE, { retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS })
  }
  return null
}
