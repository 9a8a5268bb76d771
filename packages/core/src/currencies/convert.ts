import { ConversionRequest } from '@meridian/validators'
import { currencies, currencyConversions, type Database, eq, or } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CURRENCY_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { canManageCurrencies } from './access.ts'
import { convertAmount, Dec, fixed, formatMoney, marginFactor, rateText, resolveRate } from './money.ts'
import { lookupOf, ratesInForce } from './rates.ts'
import { currencyRef } from './serialize.ts'
import { settingsRow } from './settings.ts'
import { todayUtc } from './shared.ts'

/**
 * The figures of a conversion (docs/currency.md), recorded or not: the rates in force on `date` (today, UTC, by
 * default), the path used, the margin of the settings and the one rounding to default_decimal_places. No access
 * check: services that price things call it; the calls below check manage_currencies.
 */
export async function quoteConversion(db: Database, input: unknown) {
  const req = parseInput(ConversionRequest, input)
  // One read for both currencies and the base, one for the settings, one for the rates: three round trips.
  const refs = [req.from_currency, req.to_currency]
  const match = (ref: number | string) => (typeof ref === 'number' ? eq(currencies.id, ref) : eq(currencies.code, ref))
  const [rows, settings] = await Promise.all([
    db.select().from(currencies).where(or(...refs.map(match), eq(currencies.isBaseCurrency, true))),
    settingsRow(db),
  ])
  const pick = (ref: number | string, field: string) => {
    const row = rows.find((r) => (typeof ref === 'number' ? r.id === ref : r.code === ref))
    if (!row) throw DomainError.invalid({ [field]: [CURRENCY_MESSAGES.unknownCurrency] })
    if (!row.isActive) throw DomainError.invalid({ [field]: [CURRENCY_MESSAGES.inactiveCurrency(row.code)] })
    return row
  }
  const from = pick(req.from_currency, 'from_currency')
  const to = pick(req.to_currency, 'to_currency')
  if (from.id === to.id) throw DomainError.invalid({ to_currency: [CURRENCY_MESSAGES.sameCurrencyText] })
  const base = rows.find((r) => r.isBaseCurrency) ?? null
  const date = req.date ?? todayUtc()
  const ids = [...new Set([from.id, to.id, ...(base ? [base.id] : [])])]
  const resolved = resolveRate(lookupOf(await ratesInForce(db, date, ids)), from.id, to.id, base?.id ?? null)
  if (!resolved) throw DomainError.invalid({ non_field_errors: [CURRENCY_MESSAGES.noRate(from.code, to.code, date)] })
  const places = settings.defaultDecimalPlaces
  const margin = settings.globalMarginPercentage
  const converted = convertAmount(req.amount, resolved.rate, margin, places)
  const codes = new Map(rows.map((c) => [c.id, c.code]))
  return {
    from_currency: currencyRef(from),
    to_currency: currencyRef(to),
    amount: new Dec(req.amount).toFixed(),
    converted_amount: fixed(converted, places),
    formatted_amount: formatMoney(converted, places, to, settings.showCurrencySymbols),
    rate: rateText(resolved.rate),
    effective_rate: rateText(resolved.rate.mul(marginFactor(margin))),
    margin_percentage: margin,
    decimal_places: places,
    path: resolved.path,
    date,
    rates_used: resolved.legs.map((l) => ({
      id: l.row.id,
      from_currency: codes.get(l.row.from) ?? '',
      to_currency: codes.get(l.row.to) ?? '',
      rate: l.row.rate,
      effective_date: l.row.effectiveDate,
      inverted: l.inverted,
    })),
    _ids: { from: from.id, to: to.id },
  }
}

export type ConversionDto = Omit<Awaited<ReturnType<typeof quoteConversion>>, '_ids'>

/** POST preview_conversion: the same figures as convert, nothing recorded. Needs manage_currencies. */
export async function previewConversion(ctx: ServiceContext, input: unknown): Promise<ConversionDto> {
  canManageCurrencies(ctx)
  const { _ids, ...quote } = await quoteConversion(ctx.db, input)
  return quote
}

/** POST convert: the figures, recorded in currency_conversions for audit (id and recorded_at added). Needs manage_currencies. */
export async function convertCurrency(ctx: ServiceContext, input: unknown): Promise<ConversionDto & { id: number; recorded_at: string }> {
  const actor = canManageCurrencies(ctx)
  const { _ids, ...quote } = await quoteConversion(ctx.db, input)
  const [row] = await ctx.db
    .insert(currencyConversions)
    .values({
      fromCurrencyId: _ids.from,
      toCurrencyId: _ids.to,
      amount: quote.amount,
      convertedAmount: quote.converted_amount,
      rate: quote.rate,
      marginPercentage: quote.margin_percentage,
      decimalPlaces: quote.decimal_places,
      path: quote.path,
      rateDate: quote.date,
      ratesUsed: quote.rates_used,
      userId: actor.id,
    })
    .returning({ id: currencyConversions.id, createdAt: currencyConversions.createdAt })
  return { ...quote, id: row!.id, recorded_at: row!.createdAt.toISOString() }
}
