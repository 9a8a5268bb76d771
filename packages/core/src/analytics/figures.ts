import { type Database, rowsOf, sql } from '@meridian/db'
import { conversionFor, type Money, sumIn } from '../bookings/money.ts'
import { baseCurrencyCode } from '../currencies/currencies.ts'
import { Dec } from '../currencies/money.ts'
import { todayUtc } from '../currencies/shared.ts'
import { changePercent, type PeriodWindow, type Span } from './periods.ts'

/** A card's figure, the same figure over the previous period, and the change between them in percent. */
export interface Figure<T = number> {
  value: T | null
  previous: T | null
  change: number | null
}

export interface AnalyticsFigures {
  /** Every account that existed at the end of the period. */
  total_users: Figure
  /** Trips not cancelled whose dates overlap the period. */
  active_trips: Figure
  /** Payments received (succeeded) in the period, in the base currency, exact; refunded ones are not revenue. */
  total_revenue: Figure<string> & { currency: string; unconverted: Money[] }
  /** Of the quiz submissions made in the period, the percentage a specialist has reviewed. */
  quiz_completion: Figure
  /** Revenue divided by the trips it was paid for. */
  avg_trip_value: Figure<string> & { currency: string }
  /** Hours from an expert's assignment to its acceptance, on average, for acceptances in the period. */
  response_time_hours: Figure
  /** Chat messages sent in the period. */
  messages: Figure
}

const span = (s: Span) => ({
  from: s.from.toISOString(),
  to: s.to.toISOString(),
  fromDay: s.from.toISOString().slice(0, 10),
  toDay: s.to.toISOString().slice(0, 10),
})


/** The card figures of a window (docs/analytics.md "Cards"): a few statements, each over both spans at once. */
export async function analyticsFigures(db: Database, window: PeriodWindow, knownCurrency?: string): Promise<AnalyticsFigures> {
  const c = span(window.current)
  const p = span(window.previous)
  const [counts, payments, base] = await Promise.all([
    db.execute(sql`
      select
        (select count(*)::int from users where date_joined < ${c.to}::timestamptz) as users_now,
        (select count(*)::int from users where date_joined < ${c.from}::timestamptz) as users_before,
        (select count(*)::int from trips where status <> 'cancelled' and start_date < ${c.toDay}::date and end_date >= ${c.fromDay}::date) as trips_now,
        (select count(*)::int from trips where status <> 'cancelled' and start_date < ${p.toDay}::date and end_date >= ${p.fromDay}::date) as trips_before,
        (select count(*)::int from quiz_submissions where submitted_at >= ${c.from}::timestamptz and submitted_at < ${c.to}::timestamptz) as quizzes_now,
        (select count(*)::int from quiz_submissions where submitted_at >= ${c.from}::timestamptz and submitted_at < ${c.to}::timestamptz and status = 'reviewed') as reviewed_now,
        (select count(*)::int from quiz_submissions where submitted_at >= ${p.from}::timestamptz and submitted_at < ${p.to}::timestamptz) as quizzes_before,
        (select count(*)::int from quiz_submissions where submitted_at >= ${p.from}::timestamptz and submitted_at < ${p.to}::timestamptz and status = 'reviewed') as reviewed_before,
        (select avg(extract(epoch from responded_at - created_at)) / 3600 from trip_assignments
          where status = 'accepted' and responded_at >= ${c.from}::timestamptz and responded_at < ${c.to}::timestamptz) as response_now,
        (select avg(extract(epoch from responded_at - created_at)) / 3600 from trip_assignments
          where status = 'accepted' and responded_at >= ${p.from}::timestamptz and responded_at < ${p.to}::timestamptz) as response_before,
        (select count(*)::int from chat_messages where created_at >= ${c.from}::timestamptz and created_at < ${c.to}::timestamptz) as messages_now,
        (select count(*)::int from chat_messages where created_at >= ${p.from}::timestamptz and created_at < ${p.to}::timestamptz) as messages_before`),
    db.execute(sql`
      select (pm.confirmed_at >= ${c.from}::timestamptz) as now, pm.currency, sum(pm.amount)::text as amount
        from payments pm
       where pm.status = 'succeeded' and pm.confirmed_at >= ${p.from}::timestamptz and pm.confirmed_at < ${c.to}::timestamptz
       group by 1, 2`),
    knownCurrency ?? baseCurrencyCode(db),
  ])
  const currency = base
  const n = rowsOf<Record<string, number | string | null>>(counts)[0]!
  const num = (key: string) => (n[key] === null || n[key] === undefined ? null : Number(n[key]))

  const paid = rowsOf<{ now: boolean; currency: string; amount: string }>(payments)
  const convert = await conversionFor(
    db,
    paid.map((r) => r.currency),
    todayUtc(),
  )
  const revenueOf = (now: boolean) =>
    sumIn(
      paid.filter((r) => r.now === now).map((r) => ({ currency: r.currency, amount: r.amount })),
      currency,
      convert,
    )
  // The trips paid for in each span, once each whatever the currencies they were paid in: one pass over both spans.
  const [trips] = paid.length
    ? rowsOf<{ now: number; before: number }>(
        await db.execute(sql`
          select count(distinct trip_id) filter (where confirmed_at >= ${c.from}::timestamptz)::int as now,
                 count(distinct trip_id) filter (where confirmed_at < ${c.from}::timestamptz)::int as before
            from payments
           where status = 'succeeded' and trip_id is not null and confirmed_at >= ${p.from}::timestamptz and confirmed_at < ${c.to}::timestamptz`),
      )
    : [{ now: 0, before: 0 }]
  const tripsNow = Number(trips?.now ?? 0)
  const tripsBefore = Number(trips?.before ?? 0)
  const revenueNow = revenueOf(true)
  const revenueBefore = revenueOf(false)
  const average = (total: string, trips: number) => (trips ? new Dec(total).div(trips).toFixed(2, Dec.ROUND_HALF_UP) : null)
  const avgNow = average(revenueNow.total, tripsNow)
  const avgBefore = average(revenueBefore.total, tripsBefore)

  const rate = (done: number | null, all: number | null) => (all ? Math.round(((done ?? 0) / all) * 1000) / 10 : null)
  const hours = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)
  const figure = <T extends number | string>(value: T | null, previous: T | null): Figure<T> => ({
    value,
    previous,
    change: changePercent(value === null ? null : Number(value), previous === null ? null : Number(previous)),
  })
  return {
    total_users: figure(num('users_now'), num('users_before')),
    active_trips: figure(num('trips_now'), num('trips_before')),
    total_revenue: { ...figure(revenueNow.total, revenueBefore.total), currency, unconverted: revenueNow.unconverted },
    quiz_completion: figure(rate(num('reviewed_now'), num('quizzes_now')), rate(num('reviewed_before'), num('quizzes_before'))),
    avg_trip_value: { ...figure(avgNow, avgBefore), currency },
    response_time_hours: figure(hours(num('response_now')), hours(num('response_before'))),
    messages: figure(num('messages_now'), num('messages_before')),
  }
}
