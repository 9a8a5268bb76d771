// The home dashboard under a populated PostgreSQL, and the first-load JavaScript of the pages people open first.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import postgres from 'postgres'
import { percentile } from './measure.ts'

export const SESSION_COOKIE = 'meridian_session'

/** Fills the bench database to `total` users (travelers mostly, a few experts), with quizzes and feed events. */
export async function populate(databaseUrl: string, total: number): Promise<{ users: number; quizzes: number; events: number }> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await db`select count(*)::int as count from users`
    const count = Number(row?.count ?? 0)
    const extra = Math.max(0, total - count)
    // Every bulk account shares the demo hash: nobody signs in as them, and hashing 10,000 passwords takes minutes.
    await db`
      insert into users (username, email, password_hash, role_id, first_name, last_name, city, country, is_active, date_joined)
      select 'bench' || g, 'bench' || g || '@example.com', (select password_hash from users where username = 'traveler'),
             case when g % 50 = 0 then (select id from roles where name = 'expert') else (select id from roles where name = 'traveler') end,
             'Bench', 'Person ' || g, 'Lisbon', 'Portugal', g % 17 <> 0, now() - (g * 97 || ' minutes')::interval
      from generate_series(1, ${extra}::int) g`
    // Every fourth traveler without a quiz sends one; everyone without a feed entry gets their joining recorded.
    await db`
      insert into quiz_submissions (user_id, quiz_data, status, submitted_at)
      select u.id, '{"travel_style":"Adventure","group_size":"Couple"}'::jsonb,
             case when u.id % 3 = 0 then 'reviewed' else 'awaiting_specialist' end, u.date_joined + interval '1 hour'
      from users u join roles r on r.id = u.role_id
      where r.name = 'traveler' and u.id % 4 = 0 and not exists (select 1 from quiz_submissions q where q.user_id = u.id)`
    await db`
      insert into activity_events (actor_id, action, summary, created_at)
      select u.id, 'user.registered', u.username || ' joined', u.date_joined from users u
      where not exists (select 1 from activity_events e where e.actor_id = u.id)`
    await db`vacuum analyze`
    const [figures] = await db`select (select count(*)::int from users) as users, (select count(*)::int from quiz_submissions) as quizzes,
                                      (select count(*)::int from activity_events) as events`
    return figures as { users: number; quizzes: number; events: number }
  } finally {
    await db.end({ timeout: 5 })
  }
}

/** Signs in through the real login form and returns the session cookie. */
export async function sessionCookie(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ username, password }),
    redirect: 'manual',
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))
  if (res.status !== 302 || !cookie) throw new Error(`form sign-in of ${username} answered ${res.status} without a session`)
  return cookie.split(';')[0]!
}

export interface LatencyResult {
  label: string
  count: number
  failures: number
  p50: number
  p95: number
  p99: number
}


/** A closed loop of `connections` clients for `seconds`, every request timed (after a short warm-up). */
export async function latency(label: string, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<LatencyResult> {
  const samples: number[] = []
  let failures = 0
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now()
      const res = await fetch(url, { headers })
      await res.arrayBuffer()
      if (!record) continue
      if (res.status !== 200) failures++
      samples.push(performance.now() - started)
    }
  }
  const clients = (until: number, record: boolean) => Promise.all(Array.from({ length: connections }, () => run(until, record)))
  await clients(performance.now() + 1500, false)
  await clients(performance.now() + seconds * 1000, true)
  samples.sort((a, b) => a - b)
  return { label, count: samples.length, failures, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) }
}

/**
 * The JavaScript a browser fetches to show `pagePath` for the first time: every module script and modulepreload the
 * server-rendered HTML names (entry, root, matched routes and their chunks), each gzipped at level 9 as a CDN would.
 */
export async function firstLoadJs(base: string, pagePath: string, clientDir: string, cookie?: string): Promise<{ files: number; raw: number; gzip: number }> {
  const res = await fetch(`${base}${pagePath}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
  if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`)
  const html = await res.text()
  const urls = new Set<string>()
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1]!)
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(match[1]!)
  for (const match of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) urls.add(match[1]!)
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const file = path.join(clientDir, new URL(url, base).pathname)
    const bytes = fs.readFileSync(file)
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { files: urls.size, raw, gzip }
}
