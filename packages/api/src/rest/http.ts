import type { IncomingMessage, ServerResponse } from 'node:http'
import { asDomainError, DomainError, reportServerError, STATUS_MESSAGES, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@meridian/core'

export const JSON_BODY_LIMIT = 1024 * 1024

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.detail ?? status))
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = status === 204 ? '' : JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Authorization',
    ...headers,
  })
  res.end(payload)
}

/** A body sent as it is (a file), with the caller's Content-Type and Content-Disposition. */
export function sendRaw(res: ServerResponse, status: number, body: Buffer | string, headers: Record<string, string>) {
  res.writeHead(status, {
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Authorization',
    ...headers,
  })
  res.end(body)
}

/** The client went away before its request was read: there is nobody to answer. */
export class ClientGoneError extends Error {}

/** Deeper JSON than any call takes is refused before a validator walks it. */
export const JSON_MAX_DEPTH = 64

/** How deeply arrays and objects nest in a JSON text (strings skipped), without parsing it. */
function jsonDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      // A backslash: skip the escaped character.
      if (c === 92) i++
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) max = Math.max(max, ++depth)
    else if (c === 93 || c === 125) depth--
  }
  return max
}

/**
 * Read a JSON (or form-encoded) body up to 1 MiB; 413 beyond (also when the declared length says so, before
 * reading), 415 for other types, 400 with DRF's wording when it is not JSON or nests deeper than 64 levels.
 * A client that aborts mid-body ends in ClientGoneError (no answer is sent).
 */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > JSON_BODY_LIMIT) throw tooLarge()
  const bytes = await readBytes(req, JSON_BODY_LIMIT, 'the client closed the connection before its request body arrived')
  if (!req.complete) throw new ClientGoneError('the request body ended early')
  if (bytes.length === 0) return {}
  const text = bytes.toString('utf8')
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text))
  if (type && type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpError(415, { detail: `Unsupported media type "${type}" in request.` })
  }
  if (jsonDepth(text) > JSON_MAX_DEPTH) {
    throw new HttpError(400, { detail: `JSON parse error - nesting deeper than ${JSON_MAX_DEPTH} levels` })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new HttpError(400, { detail: `JSON parse error - ${(error as Error).message}` })
  }
  return ESCAPED_SURROGATE.test(text) ? wellFormed(parsed) : parsed
}

/** A `\uD800`–`\uDFFF` escape: JSON may spell half a character, which no UTF-8 text (nor PostgreSQL's json) can hold. */
const ESCAPED_SURROGATE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The value with every half character (in strings and keys) replaced by U+FFFD, as a UTF-8 decoder reads it. */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD')
  if (Array.isArray(value)) return value.map(wellFormed)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.replace(LONE_SURROGATE, '\uFFFD'), wellFormed(v)]))
  }
  return value
}

export const tooLarge = () => new HttpError(413, { detail: 'Request body is too large.' })

/** The body's bytes up to `limit` (413 beyond); a client that goes away ends in ClientGoneError (`gone` says when). */
export async function readBytes(req: IncomingMessage, limit: number, gone: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > limit) throw tooLarge()
      chunks.push(chunk as Buffer)
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new ClientGoneError(gone, { cause: error })
  }
  return Buffer.concat(chunks)
}

/**
 * The one mapping from DomainError to HTTP status and DRF body. Anything else is unexpected: `report` logs it and
 * answers the id the 500's body carries (`error_id`), so a client's report and the log line meet.
 */
export function errorResponse(
  error: unknown,
  report: () => string = () => reportServerError('rest', error),
): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.status, body: error.body, headers: error.headers }
  // A database outage or time-out arrives as a driver error: asDomainError makes it 'unavailable' (503).
  error = asDomainError(error) ?? error
  if (error instanceof DomainError) {
    switch (error.code) {
      case 'invalid':
        return { status: 400, body: error.fields ?? { detail: error.message }, headers: {} }
      case 'conflict':
        return error.fields ? { status: 400, body: error.fields, headers: {} } : { status: 409, body: { detail: error.message }, headers: {} }
      case 'unauthenticated':
        return { status: 401, body: { detail: error.message }, headers: { 'WWW-Authenticate': 'Bearer realm="api"' } }
      case 'forbidden':
        return { status: 403, body: { detail: error.message }, headers: {} }
      case 'not_found':
        return { status: 404, body: { detail: error.message }, headers: {} }
      case 'rate_limited':
        return { status: 429, body: { detail: error.message }, headers: { 'Retry-After': String(error.retryAfter ?? 60) } }
      case 'unavailable':
        return { status: 503, body: { detail: error.message }, headers: { 'Retry-After': String(error.retryAfter ?? UNAVAILABLE_RETRY_AFTER_SECONDS) } }
    }
  }
  return { status: 500, body: { detail: STATUS_MESSAGES[500], error_id: report() }, headers: {} }
}
