import { type DatabaseHandle, requestMinutes } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { percentile, pruneRequestFigures, RequestFigures, requestSummary, routeKey } from './request-figures.ts'

let handle: DatabaseHandle
const at = (iso: string) => Date.parse(iso)

beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

describe('request figures', () => {
  it('name a route without its ids', () => {
    expect(routeKey('get', '/api/trips/12/')).toBe('GET /api/trips/:id/')
    expect(routeKey('POST', '/api/bookings/MB-7K3QX9TA/cancel/')).toBe('POST /api/bookings/:id/cancel/')
    expect(routeKey('GET', '/dashboard/search')).toBe('GET /dashboard/search')
    // A calendar feed's token (here one without a digit) never reaches the figures or the request log.
    expect(routeKey('GET', '/api/calendar/feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/')).toBe('GET /api/calendar/feed/:token/')
  })

  it('add up per minute, route and status class, across flushes and processes, and keep the current minute in memory', async () => {
    const a = new RequestFigures('app-a')
    const b = new RequestFigures('app-b')
    a.record('GET /api/search/', 200, 4, at('2026-03-10T10:00:05Z'))
    a.record('GET /api/search/', 200, 30, at('2026-03-10T10:00:55Z'))
    a.record('GET /api/search/', 503, 1200, at('2026-03-10T10:00:30Z'))
    a.record('GET /api/search/', 200, 7, at('2026-03-10T10:01:10Z')) // the next minute, still running
    expect(await a.flush(handle.db, { before: at('2026-03-10T10:01:00Z') })).toBe(2)
    // The same minute flushed again by the same process adds to its row.
    a.record('GET /api/search/', 200, 60, at('2026-03-10T10:00:59Z'))
    await a.flush(handle.db, { before: at('2026-03-10T10:01:00Z') })
    b.record('GET /api/search/', 200, 9000, at('2026-03-10T10:00:10Z'))
    await b.flush(handle.db, { all: true })

    const rows = await handle.db.select().from(requestMinutes).orderBy(requestMinutes.process, requestMinutes.statusClass)
    expect(rows.map((r) => [r.process, r.statusClass, r.count, r.durationMsSum, r.buckets])).toEqual([
      ['app-a', 2, 3, 94, [1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0]],
      ['app-a', 5, 1, 1200, [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]],
      ['app-b', 2, 1, 9000, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    ])
    // 10:01 is still in memory: flushed with everything at the end.
    expect(await a.flush(handle.db, { all: true })).toBe(1)

    const summary = await requestSummary(handle.db, new Date('2026-03-10T10:00:00Z'), new Date('2026-03-10T10:01:00Z'))
    // Five requests in that minute over two processes: one 503; the 95th of five is the slowest (9 s, past every bound).
    expect(summary).toEqual({ requests: 5, error_rate: 20, p95_ms: 5000, mean_ms: 2058.8 })
    expect(await requestSummary(handle.db, new Date('2026-03-11T00:00:00Z'), new Date('2026-03-12T00:00:00Z'))).toEqual({
      requests: 0,
      error_rate: null,
      p95_ms: null,
      mean_ms: null,
    })
  })

  it('find the percentile at the resolution of the buckets', () => {
    expect(percentile([90, 5, 5, 0, 0, 0, 0, 0, 0, 0, 0], 0.95)).toBe(10)
    expect(percentile([96, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0.95)).toBe(5)
    expect(percentile([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 0.95)).toBeNull()
  })

  it('are dropped after 90 days', async () => {
    const old = new RequestFigures('app-old')
    old.record('GET /', 200, 3, at('2025-12-01T00:00:00Z'))
    old.record('GET /', 200, 3, at('2026-02-01T00:00:00Z'))
    await old.flush(handle.db, { all: true })
    // 2 March minus 90 days is 2 December: the December minute goes, February's stays.
    expect(await pruneRequestFigures(handle.db, new Date('2026-03-02T00:00:00Z'))).toBe(1)
    const left = await handle.db.select().from(requestMinutes)
    expect(left.some((r) => r.process === 'app-old' && r.minute.toISOString() === '2026-02-01T00:00:00.000Z')).toBe(true)
  })
})
