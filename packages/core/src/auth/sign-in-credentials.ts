import { issuedBefore, type TokenClaims } from '@meridian/auth'
import { and, type Database, gt, inArray, sessions, users } from '@meridian/db'
import { publishEvent } from '../events/publish.ts'

/**
 * What a long-lived connection (an event stream) was authenticated with, kept so it can be checked again while it
 * stays open: a browser session (its stored id), or a bearer access token (its issue and expiry times).
 */
export type SignInCredential =
  | { kind: 'session'; userId: number; sessionId: string }
  | { kind: 'token'; userId: number; token: Pick<TokenClaims, 'iat' | 'iat_ms' | 'exp'> }

export function tokenCredential(claims: TokenClaims): SignInCredential {
  return { kind: 'token', userId: claims.user_id, token: { iat: claims.iat, iat_ms: claims.iat_ms, exp: claims.exp } }
}

/** Ids per statement when checking many credentials at once (far under PostgreSQL's parameter limit). */
const CHUNK = 1_000

async function chunked<T, R>(items: T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await read(items.slice(i, i + CHUNK))))
  return out
}

/**
 * Which of these credentials would be refused now, by the rules authenticateSession and authenticateBearer apply
 * (without extending or touching anything): a session that is gone or past its expiry; a token past its expiry or
 * issued before the user's last forced sign-out (password change, reset, deactivation, "sign out everywhere else");
 * either of a user who is gone or inactive. Two statements, whatever the number of credentials.
 */
export async function endedCredentials<C extends SignInCredential>(db: Database, credentials: readonly C[]): Promise<Set<C>> {
  if (!credentials.length) return new Set()
  const now = new Date()
  const userIds = [...new Set(credentials.map((c) => c.userId))]
  const sessionIds = [...new Set(credentials.flatMap((c) => (c.kind === 'session' ? [c.sessionId] : [])))]
  const [people, live] = await Promise.all([
    chunked(userIds, (ids) =>
      db.select({ id: users.id, isActive: users.isActive, tokensValidAfter: users.tokensValidAfter }).from(users).where(inArray(users.id, ids)),
    ),
    chunked(sessionIds, (ids) =>
      db
        .select({ id: sessions.id, userId: sessions.userId })
        .from(sessions)
        .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, now))),
    ),
  ])
  const user = new Map(people.map((u) => [u.id, u]))
  const sessionOwner = new Map(live.map((s) => [s.id, s.userId]))
  const ended = new Set<C>()
  for (const c of credentials) {
    const owner = user.get(c.userId)
    const valid =
      owner?.isActive === true &&
      (c.kind === 'session'
        ? sessionOwner.get(c.sessionId) === c.userId
        : c.token.exp * 1000 > now.getTime() && !issuedBefore(c.token, new Date(owner.tokensValidAfter)))
    if (!valid) ended.add(c)
  }
  return ended
}

/**
 * Tell every app process that sign-ins of these users ended (inside the caller's transaction: delivered at commit,
 * never on rollback). Each process checks its open streams of those users again and ends those whose credential no
 * longer holds (endedCredentials), so the announcement need not say which sign-ins ended.
 */
export async function announceSignInsEnded(db: Pick<Database, 'execute'>, userIds: readonly number[]): Promise<void> {
  await publishEvent(db, { type: 'sign_ins_ended', users: [...new Set(userIds)] })
}
