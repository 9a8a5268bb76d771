import { currencies, type Database, type SQL, sql } from '@meridian/db'
import { DISCOVERY_MESSAGES } from '@meridian/validators/discovery-constants'
import { DomainError } from '../errors.ts'
import { marginFactor, resolveRate } from '../currencies/money.ts'
import { lookupOf, ratesInForce } from '../currencies/rates.ts'
import { settingsRow } from '../currencies/settings.ts'
import { todayUtc } from '../currencies/shared.ts'

export interface PricingContext {
  currency: { id: number; code: string; symbol: string }
  /** The settings' decimal places: every converted price is rounded once, to these. */
  places: number
  /** Per currency id, what one unit is worth in the target currency: rate in force × (1 + margin / 100); 1 for the target itself. */
  factors: Map<number, string>
}

/**
 * What showing prices in `code` needs (docs/currency.md): the target currency (active), and for every currency a
 * factor, the rate in force today (direct, inverse or across the base) times the global margin. A currency with no
 * rate path has no factor: its prices are shown as unknown, never guessed.
 */
export async function pricingContext(db: Database, code: string): Promise<PricingContext> {
  const [rows, settings, rates] = await Promise.all([
    db
      .select({ id: currencies.id, code: currencies.code, symbol: currencies.symbol, active: currencies.isActive, base: currencies.isBaseCurrency })
      .from(currencies),
    settingsRow(db),
    ratesInForce(db, todayUtc()),
  ])
  const target = rows.find((r) => r.code === code && r.active)
  if (!target) throw DomainError.invalid({ currency: [DISCOVERY_MESSAGES.currency] })
  const base = rows.find((r) => r.base)?.id ?? null
  const lookup = lookupOf(rates)
  const margin = marginFactor(settings.globalMarginPercentage)
  const factors = new Map<number, string>()
  for (const row of rows) {
    if (row.id === target.id) {
      factors.set(row.id, '1')
      continue
    }
    const resolved = resolveRate(lookup, row.id, target.id, base)
    if (resolved) factors.set(row.id, resolved.rate.mul(margin).toFixed())
  }
  return { currency: { id: target.id, code: target.code, symbol: target.symbol }, places: settings.defaultDecimalPlaces, factors }
}

/** For a search that shows no prices (the header's): no rate is read, every price is null. */
export const WITHOUT_PRICES: PricingContext = { currency: { id: 0, code: 'USD', symbol: '$' }, places: 2, factors: new Map() }

/** An amount in the currency `currencyId` (an SQL expression) converted with the context, rounded once; null without a rate. */
export function convertedSql(amount: SQL, currencyId: SQL, context: PricingContext): SQL {
  const cases = [...context.factors].map(([id, factor]) => sql`when ${id} then ${factor}::numeric`)
  if (!cases.length) return sql`null::numeric`
  return sql`round(${amount} * (case ${currencyId} ${sql.join(cases, sql` `)} end), ${context.places})`
}
