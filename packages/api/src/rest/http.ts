import type { IncomingMessage, ServerResponse } from 'node:http'
import { DomainError, STATUS_MESSAGES } from '@meridian/core'

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

/** Read a JSON (or form-encoded) body up to 1 MiB; 413 beyond, 400 with DRF's wording when it is not JSON. */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > JSON_BODY_LIMIT) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > JSON_BODY_LIMIT) throw tooLarge()
    chunks.push(chunk as Buffer)
  }
  if (size === 0) return {}
  const text = Buffer.concat(chunks).toString('utf8')
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text))
  if (type && type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpError(415, { detail: `Unsupported media type "${type}" in request.` })
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new HttpError(400, { detail: `JSON parse error - ${(error as Error).message}` })
  }
}

function tooLarge() {
  return new HttpError(413, { detail: 'Request body is too large.' })
}

/** The one mapping from DomainError to HTTP status and DRF body. */
export function errorResponse(error: unknown): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.status, body: error.body, headers: error.headers }
  if (error instanceof DomainError) {
    switch (error.code) {
      case 'invalid':
        return { status: 400, body: error.fields ?? { detail: error.message }, headers: {} }
      case 'conflict':
        return error.fields
          ? { status: 400, body: error.fields, headers: {} }
          : { status: 409, body: { detail: error.message }, headers: {} }
      case 'unauthenticated':
        return { status: 401, body: { detail: error.message }, headers: { 'WWW-Authenticate': 'Bearer realm="api"' } }
      case 'forbidden':
        return { status: 403, body: { detail: error.message }, headers: {} }
      case 'not_found':
        return { status: 404, body: { detail: error.message }, headers: {} }
      case 'rate_limited':
        return { status: 429, body: { detail: error.message }, headers: { 'Retry-After': String(error.retryAfter ?? 60) } }
      case 'unavailable':
        return { status: 503, body: { detail: error.message }, headers: {} }
    }
  }
  return { status: 500, body: { detail: STATUS_MESSAGES[500] }, headers: {} }
}
