import { type Database, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { type BookingScope, requireBookingScope } from './access.ts'
import { type ConversionContext, convertWith, type Money, ratesInForceJson, sumIn } from './money.ts'

/**
 * The currency the summary's total is shown in. The product keeps no preferred currency per user (preferences hold
 * theme, page size and the like), so every total is in US dollars, the base currency of the seeded list.
 */
export const SUMMARY_CURRENCY = 'USD'

/** The scope's condition on `bookings b`; `$user` is the actor. */
const scoped = (scope: BookingScope) =>
  scope === 'own'
    ? sql`b.traveler_id = ${sql.placeholder('user')}`
    : scope === 'handled'
    ? sql`(b.trip_id in (select t.id from trips t where t.expert_id = ${sql.placeholder('user')})
          or b.traveler_id in (select te.traveler_id from traveler_experts te where te.expert_id = ${sql.placeholder('user')}))`
    : sql`true`

interface Group {
  currency: string
  confirmed: number
  pending: number
  cancelled: number
  upcoming: number
  total: string | null
}

/**
 * The figures per currency of the bookings in the scope, and with them what converting them needs (the currencies
 * involved, the margin, the rates in force today): one statement, prepared once per database and scope.
 */
const prepare = (db: Database, scope: BookingScope) =>
  db
    .select({
      groups: sql<Group[] | string>`g.groups`,
      currencies: sql<ConversionContext['currencies']>`c.currencies`,
      margin: sql<string | null>`s.global_margin_percentage::text`,
      rates: sql<ConversionContext['rates']>`${ratesInForceJson(sql`select unnest(c.ids)`, sql.placeholder('today'))}`,
    })
    .from(
      // One row whatever the settings hold (the migration makes their row; without it, no margin).
      sql`(select 1) one left join currency_settings s on s.id = 1
      cross join lateral (
        select coalesce(json_agg(x), '[]'::json) as groups from (
          select b.currency,
                 count(*) filter (where b.status = 'confirmed')::int as confirmed,
                 count(*) filter (where b.status = 'pending')::int as pending,
                 count(*) filter (where b.status = 'cancelled')::int as cancelled,
                 count(*) filter (where b.status <> 'cancelled' and b.service_date >= ${sql.placeholder('today')}::date)::int as upcoming,
                 (sum(b.amount) filter (where b.status <> 'cancelled'))::text as total
            from bookings b where ${scoped(scope)} group by b.currency) x) g
      cross join lateral (
        select coalesce(json_agg(json_build_object('id', cu.id, 'code', cu.code, 'base', cu.is_base_currency)), '[]'::json) as currencies,
               coalesce(array_agg(cu.id), '{}') as ids
          from currencies cu
         where cu.code = ${sql.placeholder('target')} or cu.is_base_currency
            or cu.code in (select e ->> 'currency' from json_array_elements(g.groups) e)) c`,
    )
    .prepare(`bookings_summary_${scope}`)
const statements = new WeakMap<Database, Map<BookingScope, ReturnType<typeof prepare>>>()

/**
 * The four cards of Booking Management over the bookings the actor sees: confirmed, pending, the total value of the
 * confirmed and pending ones in SUMMARY_CURRENCY (each currency's exact sum converted as docs/currency.md says, at
 * today's rates with the margin, rounded once), and upcoming (not cancelled, dated today or later). An amount in a
 * currency with no rate in force is left out of the total and named in `unconverted`. One statement, the rates
 * included.
 */
export async function bookingSummary(ctx: ServiceContext) {
  const { actor, scope } = requireBookingScope(ctx)
  const today = todayUtc()
  let byScope = statements.get(ctx.db)
  if (!byScope) statements.set(ctx.db, (byScope = new Map()))
  let statement = byScope.get(scope)
  if (!statement) byScope.set(scope, (statement = prepare(ctx.db, scope)))
  const [row] = await statement.execute({ user: actor.id, today, target: SUMMARY_CURRENCY })
  const rows = (typeof row!.groups === 'string' ? (JSON.parse(row!.groups) as Group[]) : row!.groups) ?? []
  const parts: Money[] = rows.filter((r) => r.total !== null).map((r) => ({ currency: r.currency, amount: r.total! }))
  const convert = convertWith(row!)
  const { total, unconverted } = sumIn(parts, SUMMARY_CURRENCY, convert)
  const add = (pick: (r: Group) => number) => rows.reduce((n, r) => n + pick(r), 0)
  return {
    confirmed: add((r) => r.confirmed),
    pending: add((r) => r.pending),
    cancelled: add((r) => r.cancelled),
    upcoming: add((r) => r.upcoming),
    total_value: total,
    currency: SUMMARY_CURRENCY,
    unconverted,
  }
}
export type BookingSummary = Awaited<ReturnType<typeof bookingSummary>>
