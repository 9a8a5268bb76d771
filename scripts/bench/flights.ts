// The flights scenario of `npm run bench` (BENCH_ONLY=flights for it alone): 50,000 flights between 60 airports over the
// next 60 days, beside the demo flights. Times the flight search over REST (route and date, From only, a round trip,
// a search by airport name) and the Flight Management screen's loader with a search, beside the cheapest
// authenticated REST call (the profile GET) in the same run as the baseline. Bar: p95 under 30 ms, one request at a time.
import postgres from 'postgres'
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const P95_BAR_MS = 30
const TOTAL = Number(process.env.BENCH_FLIGHTS ?? 50_000)
const AIRPORTS = 60
const DAYS = 60
const ZONES = ['UTC', 'Europe/London', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney']

const code = (i: number) => `X${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** 60 bench airports and 50,000 flights between them, made in PostgreSQL itself. */
async function seedFlights(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const started = performance.now()
    const countries = (await sql`select id from countries order by id limit ${AIRPORTS}`).map((r) => r.id as number)
    const rows = Array.from({ length: AIRPORTS }, (_, i) => ({
      name: `Benchport ${i + 1} Airport`,
      country_id: countries[i % countries.length]!,
      location_type: 'airport',
      airport_code: code(i),
      address: `Benchcity ${i + 1}`,
      timezone: ZONES[i % ZONES.length]!,
    }))
    await sql`insert into locations ${sql(rows, 'name', 'country_id', 'location_type', 'airport_code', 'address', 'timezone')} on conflict do nothing`
    const ids = (await sql`select id from locations where airport_code like 'X%' and location_type = 'airport' and name like 'Benchport %' order by id`).map(
      (r) => r.id as number,
    )
    await sql`
      insert into flights (airline_code, airline_name, flight_number, aircraft, departure_airport_id, arrival_airport_id, departure_at, arrival_at,
                           cabin_class, stops, price, currency, seats_total, seats_left, amenities, rating, review_count, status)
      select 'BA', 'British Airways', 'BA' || (1000 + g % 8000), 'Bench data',
             (${ids}::int[])[1 + di], (${ids}::int[])[1 + (di + 1 + (g * 7 + g / ${ids.length}) % (${ids.length} - 1)) % ${ids.length}],
             at, at + ((60 + g % 600) || ' minutes')::interval,
             (array['economy', 'premium', 'business', 'first'])[1 + g % 4], g % 3, (50 + g % 1500)::numeric(12, 2), 'USD',
             180, g % 181, '["wifi","meals"]'::jsonb, 4.2, g % 3000, case when g % 50 = 0 then 'withdrawn' else 'scheduled' end
      from (
        select g, g % ${ids.length} as di,
               date_trunc('hour', now()) + ((g * 37) % (${DAYS} * 24 * 60) || ' minutes')::interval + interval '2 hours' as at
        from generate_series(1, ${TOTAL}) g
      ) s
      on conflict do nothing`
    await sql`analyze flights`
    await sql`analyze locations`
    const [n] = await sql`select count(*)::int as all from flights`
    console.log(
      `\nFlights: ${n!.all} in all (${TOTAL} bench flights between ${ids.length} airports over ${DAYS} days, filled in ${(
        (performance.now() - started) /
        1000
      ).toFixed(1)} s)`,
    )
  } finally {
    await sql.end()
  }
}

export async function measureFlights(base: string, databaseUrl: string) {
  await seedFlights(databaseUrl)
  const requests = Number(process.env.BENCH_FLIGHT_REQUESTS ?? 300)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4)
  const traveler = await login(base, 'traveler', 'meridian-demo')
  const cookie = await sessionCookie(base, 'traveler', 'meridian-demo')
  const auth = { Authorization: `Bearer ${traveler.access}` }
  const pick = (i: number, salt: number) => code((i * 7 + salt) % AIRPORTS)
  // Within the filled days, with room for a return three days later.
  const date = (i: number, later = 0) => day(1 + (i % (DAYS - 5)) + later)
  const classes = ['economy', 'premium', 'business', 'first']
  const endpoints: { label: string; headers: Record<string, string>; url: (i: number) => string }[] = [
    { label: 'baseline: GET profile', headers: auth, url: () => `${base}/users/api/auth/profile/` },
    {
      label: 'search From+To+date (REST)',
      headers: auth,
      url: (i) => `${base}/api/flights/search/?from=${pick(i, 0)}&to=${pick(i, 3)}&departure_date=${date(i)}&class=${classes[i % 4]}&passengers=${1 + (i % 6)}`,
    },
    {
      label: 'search From+date (REST)',
      headers: auth,
      url: (i) => `${base}/api/flights/search/?from=Benchcity%20${1 + (i % AIRPORTS)}&departure_date=${date(i)}&class=${classes[i % 4]}`,
    },
    {
      label: 'search round trip (REST)',
      headers: auth,
      url: (i) => `${base}/api/flights/search/?trip_type=roundTrip&from=${pick(i, 1)}&to=${pick(i, 5)}&departure_date=${date(i)}&return_date=${date(i, 3)}`,
    },
    {
      label: 'search by airport name (REST)',
      headers: auth,
      url: (i) => `${base}/api/flights/search/?from=benchport%20${1 + (i % AIRPORTS)}%20airport&departure_date=${date(i)}`,
    },
    {
      label: 'Flight search screen loader',
      headers: { Cookie: cookie },
      url: (i) =>
        `${base}/dashboard/flights.data?_routes=routes%2Fdashboard.flights&from=${pick(i, 2)}&to=${pick(i, 9)}&departure_date=${date(
          i,
        )}&class=economy&passengers=2`,
    },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(1), { headers: e.headers })
    if (res.status !== 200) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < 20; i++) await (await fetch(e.url(i), { headers: e.headers })).arrayBuffer()
  }
  const found = await (await fetch(`${base}/api/flights/search/?from=Benchcity%201&departure_date=${date(5)}`, { headers: auth })).json()
  console.log(`A From+date search answers ${(found as { count: number }).count} flights (one airport, one day, every class).`)
  const first: { label: string; p95: number; failures: number }[] = []
  for (const inFlight of [1, concurrency]) {
    console.log(`\n${`flights, ${inFlight} in flight`.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`)
    for (const e of endpoints) {
      const r = await timeGets(e.url, e.headers, requests, inFlight)
      if (inFlight === 1) first.push({ label: e.label, ...r })
      console.log(
        `${e.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`,
      )
    }
  }
  console.log(`\nBars: p95 < ${P95_BAR_MS} ms one request at a time; the baseline row is the same run's cheapest authenticated call.`)
  for (const r of first.slice(1)) console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
}
