import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppProcess } from '../../faults/support/app-process.ts'
import { createFaultDatabase, type FaultDatabase } from '../../faults/support/database.ts'
import { call, formLogin, restLogin, sleep, trpc, waitFor } from '../../faults/support/http.ts'
import { smallPng, uploadFiles, waitUntilProcessed } from '../../faults/support/media.ts'
import { openEventStream, type SseConnection } from '../../../packages/api/src/sse-client.ts'

/**
 * What one server process knows, the others know through the database, and the background work (media processing,
 * the daily rate update) runs once between them: the suite of test/processes/two-processes.test.ts (two processes on
 * their own ports, as behind a load balancer) and test/processes/two-workers.test.ts (one start with two workers
 * behind one port). `start` gives the two ends a client talks to, `a` and `b`.
 */
const RATES_CHECK_MS = 300

const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='2031-06-02'><Cube currency='USD' rate='1.0856'/><Cube currency='GBP' rate='0.8458'/></Cube></Cube>
</gesmes:Envelope>`

export function describeSharedState(title: string, start: (env: Record<string, string>) => Promise<[AppProcess, AppProcess]>) {
  let db: FaultDatabase
  let a: AppProcess
  let b: AppProcess
  let mediaRoot: string
  let rates: http.Server
  let ratesUrl: string
  let downloads = 0

  beforeAll(async () => {
    rates = http.createServer((req, res) => {
      downloads++
      res.writeHead(200, { 'Content-Type': 'application/xml' }).end(ECB_XML)
    })
    await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve))
    ratesUrl = `http://127.0.0.1:${(rates.address() as AddressInfo).port}/eurofxref-daily.xml`
    mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-processes-media-'))
    db = await createFaultDatabase()
    const env = { DATABASE_URL: db.url, SEED_DEMO: 'true', MEDIA_ROOT: mediaRoot, RATES_CHECK_INTERVAL_MS: String(RATES_CHECK_MS) }
    ;[a, b] = await start(env)
  })

  afterAll(async () => {
    // One start with workers is both a and b: stopped once.
    await Promise.all([...new Set([a, b])].map((app) => app?.stop()))
    await db?.drop()
    rates?.close()
    fs.rmSync(mediaRoot, { recursive: true, force: true })
  })

  describe(title, () => {
    it('a browser session from one works on the other, and signing out on one ends it on both', async () => {
      const cookie = await formLogin(a.url, 'admin')
      const me = await trpc(b.url, 'auth.me', { cookie })
      expect(me.status).toBe(200)
      expect(me.body.result.data.username).toBe('admin')
      expect((await call(b.url, '/dashboard/overview', { cookie })).status).toBe(200)

      const out = await call(a.url, '/logout', { method: 'POST', cookie })
      expect(out.status).toBe(302)
      expect((await trpc(b.url, 'auth.me', { cookie })).status).toBe(401)
      const page = await call(b.url, '/dashboard/overview', { cookie })
      expect(page.status).toBe(302)
      expect(page.headers.get('Location')).toMatch(/^\/login\?expired=1&redirectTo=/)
    })

    it('a token from one works on the other; a refresh token rotated on one is refused on the other, ending its family', async () => {
      const first = await restLogin(a.url, 'expert')
      expect((await call(b.url, '/users/api/auth/profile/', { token: first.access })).body.username).toBe('expert')
      expect((await trpc(b.url, 'auth.me', { token: first.access })).body.result.data.username).toBe('expert')

      const rotated = await call(a.url, '/users/api/auth/refresh/', { body: { refresh: first.refresh } })
      expect(rotated.status).toBe(200)
      const reuse = await call(b.url, '/users/api/auth/refresh/', { body: { refresh: first.refresh } })
      expect(reuse.status).toBe(401)
      // The reuse revoked the whole family: the pair just issued by A is dead on both.
      expect((await call(a.url, '/users/api/auth/refresh/', { body: { refresh: rotated.body.refresh } })).status).toBe(401)
      expect((await trpc(b.url, 'auth.refresh', { mutation: true, input: { refresh: rotated.body.refresh } })).status).toBe(401)
    })

    it('failed sign-ins are counted across both: six wrong passwords split between them, and the next is refused', async () => {
      const attempt = (app: AppProcess, password: string) => call(app.url, '/users/api/auth/login/', { body: { username: 'specialist', password } })
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 ? b : a, `wrong-${i}`)).status)
      const next = await attempt(a, 'meridian-demo')
      // As on a single process: five failures are answered 401, then sign-ins for that name are refused.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
      expect(next.status).toBe(429)
      expect(next.headers.get('Retry-After')).toMatch(/^\d+$/)
      expect((await attempt(b, 'meridian-demo')).status).toBe(429)
    })

    it('40 wrong passwords sent at the same moment, split between both, reach the password check at most 5 times', async () => {
      // The editor's account: the tests after this one sign the traveler in, and up to five failures may stay counted.
      const attempts = Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? b.url : a.url, '/users/api/auth/login/', { body: { username: 'editor', password: `wrong-${i}` } }),
      )
      const statuses = (await Promise.all(attempts)).map((o) => o.status)
      const checked = statuses.filter((s) => s === 401).length
      expect(checked, statuses.join(' ')).toBeGreaterThanOrEqual(1)
      expect(checked).toBeLessThanOrEqual(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked)
    })

    it('a photo uploaded through one is processed exactly once between the two', async () => {
      const access = (await restLogin(a.url, 'admin')).access
      const files = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => ({ name: `p${n}.png`, data: await smallPng(40 + n, 30 + n) })))
      const up = await uploadFiles(a.url, access, files)
      expect(up.status).toBe(201)
      const ids = up.body.results.map((r) => r.id!)
      for (const id of ids) expect((await waitUntilProcessed(b.url, access, id)).status).toBe('ready')
      // Give a second claimer every chance: past both processes' polling intervals.
      await sleep(1_500)
      const rows = await db.sql`select id, attempts, version, status from media_items where id in ${db.sql(ids)} order by id`
      expect(rows.map((r) => [r.id, r.status, r.attempts, r.version])).toEqual(ids.map((id) => [id, 'ready', 1, 1]))
      // Both processes serve the renditions the one worker wrote.
      for (const app of [a, b]) expect((await call(app.url, `/media/${ids[0]}/thumbnail_small`, { token: access })).status).toBe(200)
    })

    it('a chat message posted through one reaches an event stream held by the other, and a client moving between them misses nothing', async () => {
      const expert = await restLogin(a.url, 'expert')
      const traveler = await restLogin(b.url, 'traveler')
      const opened = await call(a.url, '/api/chat/conversations/', { token: expert.access, body: { traveler_id: traveler.user.id } })
      expect([200, 201]).toContain(opened.status)
      const messages = `/api/chat/conversations/${opened.body.id}/messages/`
      const streams: SseConnection[] = []
      const listen = (base: string, headers: Record<string, string>) => {
        const s = openEventStream(`${base}/api/chat/events/`, headers)
        streams.push(s)
        return s
      }
      try {
        // The traveler's browser (session cookie) holds its stream on B; the expert posts through A.
        const cookie = await formLogin(b.url, 'traveler')
        const onB = listen(b.url, { Cookie: cookie })
        expect(await onB.status).toBe(200)
        await onB.next('ready')
        const sent = await call(a.url, messages, { token: expert.access, body: { content: 'Your Lisbon walking tour is booked.', client_key: 'two-1' } })
        expect(sent.status).toBe(201)
        const got = await onB.next('message', 10_000)
        expect(got.data.message).toMatchObject({ id: sent.body.id, content: 'Your Lisbon walking tour is booked.' })

        // The client drops and comes back on A, from the last id it saw; meanwhile messages go through both.
        onB.close()
        const missed: number[] = []
        for (const [i, base] of [a.url, b.url, a.url].entries()) {
          missed.push((await call(base, messages, { token: expert.access, body: { content: `Update ${i + 1}`, client_key: `two-miss-${i}` } })).body.id)
        }
        const onA = listen(a.url, { Authorization: `Bearer ${traveler.access}`, 'Last-Event-ID': got.id! })
        await onA.next('ready', 10_000)
        expect(onA.events.filter((e) => e.event === 'message').map((e) => Number(e.id))).toEqual(missed)
        // And a live one posted through B arrives on A once.
        const live = await call(b.url, messages, { token: expert.access, body: { content: 'See you soon!', client_key: 'two-live' } })
        await waitFor(() => onA.events.some((e) => e.event === 'message' && Number(e.id) === live.body.id), 10_000, 'the live message on A')
        const ids = onA.events.filter((e) => e.event === 'message').map((e) => Number(e.id))
        expect(ids).toEqual([...missed, live.body.id])
      } finally {
        for (const s of streams) s.close()
      }
    })

    it('the daily rate update runs once between the two', async () => {
      const access = (await restLogin(b.url, 'admin')).access
      const settings = await call(b.url, '/api/currencies-mgmt/update_settings/', {
        token: access,
        body: { external_api_provider: 'ecb', provider_url: ratesUrl, auto_update_rates: true },
      })
      expect(settings.status).toBe(200)
      await waitFor(async () => downloads > 0, 15_000, 'the automatic update to download the rates')
      await waitFor(
        async () => (await db.sql`select 1 from currency_settings where last_rate_update_message like '%rates added%'`).length > 0,
        10_000,
        'the update to be recorded',
      )
      // Many check intervals of both processes later, still one download.
      await sleep(RATES_CHECK_MS * 10)
      expect(downloads).toBe(1)
      const stored = await db.sql`select f.code as "from", t.code as "to", r.rate::text as rate from conversion_rates r
        join currencies f on f.id = r.from_currency_id join currencies t on t.id = r.to_currency_id
        where r.effective_date = '2031-06-02' order by t.code`
      expect(stored.map((r) => `${r.from}>${r.to} ${r.rate}`)).toEqual(['EUR>GBP 0.8458000000', 'EUR>USD 1.0856000000'])
      expect(a.alive() && b.alive()).toBe(true)
    })
  })
}
