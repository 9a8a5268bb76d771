import type { ServerBuild } from '@remix-run/node'
import { DomainError, STATUS_MESSAGES } from '@meridian/core'

const STATUS: Record<DomainError['code'], number> = {
  invalid: 400,
  conflict: 409,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  unavailable: 503,
}

// What Remix's form parsing throws for a body that is not a form, is malformed or is cut short.
const BODY_ERRORS = /Content-Type was not one of|Could not parse content as FormData|Failed to parse body as FormData|Unexpected end of (form|multipart)|Malformed part header|Multipart: Boundary not found|Unexpected end of input/i

/**
 * What a loader or action threw, as the page's answer: a DomainError nobody caught is its own status (a 403 shows
 * the access-denied screen, a 404 the not-found screen) instead of a 500; a body Remix could not read as a form is
 * a 400. Anything else is unexpected and goes on to the error screen and the log (500, with an error id).
 */
export function routeErrorResponse(error: unknown): unknown {
  if (error instanceof Response) return error
  if (error instanceof DomainError) {
    const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' }
    if (error.code === 'rate_limited') headers['Retry-After'] = String(error.retryAfter ?? 60)
    const text = error.fields ? Object.values(error.fields).flat().join(' ') || error.message : error.message
    return new Response(text, { status: STATUS[error.code], headers })
  }
  if (error instanceof Error && BODY_ERRORS.test(error.message)) {
    return new Response(STATUS_MESSAGES[400], { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  return error
}

type Handler = (args: never) => unknown

function guard<T extends Handler | undefined>(handler: T): T {
  if (typeof handler !== 'function') return handler
  const guarded = async (args: never) => {
    try {
      return await handler(args)
    } catch (error) {
      throw routeErrorResponse(error)
    }
  }
  return guarded as unknown as T
}

/**
 * The build with every route's loader and action guarded (routeErrorResponse): one place, so a route added
 * tomorrow is covered without remembering to be.
 */
export function guardRoutes(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route.module as unknown as Record<string, unknown> & { loader?: Handler; action?: Handler }
    routes[id] = { ...route, module: { ...module, loader: guard(module.loader), action: guard(module.action) } as unknown as typeof route.module }
  }
  return { ...build, routes }
}
