import { sessionIdFromToken } from '@meridian/auth'
import { type DatabaseHandle, eq, sessions, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { AppServices } from '../context.ts'
import { EventHub, type StreamEndReason, type StreamEvent } from '../events/hub.ts'
import { liveSources } from '../chat/live-sources.ts'
import { insertUser } from '../users/insert-user.ts'
import { endedCredentials, type SignInCredential, tokenCredential } from './sign-in-credentials.ts'

let handle: DatabaseHandle
let app: AppServices
let mia: number
let noah: number

const user = (username: string) => insertUser(handle.db, { username, email: `${username}@example.test`, password: 'a-long-password-1', role: 'traveler' })

async function session(userId: number): Promise<SignInCredential & { kind: 'session' }> {
  const { token } = await app.sessions.create(userId, { ipAddress: '198.51.100.4', userAgent: 'test' })
  return { kind: 'session', userId, sessionId: sessionIdFromToken(token) }
}
async function token(userId: number): Promise<SignInCredential> {
  return tokenCredential((await app.tokens.sign({ userId, type: 'access' })).claims)
}
const ended = async (...credentials: SignInCredential[]) => {
  const gone = await endedCredentials(handle.db, credentials)
  return credentials.map((c) => gone.has(c))
}

beforeAll(async () => {
  handle = await createTestDatabase()
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  mia = await user('mia')
  noah = await user('noah')
})
afterAll(async () => {
  await app?.events.stop()
  await handle?.close()
})

describe('endedCredentials', () => {
  it('keeps a session while it exists, is unexpired and belongs to the user it is claimed for', async () => {
    const live = await session(mia)
    const expired = await session(mia)
    const deleted = await session(mia)
    await handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, expired.sessionId))
    await handle.db.delete(sessions).where(eq(sessions.id, deleted.sessionId))
    const claimedByAnother: SignInCredential = { ...live, userId: noah }
    expect(await ended(live, expired, deleted, claimedByAnother)).toEqual([false, true, true, true])
    expect(await endedCredentials(handle.db, [])).toEqual(new Set())
  })

  it('keeps a token until it expires or the user is signed out everywhere after it was issued', async () => {
    const issued = await token(noah)
    const expired: SignInCredential = { kind: 'token', userId: noah, token: { iat: 1, iat_ms: 1_000, exp: Math.floor(Date.now() / 1000) - 1 } }
    expect(await ended(issued, expired)).toEqual([false, true])

    await new Promise((resolve) => setTimeout(resolve, 5))
    await handle.db.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, noah))
    const later = await token(noah)
    // A token without milliseconds counts as issued at the start of its second (the rule of authenticateBearer).
    const sameSecond: SignInCredential = { kind: 'token', userId: noah, token: { iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 } }
    expect(await ended(issued, later, sameSecond)).toEqual([true, false, true])
  })

  it('ends every credential of a user who is deactivated or gone', async () => {
    const dana = await user('dana')
    const [bySession, byToken, nobody] = [await session(dana), await token(dana), { ...(await token(dana)), userId: 2_000_000 }]
    expect(await ended(bySession, byToken)).toEqual([false, false])
    await handle.db.update(users).set({ isActive: false }).where(eq(users.id, dana))
    expect(await ended(bySession, byToken, nobody)).toEqual([true, true, true])
  })
})

describe('the event hub and credentials', () => {
  /** A stream on a hub of its own, recording what it is sent and why it ended. */
  async function openOn(hub: EventHub, credential: SignInCredential) {
    const events: StreamEvent[] = []
    let resolveEnd!: (reason: StreamEndReason) => void
    const endedWith = new Promise<StreamEndReason>((resolve) => (resolveEnd = resolve))
    await hub.open(credential, null, (e) => events.push(e), resolveEnd)
    return { events, endedWith }
  }
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))])

  it('ends a stream whose session ended without an announcement (expired, or the news missed) at the periodic check', async () => {
    const hub = new EventHub(liveSources(handle.db), (c, n, l) => handle.listen(c, n, l), { credentialCheckIntervalMs: 200 })
    try {
      const kept = await session(mia)
      const gone = await session(mia)
      const keptStream = await openOn(hub, kept)
      const goneStream = await openOn(hub, gone)
      await handle.db.delete(sessions).where(eq(sessions.id, gone.sessionId))
      expect(await within(goneStream.endedWith, 2_000)).toBe('signed_out')
      expect(await within(keptStream.endedWith, 500)).toBe('still open')
      expect(hub.streamsOf(mia)).toBe(1)
    } finally {
      await hub.stop()
    }
  })

  it('ends at once, before sending anything, a stream opened with a sign-in that ended just before it registered', async () => {
    const hub = new EventHub(liveSources(handle.db), (c, n, l) => handle.listen(c, n, l))
    try {
      const gone = await session(mia)
      await handle.db.delete(sessions).where(eq(sessions.id, gone.sessionId))
      const stream = await openOn(hub, gone)
      expect(await within(stream.endedWith, 2_000)).toBe('signed_out')
      expect(stream.events).toEqual([])
      expect(hub.streamsOf(mia)).toBe(0)
    } finally {
      await hub.stop()
    }
  })
})
