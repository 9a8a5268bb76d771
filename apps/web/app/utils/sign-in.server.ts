import { redirect } from '@remix-run/node'
import type { AppLoadContext } from '@remix-run/node'
import { AUTH_MESSAGES, DomainError, type Actor, signIn, signOut } from '@meridian/core'
import { anonymousContext, readSessionToken, requestInfo } from './auth.server.ts'
import { flashHeader } from './flash.server.ts'
import { saveCarriedQuiz } from './quiz.server.ts'

/** Start a fresh browser session for a user (a new id at every sign-in) and redirect with the success toast. */
export async function startSession(request: Request, context: AppLoadContext, actor: Actor, redirectTo: string, message: string) {
  const old = readSessionToken(request)
  if (old) await signOut(context.app.db, old)
  const { cookie } = await context.app.sessions.create(actor.id, requestInfo(request))
  const headers = new Headers()
  headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', await flashHeader({ type: 'success', message }))
  // A visitor's onboarding quiz becomes their submission now.
  for (const cookie of await saveCarriedQuiz(request, context, actor)) headers.append('Set-Cookie', cookie)
  return redirect(redirectTo, { headers })
}

/**
 * Sign in from a form; on failure `fail(message, status, headers)` builds the page's own response (headers carry
 * Retry-After when throttled).
 */
export async function signInWithForm<T>(
  input: { request: Request; context: AppLoadContext; username: string; password: string; redirectTo: string },
  fail: (message: string, status: number, headers: Record<string, string>) => T,
) {
  try {
    const actor = await signIn(anonymousContext(input.request, input.context), {
      username: input.username,
      password: input.password,
    })
    return startSession(input.request, input.context, actor, input.redirectTo, AUTH_MESSAGES.loginSuccessful)
  } catch (error) {
    if (error instanceof DomainError) {
      const status = error.code === 'rate_limited' ? 429 : error.code === 'invalid' ? 400 : 401
      return fail(error.message, status, error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {})
    }
    throw error
  }
}
