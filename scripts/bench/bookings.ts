// The bookings scenario of `npm run bench` (BENCH_ONLY=bookings for it alone): 1,000 bookings of the demo traveler's
// (every type and status, in three currencies with rates in force, so the summary converts) among 20,000; the Booking
// Management loader (the page's data request, that route only: a page, its count and the summary cards) with its
// filters, search and pages, the list and the summary over REST, and the admin's loader over all 20,000, beside the
// cheapest authenticated REST call (the profile GET) measured in the same run as the baseline. Bar: p95 under 30 ms,
// one request at a time.
import postgres from 'postgres'
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const P95_BAR_MS = 30
const MINE = Number(process.env.BENCH_BOOKINGS ?? 1_000)
const TOTAL = 20_000

/** Bookings made in PostgreSQL itself: the traveler's 1,000 (some on their trips), the rest spread over other users. */
async function seedBookings(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [ids] = await sql`select (select id from users where username = 'traveler') as traveler`
    const others = (await sql`select id from users where id <> ${ids!.traveler} order by id limit 2000`).map((r) => r.id as number)
    const trips = (await sql`select id from trips where traveler_id = ${ids!.traveler} order by id`).map((r) => r.id as number)
    const started = performance.now()
    await sql`
      insert into bookings (reference, booking_type, status, traveler_id, trip_id, title, service_date, end_date, party_size, amount, currency, created_at, updated_at)
      select 'MB-B' || lpad(g::text, 7, '0'),
             (array['flight', 'hotel', 'activity', 'trip'])[1 + g % 4],
             (array['pending', 'confirmed', 'confirmed', 'cancelled'])[1 + (g / 4) % 4],
             case when g <= ${MINE} then ${ids!.traveler}::int else (${others}::int[])[1 + g % ${others.length}] end,
             case when g <= ${MINE} and g % 3 = 0 and cardinality(${trips}::int[]) > 0 then (${trips}::int[])[1 + g % greatest(cardinality(${trips}::int[]), 1)] end,
             (array['Harbour kayak tour', 'Hotel by the sea', 'Flight to Lisbon', 'Old town package', 'Fado evening'])[1 + g % 5] || ' ' || g,
             current_date + (g % 400) - 150, null, 1 + g % 4,
             (10 + (g % 2000))::numeric + (g % 100) / 100.0,
             (array['USD', 'USD', 'EUR', 'GBP'])[1 + g % 4],
             now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${TOTAL}) g`
    // The summary converts EUR and GBP into US dollars: rates in force.
    await sql`
      insert into conversion_rates (from_currency_id, to_currency_id, rate, effective_date)
      select f.id, t.id, r.rate, current_date - 30
        from (values ('EUR', 1.08), ('GBP', 1.27)) as r(code, rate)
        join currencies f on f.code = r.code join currencies t on t.code = 'USD'
      on conflict do nothing`
    await sql`analyze`
    const [n] = await sql`select count(*)::int as all, count(*) filter (where traveler_id = ${ids!.traveler})::int as mine from bookings`
    console.log(`\nBookings: ${n!.all} in all, ${n!.mine} the demo traveler's (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`)
  } finally {
    await sql.end()
  }
}

export async function measureBookings(base: string, databaseUrl: string) {
  await seedBookings(databaseUrl)
  const requests = Number(process.env.BENCH_REQUESTS ?? 400)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4)
  const traveler = await login(base, 'traveler', 'meridian-demo')
  const cookie = await sessionCookie(base, 'traveler', 'meridian-demo')
  const adminCookie = await sessionCookie(base, 'admin', 'meridian-demo')
  const screen = ['', 'type=hotel', 'search=kayak', 'page=5', 'type=activity&page=3', 'search=mb-b00004', 'page=40', 'type=trip&search=package']
  const loader = (query: string) => `${base}/dashboard/bookings.data?_routes=routes%2Fdashboard.bookings${query ? `&${query}` : ''}`
  // `bar`: held to the p95 bar (the screen and calls of the traveler's 1,000); the other rows are for comparison.
  const endpoints: { label: string; headers: Record<string, string>; url: (i: number) => string; bar?: boolean }[] = [
    { label: 'baseline: GET profile', headers: { Authorization: `Bearer ${traveler.access}` }, url: () => `${base}/users/api/auth/profile/` },
    { label: 'Booking Management loader', headers: { Cookie: cookie }, url: (i) => loader(screen[i % screen.length]!), bar: true },
    {
      label: 'GET /api/bookings/ (REST)',
      headers: { Authorization: `Bearer ${traveler.access}` },
      url: (i) => `${base}/api/bookings/?${screen[i % screen.length]}`,
    },
    { label: 'GET /api/bookings/summary/', headers: { Authorization: `Bearer ${traveler.access}` }, url: () => `${base}/api/bookings/summary/`, bar: true },
    // What any loader costs here (the session, Remix's data request): a screen whose loader reads one row.
    { label: 'reference: Settings loader', headers: { Cookie: cookie }, url: () => `${base}/dashboard/settings.data?_routes=routes%2Fdashboard.settings` },
    // An admin's screen counts and adds up every booking: it grows with the table (no bar; for comparison).
    { label: 'loader, admin (all 20,000)', headers: { Cookie: adminCookie }, url: (i) => loader(screen[i % screen.length]!) },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(1), { headers: e.headers })
    if (res.status !== 200) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < 20; i++) await (await fetch(e.url(i), { headers: e.headers })).arrayBuffer()
  }
  const first: { label: string; p95: number; failures: number; bar?: boolean }[] = []
  for (const inFlight of [1, concurrency]) {
    console.log(
      `\n${`bookings, ${inFlight} in flight`.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`,
    )
    for (const e of endpoints) {
      const r = await timeGets(e.url, e.headers, requests, inFlight)
      if (inFlight === 1) first.push({ label: e.label, bar: e.bar, ...r })
      console.log(
        `${e.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`,
      )
    }
  }
  console.log(`\nBars: p95 < ${P95_BAR_MS} ms one request at a time for the traveler's screen and calls; the baseline row is the same run's cheapest`)
  console.log('authenticated call, the reference row the cheapest screen loader (the session and the data request before the screen reads')
  console.log('anything); the admin row, over all 20,000 bookings, is for comparison.')
  for (const r of first.filter((x) => !x.label.startsWith('baseline') && !x.label.startsWith('reference')))
    console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
}
