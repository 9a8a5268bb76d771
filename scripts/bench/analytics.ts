// The analytics scenario of `npm run bench` (BENCH_ONLY=analytics for it alone): a year of activity filled in
// PostgreSQL itself (the 10,000 users of the main run, 50,000 trips, 200,000 bookings with their payments, quizzes,
// assignments and 1,000,000 recorded request-minutes of the last 90 days, with the daily sums and a year of uptime
// minutes); the Analytics Dashboard's loader (the page's data request) for each period, the REST report, the year
// computed anew (a Refresh) and system-health, beside the cheapest authenticated REST call (the profile GET) measured in
// the same run as the baseline. Bar: the loader for 1y, p95 under 100 ms, one request at a time.
import postgres from 'postgres'
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const P95_BAR_MS = 100
const TRIPS = Number(process.env.BENCH_ANALYTICS_TRIPS ?? 50_000)
const BOOKINGS = Number(process.env.BENCH_ANALYTICS_BOOKINGS ?? 200_000)
const REQUEST_MINUTES = Number(process.env.BENCH_REQUEST_MINUTES ?? 1_000_000)
const USERS = 10_000

export async function seedYear(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const started = performance.now()
    // Users joined over the last year (the main run's 10,000 when it ran first; made here otherwise).
    const [{ n: have }] = (await sql`select count(*)::int as n from users`) as unknown as [{ n: number }]
    if (have < USERS) {
      await sql`
        insert into users (username, email, password_hash, first_name, last_name, role_id, is_active, date_joined)
        select 'year_' || g, 'year_' || g || '@example.test', '!', 'Year', 'User ' || g, (select id from roles where name = 'traveler'), true, now()
          from generate_series(1, ${USERS - have}) g`
    }
    await sql`update users set date_joined = now() - ((id * 7919) % 365 || ' days')::interval - ((id * 31) % 1440 || ' minutes')::interval where username not in ('superadmin', 'admin', 'expert', 'specialist', 'editor', 'traveler')`
    const travelers = (await sql`select id from users order by id limit 10000`).map((r) => r.id as number)
    const experts = (await sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'expert' limit 50`).map((r) => r.id as number)
    const countries = (await sql`select id from countries order by id limit 120`).map((r) => r.id as number)
    await sql`
      insert into trips (title, start_date, end_date, traveler_id, status, country_id, rating, created_at, updated_at)
      select 'Year trip ' || g, current_date - 365 + (g % 500), current_date - 365 + (g % 500) + 3 + g % 12,
             (${travelers}::int[])[1 + g % ${travelers.length}],
             (array['planning', 'booked', 'active', 'completed', 'cancelled'])[1 + g % 5],
             (${countries}::int[])[1 + g % ${countries.length}], case when g % 3 = 0 then 1 + g % 5 end,
             now() - ((g % 365) || ' days')::interval, now()
        from generate_series(1, ${TRIPS}) g`
    const [{ first }] = (await sql`select min(id)::int as first from trips where title like 'Year trip %'`) as unknown as [{ first: number }]
    if (experts.length) {
      await sql`
        insert into trip_assignments (trip_id, expert_id, status, responded_at, created_at, updated_at)
        select ${first} + g, (${experts}::int[])[1 + g % ${experts.length}], (array['accepted', 'declined', 'accepted'])[1 + g % 3],
               now() - ((g % 365) || ' days')::interval + ((g % 48) || ' hours')::interval, now() - ((g % 365) || ' days')::interval, now()
          from generate_series(0, ${Math.min(20_000, TRIPS) - 1}) g`
    }
    await sql`
      insert into quiz_submissions (user_id, quiz_data, status, submitted_at)
      select (${travelers}::int[])[1 + g % ${travelers.length}],
             jsonb_build_object('travel_style', (array['Adventure', 'Relaxation', 'Food & Wine', 'Culture'])[1 + g % 4],
                                'budget_range', (array['Under $2,000', '$2,000 - $5,000', '$5,000+'])[1 + g % 3],
                                'group_size', (array['Solo', 'Couple', 'Family'])[1 + g % 3]),
             (array['reviewed', 'awaiting_specialist', 'reviewed'])[1 + g % 3], now() - ((g % 365) || ' days')::interval
        from generate_series(1, 10000) g`
    await sql`
      insert into bookings (reference, booking_type, status, traveler_id, trip_id, title, service_date, party_size, amount, currency, created_at, updated_at)
      select 'MB-YR' || lpad(g::text, 7, '0'), (array['flight', 'hotel', 'activity', 'trip'])[1 + g % 4],
             (array['pending', 'confirmed', 'confirmed', 'cancelled'])[1 + (g / 4) % 4],
             (${travelers}::int[])[1 + g % ${travelers.length}], ${first} + g % ${TRIPS}, 'Year booking ' || g, current_date - (g % 365), 1 + g % 4,
             (20 + g % 2000)::numeric + (g % 100) / 100.0, (array['USD', 'USD', 'EUR', 'GBP'])[1 + g % 4],
             now() - ((g % 365) || ' days')::interval, now()
        from generate_series(1, ${BOOKINGS}) g`
    await sql`
      insert into payments (booking_id, provider, intent_id, amount, currency, status, confirmed_at, created_at, updated_at)
      select b.id, 'manual', 'year_' || b.id, b.amount, b.currency, case when b.id % 17 = 0 then 'refunded' else 'succeeded' end, b.created_at + interval '1 hour', b.created_at, now()
        from bookings b where b.title like 'Year booking %' and b.status = 'confirmed'`
    await sql`
      insert into conversion_rates (from_currency_id, to_currency_id, rate, effective_date)
      select f.id, t.id, r.rate, current_date - 400
        from (values ('EUR', 1.08), ('GBP', 1.27)) as r(code, rate) join currencies f on f.code = r.code join currencies t on t.code = 'USD'
      on conflict do nothing`
    // Request figures: 1,000,000 rows over the last 90 days (four processes, routes and status classes), their daily
    // sums, and a year of uptime minutes (one hour down a week).
    await sql`
      insert into request_minutes (minute, process, route, status_class, count, duration_ms_sum, buckets)
      select date_trunc('minute', now()) - ((g / 8) || ' minutes')::interval, 'bench-' || (g % 4), (array['GET /api/trips/', 'GET /dashboard/overview'])[1 + (g / 4) % 2],
             case when g % 97 = 0 then 5 else 2 end, 1 + g % 20, (1 + g % 20) * 12.5, array[g % 3, g % 5, 1 + g % 7, g % 4, 0, g % 2, 0, 0, 0, 0, 0]
        from generate_series(0, ${REQUEST_MINUTES - 1}) g
      on conflict do nothing`
    await sql`
      insert into request_days (day, status_class, count, duration_ms_sum, buckets)
      select (minute at time zone 'UTC')::date, status_class, sum(count), sum(duration_ms_sum),
             array[sum(buckets[1]), sum(buckets[2]), sum(buckets[3]), sum(buckets[4]), sum(buckets[5]), sum(buckets[6]), sum(buckets[7]), sum(buckets[8]), sum(buckets[9]), sum(buckets[10]), sum(buckets[11])]
        from request_minutes group by 1, 2
      on conflict (day, status_class) do update set count = excluded.count, duration_ms_sum = excluded.duration_ms_sum, buckets = excluded.buckets`
    await sql`
      insert into service_minutes (minute)
      select m from generate_series(date_trunc('minute', now()) - interval '365 days', date_trunc('minute', now()), interval '1 minute') m
       where extract(dow from m) <> 0 or extract(hour from m) <> 3
      on conflict do nothing`
    await sql`
      insert into service_days (day, minutes, first_minute)
      select (minute at time zone 'UTC')::date, count(*), min(minute) from service_minutes group by 1
      on conflict (day) do update set minutes = excluded.minutes, first_minute = excluded.first_minute`
    await sql`delete from service_minutes where minute < now() - interval '90 days'`
    await sql`analyze`
    const [n] = await sql`
      select (select count(*)::int from users) as users, (select count(*)::int from trips) as trips, (select count(*)::int from bookings) as bookings,
             (select count(*)::int from payments) as payments, (select count(*)::int from request_minutes) as minutes`
    console.log(
      `\nAnalytics: ${n!.users} users, ${n!.trips} trips, ${n!.bookings} bookings, ${n!.payments} payments, ${n!.minutes} request-minutes (filled in ${(
        (performance.now() - started) /
        1000
      ).toFixed(1)} s)`,
    )
  } finally {
    await sql.end()
  }
}

export async function measureAnalytics(base: string, databaseUrl: string) {
  await seedYear(databaseUrl)
  const requests = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 100)
  const admin = await login(base, 'admin', 'meridian-demo')
  const cookie = await sessionCookie(base, 'admin', 'meridian-demo')
  const loader = (period: string) => () => `${base}/dashboard/analytics.data?_routes=routes%2Fdashboard.analytics&period=${period}`
  const bearer = { Authorization: `Bearer ${admin.access}` }
  const endpoints: { label: string; headers: Record<string, string>; url: (i: number) => string; bar?: boolean }[] = [
    { label: 'baseline: GET profile', headers: bearer, url: () => `${base}/users/api/auth/profile/` },
    { label: 'Analytics loader, 1y', headers: { Cookie: cookie }, url: loader('1y'), bar: true },
    { label: 'Analytics loader, 30d', headers: { Cookie: cookie }, url: loader('30d') },
    { label: 'Analytics loader, 7d', headers: { Cookie: cookie }, url: loader('7d') },
    { label: 'GET admin/analytics/?period=1y', headers: bearer, url: () => `${base}/users/api/admin/analytics/?period=1y` },
    // What a Refresh (or the first view of the minute) costs: the year computed from the records.
    { label: '1y computed now (refresh=1)', headers: bearer, url: () => `${base}/users/api/admin/analytics/?period=1y&refresh=1` },
    { label: 'GET admin/system-health/', headers: bearer, url: () => `${base}/users/api/admin/system-health/` },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(0), { headers: e.headers })
    if (res.status !== 200) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < 5; i++) await (await fetch(e.url(i), { headers: e.headers })).arrayBuffer()
  }
  console.log(`\n${'analytics, 1 in flight'.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`)
  const rows: { label: string; p95: number; failures: number; bar?: boolean }[] = []
  for (const e of endpoints) {
    const r = await timeGets(e.url, e.headers, requests, 1)
    rows.push({ label: e.label, bar: e.bar, ...r })
    console.log(
      `${e.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`,
    )
  }
  console.log(`\nBar: the Analytics Dashboard's loader for a year, p95 < ${P95_BAR_MS} ms one request at a time. The screen shows the report of the`)
  console.log('period computed in the last minute (shared by every admin and process); "computed now" is what a Refresh, or the')
  console.log("minute's first view, costs. The baseline row is the same run's cheapest authenticated call.")
  for (const r of rows.filter((x) => x.bar))
    console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
}
