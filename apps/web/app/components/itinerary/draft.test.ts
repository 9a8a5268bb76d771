import { describe, expect, it } from 'vitest'
import {
  addDay,
  addOption,
  combine,
  copyAsOption,
  type DraftDay,
  type DraftItem,
  leaveSlot,
  moveItem,
  nudgeItem,
  recommendOption,
  removeItem,
  saveDays,
  slotName,
  totalsOf,
} from './draft.ts'

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
  party: [],
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

describe('options in the working copy', () => {
  const hotels = () => [
    day('d1', '2030-04-03', [item('a', '10.00'), { ...item('cusco', '120.00', 'accommodation'), title: 'Hotel Cusco' }, item('c', '5.00')]),
    day('d2', '2030-04-04', [item('d', '7.00')]),
  ]
  const slots = (days: DraftDay[]) => days.map((d) => d.items.map((i) => `${i.key}${i.option_group ? `@${i.option_group}` : ''}${i.recommended ? '*' : ''}`))

  it('names a slot from its first item’s title, taking a suffix when the name is taken', () => {
    expect(slotName('Hotel Cusco', new Set())).toBe('hotel-cusco')
    expect(slotName('  Café à Lima!  ', new Set())).toBe('cafe-a-lima')
    expect(slotName('Hotel Cusco', new Set(['hotel-cusco', 'hotel-cusco-2']))).toBe('hotel-cusco-3')
    expect(slotName('***', new Set())).toBe('option')
    expect(slotName('x'.repeat(80), new Set()).length).toBeLessThanOrEqual(40)
    expect(slotName('x'.repeat(80), new Set())).toMatch(/^[A-Za-z0-9_-]{1,40}$/)
  })

  it('adds an option as a copy right after the item: the item starts the slot, recommended; the copy is not and counts nowhere', () => {
    const days = copyAsOption(hotels(), 'cusco', 'copy')
    expect(slots(days)).toEqual([['a', 'cusco@hotel-cusco*', 'copy@hotel-cusco', 'c'], ['d']])
    const copy = days[0]!.items[2]!
    expect(copy).toMatchObject({ id: 0, title: 'Hotel Cusco', type: 'accommodation', details: { converted_cost: '120.00' } })
    expect(totalsOf(days, null).days[0]).toEqual({ total_cost: '135.00', estimated_duration: 180 })
    expect(totalsOf(days, null).total).toBe('142.00')
    // A second copy of the copy goes right after the copy, in the same slot.
    expect(slots(copyAsOption(days, 'copy', 'copy2'))[0]).toEqual(['a', 'cusco@hotel-cusco*', 'copy@hotel-cusco', 'copy2@hotel-cusco', 'c'])
  })

  it('adds a new item as an option after the slot’s last option', () => {
    const days = copyAsOption(hotels(), 'cusco', 'copy')
    const inn = { ...item('inn', '80.00', 'accommodation'), title: 'Inn' }
    expect(slots(addOption(days, 'cusco', inn))[0]).toEqual(['a', 'cusco@hotel-cusco*', 'copy@hotel-cusco', 'inn@hotel-cusco', 'c'])
    // Of an item in no slot: it starts one named from its title.
    expect(slots(addOption(hotels(), 'a', inn))[0]).toEqual(['a@a*', 'inn@a', 'cusco', 'c'])
  })

  it('makes another option recommended: the totals take its price instead', () => {
    let days = addOption(hotels(), 'cusco', { ...item('inn', '80.00', 'accommodation'), title: 'Inn' })
    days = recommendOption(days, 'inn')
    expect(slots(days)[0]).toEqual(['a', 'cusco@hotel-cusco', 'inn@hotel-cusco*', 'c'])
    expect(totalsOf(days, null).days[0]!.total_cost).toBe('95.00')
    expect(totalsOf(days, null).breakdown.accommodation).toBe('80.00')
    // An item in no slot has nothing to be recommended over.
    expect(recommendOption(days, 'a')).toEqual(days)
  })

  it('leaves the slot: the item counts again; a slot left with one option is no slot, else keeps one recommended', () => {
    let days = addOption(copyAsOption(hotels(), 'cusco', 'copy'), 'cusco', { ...item('inn', '80.00', 'accommodation'), title: 'Inn' })
    days = leaveSlot(days, 'cusco')
    expect(slots(days)[0]).toEqual(['a', 'cusco', 'copy@hotel-cusco*', 'inn@hotel-cusco', 'c'])
    expect(totalsOf(days, null).days[0]!.total_cost).toBe('255.00')
    days = leaveSlot(days, 'inn')
    expect(slots(days)[0]).toEqual(['a', 'cusco', 'copy', 'inn', 'c'])
    expect(totalsOf(days, null).days[0]!.total_cost).toBe('335.00')
  })

  it('removing the recommended option recommends the first left; moving an option to another day takes it out of its slot', () => {
    const three = addOption(copyAsOption(hotels(), 'cusco', 'copy'), 'cusco', { ...item('inn', '80.00', 'accommodation'), title: 'Inn' })
    expect(slots(removeItem(three, 'cusco'))[0]).toEqual(['a', 'copy@hotel-cusco*', 'inn@hotel-cusco', 'c'])
    const moved = moveItem(three, 'inn', 1, 0)
    expect(slots(moved)).toEqual([
      ['a', 'cusco@hotel-cusco*', 'copy@hotel-cusco', 'c'],
      ['inn', 'd'],
    ])
    expect(totalsOf(moved, null).days[1]!.total_cost).toBe('87.00')
    // Within its day an option stays in its slot.
    expect(slots(nudgeItem(three, 'inn', 1))[0]).toEqual(['a', 'cusco@hotel-cusco*', 'copy@hotel-cusco', 'c', 'inn@hotel-cusco'])
  })

  it('sends the slot and the recommended mark with each item', () => {
    const [, cusco, copy] = saveDays(copyAsOption(hotels(), 'cusco', 'copy'))[0]!.items
    expect(cusco).toMatchObject({ key: 'cusco', option_group: 'hotel-cusco', recommended: true, flight_id: null })
    expect(copy).toMatchObject({ key: 'copy', option_group: 'hotel-cusco', recommended: false })
  })
})
