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

/** Every private loader and action calls this itself: the actor and a service context, or a redirect to /login. */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ actor: Actor; ctx: ServiceContext }> {
  const actor = await getActor(request, context)
  if (!actor) {
    const url = new URL(request.url)
    const back = `${url.pathname}${url.search}`
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`)
  }
  return { actor, ctx: serviceContext(context.app, actor, requestInfo(request)) }
}

export function anonymousContext(request: Request, context: AppLoadContext): ServiceContext {
  return serviceContext(context.app, null, requestInfo(request))
}
