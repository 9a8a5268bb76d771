export type ErrorCode =
  | 'not_found'
  | 'forbidden'
  | 'unauthenticated'
  | 'invalid'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'

export type FieldErrors = Record<string, string[]>

/** The one application error. Transports map it once: tRPC codes, HTTP statuses with DRF bodies, UI messages. */
export class DomainError extends Error {
  readonly code: ErrorCode
  readonly fields?: FieldErrors
  /** Seconds, for rate_limited. */
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
