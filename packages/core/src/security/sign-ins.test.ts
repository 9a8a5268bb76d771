import { sessionIdFromToken } from '@meridian/auth'
import { type DatabaseHandle, eq, refreshTokens, sessions, sql, users } from '@meridian/db'

const isNotNull = (column: typeof refreshTokens.replacedBy) => sql`${column} is not null`
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { AppServices, ServiceContext } from '../context.ts'
import { loadActor } from '../auth/load-actor.ts'
import { authenticateBearer, authenticateSession } from '../auth/authenticate.ts'
import { issueTokens, refreshTokenPair } from '../auth/tokens.ts'
import { insertUser } from '../users/insert-user.ts'
import { listSignIns, revokeSignIn } from './sign-ins.ts'
import { revokeOtherSignIns } from './revoke-other-sign-ins.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

let handle: DatabaseHandle
let app: AppServices
let mia: ServiceContext
let noah: ServiceContext

async function user(username: string): Promise<ServiceContext> {
  const id = await insertUser(handle.db, {
    username,
    email: `${username}@example.test`,
    password: 'a-long-password-1',
    role: 'traveler',
  })
  return serviceContext(app, await loadActor(handle.db, id), { ipAddress: '203.0.113.7', userAgent: 'curl/8.5' })
}

/** A browser session for the context's user: its cookie token and stored id. */
async function browser(ctx: ServiceContext, userAgent: string, ipAddress = '198.51.100.4') {
  const { token } = await app.sessions.create(ctx.actor!.id, { ipAddress, userAgent })
  return { token, id: sessionIdFromToken(token) }
}

beforeAll(async () => {
  handle = await createTestDatabase()
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  mia = await user('mia')
  noah = await user('noah')
})

beforeEach(async () => {
  await handle.db.delete(sessions)
  await handle.db.delete(refreshTokens)
})

afterAll(async () => {
  await handle?.close()
})

describe('listSignIns', () => {
  it('refuses an anonymous caller', async () => {
    await expect(listSignIns(serviceContext(app, null, { ipAddress: '', userAgent: '' }))).rejects.toMatchObject({
      code: 'unauthenticated',
    })
  })

  it("lists only the caller's live sessions and tokens, marks the current one, and never shows a session id", async () => {
    const here = await browser(mia, CHROME)
    const there = await browser(mia, FIREFOX, '192.0.2.9')
    await browser(noah, CHROME)
    await issueTokens(mia, mia.actor!)
    // An expired session is no longer a way in, so it is not listed.
    const old = await browser(mia, CHROME)
    await handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, old.id))

    const list = await listSignIns(mia, here.id)
    expect(list).toHaveLength(3)
    const browsers = list.filter((s) => s.kind === 'session')
    expect(browsers.map((s) => s.user_agent).sort()).toEqual([CHROME, FIREFOX].sort())
    expect(browsers.find((s) => s.current)).toMatchObject({ user_agent: CHROME, ip_address: '198.51.100.4' })
    expect(browsers.filter((s) => s.current)).toHaveLength(1)
    expect(browsers.find((s) => s.user_agent === FIREFOX)).toMatchObject({ ip_address: '192.0.2.9', current: false })
    for (const s of browsers) {
      expect(s.id).toMatch(/^s_[0-9a-f]{16}$/)
      expect(s.id).not.toContain(here.id)
      expect(s.id).not.toContain(there.id)
      expect(new Date(s.expires_at).getTime()).toBeGreaterThan(Date.now())
    }
    const token = list.find((s) => s.kind === 'token')!
    expect(token).toMatchObject({
      ip_address: '203.0.113.7',
      user_agent: 'curl/8.5',
      current: false,
      last_used_at: null,
    })
    expect(token.id).toMatch(/^t_\d+$/)

    // Without a current session id (an API client) nothing is marked.
    expect((await listSignIns(mia)).some((s) => s.current)).toBe(false)
  })
})

