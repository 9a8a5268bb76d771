import fs from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convertAmount, Dec, fixed, formatMoney, type RateRow, resolveRate } from './money.ts'

/** A positive decimal as text with up to `maxScale` places: digits / 10^scale. */
const decimal = (min: bigint, max: bigint, maxScale: number) =>
  fc.tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: maxScale })).map(([digits, scale]) => ({ digits, scale, text: textOf(digits, scale) }))

function textOf(digits: bigint, scale: number): string {
  const s = digits.toString().padStart(scale + 1, '0')
  return scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s
}

const rateArb = decimal(1n, 10n ** 14n, 10)
const amountArb = decimal(0n, 10n ** 16n, 4)
/** Margins 0.00 to 50.00 in hundredths of a percent. */
const marginArb = fc.integer({ min: 0, max: 5000 }).map((hundredths) => ({ hundredths, text: textOf(BigInt(hundredths), 2) }))
const placesArb = fc.integer({ min: 0, max: 4 })

/**
 * The oracle: amount × rate × (1 + margin/100) as an exact fraction of BigInts, rounded half up to `places`.
 * No decimal library and no float: if convertAmount agreed with a float computation instead, this would differ.
 */
function exact(amount: { digits: bigint; scale: number }, rate: { digits: bigint; scale: number }, marginHundredths: number, places: number): string {
  const num = amount.digits * rate.digits * (10000n + BigInt(marginHundredths)) * 10n ** BigInt(places)
  const den = 10n ** BigInt(amount.scale + rate.scale) * 10000n
  let q = num / den
  if ((num % den) * 2n >= den) q += 1n
  return textOf(q, places)
}

