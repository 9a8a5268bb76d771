import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '@meridian/auth'
import { insertUser, loadActor, revokeOtherSignIns, serviceContext, signOut } from '@meridian/core'
import { eq, mailOutbox } from '@meridian/db'
import { openEventStream, type SseConnection } from './sse-client.ts'
import { startTestServer, type TestServer } from './testing.ts'

/**
 * An open event stream ends with the sign-in it was opened with (docs/security.md): sign-out, password change, reset,
 * deactivation and "sign out everywhere else" end the matching streams within seconds, on every process, and nothing
 * posted afterwards reaches them; streams of other sign-ins keep working.
 */

let server: TestServer
/** A second server over the same database: another app process, reached only through PostgreSQL. */
let other: TestServer
let superToken: string
const open: SseConnection[] = []
/**
 * How long a stream may take to end after its sign-in ended: far below the 25 s ping and the hub's 30 s check of every
 * stream (CREDENTIAL_CHECK_INTERVAL_MS), so only the announcement can end it in time.
 */
const WITHIN_MS = 5_000

interface Traveler {
  id: number
  username: string
  access: string
  /** Their conversation with the superadmin, as a REST path. */
  path: string
}

let n = 0
async function traveler(): Promise<Traveler> {
  const username = `stream-traveler-${++n}`
  const id = await insertUser(server.handle.db, { username, email: `${username}@example.com`, password: 'meridian-demo', role: 'traveler' })
  const { access } = await server.login(username)
  const opened = await server.request('/api/chat/conversations/', { token: superToken, body: { traveler_id: id } })
  expect(opened.status, JSON.stringify(opened.body)).toBe(201)
  return { id, username, access, path: `/api/chat/conversations/${opened.body.id}/` }
}

/** A browser session of the user: the cookie header its EventSource would send. */
async function browserSession(userId: number): Promise<{ token: string; cookie: string }> {
  const { token } = await server.app.sessions.create(userId, { ipAddress: '127.0.0.1', userAgent: 'stream test' })
  return { token, cookie: `${SESSION_COOKIE}=${token}` }
}

function stream(headers: Record<string, string>, on: TestServer = server): SseConnection {
  const s = openEventStream(`${on.url}/api/chat/events/`, headers)
  open.push(s)
  return s
}
const byToken = (access: string, on?: TestServer) => stream({ Authorization: `Bearer ${access}` }, on)
const byCookie = (cookie: string, on?: TestServer) => stream({ Cookie: cookie }, on)

async function live(...streams: SseConnection[]) {
  for (const s of streams) {
    expect(await s.status).toBe(200)
    await s.next('ready')
  }
}

/** The superadmin writes into a traveler's conversation; answers the message id. */
async function post(to: Traveler, content: string): Promise<number> {
  const res = await server.request(`${to.path}messages/`, { token: superToken, body: { content } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.id
}

/** The stream ends cleanly (the server finished the response) within WITHIN_MS. */
async function expectEnded(s: SseConnection) {
  const outcome = await Promise.race([s.ended, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), WITHIN_MS))])
  expect(outcome, `the stream should have ended within ${WITHIN_MS} ms`).toBe(true)
}

const messageIds = (s: SseConnection) => s.events.filter((e) => e.event === 'message').map((e) => Number(e.id))

async function expectReceives(s: SseConnection, id: number) {
  expect(Number((await s.next('message')).id)).toBe(id)
}

beforeAll(async () => {
  server = await startTestServer()
  other = await startTestServer({ handle: server.handle })
  superToken = (await server.login('superadmin')).access
})
afterAll(async () => {
  for (const s of open) s.close()
  await other?.close()
  await server?.close()
})

