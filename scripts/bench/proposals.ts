// The proposals scenario of `npm run bench` (BENCH_ONLY=proposals, or `npm run bench:proposals`, for it alone): a
// 14-day itinerary of 100 items of the demo expert's, 99 of them options in 33 slots of three (each day an excursion of
// three catalogue activities and a dinner of three; the first five days also a hotel night of three accommodations),
// approved by the demo specialist and published. Timed one request at a time over REST, as the traveler: the round read
// with a choice named in every slot (GET /api/proposals/{id}/?choices=…) and without, and acceptance
// (POST /api/proposals/{id}/accept/ with choices, which freezes the lines and books 19 of them), each acceptance on a
// round of its own made before the clock starts (a new itinerary saved, approved and published). Beside the same
// run's profile GET and the read of the same 100-item itinerary. Goals: view p95 < 50 ms, accept p95 < 150 ms on
// PostgreSQL. BENCH_REQUESTS: reads timed (200); BENCH_PROPOSAL_ACCEPTS: acceptances timed (60).
import { login, percentile, timeGets } from './measure.ts'
import { barLine } from './report.ts'

const VIEW_GOAL_MS = 50
const ACCEPT_GOAL_MS = 150
const DAYS = 14
const OPTIONS = 3
const PASSWORD = 'meridian-demo'

/** Slots of a day: an excursion and a dinner every day, a hotel night the first five (33 slots in 14 days). */
const slotsOn = (day: number) => (day < 5 ? ['excursion', 'dinner', 'stay'] : ['excursion', 'dinner'])

interface Catalogue {
  activities: number[]
  stays: number[]
}

/** The plan: 33 slots of three options (99 items) and the arrival's free time (the 100th). */
function plan(start: string, refs: Catalogue) {
  const date = (i: number) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)
  return Array.from({ length: DAYS }, (_, d) => {
    const items: Record<string, unknown>[] = d === 0 ? [{ key: 'arrive', type: 'free_time', title: 'Arrival', duration_minutes: 120 }] : []
    for (const kind of slotsOn(d)) {
      const group = `d${d}-${kind}`
      for (let o = 0; o < OPTIONS; o++) {
        const common = { key: `${group}-${o}`, option_group: group, recommended: o === 0 }
        if (kind === 'excursion') {
          const activity = refs.activities[(d * OPTIONS + o) % refs.activities.length]
          items.push({
            ...common,
            type: 'activity',
            title: `Excursion ${d + 1}.${o + 1}`,
            activity_id: activity,
            start_time: '09:00',
            end_time: '12:00',
            duration_minutes: 180,
          })
        } else if (kind === 'dinner') {
          items.push({
            ...common,
            type: 'meal',
            title: `Dinner ${d + 1}.${o + 1}`,
            unit_price: `${30 + o * 15}.50`,
            currency: 'USD',
            start_time: '19:30',
            end_time: '21:00',
            duration_minutes: 90,
          })
        } else {
          const stay = refs.stays[o % refs.stays.length]
          items.push({
            ...common,
            type: 'accommodation',
            title: `Hotel ${d + 1}.${o + 1}`,
            supplier_id: stay,
            nights: 1,
            unit_price: `${150 + o * 40}.00`,
            currency: 'USD',
            duration_minutes: 0,
          })
        }
      }
    }
    return { key: `day${d}`, date: date(d), title: `Day ${d + 1}`, items }
  })
}

/** A choice in every slot, varied by `i` (option i, i+1, … of each in turn). */
function choices(i: number) {
  const out: Record<string, string> = {}
  let n = i
  for (let d = 0; d < DAYS; d++) for (const kind of slotsOn(d)) out[`d${d}-${kind}`] = `d${d}-${kind}-${n++ % OPTIONS}`
  return out
}
const choicesQuery = (i: number) =>
  Object.entries(choices(i))
    .map(([g, k]) => `${g}:${k}`)
    .join(',')

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

interface Row {
  label: string
  p50: number
  p95: number
  p99: number
  failures: number
  goal?: number
}

function summary(label: string, samples: number[], failures: number, goal?: number): Row {
  const sorted = [...samples].sort((a, b) => a - b)
  return { label, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), failures, goal }
}

