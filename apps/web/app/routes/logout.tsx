import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { readSessionToken } from '../utils/auth.server.ts'
import { flashHeader } from '../utils/flash.server.ts'

/** Sign out: ends the server session and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = readSessionToken(request)
  if (token) await context.app.sessions.invalidate(token)
  const headers = new Headers()
  headers.append('Set-Cookie', context.app.sessions.blankCookie())
  headers.append('Set-Cookie', await flashHeader({ type: 'info', message: 'You have been signed out.' }))
  return redirect('/login', { headers })
}

export function loader() {
  return redirect('/')
}
