import { redirect } from '@remix-run/node'
import type { AppLoadContext } from '@remix-run/node'
import { readSessionCookie } from '@meridian/auth'
import { type Actor, authenticateSession, type ServiceContext, serviceContext } from '@meridian/core'

export function readSessionToken(request: Request): string | undefined {
  return readSessionCookie(request.headers.get('Cookie'))
}

export function requestInfo(request: Request) {
  return {
    ipAddress: request.headers.get('x-meridian-client-ip') ?? '',
    userAgent: (request.headers.get('user-agent') ?? '').slice(0, 500),
  }
}

type SessionResult = Awaited<ReturnType<typeof authenticateSession>>
const readsOfRequest = new WeakMap<AppLoadContext, Promise<SessionResult>>()

/**
 * The session of this request. The load context is made once per request, so on reads (GET, HEAD) the root,
 * layout and page loaders share one check instead of validating the cookie three times. Writes check afresh:
 * an action may end or replace the session before its page's loaders run.
 */
export function currentSession(request: Request, context: AppLoadContext): Promise<SessionResult> {
  const check = () =>
    authenticateSession(context.app, readSessionToken(request)).then((session) => {
      if (session) context.noteUser?.(session.actor.id)
      return session
    })
  if (request.method !== 'GET' && request.method !== 'HEAD') return check()
  let pending = readsOfRequest.get(context)
  if (!pending) {
    pending = check()
    readsOfRequest.set(context, pending)
  }
  return pending
}

/** The signed-in user of this request, or null. */
export async function getActor(request: Request, context: AppLoadContext): Promise<Actor | null> {
  return (await currentSession(request, context))?.actor ?? null
}

/** Only same-site relative paths are honoured as return targets. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/dashboard/overview') {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback
  }
  return target
}

/** The marker on /login for a browser whose session cookie no longer names a valid session (spec 1 §4 Session). */
export const EXPIRED_PARAM = 'expired'

/**
 * Where a signed-out request is sent: /login with the way back. When the browser sent a session cookie that names no
 * valid session (expired, revoked, signed out elsewhere, the account deactivated), the address carries `expired=1`
 * and the dead cookie is cleared; a visitor who sent no cookie gets neither.
 */
export function signInRedirect(request: Request, context: AppLoadContext): Response {
  const url = new URL(request.url)
  const back = `redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`
  if (!readSessionToken(request)) return redirect(`/login?${back}`)
  return redirect(`/login?${EXPIRED_PARAM}=1&${back}`, { headers: { 'Set-Cookie': context.app.sessions.blankCookie() } })
}

/** Every private loader and action calls this itself: the actor and a service context, or a redirect to /login. */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ actor: Actor; ctx: ServiceContext }> {
  const actor = await getActor(request, context)
  if (!actor) throw signInRedirect(request, context)
  return { actor, ctx: serviceContext(context.app, actor, requestInfo(request)) }
}

export function anonymousContext(request: Request, context: AppLoadContext): ServiceContext {
  return serviceContext(context.app, null, requestInfo(request))
}
