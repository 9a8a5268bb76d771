import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { signOutEvenIfUnavailable } from '@meridian/core'
import { readSessionToken } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

/**
 * Sign out: ends the server session and clears the cookie. While the database cannot be reached the cookie is cleared
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
  headers.append('Set-Cookie', context.app.sessions.blankCookie())
  headers.append('Set-Cookie', await flashHeader({ type: 'info', message: 'You have been signed out.' }))
  return redirect('/login', { headers })
}

export function loader() {
  return redirect('/')
}
