// The trips scenario of `npm run bench` (BENCH_ONLY=trips for it alone): 100,000 trips in all, 1,000 of them the demo
// traveler's and 10,000 assigned to the demo expert; My Trips' loader (the page's data request, that route only) and
// the expert's assignments list over REST, with random pages, tabs and searches, beside the cheapest authenticated
// REST call (the profile GET) measured in the same run as the baseline. Bar: p95 under 30 ms, one request at a time.
import postgres from 'postgres'
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const P95_BAR_MS = 30
const TOTAL = Number(process.env.BENCH_TRIPS ?? 100_000)
const MINE = 1_000
const ASSIGNED = 10_000

/** Trips made in PostgreSQL itself: the traveler's 1,000, 10,000 assigned to the expert, the rest spread over travelers. */
async function seedTrips(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [ids] = await sql`select (select id from users where username = 'traveler') as traveler, (select id from users where username = 'expert') as expert`
    const others = (await sql`select id from users where id <> ${ids!.traveler} order by id limit 2000`).map((r) => r.id as number)
    const countries = (await sql`select id from countries where is_active order by id limit 200`).map((r) => r.id as number)
    const started = performance.now()
    await sql`
      insert into trips (title, description, country_id, start_date, end_date, travelers, status, budget_total, traveler_id, expert_id, created_at, updated_at)
      select 'Bench trip ' || g || (array['Kyoto', 'Lisbon', 'Cusco', 'Reykjavik', 'Nairobi', 'Hanoi'])[1 + g % 6],
             'Bench data', (${countries}::int[])[1 + g % ${countries.length}],
             current_date + (g % 300), current_date + (g % 300) + 1 + g % 14, 1 + g % 4,
             (array['planning', 'booked', 'active', 'completed', 'cancelled'])[1 + g % 5],
             (1000 + g % 9000)::numeric,
             case when g <= ${MINE} then ${ids!.traveler}::int else (${others}::int[])[1 + g % ${others.length}] end,
             case when g % ${Math.floor(TOTAL / ASSIGNED)} = 0 then ${ids!.expert}::int else null end,
             now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${TOTAL}) g`
    await sql`
      insert into trip_assignments (trip_id, expert_id, status, responded_at, created_at, updated_at)
      select id, expert_id, case when (id / 10) % 5 = 0 then 'pending' else 'accepted' end,
             case when (id / 10) % 5 = 0 then null else created_at + interval '2 hours' end, created_at, now()
      from trips where expert_id = ${ids!.expert} and description = 'Bench data'`
    await sql`analyze`
    const [n] = await sql`select count(*)::int as all, count(*) filter (where traveler_id = ${ids!.traveler})::int as mine, count(*) filter (where expert_id = ${ids!.expert})::int as assigned from trips`
    console.log(`\nTrips: ${n!.all} in all, ${n!.mine} the traveler's, ${n!.assigned} assigned to the expert (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`)
  } finally {
    await sql.end()
  }
}

export async function measureTrips(base: string, databaseUrl: string) {
  await seedTrips(databaseUrl)
  const requests = Number(process.env.BENCH_REQUESTS ?? 400)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4)
  const traveler = await login(base, 'traveler', 'meridian-demo')
  const expert = await login(base, 'expert', 'meridian-demo')
  const cookie = await sessionCookie(base, 'traveler', 'meridian-demo')
  const myTrips = ['', 'status=planning', 'search=kyoto', 'page=5', 'status=completed&page=3', 'page=80', 'search=zzzq', 'status=active&search=lisbon']
  const endpoints: { label: string; headers: Record<string, string>; url: (i: number) => string }[] = [
    { label: 'baseline: GET profile', headers: { Authorization: `Bearer ${traveler.access}` }, url: () => `${base}/users/api/auth/profile/` },
    {
      label: 'My Trips loader',
      headers: { Cookie: cookie },
      url: (i: number) => `${base}/dashboard/trips.data?_routes=routes%2Fdashboard.trips${myTrips[i % myTrips.length] ? `&${myTrips[i % myTrips.length]}` : ''}`,
    },
    {
      label: 'GET traveler trips (REST)',
      headers: { Authorization: `Bearer ${traveler.access}` },
      url: (i: number) => `${base}/users/api/traveler/trips/?${myTrips[i % myTrips.length]}`,
    },
    {
      label: 'GET expert assignments (REST)',
      headers: { Authorization: `Bearer ${expert.access}` },
      // 10,000 assignments make 500 pages of 20, the pending fifth 100: random pages within each.
      url: (i: number) => `${base}/users/api/expert/assignments/?${i % 3 === 0 ? `status=pending&page=${1 + ((i * 37) % 95)}` : `page=${1 + ((i * 37) % 495)}`}`,
    },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(1), { headers: e.headers })
    if (res.status !== 200) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < 20; i++) await (await fetch(e.url(i), { headers: e.headers })).arrayBuffer()
  }
  const first: { label: string; p95: number; failures: number }[] = []
  for (const inFlight of [1, concurrency]) {
    console.log(`\n${`trips, ${inFlight} in flight`.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`)
    for (const e of endpoints) {
      const r = await timeGets(e.url, e.headers, requests, inFlight)
      if (inFlight === 1) first.push({ label: e.label, ...r })
      console.log(`${e.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`)
    }
  }
  console.log(`\nBars: p95 < ${P95_BAR_MS} ms one request at a time; the baseline row is the same run's cheapest authenticated call.`)
  for (const r of first.slice(1)) console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
}
