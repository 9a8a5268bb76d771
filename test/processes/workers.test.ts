import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppProcess, startApp } from '../faults/support/app-process.ts'
import { createFaultDatabase, type FaultDatabase } from '../faults/support/database.ts'
import { call, formLogin, restLogin, trpc, waitFor } from '../faults/support/http.ts'

/**
 * One start with two workers behind one port (WEB_CONCURRENCY=2 on PostgreSQL, docs/operations.md "Workers"): each
 * new connection goes to the next worker, so a client's requests land on both; what one worker knows the other knows
 * through the database; a worker that dies is replaced while the other keeps answering.
 */
let db: FaultDatabase
let app: AppProcess

/** The primary's worker processes (its children). */
function workers(primary: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === primary
      } catch {
        return false
      }
    })
    .map(Number)
}

/** How many times a worker has said it listens. */
const listening = () => (app.output().match(/listening on http:\/\/localhost:\d+ \(worker \d+ of 2/g) ?? []).length

/** A request on a connection of its own (the cluster hands each new connection to the next worker). */
const fresh = { headers: { Connection: 'close' } }

beforeAll(async () => {
  db = await createFaultDatabase()
  app = await startApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', SEED_DEMO_WORLD: 'false', WEB_CONCURRENCY: '2' })
  await waitFor(() => listening() === 2, 60_000, 'both workers to listen')
}, 180_000)

afterAll(async () => {
  await app?.stop()
  await db?.drop()
})

describe('two workers of one start', () => {
  it('say so when they start, and share the port', () => {
    expect(app.output()).toMatch(/starting 2 workers \(WEB_CONCURRENCY\)/)
    expect(workers(app.pid)).toHaveLength(2)
  })

  it('share browser sessions and bearer tokens: every request of a client is answered, whichever worker takes it', async () => {
    const cookie = await formLogin(app.url, 'admin')
    const { access } = await restLogin(app.url, 'expert')
    for (let i = 0; i < 8; i++) {
      expect((await trpc(app.url, 'auth.me', { cookie, ...fresh })).status).toBe(200)
      expect((await call(app.url, '/users/api/auth/profile/', { token: access, ...fresh })).body.username).toBe('expert')
    }
  })

  it('share sign-in throttling: failures counted on either worker add up to the one limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      statuses.push((await call(app.url, '/users/api/auth/login/', { body: { username: 'specialist', password: `wrong-${i}` }, ...fresh })).status)
    }
    // Five failures for one account from one address, then 429 (docs/security.md), wherever each attempt landed.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
  })

  it('replace a worker killed with SIGKILL while the other keeps answering', async () => {
    const [victim, survivor] = workers(app.pid)
    process.kill(victim!, 'SIGKILL')
    // Once the primary has seen the death, every new connection goes to the worker left, until the new one listens.
    await waitFor(() => app.output().includes(`worker ${victim} was killed by SIGKILL`), 10_000, 'the primary to log the death')
    for (let i = 0; i < 6; i++) expect((await call(app.url, '/healthz', fresh)).status).toBe(200)
    await waitFor(() => listening() === 3, 60_000, 'the replacement to listen')
    expect(workers(app.pid)).toHaveLength(2)
    expect(workers(app.pid)).toContain(survivor)
    expect(workers(app.pid)).not.toContain(victim)
    for (let i = 0; i < 6; i++) expect((await call(app.url, '/readyz', fresh)).status).toBe(200)
  })

  it('all stop on one SIGTERM, leaving no worker behind', async () => {
    const running = workers(app.pid)
    await app.stop()
    expect(await app.exit).toEqual({ code: 0, signal: null })
    expect(running.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([])
  })
})
