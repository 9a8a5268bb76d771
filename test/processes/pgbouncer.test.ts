import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppProcess, startApp } from '../faults/support/app-process.ts'
import { cluster, createFaultDatabase, type FaultDatabase } from '../faults/support/database.ts'
import { call, formLogin, restLogin, trpc, waitFor } from '../faults/support/http.ts'
import { smallPng, uploadFiles, waitUntilProcessed } from '../faults/support/media.ts'
import { type PgBouncer, startPgBouncer } from '../faults/support/pgbouncer.ts'
import { openEventStream, type SseConnection } from '../../packages/api/src/sse-client.ts'

/**
 * Two app processes behind PgBouncer in transaction mode (docs/operations.md "Behind a connection pooler"): DATABASE_URL
 * is the pooler, with DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL is PostgreSQL itself (live events' LISTEN,
 * the migration lock). The pooler has four server connections for every client connection of both, so one client's
 * consecutive transactions run on different server sessions: what a client does works as it does without the pooler.
 * Without the setting the server does not start through the pooler, and says what to set.
 */
let db: FaultDatabase
let database: string
let bouncer: PgBouncer
let a: AppProcess
let b: AppProcess
let mediaRoot: string

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))])

beforeAll(async () => {
  db = await createFaultDatabase()
  database = new URL(db.url).pathname.slice(1)
  bouncer = await startPgBouncer({ port: cluster().port })
  mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-pgbouncer-media-'))
  const env = { DATABASE_URL: bouncer.url(database), DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: db.url, SEED_DEMO: 'true', MEDIA_ROOT: mediaRoot }
  a = await startApp(env)
  b = await startApp(env)
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await bouncer?.stop()
  await db?.drop()
  if (mediaRoot) fs.rmSync(mediaRoot, { recursive: true, force: true })
})

