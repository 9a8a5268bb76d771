import postgres from 'postgres'
import { percentile } from './measure.ts'
import { barLine } from './report.ts'

/** The users list bar: p95 under 30 ms through REST against PostgreSQL with 10,000 users (search and filters). */
export const USERS_LIST_P95_MS = 30
export const USERS_LIST_COUNT = 10_000

/**
 * 10,000 users in the bench database in one statement (names from small word lists, one in five inactive,
 * roles spread like a real platform: mostly travelers), joined over the last two years.
 */
export async function seedUsers(databaseUrl: string, count = USERS_LIST_COUNT): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await sql`
      insert into users (username, email, password_hash, first_name, last_name, role_id, is_active, is_staff, date_joined)
      select 'user' || g, 'user' || g || '@bench.example', (select password_hash from users where username = 'traveler'),
             (array['Ana','Bruno','Chloe','Dmitri','Elena','Farah','Goran','Hana','Ivan','Jade'])[1 + g % 10],
             (array['Silva','Kowalski','Nguyen','Haddad','Costa','Moreau','Okafor','Berg','Tanaka','Rossi'])[1 + (g / 10) % 10],
             r.id, g % 5 <> 0, r.name <> 'traveler', now() - (g || ' minutes')::interval * 100
      from generate_series(1, ${count}) g
      join roles r on r.name = (case when g % 20 = 0 then 'expert' when g % 33 = 0 then 'specialist' when g % 50 = 0 then 'editor' else 'traveler' end)`
    await sql`analyze users`
  } finally {
    await sql.end({ timeout: 5 })
  }
}


/** Latencies of `total` GETs over `concurrency` parallel sequential loops (after a short warm-up). */
async function timeRequests(url: string | (() => string), headers: Record<string, string>, total: number, concurrency: number) {
  const next = typeof url === 'string' ? () => url : url
  const once = async () => {
    const started = performance.now()
    const res = await fetch(next(), { headers })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${next()} answered ${res.status}`)
    return performance.now() - started
  }
  for (let i = 0; i < 20; i++) await once()
  const samples: number[] = []
  let left = total
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) samples.push(await once())
    }),
  )
  samples.sort((a, b) => a - b)
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), count: samples.length }
}

/**
 * GET /users/api/users-mgmt/ with search, role and is_active over 10,000 users, beside the profile GET (the
 * same authentication, no list) as the run's own baseline.
 */
export async function measureUsersList(appBase: string, token: string) {
  const headers = { Authorization: `Bearer ${token}` }
  const total = Number(process.env.BENCH_USERS_REQUESTS ?? 400)
  const concurrency = Number(process.env.BENCH_USERS_CONCURRENCY ?? 4)
  const first = await fetch(`${appBase}/users/api/users-mgmt/?page_size=1`, { headers })
  const count = ((await first.json()) as { count: number }).count
  const searches = ['ana', 'silva', 'user12', 'costa', 'jade', 'bench', 'user9', 'haddad']
  const roles = ['traveler', 'expert', '']
  let i = 0
  const listUrl = () => {
    i++
    const params = new URLSearchParams({ search: searches[i % searches.length]!, is_active: i % 2 ? 'true' : 'false', page_size: '20' })
    const role = roles[i % roles.length]!
    if (role) params.set('role', role)
    return `${appBase}/users/api/users-mgmt/?${params}`
  }
  const baseline = await timeRequests(`${appBase}/users/api/auth/profile/`, headers, total, concurrency)
  const list = await timeRequests(listUrl, headers, total, concurrency)
  const row = (label: string, r: typeof list) =>
    `${label.padEnd(34)}${r.p50.toFixed(1).padStart(8)}${r.p95.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}`
  console.log(`\nUsers list: ${count.toLocaleString('en-US')} users in PostgreSQL, ${total} requests each over ${concurrency} connections`)
  console.log(`${'endpoint'.padEnd(34)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}`)
  console.log(row('GET profile (reference)', baseline))
  console.log(row('GET users-mgmt search+filters', list))
  console.log(barLine('Users list p95', `${list.p95.toFixed(1)} ms`, list.p95 < USERS_LIST_P95_MS, `< ${USERS_LIST_P95_MS} ms`))
  return { baseline, list }
}
