import { sessionIdFromToken } from '@meridian/auth'
import { type Database, eq, sessions } from '@meridian/db'
import { asDomainError } from '../errors.ts'
import { announceSignInsEnded } from './sign-in-credentials.ts'

/**
 * Sign a browser out: the session its cookie token names ends, and with it the event streams opened with that session,
 * on every process (nothing happens when it names none). The user's other sessions and tokens stay.
 */
export async function signOut(db: Database, sessionToken: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(eq(sessions.id, sessionIdFromToken(sessionToken))).returning({ userId: sessions.userId })
    await announceSignInsEnded(tx, ended.map((s) => s.userId))
  })
}

/** How often a sign-out the database could not take is tried again. */
export const SIGN_OUT_RETRY_MS = 5_000

/**
 * Sign a browser out even while the database cannot be reached (1-platform-core.md §4: signing out clears the user
 * even when the server call fails). Ended now when the database answers; otherwise tried again every
 * SIGN_OUT_RETRY_MS in the background until it does, so the session ends as soon as the database is back (or expires
 * first). The caller clears the cookie either way. Any other failure is thrown.
 */
export async function signOutEvenIfUnavailable(
  db: Database,
  sessionToken: string,
  options: { retryMs?: number; onRetryFailed?: (error: unknown) => void } = {},
): Promise<'ended' | 'pending'> {
  try {
    await signOut(db, sessionToken)
    return 'ended'
  } catch (error) {
    if (asDomainError(error)?.code !== 'unavailable') throw error
  }
  const retry = () => {
    const timer = setTimeout(() => {
      signOut(db, sessionToken).catch((error: unknown) => {
        if (asDomainError(error)?.code === 'unavailable') retry()
        else options.onRetryFailed?.(error)
      })
    }, options.retryMs ?? SIGN_OUT_RETRY_MS)
    // A process that is stopping does not wait for it: the session then ends when it expires.
    timer.unref()
  }
  retry()
  return 'pending'
}