describe('two app processes behind PgBouncer in transaction mode', () => {
  it('start through the pooler, say so, and name the settings the database role should carry', async () => {
    for (const app of [a, b]) expect(app.output()).toMatch(/PostgreSQL \(127\.0\.0\.1:\d+ through a transaction pooler, 127\.0\.0\.1:\d+ direct\)/)
    // The private cluster has PostgreSQL's defaults, which a pooler's connections keep: the operator is told what to set.
    expect(a.output()).toMatch(/run with jit=on, statement_timeout=0/)
    expect(a.output()).toMatch(/ALTER ROLE CURRENT_USER SET jit = off; ALTER ROLE CURRENT_USER SET statement_timeout = 15000/)
    await waitFor(async () => (await bouncer.transactions(database)) > 0, 5_000, 'the pooler to count the app processes’ transactions')
  })

  it('a browser session from one works on the other', async () => {
    const cookie = await formLogin(a.url, 'admin')
    const me = await trpc(b.url, 'auth.me', { cookie })
    expect(me.status).toBe(200)
    expect(me.body.result.data.username).toBe('admin')
    expect((await call(b.url, '/dashboard/overview', { cookie })).status).toBe(200)
  })

  it('a paginated list answers on both, page after page, also many at once', async () => {
    const { access } = await restLogin(b.url, 'superadmin')
    const first = await call(a.url, '/users/api/users-mgmt/?page_size=2', { token: access })
    expect(first.status).toBe(200)
    expect(first.body.count).toBeGreaterThanOrEqual(6)
    expect(first.body.results).toHaveLength(2)
    expect(first.body.next).toContain('page=2')
    const second = await call(b.url, '/users/api/users-mgmt/?page_size=2&page=2', { token: access })
    expect(second.status).toBe(200)
    expect(second.body.results).toHaveLength(2)
    const names = (page: typeof first) => page.body.results.map((u: { username: string }) => u.username)
    expect(names(second)).not.toEqual(expect.arrayContaining(names(first)))
    // The same statements again and again from every pooled connection of both, each on whichever server connection is free.
    const pages = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(i % 2 ? a.url : b.url, `/users/api/users-mgmt/?page_size=2&page=${(i % 3) + 1}`, { token: access })),
    )
    expect(pages.map((p) => p.status)).toEqual(pages.map(() => 200))
    expect(pages.map((p) => p.body.results.length)).toEqual(pages.map(() => 2))
  })

  it('a user created through one is read back, listed and signs in through the other', async () => {
    const { access } = await restLogin(a.url, 'superadmin')
    const roles = await call(a.url, '/users/api/roles/select_options/', { token: access })
    const traveler = roles.body.find((r: { name: string }) => r.name === 'traveler').value
    const password = 'correct-horse-battery'
    const created = await call(a.url, '/users/api/users-mgmt/', {
      token: access,
      body: { username: 'pooled', email: 'pooled@example.com', first_name: 'Pia', last_name: 'Pool', role_id: traveler, password, confirm_password: password },
    })
    expect(created.status).toBe(201)
    const read = await call(b.url, `/users/api/users-mgmt/${created.body.id}/`, { token: access })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: created.body.id, username: 'pooled', email: 'pooled@example.com', full_name: 'Pia Pool' })
    const found = await call(b.url, '/users/api/users-mgmt/?search=pooled', { token: access })
    expect(found.body.results.map((u: { id: number }) => u.id)).toEqual([created.body.id])
    expect((await restLogin(b.url, 'pooled', password)).user.id).toBe(created.body.id)
  })

  it('a photo uploaded through one is processed through the job queue, which also goes through the pooler', async () => {
    const { access } = await restLogin(a.url, 'admin')
    const up = await uploadFiles(a.url, access, [{ name: 'pooled.png', data: await smallPng(48, 32) }])
    expect(up.status).toBe(201)
    const id = up.body.results[0]!.id!
    expect((await waitUntilProcessed(b.url, access, id)).status).toBe('ready')
  })

  it('a chat message sent through one reaches the event stream on the other; signing out through one ends the stream and the session on both', async () => {
    const expert = await restLogin(a.url, 'expert')
    const traveler = await restLogin(b.url, 'traveler')
    const opened = await call(a.url, '/api/chat/conversations/', { token: expert.access, body: { traveler_id: traveler.user.id } })
    expect([200, 201]).toContain(opened.status)
    const cookie = await formLogin(b.url, 'traveler')
    const streams: SseConnection[] = []
    try {
      const onB = openEventStream(`${b.url}/api/chat/events/`, { Cookie: cookie })
      streams.push(onB)
      expect(await onB.status).toBe(200)
      await onB.next('ready')
      const sent = await call(a.url, `/api/chat/conversations/${opened.body.id}/messages/`, {
        token: expert.access,
        body: { content: 'Your table at the harbour is booked.', client_key: 'pooled-1' },
      })
      expect(sent.status).toBe(201)
      expect((await onB.next('message', 10_000)).data.message).toMatchObject({ id: sent.body.id, content: 'Your table at the harbour is booked.' })

      // The sign-out is announced to every process (NOTIFY through the pooler, LISTEN on PostgreSQL itself): the stream
      // on B ends at once, not at the periodic check 30 s on.
      expect((await call(a.url, '/logout', { method: 'POST', cookie })).status).toBe(302)
      expect(await within(onB.ended, 10_000)).toBe(true)
      expect((await trpc(b.url, 'auth.me', { cookie })).status).toBe(401)
      expect((await trpc(a.url, 'auth.me', { cookie })).status).toBe(401)
    } finally {
      for (const s of streams) s.close()
    }
  })

  it('without DATABASE_POOLER=transaction the server does not start through the pooler, and says what to set', async () => {
    // Not told of the pooler, the server sets jit and statement_timeout at connect, which the pooler refuses.
    const start = startApp({ DATABASE_URL: bouncer.url(database), SEED_DEMO: 'true', SEED_DEMO_WORLD: 'false' }, { startTimeoutMs: 30_000 })
    await expect(start).rejects.toThrow(/exited before listening[\s\S]*unsupported startup parameter: jit[\s\S]*set DATABASE_POOLER=transaction/)
    expect(a.alive() && b.alive()).toBe(true)
  })
})