/** The proposal view and acceptance on the app at `base` (`engine` names its database in the output). */
export async function measureProposals(base: string, engine: string) {
  const requests = Number(process.env.BENCH_REQUESTS ?? 200)
  const accepts = Number(process.env.BENCH_PROPOSAL_ACCEPTS ?? 60)
  // One after another: sign-ins are throttled and each hashes a password.
  const expert = await login(base, 'expert', PASSWORD)
  const specialist = await login(base, 'specialist', PASSWORD)
  const traveler = await login(base, 'traveler', PASSWORD)
  const admin = await login(base, 'admin', PASSWORD)
  const trips = (await call(base, expert.access, '/users/api/expert/trips/?page_size=50')) as {
    results: { id: number; status: string; traveler_id?: number; assignment: { status: string } | null }[]
  }
  const trip = trips.results.find((t) => t.assignment?.status === 'accepted' && (t.status === 'booked' || t.status === 'active' || t.status === 'planning'))
  if (!trip) throw new Error('the demo expert has no accepted trip to plan')
  const acts = (await call(base, admin.access, '/api/activities/?page_size=50&is_active=true')) as { results: { id: number }[] }
  const stays = (await call(base, admin.access, '/api/accommodations/?page_size=20')) as { results: { id: number }[] }
  const refs: Catalogue = { activities: acts.results.map((a) => a.id), stays: stays.results.map((s) => s.id) }
  if (refs.activities.length < OPTIONS || !refs.stays.length) throw new Error('the demo catalogue has too few activities or stays for the plan')

  /** A new itinerary of the plan, approved and published: the round's id, and how long publishing took. */
  const round = async () => {
    const made = (await call(base, expert.access, '/api/itineraries/', { body: { trip_id: trip.id, currency: 'USD', title: 'Bench proposal' } })) as {
      id: number
      start_date: string
    }
    const saved = (await call(base, expert.access, `/api/itineraries/${made.id}/`, {
      method: 'PATCH',
      body: { version: 1, days: plan(made.start_date, refs) },
    })) as { version: number }
    await call(base, expert.access, `/api/itineraries/${made.id}/status/`, { body: { status: 'review' } })
    await call(base, specialist.access, `/api/itineraries/${made.id}/status/`, { body: { status: 'approved', version: saved.version } })
    const started = performance.now()
    const sent = (await call(base, expert.access, `/api/itineraries/${made.id}/proposals/`, { body: { valid_days: 30 } })) as { id: number }
    return { itinerary: made.id, proposal: sent.id, publishMs: performance.now() - started }
  }

  const first = await round()
  const read = (await call(base, traveler.access, `/api/proposals/${first.proposal}/?choices=${choicesQuery(1)}`)) as {
    slots: unknown[]
    days: { items: unknown[] }[]
    totals: { total: string }
    total: string
  }
  const items = read.days.reduce((n, d) => n + d.items.length, 0)
  console.log(
    `\nProposals on ${engine}: ${read.days.length} days, ${items} items, ${read.slots.length} slots of ${OPTIONS} options; ` +
      `${read.total} USD on the recommended options, ${read.totals.total} USD on other choices`,
  )

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` })
  const view = (i: number) => `${base}/api/proposals/${first.proposal}/?choices=${encodeURIComponent(choicesQuery(i))}`
  // Untimed: the first requests of each path (JIT, prepared statements).
  await timeGets(view, auth(traveler.access), 20, 1)
  await timeGets(() => `${base}/api/itineraries/${first.itinerary}/`, auth(traveler.access), 20, 1)
  const rows: Row[] = []
  rows.push({ label: 'baseline: GET profile', ...(await timeGets(() => `${base}/users/api/auth/profile/`, auth(traveler.access), requests, 1)) })
  rows.push({
    label: 'baseline: GET itinerary (100)',
    ...(await timeGets(() => `${base}/api/itineraries/${first.itinerary}/`, auth(traveler.access), requests, 1)),
  })
  rows.push({ label: 'view, a choice in every slot', ...(await timeGets(view, auth(traveler.access), requests, 1)), goal: VIEW_GOAL_MS })
  rows.push({ label: 'view, recommended options', ...(await timeGets(() => `${base}/api/proposals/${first.proposal}/`, auth(traveler.access), requests, 1)) })

  // Acceptances: each on a round of its own, made before its clock starts.
  const accepted: number[] = []
  const published: number[] = [first.publishMs]
  let failures = 0
  let booked = 0
  for (let i = 0; i < accepts + 3; i++) {
    const next = await round()
    published.push(next.publishMs)
    const started = performance.now()
    const res = await fetch(`${base}/api/proposals/${next.proposal}/accept/`, {
      method: 'POST',
      headers: { ...auth(traveler.access), 'Content-Type': 'application/json' },
      body: JSON.stringify({ round: 1, choices: choices(i) }),
    })
    const body = (await res.json()) as { accepted?: { bookings?: string[] } }
    const ms = performance.now() - started
    // The first three warm up the path.
    if (i < 3) continue
    accepted.push(ms)
    if (res.status !== 200) failures++
    else booked = body.accepted?.bookings?.length ?? 0
  }
  rows.push(summary(`accept (${booked} bookings each)`, accepted, failures, ACCEPT_GOAL_MS))
  rows.push(summary('publish (setup, not a goal)', published, 0))

  console.log(
    `\n${`proposals on ${engine}, 1 in flight`.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-200'.padStart(9)}`,
  )
  for (const r of rows)
    console.log(
      `${r.label.padEnd(34)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.failures).padStart(9)}`,
    )
  console.log(
    `\nGoals on PostgreSQL: the view p95 < ${VIEW_GOAL_MS} ms, acceptance p95 < ${ACCEPT_GOAL_MS} ms (${requests} reads, ${accepts} acceptances); the baseline rows are the same run's.`,
  )
  for (const r of rows)
    if (r.goal) console.log(barLine(`${r.label} p95 (${engine})`, `${r.p95.toFixed(1)} ms`, r.p95 < r.goal && r.failures === 0, `< ${r.goal} ms`))
}
