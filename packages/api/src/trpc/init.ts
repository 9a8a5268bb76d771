import type { IncomingMessage } from 'node:http'
import { initTRPC, TRPCError } from '@trpc/server'
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc'
import {
  type Actor,
  type AppServices,
  asDomainError,
  authenticateBearer,
  authenticateSession,
  DomainError,
  fieldErrors,
  newErrorId,
  type SchemaIssue,
  type RequestMeta,
  type ServiceContext,
  serviceContext,
  STATUS_MESSAGES,
} from '@meridian/core'
import { readSessionCookie } from '@meridian/auth'
import { noteRequestUser } from '@meridian/core/observability'
import { isCrossSite, requestMeta } from '../request-meta.ts'

export interface TrpcContext {
  app: AppServices
  meta: RequestMeta
  actor: Actor | null
  /** How the caller authenticated: a browser session cookie needs the cross-site check on writes. */
  via: 'cookie' | 'bearer' | 'none'
  crossSite: boolean
  /** Set-Cookie values to send back (a refreshed or cleared session). */
  setCookies: string[]
  /** The browser session this request rides on, when it came with the session cookie. */
  sessionId?: string
}

/** Bearer access token first, else the session cookie. A bad bearer token is refused, never ignored. */
export async function createTrpcContext(app: AppServices, req: IncomingMessage): Promise<TrpcContext> {
  const meta = requestMeta(req, app.config.trustProxy)
  const ctx: TrpcContext = { app, meta, actor: null, via: 'none', crossSite: isCrossSite(req.headers), setCookies: [] }
  const header = req.headers.authorization
  if (header?.toLowerCase().startsWith('bearer ')) {
    ctx.actor = await authenticateBearer(app, header.slice(7).trim()).catch((error) => {
      // A database outage is not a bad token: the client must retry, not sign in again.
      if (asDomainError(error)?.code === 'unavailable') throw toTrpcError(error)
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Given token not valid for any token type' })
    })
    ctx.via = 'bearer'
    noteRequestUser(req, ctx.actor.id)
    return ctx
  }
  const session = await authenticateSession(app, readSessionCookie(req.headers.cookie)).catch((error) => {
    throw toTrpcError(error)
  })
  if (session) {
    ctx.actor = session.actor
    ctx.sessionId = session.sessionId
    ctx.via = 'cookie'
    noteRequestUser(req, session.actor.id)
    if (session.cookie) ctx.setCookies.push(session.cookie)
  }
  return ctx
}

const CODES: Record<DomainError['code'], TRPC_ERROR_CODE_KEY> = {
  invalid: 'BAD_REQUEST',
  conflict: 'CONFLICT',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  rate_limited: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
}

const errorIds = new WeakMap<object, string>()

/** One id per failure: the error formatter puts it in the answer, onError in the log line, whichever runs first. */
export function errorIdOf(error: object): string {
  let id = errorIds.get(error)
  if (!id) errorIds.set(error, (id = newErrorId()))
  return id
}

const t = initTRPC.context<TrpcContext>().create({
  isDev: process.env.NODE_ENV !== 'production',
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause
    const domain = cause instanceof DomainError ? cause : null
    // Input errors arrive as a ValiError (called directly) or a Standard Schema error (tRPC's .input()).
    const issues = cause && 'issues' in cause && Array.isArray(cause.issues) ? (cause.issues as SchemaIssue[]) : undefined
    const fields = domain?.fields ?? (issues ? fieldErrors(issues) : undefined)
    const internal = error.code === 'INTERNAL_SERVER_ERROR'
    // The app's configuration decides whether stacks are shown; without a context (it failed to build) isDev does.
    const { stack, ...data } = shape.data
    const showStack = stack !== undefined && !ctx?.app.config.production
    return {
      ...shape,
      message: internal ? STATUS_MESSAGES[500] : shape.message,
      data: {
        ...data,
        ...(showStack ? { stack } : {}),
        fields: fields ?? null,
        retryAfter: domain?.retryAfter ?? null,
        ...(internal ? { error_id: errorIdOf(error) } : {}),
      },
    }
  },
})

export const router = t.router
export const createCallerFactory = t.createCallerFactory

/** DomainError (or a database outage, as 'unavailable') becomes the matching tRPC error; anything else as it is. */
function toTrpcError(error: unknown): unknown {
  const domain = asDomainError(error)
  return domain ? new TRPCError({ code: CODES[domain.code], message: domain.message, cause: domain }) : error
}

/** DomainError becomes the matching tRPC error, once, for every procedure. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (!result.ok && asDomainError(result.error.cause)) throw toTrpcError(result.error.cause)
  return result
})

/** Writes that ride on the session cookie must come from this site (403 otherwise). */
const sameSiteWrites = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.via === 'cookie' && ctx.crossSite) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site request refused.' })
  }
  return next()
})

const withService = t.middleware(({ ctx, next }) => next({ ctx: { service: serviceContext(ctx.app, ctx.actor, ctx.meta) as ServiceContext } }))

export const publicProcedure = t.procedure.use(mapErrors).use(sameSiteWrites).use(withService)

/** Signed-in callers only; finer permission checks stay in the services. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Authentication credentials were not provided.' })
  return next({ ctx: { actor: ctx.actor } })
})

/**
 * A procedure whose access rule runs before its input is read (a middleware placed before `.input()`), so a caller
 * without access gets 401 / 403 whatever it sends and never learns what input is valid. The services check again.
 */
export function gatedProcedure(check: (service: ServiceContext) => unknown) {
  return publicProcedure.use(({ ctx, next }) => {
    check(ctx.service)
    return next()
  })
}
