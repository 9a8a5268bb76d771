import type { IncomingMessage } from 'node:http'
import { SESSION_COOKIE } from '@meridian/auth'
import { type Actor, type AppServices, authenticateAccessToken, authenticateSession, type SignInCredential } from '@meridian/core'
import { noteRequestUser } from '@meridian/core/observability'

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...rest] = part.trim().split('=')
    if (k !== name) continue
    try {
      return decodeURIComponent(rest.join('='))
    } catch {
      return undefined // a cookie no session of ours could have written
    }
  }
  return undefined
}

/** Who is asking, by bearer token (API clients) or session cookie (the browser's <img>, <video>, EventSource). */
export async function actorOf(app: AppServices, req: IncomingMessage): Promise<Actor | null> {
  return (await signInOf(app, req))?.actor ?? null
}

/** actorOf, with the credential the request was authenticated with (an event stream keeps it and ends with it). */
export async function signInOf(app: AppServices, req: IncomingMessage): Promise<{ actor: Actor; credential: SignInCredential } | null> {
  const header = req.headers.authorization
  const signIn = header?.toLowerCase().startsWith('bearer ')
    ? await authenticateAccessToken(app, header.slice(7).trim())
    : await authenticateSession(app, readCookie(req.headers.cookie, SESSION_COOKIE))
  if (signIn) noteRequestUser(req, signIn.actor.id)
  return signIn
}
