import { type DatabaseHandle, requestDays } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { markServiceMinutes, RequestFigures, requestDaySummary, requestSummary, uptimePercent } from './request-figures.ts'
import { healthState, serviceHealth } from './service-health.ts'

let handle: DatabaseHandle
const at = (iso: string) => Date.parse(iso)
const date = (iso: string) => new Date(iso)

beforeAll(async () => {
  handle = await createTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})

describe('uptime', () => {
  it('counts the minutes some process lived through and wrote, from the first one ever, up to a minute ago', async () => {
    // Process a runs 10:00 to 10:04 and stops; nothing runs 10:05 to 10:09; process b runs from 10:10.
    const a = new RequestFigures('app-a', at('2026-03-10T10:00:20Z'))
    await a.flush(handle.db, { before: at('2026-03-10T10:02:00Z') })
    await a.flush(handle.db, { before: at('2026-03-10T10:05:00Z') })
    const b = new RequestFigures('app-b', at('2026-03-10T10:10:00Z'))
    await b.flush(handle.db, { before: at('2026-03-10T10:20:00Z') })
    // A second process over the same minutes counts them once.
    const c = new RequestFigures('app-c', at('2026-03-10T10:15:00Z'))
    await c.flush(handle.db, { before: at('2026-03-10T10:20:00Z') })

    // 15 of the 20 minutes from 10:00 to 10:20.
    expect(await uptimePercent(handle.db, date('2026-03-10T10:00:00Z'), date('2026-03-10T10:20:00Z'), date('2026-03-10T10:21:30Z'))).toBe(75)
    // The day asked for starts before the first minute ever marked: counted from it. The minute now running, and the
    // one before it (perhaps not written yet), are not counted.
    expect(await uptimePercent(handle.db, date('2026-03-10T00:00:00Z'), date('2026-03-11T00:00:00Z'), date('2026-03-10T10:21:30Z'))).toBe(75)
    expect(await uptimePercent(handle.db, date('2026-03-10T10:10:00Z'), date('2026-03-10T10:20:00Z'), date('2026-03-10T12:00:00Z'))).toBe(100)
    // Nothing ran then, or it is all in the future.
    expect(await uptimePercent(handle.db, date('2026-03-10T10:05:00Z'), date('2026-03-10T10:10:00Z'), date('2026-03-10T12:00:00Z'))).toBe(0)
    expect(await uptimePercent(handle.db, date('2026-03-01T00:00:00Z'), date('2026-03-02T00:00:00Z'), date('2026-03-10T12:00:00Z'))).toBeNull()
  })

  it('reads long spans from the daily counts', async () => {
    // Every minute of 11, 12 and 13 March; none on the 14th: 3 days up out of 4.
    await markServiceMinutes(handle.db, at('2026-03-11T00:00:00Z'), at('2026-03-13T23:59:00Z'))
    expect(await uptimePercent(handle.db, date('2026-03-11T00:00:00Z'), date('2026-03-15T00:00:00Z'), date('2026-03-20T00:00:00Z'))).toBe(75)
  })
})

describe('request figures by day', () => {
  it('hold the same sums as the minutes, across processes and routes', async () => {
    const a = new RequestFigures('app-a2', at('2026-04-01T00:00:00Z'))
    const b = new RequestFigures('app-b2', at('2026-04-01T00:00:00Z'))
    a.record('GET /api/search/', 200, 4, at('2026-04-01T10:00:05Z'))
    a.record('GET /api/trips/', 200, 40, at('2026-04-01T10:01:05Z'))
    a.record('GET /api/trips/', 500, 700, at('2026-04-01T23:59:59Z'))
    b.record('GET /api/search/', 200, 9, at('2026-04-01T10:00:10Z'))
    b.record('GET /api/search/', 200, 9, at('2026-04-02T00:00:00Z')) // the next day
    await a.flush(handle.db, { before: at('2026-04-02T00:01:00Z') })
    await b.flush(handle.db, { before: at('2026-04-02T00:01:00Z') })

    const days = await handle.db.select().from(requestDays)
    const first = days.filter((d) => d.day === '2026-04-01').sort((x, y) => x.statusClass - y.statusClass)
    expect(first.map((d) => [d.statusClass, d.count, d.durationMsSum])).toEqual([
      [2, 3, 53],
      [5, 1, 700],
    ])
    const byDay = await requestDaySummary(handle.db, '2026-04-01', '2026-04-02')
    expect(byDay).toEqual(await requestSummary(handle.db, date('2026-04-01T00:00:00Z'), date('2026-04-02T00:00:00Z')))
    // Four requests, one 500; the 95th percentile of four is the slowest, in the 1,000 ms bucket.
    expect(byDay).toEqual({ requests: 4, error_rate: 25, p95_ms: 1000, mean_ms: 188.3 })
  })
})

describe('the overall state', () => {
  it('follows the thresholds written in docs/analytics.md', () => {
    expect(healthState({ uptime: 99.95, errorRate: 0.2, p95: 250 })).toBe('operational')
    expect(healthState({ uptime: null, errorRate: null, p95: null })).toBe('operational')
    expect(healthState({ uptime: 99.5, errorRate: 1, p95: 500 })).toBe('operational')
    expect(healthState({ uptime: 99.4, errorRate: 0, p95: 100 })).toBe('degraded')
    expect(healthState({ uptime: 100, errorRate: 1.1, p95: 100 })).toBe('degraded')
    expect(healthState({ uptime: 100, errorRate: 0, p95: 1000 })).toBe('degraded')
    expect(healthState({ uptime: 94.9, errorRate: 0, p95: 100 })).toBe('down')
    expect(healthState({ uptime: 100, errorRate: 5.1, p95: 100 })).toBe('down')
    expect(healthState({ uptime: 100, errorRate: 0, p95: 5000 })).toBe('down')
    // A live check no better than degraded or down sets the floor.
    expect(healthState({ uptime: 100, errorRate: 0, p95: 5 }, 'degraded')).toBe('degraded')
    expect(healthState({ uptime: 100, errorRate: 0, p95: 5 }, 'down')).toBe('down')
  })

  it('is read over a span with its figures', async () => {
    const health = await serviceHealth(handle.db, { from: date('2026-04-01T00:00:00Z'), to: date('2026-04-02T00:00:00Z') }, { now: date('2026-04-03T00:00:00Z') })
    // 25% of answers were errors: Down, whatever the rest.
    expect(health).toMatchObject({ state: 'down', label: 'Down', api_p95_ms: 1000, error_rate: 25, requests: 4 })
  })
})
