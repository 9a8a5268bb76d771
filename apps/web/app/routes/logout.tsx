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
  // What this browser kept for the signed-in traveler goes too (docs/traveler-app.md "Signing out"): the HTTP cache
  // ("cache") and, for a form posted by the browser itself, the site's storage ("storage": the service worker's caches
  // and registration, the messages queued offline). Not for a script's request (Remix's sign-out button): clearing
  // "storage" unregisters the worker that controls the page while that request is in flight, and the page never
  // follows the redirect; the worker drops its caches when it sees the sign-out, the sign-in page the queued messages.
  // Quoted strings, as the header's grammar asks; the session cookie is cleared by its own Set-Cookie below, as before.
  const navigation = request.headers.get('Sec-Fetch-Mode') === 'navigate'
  headers.set('Clear-Site-Data', navigation ? '"cache", "storage"' : '"cache"')
  headers.append('Set-Cookie', context.app.sessions.blankCookie())
  headers.append('Set-Cookie', await flashHeader({ type: 'info', message: 'You have been signed out.' }))
  return redirect('/login', { headers })
}

export function loader() {
  return redirect('/')
}