describe('revokeSignIn', () => {
  it('ends one browser session of the caller and leaves the others', async () => {
    const here = await browser(mia, CHROME)
    const there = await browser(mia, FIREFOX)
    const target = (await listSignIns(mia, here.id)).find((s) => s.user_agent === FIREFOX)!
    await revokeSignIn(mia, target.id)
    expect(await authenticateSession(app, there.token)).toBeNull()
    expect(await authenticateSession(app, here.token)).not.toBeNull()
    expect((await listSignIns(mia, here.id)).map((s) => s.user_agent)).toEqual([CHROME])
    // A second revoke of the same handle finds nothing.
    await expect(revokeSignIn(mia, target.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('revokes a refresh token with its whole family', async () => {
    const first = await issueTokens(mia, mia.actor!)
    const rotated = await refreshTokenPair(mia, { refresh: first.refresh })
    const listed = (await listSignIns(mia)).filter((s) => s.kind === 'token')
    expect(listed).toHaveLength(1)
    // The family's sign-in time and its last rotation, not the newest token's creation.
    const [firstRow] = await handle.db.select().from(refreshTokens).where(isNotNull(refreshTokens.replacedBy))
    expect(listed[0]!.created_at).toBe(firstRow!.createdAt.toISOString())
    expect(listed[0]!.last_used_at).toBe(firstRow!.lastUsedAt!.toISOString())
    await revokeSignIn(mia, listed[0]!.id)
    expect(await listSignIns(mia)).toEqual([])
    await expect(refreshTokenPair(mia, { refresh: rotated.refresh })).rejects.toMatchObject({ code: 'unauthenticated' })
  })

  it("cannot touch someone else's sessions or tokens, and says not_found for them as for nonsense", async () => {
    const theirs = await browser(noah, CHROME)
    await issueTokens(noah, noah.actor!)
    const [session, token] = [
      (await listSignIns(noah)).find((s) => s.kind === 'session')!,
      (await listSignIns(noah)).find((s) => s.kind === 'token')!,
    ]
    for (const id of [
      session.id,
      token.id,
      's_%',
      's_',
      's_zzzzzzzzzzzzzzzz',
      't_abc',
      't_0',
      't_99999999999',
      'x_1',
      '',
    ]) {
      await expect(revokeSignIn(mia, id), id).rejects.toMatchObject({ code: 'not_found' })
    }
    expect(await authenticateSession(app, theirs.token)).not.toBeNull()
    expect(await listSignIns(noah)).toHaveLength(2)
  })
})

describe('revokeOtherSignIns', () => {
  it('keeps this browser and ends every other session, token and access token', async () => {
    const here = await browser(mia, CHROME)
    const there = await browser(mia, FIREFOX)
    const pair = await issueTokens(mia, mia.actor!)
    const theirs = await browser(noah, CHROME)
    // Access tokens are refused from the second after the sign-out; wait so the one above predates it.
    await new Promise((resolve) => setTimeout(resolve, 1100))

    expect(await revokeOtherSignIns(mia, here.id)).toBe(2)
    expect(await authenticateSession(app, here.token)).not.toBeNull()
    expect(await authenticateSession(app, there.token)).toBeNull()
    await expect(authenticateBearer(app, pair.access)).rejects.toMatchObject({ code: 'unauthenticated' })
    await expect(refreshTokenPair(mia, { refresh: pair.refresh })).rejects.toMatchObject({ code: 'unauthenticated' })
    expect((await listSignIns(mia, here.id)).map((s) => s.current)).toEqual([true])
    expect(await authenticateSession(app, theirs.token)).not.toBeNull()

    const [row] = await handle.db.select({ at: users.tokensValidAfter }).from(users).where(eq(users.id, mia.actor!.id))
    expect(Date.now() - row!.at.getTime()).toBeLessThan(5_000)
    // Nothing left to end.
    expect(await revokeOtherSignIns(mia, here.id)).toBe(0)
  })
})