describe('conversion arithmetic (docs/currency.md)', () => {
  it('equals the exact fraction rounded half up, for any amount, rate, margin and decimal places', () => {
    fc.assert(
      fc.property(amountArb, rateArb, marginArb, placesArb, (amount, rate, margin, places) => {
        expect(fixed(convertAmount(amount.text, rate.text, margin.text, places), places)).toBe(exact(amount, rate, margin.hundredths, places))
      }),
      { numRuns: 2000 },
    )
  })

  it('is not floating point: the figures where binary floats go wrong come out exact', () => {
    // 1.005 is 1.00499999999999989… as a double, so float rounding gives 1.00; half up of the decimal is 1.01.
    expect(Math.round(1.005 * 1 * 100) / 100).toBe(1)
    expect(fixed(convertAmount('1.005', '1', '0', 2), 2)).toBe('1.01')
    // 0.1 × 3 is 0.30000000000000004 in floats.
    expect(fixed(convertAmount('0.1', '3', '0', 4), 4)).toBe('0.3000')
    // Sixteen significant digits and more survive: a double keeps about 15.
    expect(fixed(convertAmount('123456789012.3456', '1.0000000001', '0', 4), 4)).toBe('123456789024.6913')
    expect(123456789012.3456 * 1.0000000001).not.toBe(123456789024.6913)
    // A margin of 2.35 % is applied exactly: 200 × 1.0235 = 204.70.
    expect(fixed(convertAmount('200', '1', '2.35', 2), 2)).toBe('204.70')
  })

  it('the conversion code never turns figures into JavaScript numbers', () => {
    for (const file of ['money.ts', 'convert.ts', 'rates.ts']) {
      const source = fs.readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')
      expect(source, file).not.toMatch(/parseFloat|Number\(|\.toNumber\(|Math\.(round|floor|ceil|pow)/)
    }
  })

  it('A to B and back returns the amount times (1 + margin)² within the rounding of the chosen decimals', () => {
    fc.assert(
      fc.property(amountArb, rateArb, marginArb, placesArb, (amount, rate, margin, places) => {
        const rows: RateRow[] = [{ id: 1, from: 1, to: 2, rate: rate.text, effectiveDate: '2026-01-01' }]
        const lookup = (from: number, to: number) => rows.find((r) => r.from === from && r.to === to)
        const there = resolveRate(lookup, 1, 2, null)!
        const back = resolveRate(lookup, 2, 1, null)!
        expect(there.path).toBe('direct')
        expect(back.path).toBe('inverse')
        const b = convertAmount(amount.text, there.rate, margin.text, places)
        const a = convertAmount(b, back.rate, margin.text, places)
        const factor = new Dec(1).plus(new Dec(margin.text).div(100))
        const expected = new Dec(amount.text).mul(factor).mul(factor)
        // First rounding (half a unit) carried back through 1/rate and the margin, plus the second rounding.
        const unit = new Dec(10).pow(-places)
        const tolerance = unit.div(2).mul(factor.div(rate.text)).plus(unit.div(2)).plus('1e-25')
        expect(a.minus(expected).abs().lte(tolerance), `${a} vs ${expected} ± ${tolerance}`).toBe(true)
        if (margin.hundredths === 0 && new Dec(rate.text).gte(1)) {
          // Without a margin, and when B's unit is worth no more than A's, the amount comes back to the cent.
          expect(a.minus(amount.text).abs().lte(unit)).toBe(true)
        }
      }),
      { numRuns: 1500 },
    )
  })

  it('across the base currency agrees with the direct rate when the direct rate is their product', () => {
    fc.assert(
      fc.property(amountArb, rateArb, rateArb, marginArb, placesArb, (amount, r1, r2, margin, places) => {
        const product = new Dec(r1.text).mul(r2.text).toFixed()
        // Currencies 1 (from), 2 (to), 9 (base).
        const rows: RateRow[] = [
          { id: 1, from: 1, to: 9, rate: r1.text, effectiveDate: '2026-01-01' },
          { id: 2, from: 9, to: 2, rate: r2.text, effectiveDate: '2026-01-01' },
          { id: 3, from: 1, to: 2, rate: product, effectiveDate: '2026-01-01' },
        ]
        const lookup = (from: number, to: number) => rows.find((r) => r.from === from && r.to === to)
        const direct = resolveRate(lookup, 1, 2, 9)!
        const cross = resolveRate(lookup, 1, 2, 9, true)!
        expect(direct.path).toBe('direct')
        expect(cross.path).toBe('cross')
        expect(cross.legs.map((l) => l.row.id)).toEqual([1, 2])
        expect(fixed(convertAmount(amount.text, cross.rate, margin.text, places), places)).toBe(
          fixed(convertAmount(amount.text, direct.rate, margin.text, places), places),
        )
      }),
      { numRuns: 1000 },
    )
  })

  it('across the base with legs stored the other way round agrees with the direct rate to one unit', () => {
    fc.assert(
      fc.property(amountArb, rateArb, rateArb, placesArb, (amount, r1, r2, places) => {
        // Stored: base→from and to→base; the cross path inverts both.
        const direct = new Dec(1).div(r1.text).mul(new Dec(1).div(r2.text))
        const rows: RateRow[] = [
          { id: 1, from: 9, to: 1, rate: r1.text, effectiveDate: '2026-01-01' },
          { id: 2, from: 2, to: 9, rate: r2.text, effectiveDate: '2026-01-01' },
        ]
        const lookup = (from: number, to: number) => rows.find((r) => r.from === from && r.to === to)
        const cross = resolveRate(lookup, 1, 2, 9)!
        expect(cross.path).toBe('cross')
        expect(cross.legs.map((l) => l.inverted)).toEqual([true, true])
        const a = convertAmount(amount.text, cross.rate, '0', places)
        const b = convertAmount(amount.text, direct, '0', places)
        expect(a.minus(b).abs().lte(new Dec(10).pow(-places))).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  it('finds no path without rates, or when the base is one of the two currencies and no rate joins them', () => {
    const rows: RateRow[] = [{ id: 1, from: 1, to: 9, rate: '2', effectiveDate: '2026-01-01' }]
    const lookup = (from: number, to: number) => rows.find((r) => r.from === from && r.to === to)
    expect(resolveRate(lookup, 1, 2, 9)).toBeUndefined()
    expect(resolveRate(lookup, 2, 9, 9)).toBeUndefined()
    expect(resolveRate(lookup, 9, 1, 9)?.path).toBe('inverse')
  })

  it('formats en-US with the symbol in front, or the code after when symbols are off', () => {
    expect(formatMoney(new Dec('1234567.5'), 2, { code: 'EUR', symbol: '€' }, true)).toBe('€1,234,567.50')
    expect(formatMoney(new Dec('1234.5'), 0, { code: 'JPY', symbol: '¥' }, false)).toBe('1,235 JPY')
  })
})
