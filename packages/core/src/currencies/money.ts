/**
 * Exact decimal arithmetic for conversions (docs/currency.md). Nothing here touches a JavaScript float: amounts,
 * rates and margins arrive as decimal text and are computed with decimal.js at 40 significant digits; the one
 * rounding of a result is ROUND_HALF_UP (half away from zero) to the settings' decimal places.
 */
import DecimalJs from 'decimal.js'

export const Dec = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 })
export type Dec = InstanceType<typeof Dec>

export type ConversionPath = 'direct' | 'inverse' | 'cross'

/** One stored rate: `rate` units of `to` for one unit of `from`, in force from `effectiveDate`. */
export interface RateRow {
  id: number
  from: number
  to: number
  rate: string
  effectiveDate: string
}

/** A rate leg as used: the stored row and whether it was read backwards. */
export interface RateLeg {
  row: RateRow
  inverted: boolean
}

export interface ResolvedRate {
  /** Units of `to` for one unit of `from`, unrounded. */
  rate: Dec
  path: ConversionPath
  legs: RateLeg[]
}

/** The rate in force for (from, to) on the day, or undefined: what the rate store answers. */
export type RateLookup = (from: number, to: number) => RateRow | undefined

function leg(lookup: RateLookup, from: number, to: number): { rate: Dec; leg: RateLeg } | undefined {
  const direct = lookup(from, to)
  if (direct) return { rate: new Dec(direct.rate), leg: { row: direct, inverted: false } }
  const inverse = lookup(to, from)
  if (inverse) return { rate: new Dec(1).div(inverse.rate), leg: { row: inverse, inverted: true } }
  return undefined
}

/**
 * How to get from one currency to another: a direct rate, else the inverse of the opposite rate, else across the
 * base currency (each leg direct or inverse). `forceCross` skips the first two (for checks that the paths agree).
 */
export function resolveRate(lookup: RateLookup, from: number, to: number, base: number | null, forceCross = false): ResolvedRate | undefined {
  if (!forceCross) {
    const direct = lookup(from, to)
    if (direct) return { rate: new Dec(direct.rate), path: 'direct', legs: [{ row: direct, inverted: false }] }
    const inverse = lookup(to, from)
    if (inverse) return { rate: new Dec(1).div(inverse.rate), path: 'inverse', legs: [{ row: inverse, inverted: true }] }
  }
  if (base === null || base === from || base === to) return undefined
  const first = leg(lookup, from, base)
  const second = first && leg(lookup, base, to)
  if (!first || !second) return undefined
  return { rate: first.rate.mul(second.rate), path: 'cross', legs: [first.leg, second.leg] }
}

/** The multiplier of a margin percentage: 1 + margin / 100. */
export const marginFactor = (marginPercentage: string | Dec) => new Dec(1).plus(new Dec(marginPercentage).div(100))

/**
 * converted = round_half_up(amount × rate × (1 + margin / 100), places). The product is taken in full before the one
 * rounding, so the figure does not depend on how the rate was obtained.
 */
export function convertAmount(amount: string | Dec, rate: string | Dec, marginPercentage: string | Dec, places: number): Dec {
  return new Dec(amount).mul(rate).mul(marginFactor(marginPercentage)).toDecimalPlaces(places, Dec.ROUND_HALF_UP)
}

/** A decimal as fixed text with `places` decimals ('12.30'). */
export const fixed = (value: Dec, places: number) => value.toFixed(places, Dec.ROUND_HALF_UP)

/** A rate as text: at most 10 decimal places, trailing zeros kept to 10 like the stored numeric(20,10). */
export const rateText = (value: Dec) => value.toFixed(10, Dec.ROUND_HALF_UP)

/** Amount formatted for people: en-US grouping, the symbol in front when symbols are shown, else the code after. */
export function formatMoney(value: Dec, places: number, currency: { code: string; symbol: string }, showSymbol: boolean): string {
  const [int, frac] = fixed(value.abs(), places).split('.')
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const number = `${value.isNegative() && !value.isZero() ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`
  return showSymbol ? `${currency.symbol}${number}` : `${number} ${currency.code}`
}
