import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle'
import { eq, sessions, users, type Database } from '@meridian/db'
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { Lucia, TimeSpan } from 'lucia'

export const SESSION_COOKIE = 'meridian_session'

/** The session token from a Cookie header, if the browser sent one. */
export function readSessionCookie(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== SESSION_COOKIE) continue
    try {
      return decodeURIComponent(rest.join('='))
    } catch {
      return undefined
    }
  }
  return undefined
}

function createLucia(db: Database, secure: boolean, ttlDays: number) {
  return new Lucia(new DrizzlePostgreSQLAdapter(db, sessions, users), {
    sessionExpiresIn: new TimeSpan(ttlDays, 'd'),
    sessionCookie: { name: SESSION_COOKIE, expires: true, attributes: { secure, sameSite: 'lax' } },
    getSessionAttributes: (a) => ({ ipAddress: a.ipAddress, userAgent: a.userAgent, lastUsedAt: a.lastUsedAt }),
    getUserAttributes: () => ({}),
  })
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>
    UserId: number
    DatabaseSessionAttributes: { ipAddress: string; userAgent: string; lastUsedAt?: Date }
    DatabaseUserAttributes: Record<string, never>
  }
}

/** The session id stored in the database is the SHA-256 of the cookie's token, so a leaked table grants nothing. */
export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

export interface SessionInfo {
  id: string
  userId: number
  expiresAt: Date
  fresh: boolean
}

export interface SessionManager {
  cookieName: string
  create(userId: number, attrs: { ipAddress: string; userAgent: string }): Promise<{ token: string; cookie: string }>
  /** The session for a cookie token, extended when past half its life; null when unknown or expired. */
  validate(token: string): Promise<{ session: SessionInfo; cookie: string | null } | null>
  invalidate(token: string): Promise<void>
  invalidateById(sessionId: string): Promise<void>
  invalidateUser(userId: number): Promise<void>
  blankCookie(): string
}

export function createSessionManager(db: Database, options: { secure: boolean; ttlDays?: number }): SessionManager {
  const lucia = createLucia(db, options.secure, options.ttlDays ?? 30)
  return {
    cookieName: lucia.sessionCookieName,
    async create(userId, attrs) {
      const bytes = crypto.getRandomValues(new Uint8Array(20))
      const token = encodeBase32LowerCaseNoPadding(bytes)
      const session = await lucia.createSession(userId, attrs, { sessionId: sessionIdFromToken(token) })
      const cookie = lucia.createSessionCookie(token)
      cookie.attributes.expires = session.expiresAt
      return { token, cookie: cookie.serialize() }
    },
    async validate(token) {
      if (!token || token.length > 100) return null
      const { session } = await lucia.validateSession(sessionIdFromToken(token))
      if (!session) return null
      // Remember the last use (for the security page), at most once a minute per session.
      const lastUsed = session.lastUsedAt ? new Date(session.lastUsedAt).getTime() : 0
      if (Date.now() - lastUsed > 60_000) {
        await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, session.id))
      }
      const cookie = session.fresh ? lucia.createSessionCookie(token) : null
      if (cookie) cookie.attributes.expires = session.expiresAt
      return {
        session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt, fresh: session.fresh },
        cookie: cookie?.serialize() ?? null,
      }
    },
    async invalidate(token) {
      await lucia.invalidateSession(sessionIdFromToken(token))
    },
    async invalidateById(sessionId) {
      await lucia.invalidateSession(sessionId)
    },
    async invalidateUser(userId) {
      await lucia.invalidateUserSessions(userId)
    },
    blankCookie() {
      return lucia.createBlankSessionCookie().serialize()
    },
  }
}
