// The quiz review scenario of `npm run bench` (BENCH_ONLY=quiz-review for it alone): 10,000 travelers, 500 active
// experts with countries and specializations, 10,000 quiz submissions. Timed one request at a time beside the
// cheapest authenticated REST call of the same run (the profile GET): the Review Center queue (REST and the screen's
// loader) filtered, searched and paged; one submission's review (every active expert ranked, with reasons); the
// customers list (REST and loader) by status, search and page. The in-process cost of ranking 500 experts is timed too.
import postgres from 'postgres'
import { rankExperts } from '../../packages/core/src/matching/rank.ts'
import { login, timeGets } from './measure.ts'
import { sessionCookie } from './overview.ts'
import { barLine } from './report.ts'

const LIST_BAR_MS = 30
const RANK_BAR_MS = 20
const TRAVELERS = 10_000
const EXPERTS = 500
const SUBMISSIONS = Number(process.env.BENCH_QUIZZES ?? 10_000)

/** Tops the database up to 10,000 travelers and 500 active experts, and adds 10,000 submissions, in PostgreSQL itself. */
export async function seed(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const started = performance.now()
    const count = async (role: string, activeOnly: boolean) =>
      Number((await sql`select count(*)::int as n from users u join roles r on r.id = u.role_id where r.name = ${role} and (${!activeOnly} or u.is_active)`)[0]!.n)
    const addUsers = async (role: string, prefix: string, n: number) => {
      if (n <= 0) return
      await sql`
        insert into users (username, email, password_hash, first_name, last_name, role_id, date_joined)
        select ${prefix} || g, ${prefix} || g || '@bench.example', (select password_hash from users where username = 'traveler'),
               (array['Maya','Omar','Lena','Kofi','Iris','Teo','Nadia','Raj','Sol','Yuki'])[1 + g % 10],
               (array['Lind','Haddad','Reyes','Mensah','Novak','Sato','Ibrahim','Patel','Garcia','Kim'])[1 + (g / 10) % 10],
               (select id from roles where name = ${role}), now() - (g || ' minutes')::interval * 7
        from generate_series(1, ${n}) g`
    }
    await addUsers('traveler', 'qtraveler', TRAVELERS - (await count('traveler', false)))
    await addUsers('expert', 'qexpert', EXPERTS - (await count('expert', true)))
    const countries = (await sql`select id from countries where is_active order by id limit 200`).map((r) => r.id as number)
    // Every expert covers a few countries and has a few specializations and years.
    await sql`
      update users u set
        expert_countries = array[(${countries}::int[])[1 + u.id % ${countries.length}], (${countries}::int[])[1 + (u.id * 7) % ${countries.length}], (${countries}::int[])[1 + (u.id * 13) % ${countries.length}]],
        specializations = array[(array['Luxury travel','Honeymoons','Diving','Adventure','Trekking','Food & wine','Family holidays','Safari','City breaks'])[1 + u.id % 9],
                                (array['Culture','Wellness','Beach','Business travel','Group tours'])[1 + u.id % 5]],
        years_experience = u.id % 25
      from roles r where r.id = u.role_id and r.name = 'expert'`
    const travelers = (await sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'traveler' order by u.id limit ${TRAVELERS}`).map((r) => r.id as number)
    await sql`
      insert into quiz_submissions (user_id, quiz_type, status, quiz_data, score, submitted_at, reviewed_at)
      select (${travelers}::int[])[1 + g % ${travelers.length}], 'general',
             case when g % 3 = 0 then 'reviewed' else 'awaiting_specialist' end,
             jsonb_build_object(
               'travel_style', (array['Adventure & Exploration','Relaxation & Wellness','Culture & History','Food & Wine','Urban & City Life'])[1 + g % 5],
               'budget_range', (array['Budget-Friendly ($500-1500)','Comfortable ($1500-3000)','Premium ($3000-5000)','Luxury ($5000+)','I''m flexible'])[1 + (g / 5) % 5],
               'group_size', (array['Solo traveler','Couple','Family with kids','Group of friends','Business/work travel'])[1 + (g / 25) % 5]),
             case when g % 3 = 0 then 40 + g % 60 else null end,
             now() - (g || ' minutes')::interval, case when g % 3 = 0 then now() - (g || ' minutes')::interval + interval '1 hour' else null end
      from generate_series(1, ${SUBMISSIONS}) g`
    await sql`
      update quiz_submissions set quiz_type = (array['maldives','luxury','adventure'])[1 + id % 3],
        quiz_data = case id % 3
          when 0 then '{"stay":"Overwater villa","occasion":"Diving and snorkelling","budget_range":"Luxury ($5000+)","group_size":"Couple"}'::jsonb
          when 1 then '{"luxury_priority":"Privacy and seclusion","region":"Japan","group_size":"Solo traveler"}'::jsonb
          else '{"intensity":"Full days of hiking","landscape":"Savannah and wildlife","group_size":"Group of friends","budget_range":"I''m flexible"}'::jsonb end
      where id % 4 = 0 and user_id is not null`
    await sql`analyze`
    const [n] = await sql`
      select (select count(*)::int from quiz_submissions) as quizzes,
             (select count(*)::int from users u join roles r on r.id = u.role_id where r.name = 'traveler') as travelers,
             (select count(*)::int from users u join roles r on r.id = u.role_id where r.name = 'expert' and u.is_active) as experts`
    console.log(`\nQuiz review: ${n!.quizzes} submissions, ${n!.travelers} travelers, ${n!.experts} active experts (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`)
    const [awaiting] = await sql`select id from quiz_submissions where status = 'awaiting_specialist' order by quiz_type = 'maldives' desc, id desc limit 1`
    return awaiting!.id as number
  } finally {
    await sql.end()
  }
}

/** rankExperts over 500 made-up candidates, in this process: the formula's own cost, without the database. */
function rankInProcess() {
  const candidates = Array.from({ length: EXPERTS }, (_, i) => ({
    id: i + 1,
    name: `Expert ${i + 1}`,
    countryIds: [1 + (i % 200), 1 + ((i * 7) % 200), 1 + ((i * 13) % 200)],
    specializations: [['Luxury travel', 'Honeymoons', 'Diving', 'Adventure', 'Food & wine'][i % 5]!, 'Culture'],
    years: i % 25,
    openTrips: i % 10,
    accepted: i % 17,
    declined: i % 5,
  }))
  const needs = { countries: [{ id: 3, name: 'Maldives' }, { id: 40, name: 'Japan' }], tags: ['luxury', 'romance', 'diving'] }
  const samples: number[] = []
  for (let i = 0; i < 300; i++) {
    const started = performance.now()
    rankExperts(needs, candidates)
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  return { p50: samples[Math.floor(samples.length * 0.5)]!, p95: samples[Math.floor(samples.length * 0.95)]! }
}

export async function measureQuizReview(base: string, databaseUrl: string) {
  const awaitingId = await seed(databaseUrl)
  const requests = Number(process.env.BENCH_REQUESTS ?? 400)
  const specialist = await login(base, 'specialist', 'meridian-demo')
  const cookie = await sessionCookie(base, 'specialist', 'meridian-demo')
  const auth = { Authorization: `Bearer ${specialist.access}` }
  const queue = ['', 'status=awaiting_specialist', 'quiz_type=maldives', 'search=wellness', 'page=40', 'status=reviewed&page=20', 'search=overwater&quiz_type=maldives', 'search=zzzq']
  const customers = ['', 'status=pending', 'status=active', 'search=haddad', 'page=100', 'status=inactive&page=3', 'search=zzzq', 'search=maya&status=pending']
  const loader = (route: string, path: string, q: string) => `${base}${path}.data?_routes=${encodeURIComponent(route)}${q ? `&${q}` : ''}`
  const endpoints: { label: string; headers: Record<string, string>; url: (i: number) => string; bar?: number }[] = [
    { label: 'baseline: GET profile', headers: auth, url: () => `${base}/users/api/auth/profile/` },
    { label: 'GET quiz-reviews (REST)', headers: auth, url: (i) => `${base}/users/api/specialist/quiz-reviews/?${queue[i % queue.length]}`, bar: LIST_BAR_MS },
    { label: 'Review Center loader', headers: { Cookie: cookie }, url: (i) => loader('routes/dashboard.quiz-reviews', '/dashboard/quiz-reviews', queue[i % queue.length]!), bar: LIST_BAR_MS },
    { label: 'GET one review (500 ranked)', headers: auth, url: () => `${base}/users/api/specialist/quiz-reviews/${awaitingId}/`, bar: RANK_BAR_MS },
    { label: 'GET customers (REST)', headers: auth, url: (i) => `${base}/users/api/specialist/customers/?${customers[i % customers.length]}`, bar: LIST_BAR_MS },
    { label: 'Customers loader', headers: { Cookie: cookie }, url: (i) => loader('routes/dashboard.customers', '/dashboard/customers', customers[i % customers.length]!), bar: LIST_BAR_MS },
  ]
  for (const e of endpoints) {
    const res = await fetch(e.url(1), { headers: e.headers })
    if (res.status !== 200) throw new Error(`${e.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    for (let i = 0; i < 20; i++) await (await fetch(e.url(i), { headers: e.headers })).arrayBuffer()
  }
  console.log(`\n${'quiz review, 1 in flight'.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`)
  const results: { label: string; p95: number; failures: number; bar?: number }[] = []
  for (const e of endpoints) {
    const r = await timeGets(e.url, e.headers, requests, 1)
    results.push({ label: e.label, bar: e.bar, ...r })
    console.log(`${e.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`)
  }
  const inProcess = rankInProcess()
  console.log(`${'rankExperts, 500 (in process)'.padEnd(34)}${inProcess.p50.toFixed(2).padStart(9)}${inProcess.p95.toFixed(2).padStart(9)}`)
  console.log(`\nBars: lists p95 < ${LIST_BAR_MS} ms, one review (every active expert ranked) p95 < ${RANK_BAR_MS} ms; the baseline row is the same run's cheapest authenticated call.`)
  for (const r of results) if (r.bar) console.log(barLine(`${r.label} p95`, `${r.p95.toFixed(1)} ms`, r.p95 < r.bar && r.failures === 0, `< ${r.bar} ms`))
  console.log(barLine('rankExperts, 500 experts p95', `${inProcess.p95.toFixed(2)} ms`, inProcess.p95 < RANK_BAR_MS, `< ${RANK_BAR_MS} ms`))
}
