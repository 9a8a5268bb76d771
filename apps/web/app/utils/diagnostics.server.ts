import { SESSION_COOKIE } from '@meridian/auth'
import { type CheckResult, DIAGNOSTIC_ENDPOINTS, runCheck } from './diagnostics.ts'
import { readSessionToken } from './auth.server.ts'

/**
 * The endpoint tests run by the server against itself (`origin` is the address the request reached), one after
 * another, with the credentials the page holds: the session cookie, and a bearer token only when one was just issued.
 * This is what the page shows before (or without) JavaScript.
 */
export async function runChecksOnServer(origin: string, request: Request, token?: string | null): Promise<CheckResult[]> {
  const headers: Record<string, string> = { 'User-Agent': 'Meridian diagnostics' }
  const session = readSessionToken(request)
  if (session) headers.Cookie = `${SESSION_COOKIE}=${encodeURIComponent(session)}`
  if (token) headers.Authorization = `Bearer ${token}`
  const results: CheckResult[] = []
  for (const endpoint of DIAGNOSTIC_ENDPOINTS) {
    results.push(await runCheck(endpoint.path, `${origin}${endpoint.path}`, headers))
  }
  return results
}
