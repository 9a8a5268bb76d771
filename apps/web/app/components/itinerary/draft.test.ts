import { describe, expect, it } from 'vitest'
import { addDay, combine, type DraftDay, type DraftItem, moveItem, nudgeItem, removeItem, saveDays, totalsOf } from './draft.ts'

const item = (key: string, cost: string | null, type = 'meal', minutes = 60): DraftItem => ({
  id: 0,
  key,
  type,
  title: key,
  description: '',
  start_time: null,
  end_time: null,
  location: { name: '', address: '' },
  details: { duration: minutes, cost, currency: cost === null ? null : 'USD', converted_cost: cost, booking_required: false, tags: [] },
  notes: '',
  status: 'draft',
  activity_id: null,
  transfer_id: null,
  supplier_id: null,
  nights: null,
  unit_price: cost,
  flight_id: null,
  option_group: null,
  recommended: false,
})
const day = (key: string, date: string, items: DraftItem[]): DraftDay => ({ key, date, title: key, description: '', theme: '', items })
const start = () => [
  day('d1', '2030-04-03', [item('a', '10.10'), item('b', '20.25'), item('c', null, 'free_time', 90)]),
  day('d2', '2030-04-04', [item('d', '5.00')]),
]

describe('the builder working copy', () => {
  it('moves an item with its cost and duration, and removing one subtracts them', () => {
    const moved = moveItem(start(), 'b', 1, 0)
    const t = totalsOf(moved, '30.00')
    expect(moved.map((d) => d.items.map((i) => i.key))).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ])
    expect(t.days).toEqual([
      { total_cost: '10.10', estimated_duration: 150 },
      { total_cost: '25.25', estimated_duration: 120 },
    ])
    expect(t.total).toBe('35.35')
    expect(t.over_budget).toBe('5.35')
    const removed = totalsOf(removeItem(moved, 'd'), '30.35')
    expect(removed.days[1]).toEqual({ total_cost: '20.25', estimated_duration: 60 })
    expect(removed.total).toBe('30.35')
    expect(removed.over_budget).toBeNull()
  })

  it('nudges within a day and stops at its ends', () => {
    expect(nudgeItem(start(), 'a', -1)[0]!.items.map((i) => i.key)).toEqual(['a', 'b', 'c'])
    expect(nudgeItem(start(), 'a', 1)[0]!.items.map((i) => i.key)).toEqual(['b', 'a', 'c'])
    expect(nudgeItem(start(), 'c', 1)[0]!.items.map((i) => i.key)).toEqual(['a', 'b', 'c'])
  })

  it('adds a day dated a day after the last, titled Day n (§4)', () => {
    const days = addDay(start(), 'new', '2030-01-01')
    expect(days.at(-1)).toMatchObject({ key: 'new', date: '2030-04-05', title: 'Day 3', items: [] })
    expect(addDay([], 'x', '2030-01-01')[0]).toMatchObject({ date: '2030-01-01', title: 'Day 1' })
  })

  it('combines a stale copy with the saved one: theirs as saved (a removal stays removed), plus the items and days mine added', () => {
    const theirs = removeItem(start(), 'a')
    const mine = addDay([...start().slice(0, 1), { ...start()[1]!, items: [...start()[1]!.items, item('e', '7.00')] }], 'd3', '')
    mine[2]!.items.push(item('f', '1.00'))
    const merged = combine(theirs, mine, { days: ['d1', 'd2'], items: ['a', 'b', 'c', 'd'] })
    expect(merged.map((d) => [d.key, d.items.map((i) => i.key)])).toEqual([
      ['d1', ['b', 'c']],
      ['d2', ['d', 'e']],
      ['d3', ['f']],
    ])
  })

  it('sends entered prices with their currency, catalogue items without one', () => {
    const days = [day('d1', '2030-04-03', [item('m', '12.00'), { ...item('t', '40.00', 'transport'), transfer_id: 3, unit_price: null }])]
    const [meal, transport] = saveDays(days)[0]!.items
    expect(meal).toMatchObject({ key: 'm', unit_price: '12.00', currency: 'USD', duration_minutes: 60 })
    expect(transport).toMatchObject({ key: 't', transfer_id: 3, unit_price: null, currency: null })
  })
})