describe('an open event stream ends with its sign-in', () => {
  it('signing a browser out ends the streams of that session; the same user’s other session and API token keep theirs', async () => {
    const t = await traveler()
    const a = await browserSession(t.id)
    const b = await browserSession(t.id)
    const streamA = byCookie(a.cookie)
    const streamB = byCookie(b.cookie)
    const streamToken = byToken(t.access)
    await live(streamA, streamB, streamToken)

    await signOut(server.handle.db, a.token)
    const after = await post(t, 'Your visa appointment is confirmed.')
    await expectEnded(streamA)
    expect(messageIds(streamA)).not.toContain(after)
    await expectReceives(streamB, after)
    await expectReceives(streamToken, after)
    expect(await byCookie(a.cookie).status).toBe(401)
  })

  it('changing the password ends every stream of the user, session and token alike; another user’s stream keeps working', async () => {
    const t = await traveler()
    const bystander = await traveler()
    const session = await browserSession(t.id)
    const bySession = byCookie(session.cookie)
    const byApi = byToken(t.access)
    const theirs = byToken(bystander.access)
    await live(bySession, byApi, theirs)

    const changed = await server.request('/users/api/auth/change-password/', {
      token: t.access,
      body: { old_password: 'meridian-demo', new_password: 'a-new-travel-pass-1', confirm_password: 'a-new-travel-pass-1' },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const after = await post(t, 'The ferry leaves at nine.')
    const toBystander = await post(bystander, 'Your hotel is booked.')
    await expectEnded(bySession)
    await expectEnded(byApi)
    expect([...messageIds(bySession), ...messageIds(byApi)]).not.toContain(after)
    await expectReceives(theirs, toBystander)
    expect(await byCookie(session.cookie).status).toBe(401)
    expect(await byToken(t.access).status).toBe(401)
  })

  it('a completed password reset ends every stream of the user; another user’s stream keeps working', async () => {
    const t = await traveler()
    const bystander = await traveler()
    const session = await browserSession(t.id)
    const bySession = byCookie(session.cookie)
    const byApi = byToken(t.access)
    const theirs = byToken(bystander.access)
    await live(bySession, byApi, theirs)

    expect((await server.request('/users/api/auth/password-reset/', { body: { email: `${t.username}@example.com` } })).status).toBe(200)
    const [mail] = await server.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, `${t.username}@example.com`))
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!
    const reset = await server.request('/users/api/auth/password-reset/confirm/', { body: { token, new_password: 'a-reset-travel-pass-1' } })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    const after = await post(t, 'Your train tickets are attached.')
    const toBystander = await post(bystander, 'Your rail pass is ready.')
    await expectEnded(bySession)
    await expectEnded(byApi)
    expect([...messageIds(bySession), ...messageIds(byApi)]).not.toContain(after)
    await expectReceives(theirs, toBystander)
  })

  it('deactivation by the superadmin ends the user’s streams on every process; another user’s stream keeps working', async () => {
    const t = await traveler()
    const bystander = await traveler()
    const session = await browserSession(t.id)
    // Held by the other process: only PostgreSQL carries the news there.
    const elsewhere = byCookie(session.cookie, other)
    const byApi = byToken(t.access, other)
    const here = byToken(t.access)
    const theirs = byToken(bystander.access, other)
    await live(elsewhere, byApi, here, theirs)

    const gone = await server.request(`/users/api/users-mgmt/${t.id}/`, { method: 'DELETE', token: superToken })
    expect(gone.status, JSON.stringify(gone.body)).toBe(204)
    const after = await post(t, 'Your refund is on its way.')
    const toBystander = await post(bystander, 'Your cabin is upgraded.')
    for (const s of [elsewhere, byApi, here]) await expectEnded(s)
    expect([...messageIds(elsewhere), ...messageIds(byApi), ...messageIds(here)]).not.toContain(after)
    await expectReceives(theirs, toBystander)
    expect(await byToken(t.access, other).status).toBe(401)
  })

  it('signing out everywhere else ends the other sessions’ and the tokens’ streams; this browser’s stream stays', async () => {
    const t = await traveler()
    const kept = await browserSession(t.id)
    const ended = await browserSession(t.id)
    const keptStream = byCookie(kept.cookie)
    const endedStream = byCookie(ended.cookie, other)
    const byApi = byToken(t.access)
    await live(keptStream, endedStream, byApi)

    const actor = (await loadActor(server.handle.db, t.id))!
    const ctx = serviceContext(server.app, actor, { ipAddress: '127.0.0.1', userAgent: 'stream test' })
    const keep = (await server.app.sessions.validate(kept.token))!.session.id
    expect(await revokeOtherSignIns(ctx, keep)).toBeGreaterThanOrEqual(2)
    const after = await post(t, 'Only this browser is still signed in.')
    await expectEnded(endedStream)
    await expectEnded(byApi)
    expect([...messageIds(endedStream), ...messageIds(byApi)]).not.toContain(after)
    await expectReceives(keptStream, after)
  })
})
