// The Search & Discovery scenario of `npm run bench` (BENCH_ONLY=discovery, `npm run bench:discovery`, for it alone):
// the catalogue grown to 120,000 locations and 100,000 activities (rated suppliers, included services) plus 2,000 places
// to stay. Times GET /api/search/ with words, filters and sorts (a typo, a price range in euros, dates and a group, a
// rating with an amenity, a location, no words at all) and the Search & Discovery screen's loader, beside the cheapest
// authenticated call (the profile GET) in the same run. Bar: p95 under 30 ms, one request at a time.
import { seedReferenceCatalogue } from '@meridian/core/catalogue-seed'
import { seedActivities } from '@meridian/core/activity-seed'
import { openDatabase, sql } from '@meridian/db'
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const P95_BAR_MS = 30
const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 120_000)
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 100_000)

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** Searches as people make them: words (one with a typo), filters, sorts, a later page, and the browse without words. */
const QUERIES = [
  'q=kayak',
  'q=sunset%20cruise&sort=price-low',
  'q=malle',
  'location=paris&categories=culture',
  'q=tour&price_min=50&price_max=200&currency=EUR',
  'q=snorkel&rating=4&amenities=Snorkel%20gear',
  `q=wine&date_from=${day(30)}&date_to=${day(32)}&travelers=4`,
  'type=destination&q=ital',
  'q=temple&sort=rating&page=2',
  'location=tokyo&travelers=6&sort=price-low',
  'q=street%20food%20class',
  'categories=nature',
]

async function seedCatalogue(databaseUrl: string) {
  const started = performance.now()
  const handle = await openDatabase({ url: databaseUrl, max: 4 })
  try {
    const places = await seedReferenceCatalogue(handle.db, { locations: LOCATIONS })
    const added = await seedActivities(handle.db, ACTIVITIES)
    await handle.db.execute(sql`
      update suppliers set rating = (3 + (id % 21) / 10.0)::numeric(3, 2), total_reviews = 10 + id % 90 where name like 'Seed Supplier %'`)
    await handle.db.execute(sql`
      update activities set included_services = (array['["Hotel pickup"]', '["Lunch", "Hotel pickup"]', '["Snorkel gear"]', '[]'])[1 + id % 4]::jsonb
       where description like 'Seeded activity %'`)
    await handle.db.execute(sql`
      insert into suppliers (name, supplier_type, status, city, country_id, description, services_offered, rating, total_reviews, verified)
      select 'Bench Stay ' || g, 'accommodation', 'active', 'Bench City ' || (g % 300), c.id, 'Bench data', '["Breakfast", "Wi-Fi"]'::jsonb,
             (3 + (g % 21) / 10.0)::numeric(3, 2), g % 200, g % 3 = 0
        from generate_series(1, 2000) g
        join (select id, row_number() over (order by id) as rn from countries where is_active) c on c.rn = 1 + g % 150
       where not exists (select 1 from suppliers where name = 'Bench Stay 1')`)
    await handle.db.execute(sql`analyze`)
    const result = (await handle.db.execute(sql`select (select count(*) from activities)::int as a, (select count(*) from locations)::int as l`)) as unknown
    const [counts] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { a: number; l: number }[]
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `\nDiscovery: ${counts!.a} activities (${added} added), ${counts!.l} locations (${places.locations} added), 2,000 bench stays; filled in ${seconds} s`,
    )
  } finally {
    await handle.close()
  }
}

export async function measureDiscovery(base: string, databaseUrl: string) {
  await seedCatalogue(databaseUrl)
  const requests = Number(process.env.BENCH_REQUESTS ?? 400)
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4)
  const traveler = await login(base, 'traveler', 'meridian-demo')
  const cookie = await sessionCookie(base, 'traveler', 'meridian-demo')
  const bearer = { Authorization: `Bearer ${traveler.access}` }
  const q = (i: number) => QUERIES[i % QUERIES.length]!
  const endpoints: { label: string; headers: Record<string, string>; url: (i: number) => string; bar?: boolean }[] = [
    { label: 'baseline: GET profile', headers: bearer, url: () => `${base}/users/api/auth/profile/` },
    { label: 'GET /api/search/ (12 searches)', headers: bearer, url: (i) => `${base}/api/search/?${q(i)}`, bar: true },
    { label: 'GET /api/search/recommendations/', headers: bearer, url: () => `${base}/api/search/recommendations/`, bar: true },
    {
      label: 'Search & Discovery loader',
      headers: { Cookie: cookie },
      url: (i) => `${base}/dashboard/search.data?_routes=routes%2Fdashboard.search&${q(i)}`,
    },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(1), { headers: e.headers })
    if (res.status !== 200) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < QUERIES.length * 2; i++) await (await fetch(e.url(i), { headers: e.headers })).arrayBuffer()
  }
  const sample = (await (await fetch(`${base}/api/search/?q=malle`, { headers: bearer })).json()) as { results: { title: string }[] }
  console.log(
    `  "malle" finds: ${sample.results
      .slice(0, 3)
      .map((r) => r.title)
      .join(', ')}`,
  )
  const first: { label: string; p95: number; failures: number; bar?: boolean }[] = []
  for (const inFlight of [1, concurrency]) {
    console.log(
      `\n${`discovery, ${inFlight} in flight`.padEnd(36)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`,
    )
    for (const e of endpoints) {
      const r = await timeGets(e.url, e.headers, requests, inFlight)
      if (inFlight === 1) first.push({ label: e.label, bar: e.bar, ...r })
      console.log(
        `${e.label.padEnd(36)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`,
      )
    }
  }
  // Each search on its own, one at a time, to show which one is the slowest.
  console.log(`\n${'each search, 1 in flight'.padEnd(60)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}`)
  for (const query of QUERIES) {
    const r = await timeGets(() => `${base}/api/search/?${query}`, bearer, 40, 1)
    console.log(`${query.slice(0, 58).padEnd(60)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}`)
  }
  console.log(`\nBar: p95 < ${P95_BAR_MS} ms one request at a time for the search and the recommendations; the screen's loader (which also`)
  console.log('reads the recommendations, the currencies and the amenities) and the loaded pass are for comparison with the baseline.')
  for (const r of first.filter((x) => x.bar))
    console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < P95_BAR_MS && r.failures === 0, `< ${P95_BAR_MS} ms`))
}
