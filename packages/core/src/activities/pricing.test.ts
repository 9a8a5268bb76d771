import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkTiers } from '@meridian/validators'
import { DomainError } from '../errors.ts'
import { computePrice, type PricingTierValue } from './pricing.ts'

const cents = fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2))

/** Tiers laid end to end with random gaps: never overlapping, the last one possibly unlimited. */
const tierSets = fc
  .array(fc.record({ gap: fc.integer({ min: 0, max: 3 }), width: fc.integer({ min: 1, max: 8 }), price: cents, group: fc.option(cents, { nil: null }) }), { minLength: 1, maxLength: 6 })
  .chain((parts) =>
    fc.boolean().map((openEnded) => {
      let next = 1
      return parts.map((p, i): PricingTierValue => {
        const min = next + p.gap
        const max = openEnded && i === parts.length - 1 ? null : min + p.width - 1
        next = (max ?? min) + 1
        return { name: `T${i}`, min_quantity: min, max_quantity: max, price_per_unit: p.price, fixed_price: p.group }
      })
    }),
  )

const toCents = (s: string) => Math.round(Number(s) * 100)

describe('activity pricing (property-based)', () => {
  it('prices with the one tier that covers the group: its group price, else price per unit × participants', () => {
    fc.assert(
      fc.property(tierSets, fc.integer({ min: 1, max: 80 }), (tiers, n) => {
        expect(checkTiers(tiers).problems).toEqual([])
        const covering = tiers.filter((t) => n >= t.min_quantity && (t.max_quantity === null || n <= t.max_quantity))
        expect(covering.length).toBeLessThanOrEqual(1)
        const pricing = { pricing_model: 'tiered' as const, fixed_price: null, pricing_tiers: tiers, max_participants: null }
        if (covering.length === 0) {
          expect(() => computePrice(pricing, n)).toThrow(DomainError)
          try {
            computePrice(pricing, n)
          } catch (error) {
            expect((error as DomainError).fields?.participants?.[0]).toMatch(new RegExp(`^No pricing tier covers a group of ${n}\\.`))
          }
          return
        }
        const tier = covering[0]!
        const result = computePrice(pricing, n)
        expect(result.tier).toBe(tier)
        // Exact cents, no float drift: integers compared.
        const expected = tier.fixed_price !== null ? toCents(tier.fixed_price) : toCents(tier.price_per_unit) * n
        expect(toCents(result.total)).toBe(expected)
        expect(result.total).toMatch(/^\d+\.\d{2}$/)
      }),
      { numRuns: 400 },
    )
  })

  it('a fixed activity costs its fixed price whatever the group, up to max participants', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), (price, n, max) => {
        const pricing = { pricing_model: 'fixed' as const, fixed_price: price, pricing_tiers: [], max_participants: max }
        if (n > max) {
          const error = (() => {
            try {
              computePrice(pricing, n)
            } catch (e) {
              return e as DomainError
            }
          })()
          expect(error?.fields?.participants?.[0]).toMatch(new RegExp(`^This activity takes at most ${max} participants?\\.$`))
        } else expect(computePrice(pricing, n).total).toBe(price)
      }),
    )
  })

  it('any two tiers that share a group size are refused as overlapping; max below min is refused', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ min: fc.integer({ min: 1, max: 30 }), len: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }) }), { minLength: 2, maxLength: 5 }),
        (rows) => {
          const tiers = rows.map((r, i) => ({ name: `T${i}`, min_quantity: r.min, max_quantity: r.len === null ? null : r.min + r.len, price_per_unit: '10' }))
          const covers = (t: (typeof tiers)[number], n: number) => n >= t.min_quantity && (t.max_quantity === null || n <= t.max_quantity)
          let overlap = false
          for (let n = 1; n <= 60 && !overlap; n++) overlap = tiers.filter((t) => covers(t, n)).length > 1
          const problems = checkTiers(tiers).problems
          expect(problems.some((p) => p.startsWith('Pricing tiers must not overlap'))).toBe(overlap)
        },
      ),
    )
    expect(checkTiers([{ min_quantity: 4, max_quantity: 3, price_per_unit: '1' }]).problems).toEqual(['Max quantity cannot be less than the min quantity.'])
  })
})
