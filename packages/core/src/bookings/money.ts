import { type Database, type Placeholder, rowsOf, type SQL, sql } from '@meridian/db'
import { Dec, marginFactor, type RateRow, resolveRate } from '../currencies/money.ts'

/** An amount in one currency: exact decimal text. */
export interface Money {
  currency: string
  amount: string
}

/** Converts an amount between two currencies, or answers null when no rate path is in force. */
export type Convert = (amount: string | Dec, from: string, to: string) => Dec | null

type Json<T> = T | string
const parsed = <T>(value: Json<T> | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

/** What converting needs, as the statements read it: the currencies involved, the global margin, the rates in force. */
export interface ConversionContext {
  currencies: Json<{ id: number; code: string; base: boolean }[]> | null
  margin: string | null
  rates: Json<RateRow[]> | null
}

/** The conversion of a context (see conversionFor): unrounded amount × rate × (1 + margin / 100), or null without a rate. */
export function convertWith(context: ConversionContext): Convert {
  const currencies = parsed(context.currencies) ?? []
  const rates = parsed(context.rates) ?? []
  const ids = new Map(currencies.map((c) => [c.code, c.id]))
  const base = currencies.find((c) => c.base)?.id ?? null
  const byPair = new Map(rates.map((r) => [`${r.from}:${r.to}`, r]))
  const factor = marginFactor(context.margin ?? '0')
  return (amount, from, to) => {
    if (from === to) return new Dec(amount)
    const a = ids.get(from)
    const b = ids.get(to)
    if (a === undefined || b === undefined) return null
    const resolved = resolveRate((x, y) => byPair.get(`${x}:${y}`), a, b, base)
    return resolved ? new Dec(amount).mul(resolved.rate).mul(factor) : null
  }
}

/**
 * The rates in force on `date` among the currencies `involved` (an SQL set of rows with id, code, is_base_currency),
 * as the `rates` column of a conversion context: one JSON array, rates as exact text.
 */
export const ratesInForceJson = (ids: SQL, date: SQL | Placeholder | string) =>
  sql`(select coalesce(json_agg(json_build_object('id', r.id, 'from', r.from_currency_id, 'to', r.to_currency_id, 'rate', r.rate::text, 'effectiveDate', r.effective_date::text)), '[]'::json)
     from (select distinct on (from_currency_id, to_currency_id) id, from_currency_id, to_currency_id, rate, effective_date
             from conversion_rates
            where is_active and effective_date <= ${date}::date and from_currency_id in (${ids}) and to_currency_id in (${ids})
            order by from_currency_id, to_currency_id, effective_date desc, id desc) r)`

/**
 * The conversion of docs/currency.md between the currencies named (by code), on `date`: the rate in force (direct,
 * inverse, or across the base currency) times the global margin, unrounded (callers round once, at the end). Read in
 * one statement (the currencies, the margin, the rates in force among them), and none when one currency is involved.
 * Figures, not quotes: a deactivated currency still converts while a rate is in force.
 */
export async function conversionFor(db: Pick<Database, 'execute'>, codes: Iterable<string>, date: string): Promise<Convert> {
  const wanted = [...new Set(codes)]
  const same: Convert = (amount, from, to) => (from === to ? new Dec(amount) : null)
  if (wanted.length < 2) return same
  const list = sql.join(
    wanted.map((c) => sql`${c}`),
    sql`, `,
  )
  const [row] = rowsOf<ConversionContext>(
    await db.execute(sql`
      with involved as (select id, code, is_base_currency from currencies where code in (${list}) or is_base_currency)
      select
        (select coalesce(json_agg(json_build_object('id', id, 'code', code, 'base', is_base_currency)), '[]'::json) from involved) as currencies,
        (select global_margin_percentage::text from currency_settings where id = 1) as margin,
        ${ratesInForceJson(sql`select id from involved`, date)} as rates`),
  )
  return convertWith(row ?? { currencies: null, margin: null, rates: null })
}

/**
 * The sum of amounts in `target`, each converted unrounded and the total rounded once, half up, to 2 places; amounts
 * with no rate in force are left out of the total and listed (summed per currency) in `unconverted`.
 */
export function sumIn(parts: readonly Money[], target: string, convert: Convert): { total: string; unconverted: Money[] } {
  let total = new Dec(0)
  const missing = new Map<string, Dec>()
  for (const p of parts) {
    const value = convert(p.amount, p.currency, target)
    if (value) total = total.plus(value)
    else missing.set(p.currency, (missing.get(p.currency) ?? new Dec(0)).plus(p.amount))
  }
  return {
    total: total.toFixed(2, Dec.ROUND_HALF_UP),
    unconverted: [...missing].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: amount.toFixed(2) })),
  }
}
