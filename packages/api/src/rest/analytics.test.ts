import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RequestFigures } from '@meridian/core'
import { startTestServer, type TestServer } from '../testing.ts'

let server: TestServer
const A = '/users/api/admin'

beforeAll(async () => {
  server = await startTestServer()
  // Forty requests recorded over the last hour by one process, two of them 503s, all in 26 to 50 ms.
  const figures = new RequestFigures('test-app', Date.now() - 3_600_000)
  for (let i = 0; i < 40; i++) figures.record('GET /api/trips/', i < 2 ? 503 : 200, 40, Date.now() - 30 * 60_000)
  await figures.flush(server.handle.db, { before: Math.floor(Date.now() / 60_000) * 60_000 })
})
afterAll(async () => {
  await server?.close()
})

describe('the admin analytics calls', () => {
  it('/analytics/ answers the report of the period asked for, 30 days by default', async () => {
    const token = (await server.login('admin')).access
    const res = await server.request(`${A}/analytics/?period=90d`, { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ period: '90d', label: 'Last 90 days', currency: 'USD' })
    const body = res.body as Record<string, any>
    expect(body.daily).toHaveLength(90)
    expect(body.cards.total_users).toEqual({ value: 6, previous: 0, change: null })
    expect(body.cards.api_response).toEqual({ value: 50, previous: null, change: null })
    expect(body.system_health).toMatchObject({ requests: 40, error_rate: 5, api_p95_ms: 50 })
    expect(body.roles.map((r: { role: string }) => r.role)).toContain('traveler')
    // The funnel's stages (in any order: the shared copy is kept as jsonb), and the proposals by expert (none sent here).
    expect(Object.keys(body.funnel.all).sort()).toEqual(['accepted', 'bookings', 'proposals', 'quizzes', 'reviewed', 'trips'])
    expect(body.proposals).toEqual({ all: { rounds: 0, trips: 0, accepted: 0, acceptance_rate: null, median_hours_to_accept: null }, experts: [] })
    expect(((await server.request(`${A}/analytics/`, { token })).body as { period: string }).period).toBe('30d')
  })

  it('/analytics/ names a bad period in the selector’s words', async () => {
    const token = (await server.login('admin')).access
    const res = await server.request(`${A}/analytics/?period=2w`, { token })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ period: ['Select a valid period: 7d, 30d, 90d, 1y.'] })
  })

  it('/system-health/ answers the live checks and the last 24 hours, with the thresholds', async () => {
    const token = (await server.login('superadmin')).access
    const res = await server.request(`${A}/system-health/`, { token })
    expect(res.status).toBe(200)
    const body = res.body as Record<string, any>
    expect(body.checks.map((c: { key: string }) => c.key)).toEqual(['database', 'storage', 'jobs'])
    // 5% errors: past the 1% of Operational, within the 5% of Degraded.
    expect(body).toMatchObject({ status: 'degraded', state: 'degraded', label: 'Degraded', requests: 40, error_rate: 5, api_p95_ms: 50 })
    expect(body.thresholds.operational).toEqual({ uptimeMin: 99.5, errorRateMax: 1, p95MaxMs: 500 })
  })

  it('/dashboard/ adds the 30-day cards to the users and recent activity', async () => {
    const token = (await server.login('admin')).access
    const res = await server.request(`${A}/dashboard/`, { token })
    expect(res.status).toBe(200)
    const body = res.body as Record<string, any>
    expect(body.analytics).toMatchObject({ period: '30d', currency: 'USD', cards: { total_users: { value: body.users.total } } })
  })

  it('are refused to the other roles', async () => {
    for (const role of ['expert', 'specialist', 'editor', 'traveler'] as const) {
      const token = (await server.login(role)).access
      for (const path of ['dashboard', 'analytics', 'system-health'])
        expect((await server.request(`${A}/${path}/`, { token })).status, `${role} ${path}`).toBe(403)
    }
  })
})
