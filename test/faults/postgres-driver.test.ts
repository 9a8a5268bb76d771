import postgres from 'postgres'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createFaultDatabase, type FaultDatabase } from './support/database.ts'
import { sleep, waitFor } from './support/http.ts'

/**
 * The PostgreSQL driver itself (postgres.js, patched by scripts/patch-postgres.mjs): a connection ended by the
 * server in the middle of a transaction must fail that transaction only. Unpatched, the deferred ROLLBACK write
 * crashed the process from a timer, and the next query on the reconnected connection failed with the old error.
 */
let db: FaultDatabase
let victim: postgres.Sql

beforeAll(async () => {
  db = await createFaultDatabase()
  await db.sql`create table t (id int primary key, v int not null)`
  await db.sql`insert into t values (1, 0)`
  victim = postgres(db.url, { max: 4, onnotice: () => {}, connection: { application_name: 'victim' }, backoff: () => 0.05 })
})

afterAll(async () => {
  await victim?.end({ timeout: 1 })
  await db?.drop()
})

it('fails only the transaction whose connection was killed, round after round', async () => {
  const outcomes: string[] = []
  for (let round = 0; round < 20; round++) {
    let release = () => {}
    let locked = false
    const held = db.sql.begin(async (tx) => {
      await tx`select * from t where id = 1 for update`
      locked = true
      await new Promise<void>((resolve) => (release = resolve))
    })
    await waitFor(() => locked, 5_000, 'the lock')
    const killed = victim
      .begin(async (tx) => {
        await tx`insert into t values (${100 + round}, 1)`
        await tx`update t set v = v + 1 where id = 1`
      })
      .then(
        () => 'committed',
        (e: { code?: string }) => e.code ?? 'error',
      )
    await waitFor(
      async () => (await db.sql`select 1 from pg_stat_activity where application_name = 'victim' and wait_event_type = 'Lock'`).length > 0,
      5_000,
      'the transaction to wait',
    )
    await db.sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'victim' and wait_event_type = 'Lock'`
    const outcome = await killed
    release()
    await held
    await sleep(10)
    const after = await Promise.all([1, 2, 3, 4].map(() => victim`select 1 as x`.then(() => 'ok', (e: { code?: string }) => e.code ?? 'error')))
    outcomes.push(`${outcome} / ${after.join(',')}`)
  }
  expect(new Set(outcomes)).toEqual(new Set(['CONNECTION_CLOSED / ok,ok,ok,ok']))
  const rows = await db.sql`select count(*)::int as n from t`
  expect(rows[0]!.n).toBe(1)
})
