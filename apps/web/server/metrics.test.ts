import { describe, expect, it } from 'vitest'
import type { AppServices } from '@meridian/core'
import type { QueryListener } from '@meridian/db'
import { createServerMetrics, MAX_ROUTES, scrapeAuthorized } from './metrics.ts'

/** Just what the metrics read of the application: the pool size setting and the open event streams. */
const app = { config: { database: { poolMax: 7 } }, events: { size: 3 } } as unknown as AppServices

describe('server metrics', () => {
  it('reads the pool, the job queue and the event streams when scraped, and times statements while open', async () => {
    let listener: QueryListener | null = null
    let countsRead = 0
    const metrics = createServerMetrics({
      app,
      database: {
        poolStats: () => ({ active: 2, waiting: 1 }),
        observeQueries: (heard) => ((listener = heard), () => void (listener = null)),
      },
      jobs: { counts: async () => (countsRead++, { queued: 5, active: 1 }) },
    })
    listener!(0.003, 'select')
    const text = await metrics.registry.metrics()
    expect(text).toContain('meridian_db_pool_size 7')
    expect(text).toContain('meridian_db_pool_active 2')
    expect(text).toContain('meridian_db_pool_waiting 1')
    expect(text).toContain('meridian_jobs_queued{queue="media"} 5')
    expect(text).toContain('meridian_jobs_active{queue="media"} 1')
    expect(countsRead).toBe(1)
    expect(text).toContain('meridian_event_streams 3')
    expect(text).toContain('meridian_db_query_duration_seconds_bucket{le="0.005",kind="select"} 1')
    metrics.close()
    expect(listener).toBeNull()
  })

  it(`labels at most ${MAX_ROUTES} routes; the rest are counted as "other"`, async () => {
    const metrics = createServerMetrics({ app })
    for (let i = 0; i < MAX_ROUTES + 20; i++)
      metrics.observeRequest('GET', `/made-up-${'x'.repeat(i % 7)}${String.fromCharCode(97 + (i % 26))}/${i}x`, 404, 0.001)
    metrics.observeRequest('GET', '/made-up-a/0x', 404, 0.001)
    const text = await metrics.registry.metrics()
    const series = text.split('\n').filter((l) => l.startsWith('meridian_http_requests_total{'))
    expect(series).toHaveLength(MAX_ROUTES + 1)
    expect(series).toContain('meridian_http_requests_total{method="GET",route="other",status="404"} 20')
    expect(series).toContain('meridian_http_requests_total{method="GET",route="/made-up-a/0x",status="404"} 2')
  })

  it('takes only the configured bearer token', () => {
    const token = 'the-configured-metrics-token'
    expect(scrapeAuthorized(`Bearer ${token}`, token)).toBe(true)
    expect(scrapeAuthorized(`bearer ${token}`, token)).toBe(true)
    expect(scrapeAuthorized(`Bearer ${token}x`, token)).toBe(false)
    expect(scrapeAuthorized(`Basic ${token}`, token)).toBe(false)
    expect(scrapeAuthorized('Bearer', token)).toBe(false)
    expect(scrapeAuthorized(undefined, token)).toBe(false)
  })
})
