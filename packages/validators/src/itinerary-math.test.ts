import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ITEM_TYPES } from './itinerary-constants.ts'
import { applyOp, computeTotals, fromUnits, type ItineraryOp, liveState, liveTotals, overBudget, toUnits, type TotalsDay } from './itinerary-math.ts'

describe('exact amounts', () => {
  it('reads and writes decimal text without floats', () => {
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.30')
    expect(fromUnits(toUnits('19.995'), 2)).toBe('20.00')
    expect(fromUnits(toUnits('-5.5'))).toBe('-5.50')
    expect(fromUnits(toUnits('1234.5678'), 4)).toBe('1234.5678')
    expect(() => toUnits('1e3')).toThrow(RangeError)
  })

  it('states how far over the budget the total is', () => {
    expect(overBudget('5200.10', '5000')).toBe('200.10')
    expect(overBudget('4999.99', '5000')).toBeNull()
    expect(overBudget('10', null)).toBeNull()
  })
})

describe('totals', () => {
  it('sums each day, the trip and the breakdown by kind; free time counts toward no kind', () => {
    const days: TotalsDay[] = [
      { items: [{ id: 'a', type: 'activity', duration_minutes: 120, cost: '110.00' }, { id: 'm', type: 'meal', duration_minutes: 60, cost: '35.50' }] },
      { items: [{ id: 'h', type: 'accommodation', duration_minutes: 0, cost: '240.00' }, { id: 'f', type: 'free_time', duration_minutes: 90, cost: null }] },
    ]
    expect(computeTotals(days)).toEqual({
      days: [
        { total_cost: '145.50', estimated_duration: 180 },
        { total_cost: '240.00', estimated_duration: 90 },
      ],
      total: '385.50',
      breakdown: { accommodation: '240.00', activities: '110.00', meals: '35.50', transport: '0.00' },
    })
  })

  const cost = fc.option(
    fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9_999 })).map(([w, f]) => `${w}.${String(f).padStart(4, '0')}`),
    { nil: null },
  )
  const item = (id: string) =>
    fc.record({ type: fc.constantFrom(...ITEM_TYPES), duration_minutes: fc.integer({ min: 0, max: 600 }), cost }).map((x) => ({ id, ...x }))
  const step = fc.record({
    kind: fc.constantFrom('add', 'add', 'move', 'remove', 'reprice', 'addDay'),
    day: fc.nat(20),
    index: fc.nat(20),
    pick: fc.nat(1000),
    cost,
    fresh: item('x'),
  })

  it('keeps live totals equal to a from-scratch recomputation after any sequence of add, move, remove and re-price (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        let state = liveState([{ items: [] }])
        let next = 0
        for (const s of steps) {
          const ids = state.days.flatMap((d) => d.items.map((i) => i.id))
          const day = s.day % state.days.length
          let op: ItineraryOp | null = null
          if (s.kind === 'addDay') op = { op: 'addDay' }
          else if (s.kind === 'add') op = { op: 'add', day, index: s.index, item: { ...s.fresh, id: `i${next++}` } }
          else if (ids.length === 0) continue
          else {
            const id = ids[s.pick % ids.length]!
            op = s.kind === 'move' ? { op: 'move', id, day, index: s.index } : s.kind === 'remove' ? { op: 'remove', id } : { op: 'reprice', id, cost: s.cost }
          }
          state = applyOp(state, op)
        }
        expect(liveTotals(state, 4)).toEqual(computeTotals(state.days, 4))
        expect(liveTotals(state)).toEqual(computeTotals(state.days))
      }),
      { numRuns: 400 },
    )
  })
})
