// The itineraries scenario of `npm run bench` (BENCH_ONLY=itineraries for it alone): a 14-day, 100-item itinerary of
// the demo expert's, loaded, saved (each save a new version, priced and converted) and two of its versions compared,
// one request at a time over REST, and the builder's and the Activity Library's loaders, beside the cheapest
// authenticated call of the same run (the profile GET).
// Bars: p95 under 50 ms for each.
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const BAR_MS = 50
const DAYS = 14
const ITEMS = 100

/** 100 items over 14 days: meals, nights and free time in USD, as an expert's plan holds them. */
function plan(start: string, variant: number) {
  const date = (i: number) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)
  return Array.from({ length: DAYS }, (_, d) => ({
    key: `day${d}`,
    date: date(d),
    title: `Day ${d + 1}`,
    items: Array.from({ length: Math.floor(ITEMS / DAYS) + (d < ITEMS % DAYS ? 1 : 0) }, (_, i) => {
      const kind = (d + i) % 3
      const key = `d${d}i${i}`
      if (kind === 0) return { key, type: 'meal', title: `Dinner ${d}.${i}`, unit_price: `${30 + ((i + variant) % 20)}.50`, currency: 'USD', duration_minutes: 90, start_time: '19:30', end_time: '21:00' }
      if (kind === 1) return { key, type: 'accommodation', title: `Hotel night ${d}`, unit_price: '180.00', currency: 'USD', nights: 1, duration_minutes: 0 }
      return { key, type: 'free_time', title: `Wander ${d}.${i}`, duration_minutes: 120, start_time: '14:00', end_time: '16:00' }
    }),
  }))
}

async function call(base: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  const body = (await res.json()) as Record<string, unknown>
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`)
  return body
}

export async function measureItineraries(base: string) {
  const requests = Number(process.env.BENCH_REQUESTS ?? 200)
  const expert = await login(base, 'expert', 'meridian-demo')
  const trips = (await call(base, expert.access, '/users/api/expert/trips/?page_size=50')) as { results: { id: number; status: string; assignment: { status: string } | null }[] }
  const trip = trips.results.find((t) => t.assignment?.status === 'accepted' && (t.status === 'booked' || t.status === 'active'))
  if (!trip) throw new Error('the demo expert has no accepted trip to plan')
  const created = (await call(base, expert.access, '/api/itineraries/', { body: { trip_id: trip.id, currency: 'USD' } })) as { id: number; start_date: string }
  const path = `/api/itineraries/${created.id}/`
  let version = 1
  // A few versions to compare, and the saves' warm-up.
  for (let i = 0; i < 5; i++) version = ((await call(base, expert.access, path, { method: 'PATCH', body: { version, days: plan(created.start_date, i) } })) as { version: number }).version
  const saved = (await call(base, expert.access, path)) as { days: { items: unknown[] }[]; total_cost: string }
  console.log(`\nItinerary: ${saved.days.length} days, ${saved.days.reduce((n, d) => n + d.items.length, 0)} items, total ${saved.total_cost} USD, ${version} versions`)

  const headers = { Authorization: `Bearer ${expert.access}` }
  const rows: { label: string; p50: number; p95: number; p99: number; failures: number; bar: boolean }[] = []
  const profile = await timeGets(() => `${base}/users/api/auth/profile/`, headers, requests, 1)
  rows.push({ label: 'baseline: GET profile', ...profile, bar: false })
  rows.push({ label: 'load (GET itinerary)', ...(await timeGets(() => `${base}${path}`, headers, requests, 1)), bar: true })
  rows.push({ label: 'compare two versions', ...(await timeGets((i) => `${base}${path}compare/?from=${2 + (i % 2)}&to=${version}`, headers, requests, 1)), bar: true })
  // The builder screen's loader (the itinerary and the Add item choices) and the Activity Library's (a page of
  // activities priced for the travelers), as the browser asks for them.
  const cookie = { Cookie: await sessionCookie(base, 'expert', 'meridian-demo') }
  const screen = `${base}/dashboard/itineraries/${created.id}`
  const builderUrl = (i: number) => `${screen}.data?_routes=${encodeURIComponent('routes/dashboard.itineraries.$id')}&day=${1 + (i % DAYS)}`
  rows.push({ label: 'builder loader', ...(await timeGets(builderUrl, cookie, requests, 1)), bar: true })
  const searches = ['', 'search=tour', 'category=culture', 'search=zzzq']
  const libraryUrl = (i: number) => `${screen}/library.data?_routes=${encodeURIComponent('routes/dashboard.itineraries.$id.library')}&${searches[i % searches.length]}`
  rows.push({ label: 'Activity Library loader', ...(await timeGets(libraryUrl, cookie, requests, 1)), bar: true })

  // Saves, one after another, each on the version the last one made.
  const samples: number[] = []
  let failures = 0
  for (let i = 0; i < requests; i++) {
    const started = performance.now()
    const res = await fetch(`${base}${path}`, { method: 'PATCH', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ version, days: plan(created.start_date, i) }) })
    const body = (await res.json()) as { version?: number }
    samples.push(performance.now() - started)
    if (res.status !== 200) failures++
    else version = body.version!
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * q))]!
  rows.push({ label: 'save (PATCH, a new version)', p50: at(0.5), p95: at(0.95), p99: at(0.99), failures, bar: true })

  console.log(`\n${'itineraries, 1 in flight'.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`)
  for (const r of rows) console.log(`${r.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`)
  console.log(`\nBars: p95 < ${BAR_MS} ms for a ${DAYS}-day, ${ITEMS}-item itinerary; the baseline row is the same run's cheapest authenticated call.`)
  for (const r of rows) if (r.bar) console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < BAR_MS && r.failures === 0, `< ${BAR_MS} ms`))
}
