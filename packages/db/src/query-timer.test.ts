import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from './client.ts'
import { type QueryKind, queryKind } from './query-timer.ts'
import { createTestDatabase } from './testing.ts'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await handle.db.execute(sql`create table timed_rows (id serial primary key, name text not null)`)
})
afterAll(async () => {
  await handle?.close()
})

describe('statement timings', () => {
  it('names the kind of a statement from its first word', () => {
    expect(queryKind('select 1')).toBe('select')
    expect(queryKind('\n  INSERT into t values (1)')).toBe('insert')
    expect(queryKind('update t set a = 1')).toBe('update')
    expect(queryKind('delete from t')).toBe('delete')
    expect(queryKind('with x as (select 1) select * from x')).toBe('other')
    expect(queryKind('')).toBe('other')
  })

  it('hears every statement, those inside a transaction too, failed ones included, until it stops listening', async () => {
    const heard: Array<[QueryKind, number]> = []
    const started = performance.now()
    const stop = handle.observeQueries((seconds, kind) => heard.push([kind, seconds]))
    await handle.db.execute(sql`insert into timed_rows (name) values ('a')`)
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update timed_rows set name = 'b'`)
      await tx.execute(sql`select * from timed_rows`)
    })
    await expect(handle.db.execute(sql`select * from no_such_table`)).rejects.toThrow()
    const wallSeconds = (performance.now() - started) / 1000
    const kinds = heard.map(([kind]) => kind)
    expect(kinds.filter((k) => k === 'insert')).toHaveLength(1)
    expect(kinds.filter((k) => k === 'update')).toHaveLength(1)
    // The transaction's select and the failed one (begin and commit are the driver's own, on PostgreSQL not statements of ours).
    expect(kinds.filter((k) => k === 'select').length).toBeGreaterThanOrEqual(2)
    // Each timing is in seconds and no longer than the statements took together by the wall clock: a bound that
    // holds however loaded the machine is (speed is `npm run bench`'s), and fails a timing in milliseconds.
    expect(heard.filter(([, seconds]) => !(seconds >= 0 && seconds <= wallSeconds))).toEqual([])

    stop()
    const before = heard.length
    await handle.db.execute(sql`select 1`)
    expect(heard).toHaveLength(before)
    // The transaction ran on the timed client and committed (PGlite answers { rows }, postgres.js the rows themselves).
    const result = (await handle.db.execute(sql`select name from timed_rows`)) as unknown as { rows?: Array<{ name: string }> }
    expect((result.rows ?? (result as unknown as Array<{ name: string }>)).map((r) => r.name)).toEqual(['b'])
  })
  it('times one statement in `every` when asked to sample', async () => {
    const heard: QueryKind[] = []
    const stop = handle.observeQueries((_, kind) => heard.push(kind), 4)
    for (let i = 0; i < 12; i++) await handle.db.execute(sql`select ${i}::int`)
    stop()
    expect(heard).toEqual(['select', 'select', 'select'])
  })
})
