/**
 * Itinerary totals in exact decimals (browser-safe: BigInt, no floats). The server recomputes every total from scratch
 * on save; the builder keeps them live with `applyOp`, which moves, adds and subtracts as 2-catalogue-content §4 says
 * (moving an item moves its cost and duration between the two days; removing subtracts them). A property test checks
 * that any sequence of operations ends where a from-scratch recomputation does.
 */
import { BREAKDOWN_KINDS, BREAKDOWN_OF, type BreakdownKind, type ItemType } from './itinerary-constants.ts'

/** Amounts are held as integers of 1/10,000 of the unit: enough for any currency's places and the converted costs. */
const SCALE = 10_000n

/** "123.45" → 1234500n. Accepts an optional minus and up to 4 decimal places; anything else is an error. */
export function toUnits(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(amount.trim())
  if (!m) throw new RangeError(`Not an amount: ${amount}`)
  const units = BigInt(m[2]!) * SCALE + BigInt((m[3] ?? '').padEnd(4, '0'))
  return m[1] ? -units : units
}

/** 1234500n → "123.45" (rounded half up to `places`, 0 to 4). */
export function fromUnits(units: bigint, places = 2): string {
  const negative = units < 0n
  let abs = negative ? -units : units
  const drop = 10n ** BigInt(4 - places)
  abs = (abs + drop / 2n) / drop
  const unit = 10n ** BigInt(places)
  const whole = abs / unit
  const frac = abs % unit
  const text = places > 0 ? `${whole}.${frac.toString().padStart(places, '0')}` : `${whole}`
  return negative && abs !== 0n ? `-${text}` : text
}

export interface TotalsItem {
  id: string
  type: ItemType
  duration_minutes: number
  /** The item's cost in the itinerary's currency (converted), or null when it has none. */
  cost: string | null
}
export interface TotalsDay {
  items: TotalsItem[]
}

export interface DayTotal {
  total_cost: string
  estimated_duration: number
}
export interface ItineraryTotals {
  days: DayTotal[]
  total: string
  breakdown: Record<BreakdownKind, string>
}

const costOf = (item: TotalsItem) => (item.cost === null ? 0n : toUnits(item.cost))

/** Every total from scratch: each day's cost and duration, the trip's total and the breakdown by kind. */
export function computeTotals(days: readonly TotalsDay[], places = 2): ItineraryTotals {
  const breakdown = Object.fromEntries(BREAKDOWN_KINDS.map((k) => [k, 0n])) as Record<BreakdownKind, bigint>
  let total = 0n
  const out = days.map((day) => {
    let cost = 0n
    let minutes = 0
    for (const item of day.items) {
      const c = costOf(item)
      cost += c
      minutes += item.duration_minutes
      const kind = BREAKDOWN_OF[item.type]
      if (kind) breakdown[kind] += c
    }
    total += cost
    return { total_cost: fromUnits(cost, places), estimated_duration: minutes }
  })
  return {
    days: out,
    total: fromUnits(total, places),
    breakdown: Object.fromEntries(BREAKDOWN_KINDS.map((k) => [k, fromUnits(breakdown[k], places)])) as Record<BreakdownKind, string>,
  }
}

/** How much the total exceeds the budget, or null when it does not. */
export function overBudget(total: string, budget: string | null, places = 2): string | null {
  if (budget === null) return null
  const over = toUnits(total) - toUnits(budget)
  return over > 0n ? fromUnits(over, places) : null
}

/** The builder's state: days of items, with totals kept as it changes (units, for exact sums). */
export interface LiveState {
  days: { items: TotalsItem[]; cost: bigint; minutes: number }[]
  total: bigint
  breakdown: Record<BreakdownKind, bigint>
}

export type ItineraryOp =
  | { op: 'add'; day: number; index: number; item: TotalsItem }
  | { op: 'move'; id: string; day: number; index: number }
  | { op: 'remove'; id: string }
  | { op: 'reprice'; id: string; cost: string | null }
  | { op: 'addDay' }

export function liveState(days: readonly TotalsDay[]): LiveState {
  const breakdown = Object.fromEntries(BREAKDOWN_KINDS.map((k) => [k, 0n])) as Record<BreakdownKind, bigint>
  let total = 0n
  const out = days.map((d) => {
    const cost = d.items.reduce((s, i) => s + costOf(i), 0n)
    const minutes = d.items.reduce((s, i) => s + i.duration_minutes, 0)
    for (const i of d.items) {
      const kind = BREAKDOWN_OF[i.type]
      if (kind) breakdown[kind] += costOf(i)
    }
    total += cost
    return { items: [...d.items], cost, minutes }
  })
  return { days: out, total, breakdown }
}

function locate(state: LiveState, id: string): [number, number] {
  for (let d = 0; d < state.days.length; d++) {
    const i = state.days[d]!.items.findIndex((x) => x.id === id)
    if (i >= 0) return [d, i]
  }
  throw new RangeError(`No item ${id}`)
}

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(index, length))

/**
 * One builder operation, with the totals moved rather than recomputed: an added item adds its cost and duration to
 * its day (and kind); a moved one leaves one day's totals for another's; a removed one is subtracted; a re-priced one
 * changes its day, kind and the total by the difference. Returns a new state.
 */
export function applyOp(state: LiveState, op: ItineraryOp): LiveState {
  const next: LiveState = { days: state.days.map((d) => ({ ...d, items: [...d.items] })), total: state.total, breakdown: { ...state.breakdown } }
  const shift = (item: TotalsItem, day: number, sign: 1n | -1n) => {
    const c = costOf(item) * sign
    const target = next.days[day]!
    target.cost += c
    target.minutes += sign === 1n ? item.duration_minutes : -item.duration_minutes
    next.total += c
    const kind = BREAKDOWN_OF[item.type]
    if (kind) next.breakdown[kind] += c
  }
  switch (op.op) {
    case 'addDay':
      next.days.push({ items: [], cost: 0n, minutes: 0 })
      return next
    case 'add': {
      const day = next.days[op.day]
      if (!day) throw new RangeError(`No day ${op.day}`)
      day.items.splice(clampIndex(op.index, day.items.length), 0, op.item)
      shift(op.item, op.day, 1n)
      return next
    }
    case 'remove': {
      const [d, i] = locate(next, op.id)
      const [item] = next.days[d]!.items.splice(i, 1)
      shift(item!, d, -1n)
      return next
    }
    case 'move': {
      const [d, i] = locate(next, op.id)
      if (!next.days[op.day]) throw new RangeError(`No day ${op.day}`)
      const [item] = next.days[d]!.items.splice(i, 1)
      shift(item!, d, -1n)
      const to = next.days[op.day]!
      to.items.splice(clampIndex(op.index, to.items.length), 0, item!)
      shift(item!, op.day, 1n)
      return next
    }
    case 'reprice': {
      const [d, i] = locate(next, op.id)
      const old = next.days[d]!.items[i]!
      shift(old, d, -1n)
      const repriced = { ...old, cost: op.cost }
      next.days[d]!.items[i] = repriced
      shift(repriced, d, 1n)
      return next
    }
  }
}

/** The live state's totals in the same shape as computeTotals. */
export function liveTotals(state: LiveState, places = 2): ItineraryTotals {
  return {
    days: state.days.map((d) => ({ total_cost: fromUnits(d.cost, places), estimated_duration: d.minutes })),
    total: fromUnits(state.total, places),
    breakdown: Object.fromEntries(BREAKDOWN_KINDS.map((k) => [k, fromUnits(state.breakdown[k], places)])) as Record<BreakdownKind, string>,
  }
}
