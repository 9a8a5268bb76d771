import { type Database, rowsOf, sql } from '@meridian/db'
import { conversionFor, sumIn } from '../bookings/money.ts'
import { todayUtc } from '../currencies/shared.ts'
import type { PeriodWindow } from './periods.ts'

/** 2-catalogue-content.md §3 Analytics: the daily series (date, users, trips, revenue, quizzes). */
export interface DailyFigures {
  date: string
  users: number
  trips: number
  /** Payments received that day, in the base currency, exact. */
  revenue: string
  quizzes: number
}

export interface RoleShare {
  role: string
  count: number
  /** Of all users, one decimal. */
  percentage: number
}

export interface TopDestination {
  id: number
  name: string
  country: string
  /** Trips to it that overlap the period, not cancelled. */
  trips: number
  /** Payments received in the period for bookings of those trips, in the base currency. */
  revenue: string
  /** The travelers' average rating of those trips (1 to 5, one decimal), or null when none rated. */
  rating: number | null
}

/**
 * One step count of the funnel: quizzes submitted in the period → reviewed → a trip requested since → a proposal sent
 * for such a trip → one accepted → a confirmed booking since. Each counts quiz submissions.
 */
export interface FunnelCounts {
  quizzes: number
  reviewed: number
  trips: number
  /** Of the quizzes, those whose traveler was sent a proposal round for a trip requested after submitting. */
  proposals: number
  /** Of the quizzes, those whose traveler accepted a round of a trip requested after submitting. */
  accepted: number
  bookings: number
}

export interface Funnel {
  all: FunnelCounts
  /** The same, split by each answer of the onboarding quiz (travel style, budget band, group size). */
  by_answer: { question: string; answer: string; counts: FunnelCounts }[]
}

const QUESTIONS = ['travel_style', 'budget_range', 'group_size'] as const

