// The traveler's app scenario of `npm run bench` (BENCH_ONLY=traveler-app for it alone), on the demo world: the trip
// view a traveler reads on the road (its page's data request, that route only) and their calendar feed, in full and
// as a calendar polls it (If-None-Match: 304), beside the cheapest authenticated REST call (the profile GET) measured
// in the same run as the baseline. Bar: p95 under 50 ms, one request at a time.
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const P95_BAR_MS = 50

/** The demo traveler's trip with an approved plan (the one the offline view reads). */
async function demoTrip(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/itineraries/?page_size=50`, { headers: { Authorization: `Bearer ${token}` } })
  const plans = ((await res.json()) as { results: { trip_id: number; status: string }[] }).results
  const plan = plans.find((p) => p.status === 'approved')
  if (!plan) throw new Error('the demo traveler has no approved plan: is the demo world seeded?')
  return plan.trip_id
}

export async function measureTravelerApp(base: string) {
  const requests = Number(process.env.BENCH_REQUESTS ?? 400)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4)
  const traveler = await login(base, 'traveler', 'meridian-demo')
  const cookie = await sessionCookie(base, 'traveler', 'meridian-demo')
  const tripId = await demoTrip(base, traveler.access)
  const made = await fetch(`${base}/api/calendar/subscription/`, { method: 'POST', headers: { Authorization: `Bearer ${traveler.access}` } })
  const feed = ((await made.json()) as { url: string }).url.replace(/^https?:\/\/[^/]+/, base)
  const etag = (await fetch(feed)).headers.get('etag') ?? ''
  const endpoints: { label: string; headers: Record<string, string>; url: () => string; expected?: number }[] = [
    { label: 'baseline: GET profile', headers: { Authorization: `Bearer ${traveler.access}` }, url: () => `${base}/users/api/auth/profile/` },
    {
      label: 'Trip view loader',
      headers: { Cookie: cookie },
      url: () => `${base}/dashboard/trips/${tripId}/travel.data?_routes=routes%2Fdashboard.trips_.%24id.travel`,
    },
    { label: 'Calendar feed', headers: {}, url: () => feed },
    { label: 'Calendar feed, unchanged (304)', headers: { 'If-None-Match': etag }, url: () => feed, expected: 304 },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(), { headers: e.headers })
    if (res.status !== (e.expected ?? 200)) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < 20; i++) await (await fetch(e.url(), { headers: e.headers })).arrayBuffer()
  }
  const first: { label: string; p95: number; failures: number }[] = []
  for (const inFlight of [1, concurrency]) {
    console.log(
      `\n${`traveler's app, ${inFlight} in flight`.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'other'.padStart(9)}`,
    )
    for (const e of endpoints) {
      const r = await timeGets(e.url, e.headers, requests, inFlight, e.expected)
      if (inFlight === 1) first.push({ label: e.label, ...r })
      console.log(
        `${e.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`,
      )
    }
  }
  await fetch(`${base}/api/calendar/subscription/`, { method: 'DELETE', headers: { Authorization: `Bearer ${traveler.access}` } })
  console.log(`\nBar: p95 < ${P95_BAR_MS} ms one request at a time; the baseline row is the same run's cheapest authenticated call.`)
  for (const r of first.slice(1)) console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
}
