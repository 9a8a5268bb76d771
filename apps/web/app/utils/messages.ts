/**
 * The one way screens turn a failure into words (the catalogue of spec 1 §8). Browser-safe: the constants live in
 * '@meridian/core/messages', shared with the server's transports.
 */
import { CODE_MESSAGES, CONNECTIVITY_MESSAGES, messageForStatus, serverMessageOf, USER_NOT_FOUND_MESSAGE } from '@meridian/core/messages'

export { AUTH_MESSAGES, CODE_MESSAGES, CONNECTIVITY_MESSAGES, STATUS_MESSAGES } from '@meridian/core/messages'

export interface ErrorMessageOptions {
  /** 404 wording for user actions: 'The requested user was not found.' */
  notFound?: 'resource' | 'user'
}

// The bearer-token refusal the REST and tRPC fronts answer with (DRF simplejwt's wording).
const INVALID_TOKEN_DETAIL = 'Given token not valid for any token type'

// Codes of the server's DomainError, as they reach the browser in a serialized body.
const DOMAIN_STATUS: Record<string, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
}

// tRPC error codes, for a TRPCClientError whose data lost the HTTP status (a batched call).
const TRPC_STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
}

const NETWORK_FAILURE = /failed to fetch|networkerror|network error|load failed|network request failed|err_network|econnrefused/i

type Loose = Record<string, unknown>

const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null

function isOffline() {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** A failure of the connection itself (no answer from the server): fetch's TypeError and its relatives. */
export function isNetworkError(error: unknown): boolean {
  if (!isRecord(error)) return false
  if (error.code === 'NETWORK_ERROR' || error.code === 'FETCH_ERROR') return true
  const message = typeof error.message === 'string' ? error.message : ''
  return (error.name === 'TypeError' || error.name === 'NetworkError' || error.name === 'TRPCClientError') && NETWORK_FAILURE.test(message)
}

/** A request that ran out of time (AbortSignal.timeout, our own TIMEOUT code). */
export function isTimeoutError(error: unknown): boolean {
  if (!isRecord(error)) return false
  return error.name === 'TimeoutError' || error.code === 'TIMEOUT' || error.code === 'TIMEOUT_ERROR'
}

function fromStatus(status: number, body: unknown, options: ErrorMessageOptions): string {
  const server = serverMessageOf(body)
  if (status === 401 && (server === INVALID_TOKEN_DETAIL || (isRecord(body) && body.code === 'token_not_valid'))) {
    return CODE_MESSAGES.INVALID_TOKEN
  }
  if (status === 404 && options.notFound === 'user') return USER_NOT_FOUND_MESSAGE
  return messageForStatus(status, server)
}

function statusOf(error: Loose): number | null {
  for (const value of [error.status, error.statusCode, isRecord(error.data) ? error.data.httpStatus : undefined]) {
    if (typeof value === 'number' && value >= 400 && value <= 599) return value
  }
  if (isRecord(error.data) && typeof error.data.code === 'string' && Object.hasOwn(TRPC_STATUS, error.data.code)) {
    return TRPC_STATUS[error.data.code]!
  }
  return null
}

/**
 * The message to show for a failed request or a thrown error: by HTTP status (a fetch Response, a Remix route error
 * response, a tRPC client error, any object with a status), by code (NETWORK_ERROR, TIMEOUT, INVALID_TOKEN), by the
 * kind of network failure (offline or not), else the server's own message or the catalogue's default.
 *
 * A fetch Response's body is not read here (that is asynchronous): use readErrorMessage for the server's own text.
 */
export function errorMessage(errorOrResponse: unknown, options: ErrorMessageOptions = {}): string {
  const error = errorOrResponse
  if (typeof error === 'string') return error || CODE_MESSAGES.DEFAULT
  if (!isRecord(error)) return CODE_MESSAGES.DEFAULT

  if (isTimeoutError(error)) return CODE_MESSAGES.TIMEOUT
  if (error.code === 'INVALID_TOKEN') return CODE_MESSAGES.INVALID_TOKEN
  if (error.code === 'NETWORK_ERROR') return isOffline() ? CONNECTIVITY_MESSAGES.offline : CODE_MESSAGES.NETWORK_ERROR
  if (isNetworkError(error)) return isOffline() ? CONNECTIVITY_MESSAGES.offline : CONNECTIVITY_MESSAGES.networkError
  if (error.name === 'AbortError') return CODE_MESSAGES.TIMEOUT

  const status = statusOf(error)
  if (status !== null) {
    // A tRPC error carries the server's text in message; a route error response its body in data.
    let body: unknown
    if (error.name === 'TRPCClientError' || (isRecord(error.data) && 'httpStatus' in error.data)) body = { message: error.message }
    else if ('data' in error) body = error.data
    else if ('body' in error) body = error.body
    return fromStatus(status, body, options)
  }
  if (typeof error.code === 'string' && Object.hasOwn(DOMAIN_STATUS, error.code)) {
    return fromStatus(DOMAIN_STATUS[error.code]!, error, options)
  }
  // A body the server sent without a status (an action's data, a parsed JSON answer).
  if (!(error instanceof Error)) return serverMessageOf(error) ?? CODE_MESSAGES.DEFAULT
  return CODE_MESSAGES.DEFAULT
}

/** errorMessage for a fetch Response, with the server's own text read from its body (error, message or detail). */
export async function readErrorMessage(response: Response, options: ErrorMessageOptions = {}): Promise<string> {
  let body: unknown = null
  try {
    const text = await response.clone().text()
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
  } catch {
    // an unreadable body leaves the status alone to decide
  }
  return fromStatus(response.status, body, options)
}
