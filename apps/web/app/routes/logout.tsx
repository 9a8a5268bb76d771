import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { signOutEvenIfUnavailable } from '@meridian/core'
import { readSessionToken } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

/**
 * Sign out: ends the server session, clears the cookie and asks the browser to drop what it kept offline. While the database cannot be reached the cookie is cleared
 * all the same and the browser lands on sign-in; the session ends as soon as the database answers again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = readSessionToken(request)
  if (token) {
    await signOutEvenIfUnavailable(context.app.db, token, {
      onRetryFailed: (error) => console.error('A sign-out held back by a database outage failed when tried again:', (error as Error).message),
    })
  }
  const headers = new Headers()
  // What this browser kept for the signed-in traveler goes too (docs/traveler-app.md): the HTTP cache ("cache") and
  // the site's storage ("storage": the service worker's caches and its registration, the queued offline messages).
  // Quoted strings, as the header's grammar asks; the session cookie is cleared by its own Set-Cookie below, as before.
  headers.set('Clear-Site-Data', '"cache", "storage"')
  headers.append('Set-Cookie', context.app.sessions.blankCookie())
  headers.append('Set-Cookie', await flashHeader({ type: 'info', message: 'You have been signed out.' }))
  return redirect('/login', { headers })
}

export function loader() {
  return redirect('/')
}
