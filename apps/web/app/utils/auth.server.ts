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

/**
 * The origin a target is parsed against. Only the parsed path, query and fragment are returned, so which origin this is
 * does not matter: what counts is that a target naming another host leaves it.
 */
const OWN_ORIGIN = 'http://meridian.invalid'
// A browser drops tabs and line breaks from an address and reads a backslash as a slash, so `/<TAB>/evil` or `/\evil`
// would be another site; other control characters make an invalid header. None belongs in a target.
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * Where a form or a sign-in may send the browser back to: a path on this site, written as such (a single leading
 * `/`, no control characters anywhere, no backslash before the query), answered re-encoded as the parsed path,
 * query and fragment. Anything else goes to `fallback`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/dashboard/overview') {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || CONTROL.test(target)) return fallback
  if (target.split(/[?#]/, 1)[0]!.includes('\\')) return fallback
  let url: URL
  try {
    url = new URL(target, OWN_ORIGIN)
  } catch {
    return fallback
  }
  // `/a/..//evil` stays on the origin, but its parsed path `//evil` would not.
  if (url.origin !== OWN_ORIGIN || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return fallback
  return `${url.pathname}${url.search}${url.hash}`
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