/** Per day of the window, in UTC: sign-ups, trips requested, payments received (base currency) and quizzes submitted. */
export async function dailySeries(db: Database, window: PeriodWindow, currency: string): Promise<DailyFigures[]> {
  const from = window.current.from.toISOString()
  const to = window.current.to.toISOString()
  // Each table counted per UTC day on its own (a date, cheap to group), the few day rows named after.
  const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`)
  const [counts, paid] = await Promise.all([
    db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as d, sum(u)::int as users, sum(t)::int as trips, sum(q)::int as quizzes from (
        select ${day('date_joined')} as d, count(*) as u, 0 as t, 0 as q from users where date_joined >= ${from}::timestamptz and date_joined < ${to}::timestamptz group by 1
        union all
        select ${day('created_at')}, 0, count(*), 0 from trips where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz group by 1
        union all
        select ${day('submitted_at')}, 0, 0, count(*) from quiz_submissions where submitted_at >= ${from}::timestamptz and submitted_at < ${to}::timestamptz group by 1
      ) x group by x.d`),
    db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as d, currency, amount from (
        select ${day('confirmed_at')} as d, currency, sum(amount)::text as amount from payments
         where status = 'succeeded' and confirmed_at >= ${from}::timestamptz and confirmed_at < ${to}::timestamptz
         group by 1, 2) x`),
  ])
  const byDay = new Map(rowsOf<{ d: string; users: number; trips: number; quizzes: number }>(counts).map((r) => [r.d, r]))
  const money = rowsOf<{ d: string; currency: string; amount: string }>(paid)
  const convert = await conversionFor(
    db,
    money.map((m) => m.currency),
    todayUtc(),
  )
  return window.days.map((date) => {
    const c = byDay.get(date)
    return {
      date,
      users: Number(c?.users ?? 0),
      trips: Number(c?.trips ?? 0),
      revenue: sumIn(
        money.filter((m) => m.d === date),
        currency,
        convert,
      ).total,
      quizzes: Number(c?.quizzes ?? 0),
    }
  })
}

/** Every user by role, largest first ("No role" for those without one), with the share of all users. */
export async function roleDistribution(db: Database): Promise<RoleShare[]> {
  const rows = rowsOf<{ role: string; count: number }>(
    await db.execute(sql`
      select coalesce(r.name, 'No role') as role, count(*)::int as count from users u left join roles r on r.id = u.role_id
       group by 1 order by 2 desc, 1`),
  )
  const total = rows.reduce((n, r) => n + Number(r.count), 0)
  return rows.map((r) => ({ role: r.role, count: Number(r.count), percentage: total ? Math.round((Number(r.count) / total) * 1000) / 10 : 0 }))
}

/** The destinations with the most trips in the period (then revenue, then name), at most `limit`. */
export async function topDestinations(db: Database, window: PeriodWindow, currency: string, limit = 5): Promise<TopDestination[]> {
  const fromDay = window.current.from.toISOString().slice(0, 10)
  const toDay = window.current.to.toISOString().slice(0, 10)
  const from = window.current.from.toISOString()
  const to = window.current.to.toISOString()
  const [ranked, paid] = await Promise.all([
    db.execute(sql`
      select c.id, c.name, count(*)::int as trips, round(avg(t.rating), 1)::text as rating
        from trips t join countries c on c.id = t.country_id
       where t.status <> 'cancelled' and t.start_date < ${toDay}::date and t.end_date >= ${fromDay}::date
       group by c.id, c.name`),
    db.execute(sql`
      select t.country_id as id, pm.currency, sum(pm.amount)::text as amount
        from payments pm join trips t on t.id = pm.trip_id
       where pm.status = 'succeeded' and pm.confirmed_at >= ${from}::timestamptz and pm.confirmed_at < ${to}::timestamptz
         and t.status <> 'cancelled' and t.start_date < ${toDay}::date and t.end_date >= ${fromDay}::date and t.country_id is not null
       group by 1, 2`),
  ])
  const money = rowsOf<{ id: number; currency: string; amount: string }>(paid)
  const convert = await conversionFor(
    db,
    money.map((m) => m.currency),
    todayUtc(),
  )
  const list = rowsOf<{ id: number; name: string; trips: number; rating: string | null }>(ranked).map((r) => ({
    id: r.id,
    name: r.name,
    country: r.name,
    trips: Number(r.trips),
    revenue: sumIn(
      money.filter((m) => m.id === r.id),
      currency,
      convert,
    ).total,
    rating: r.rating === null ? null : Number(r.rating),
  }))
  return list.sort((a, b) => b.trips - a.trips || Number(b.revenue) - Number(a.revenue) || a.name.localeCompare(b.name)).slice(0, limit)
}

/**
 * The funnel of the period: the travelers' quiz submissions made in it; those a specialist reviewed; those whose
 * traveler requested a trip after submitting; of those, the ones whose trip was sent a proposal round, and the ones
 * whose trip has an accepted round; those whose traveler has a confirmed booking made after submitting. Split by each
 * answer of the onboarding quiz.
 */
export async function quizFunnel(db: Database, window: PeriodWindow): Promise<Funnel> {
  // One pass: the counts of every submission, and of each answer of each question, by grouping sets.
  const rows = rowsOf<{
    question: string | null
    answer: string | null
    quizzes: number
    reviewed: number
    trips: number
    proposals: number
    accepted: number
    bookings: number
  }>(
    await db.execute(sql`
      with q as (
        select q.quiz_data, q.status = 'reviewed' as reviewed,
               exists (select 1 from trips t where t.traveler_id = q.user_id and t.created_at >= q.submitted_at) as trip,
               exists (select 1 from trips t join proposals p on p.trip_id = t.id
                        where t.traveler_id = q.user_id and t.created_at >= q.submitted_at) as proposal,
               exists (select 1 from trips t join proposals p on p.trip_id = t.id
                        where t.traveler_id = q.user_id and t.created_at >= q.submitted_at and p.status = 'accepted') as accepted,
               exists (select 1 from bookings b where b.traveler_id = q.user_id and b.status = 'confirmed' and b.created_at >= q.submitted_at) as booking
          from quiz_submissions q
         where q.submitted_at >= ${window.current.from.toISOString()}::timestamptz and q.submitted_at < ${window.current.to.toISOString()}::timestamptz),
      answers as (
        select reviewed, trip, proposal, accepted, booking, ${sql.raw(QUESTIONS.map((x) => `case when jsonb_typeof(quiz_data -> '${x}') = 'string' then nullif(quiz_data ->> '${x}', '') end as ${x}`).join(', '))}
          from q)
      select case ${sql.raw(QUESTIONS.map((x) => `when grouping(${x}) = 0 then '${x}'`).join(' '))} end as question, coalesce(${sql.raw(QUESTIONS.join(', '))}) as answer,
             count(*)::int as quizzes, count(*) filter (where reviewed)::int as reviewed, count(*) filter (where trip)::int as trips,
             count(*) filter (where proposal)::int as proposals, count(*) filter (where accepted)::int as accepted,
             count(*) filter (where booking)::int as bookings
        from answers group by grouping sets ((), ${sql.raw(QUESTIONS.map((x) => `(${x})`).join(', '))})`),
  )
  const counts = (r: (typeof rows)[number]): FunnelCounts => ({
    quizzes: Number(r.quizzes),
    reviewed: Number(r.reviewed),
    trips: Number(r.trips),
    proposals: Number(r.proposals),
    accepted: Number(r.accepted),
    bookings: Number(r.bookings),
  })
  const all = rows.find((r) => r.question === null)
  const order = (q: string) => QUESTIONS.indexOf(q as (typeof QUESTIONS)[number])
  return {
    all: all ? counts(all) : { quizzes: 0, reviewed: 0, trips: 0, proposals: 0, accepted: 0, bookings: 0 },
    by_answer: rows
      .filter((r): r is typeof r & { question: string; answer: string } => r.question !== null && r.answer !== null)
      .map((r) => ({ question: r.question, answer: r.answer, counts: counts(r) }))
      .sort((a, b) => order(a.question) - order(b.question) || b.counts.quizzes - a.counts.quizzes || a.answer.localeCompare(b.answer)),
  }
}
