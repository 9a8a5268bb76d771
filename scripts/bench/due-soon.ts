// The Due soon scenario of `npm run bench` (BENCH_ONLY=due-soon, `npm run bench:due-soon`, for it alone): 100,000
// bookings with their payment schedules (a deposit and a balance each: most balances paid or further off, one in fifty
// past its date unpaid, a third of the bookings with a free-cancellation deadline), and the staff's Due soon list over
// them: GET /api/bookings/due-soon/ as an admin with each filter and a few pages, the screen's loader, and an expert's
// list (the bookings of the 200 travelers they stand for), beside the cheapest authenticated REST call (the profile
// GET) measured in the same run as the baseline. Bar: p95 under 30 ms, one request at a time.
import postgres from 'postgres'
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const P95_BAR_MS = 30
const TOTAL = Number(process.env.BENCH_DUE_SOON_BOOKINGS ?? 100_000)

/** Bookings and their schedule lines made in PostgreSQL itself, spread over the users; the expert stands for 200 travelers. */
export async function seedDueSoon(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const started = performance.now()
    const people = (await sql`select id from users where username not in ('expert', 'admin', 'superadmin') order by id limit 5000`).map((r) => r.id as number)
    const [expert] = await sql`select id from users where username = 'expert'`
    await sql`
      insert into traveler_experts (traveler_id, expert_id)
      select id, ${expert!.id} from unnest(${people.slice(0, 200)}::int[]) as id
      on conflict do nothing`
    await sql`
      insert into bookings (reference, booking_type, status, payment_state, traveler_id, title, service_date, party_size, amount, currency,
                            free_cancel_until, created_at, updated_at)
      select 'MB-0' || lpad(g::text, 7, '0'),
             (array['flight', 'hotel', 'activity', 'trip', 'transfer'])[1 + g % 5],
             (array['pending', 'confirmed', 'confirmed', 'cancelled'])[1 + (g / 5) % 4],
             'partly_paid',
             (${people}::int[])[1 + g % ${people.length}],
             (array['Harbour kayak tour', 'Hotel by the sea', 'Flight to Lisbon', 'Old town package', 'Airport transfer'])[1 + g % 5] || ' ' || g,
             current_date + (g % 550) - 150, 1 + g % 4,
             (100 + (g % 2000))::numeric + (g % 100) / 100.0,
             (array['USD', 'EUR', 'GBP'])[1 + g % 3],
             case when g % 3 = 0 then (current_date + (g % 550) - 180)::timestamp at time zone 'UTC' + interval '23 hours 59 minutes' end,
             now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${TOTAL}) g`
    await sql`
      insert into payment_schedule_lines (booking_id, position, kind, amount, currency, due_on, status, paid_at)
      select b.id, 1, 'deposit', round(b.amount * 0.3, 2), b.currency, b.created_at::date, 'paid', b.created_at
        from bookings b where b.reference like 'MB-0%'
      union all
      select b.id, 2, 'balance', b.amount - round(b.amount * 0.3, 2), b.currency, b.service_date - 42,
             case when b.service_date - 42 >= current_date then 'due' when b.id % 50 = 0 then 'overdue' else 'paid' end,
             case when b.service_date - 42 < current_date and b.id % 50 <> 0 then now() end
        from bookings b where b.reference like 'MB-0%'`
    await sql`analyze`
    const [n] = await sql`
      select (select count(*)::int from bookings where reference like 'MB-0%') as bookings,
             (select count(*)::int from payment_schedule_lines l join bookings b on b.id = l.booking_id where b.reference like 'MB-0%') as lines,
             (select count(*)::int from payment_schedule_lines where status in ('due', 'overdue') and due_on <= current_date + 14) as listed_lines`
    console.log(
      `\nDue soon: ${n!.bookings} bookings, ${n!.lines} schedule lines, ${n!.listed_lines} open lines due within 14 days or overdue ` +
        `(filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
  } finally {
    await sql.end()
  }
}

export async function measureDueSoon(base: string, databaseUrl: string) {
  await seedDueSoon(databaseUrl)
  const requests = Number(process.env.BENCH_REQUESTS ?? 400)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4)
  const admin = await login(base, 'admin', 'meridian-demo')
  const expert = await login(base, 'expert', 'meridian-demo')
  const adminCookie = await sessionCookie(base, 'admin', 'meridian-demo')
  const queries = ['', 'kind=payment', 'kind=cancellation', 'overdue=true', 'page=3', 'kind=payment&page=10', 'page=40']
  const loader = (query: string) => `${base}/dashboard/bookings/due-soon.data?_routes=routes%2Fdashboard.bookings_.due-soon${query ? `&${query}` : ''}`
  const endpoints: { label: string; headers: Record<string, string>; url: (i: number) => string }[] = [
    { label: 'baseline: GET profile', headers: { Authorization: `Bearer ${admin.access}` }, url: () => `${base}/users/api/auth/profile/` },
    { label: 'GET /api/bookings/due-soon/ (admin)', headers: { Authorization: `Bearer ${admin.access}` }, url: (i) => `${base}/api/bookings/due-soon/?${queries[i % queries.length]}` },
    { label: 'Due soon loader (admin)', headers: { Cookie: adminCookie }, url: (i) => loader(queries[i % queries.length]!) },
    { label: 'GET /api/bookings/due-soon/ (expert)', headers: { Authorization: `Bearer ${expert.access}` }, url: (i) => `${base}/api/bookings/due-soon/?${queries[i % 4]}` },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(1), { headers: e.headers })
    if (res.status !== 200) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < 20; i++) await (await fetch(e.url(i), { headers: e.headers })).arrayBuffer()
  }
  const first: { label: string; p95: number; failures: number }[] = []
  for (const inFlight of [1, concurrency]) {
    console.log(`\n${`due soon, ${inFlight} in flight`.padEnd(38)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`)
    for (const e of endpoints) {
      const r = await timeGets(e.url, e.headers, requests, inFlight)
      if (inFlight === 1) first.push({ label: e.label, ...r })
      console.log(`${e.label.padEnd(38)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`)
    }
  }
  console.log(`\nBar: p95 < ${P95_BAR_MS} ms one request at a time for the Due soon list over ${TOTAL.toLocaleString('en-US')} bookings; the baseline row is`)
  console.log("the same run's cheapest authenticated call.")
  for (const r of first.filter((x) => !x.label.startsWith('baseline')))
    console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
}
