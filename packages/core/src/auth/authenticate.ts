import { issuedBefore } from '@meridian/auth'
import type { Actor, AppServices } from '../context.ts'
import { DomainError } from '../errors.ts'
import { loadActor } from './load-actor.ts'
import { type SignInCredential, tokenCredential } from './sign-in-credentials.ts'

export const INVALID_TOKEN_MESSAGE = 'Given token not valid for any token type'

/**
 * The actor behind a bearer access token. Refused when the signature or expiry fails, the user is gone or
 * inactive, or the token predates the user's last forced sign-out (password change, deactivation).
 */
export async function authenticateBearer(app: AppServices, token: string): Promise<Actor> {
  return (await authenticateAccessToken(app, token)).actor
}

/** authenticateBearer, with the credential a long-lived connection keeps to be checked again (endedCredentials). */
export async function authenticateAccessToken(app: AppServices, token: string): Promise<{ actor: Actor; credential: SignInCredential }> {
  const claims = await app.tokens.verify(token, 'access')
  if (!claims) throw new DomainError('unauthenticated', INVALID_TOKEN_MESSAGE)
  const actor = await loadActor(app.db, claims.user_id)
  if (!actor || !actor.isActive || issuedBefore(claims, actor.tokensValidAfter)) {
    throw new DomainError('unauthenticated', INVALID_TOKEN_MESSAGE)
  }
  return { actor, credential: tokenCredential(claims) }
}

/**
 * The actor behind a browser session cookie token, or null when there is none valid.
 * `cookie` is a refreshed Set-Cookie value when the session was extended.
 */
export async function authenticateSession(
  app: AppServices,
  token: string | undefined,
): Promise<{ actor: Actor; sessionId: string; credential: SignInCredential; cookie: string | null } | null> {
  if (!token) return null
  const result = await app.sessions.validate(token)
  if (!result) return null
  const actor = await loadActor(app.db, result.session.userId)
  if (!actor || !actor.isActive) {
    await app.sessions.invalidateById(result.session.id)
    return null
  }
  const credential: SignInCredential = { kind: 'session', userId: actor.id, sessionId: result.session.id }
  return { actor, sessionId: result.session.id, credential, cookie: result.cookie }
}
