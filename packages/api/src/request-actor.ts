import type { IncomingMessage } from 'node:http'
import { SESSION_COOKIE } from '@meridian/auth'
import { type Actor, type AppServices, authenticateBearer, authenticateSession } from '@meridian/core'
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
  const header = req.headers.authorization
  const actor = header?.toLowerCase().startsWith('bearer ')
    ? await authenticateBearer(app, header.slice(7).trim())
    : ((await authenticateSession(app, readCookie(req.headers.cookie, SESSION_COOKIE)))?.actor ?? null)
  if (actor) noteRequestUser(req, actor.id)
  return actor
}
