/**
 * What changed from one round to another, for the traveler: items added, removed, moved and re-priced, options added
 * or dropped, and the total's change item by item. By the keys items keep across saves. Pure.
 */
import { fromUnits, toUnits } from '@meridian/validators'
import type { Plan } from './plan.ts'
import { planTotal } from './plan.ts'

export interface RoundChange {
  key: string
  title: string
  change: 'added' | 'removed' | 'moved' | 'repriced' | 'option_added' | 'option_dropped'
  /** The day it is on (the earlier round's for a removal), and for a move the day it left. */
  day: string
  from_day?: string
  /** Its price before and after (in each round's currency), and what it changes in the total. */
  from: string | null
  to: string | null
  difference: string
}

export interface RoundChanges {
  since_round: number
  lines: RoundChange[]
  total: { from: string; to: string; difference: string }
}

const signed = (units: bigint, places: number) => (units > 0n ? `+${fromUnits(units, places)}` : fromUnits(units, places))
const units = (x: string | null) => (x === null ? 0n : toUnits(x))

export function roundChanges(sinceRound: number, before: Plan, after: Plan): RoundChanges {
  const place = (plan: Plan) => {
    const out = new Map<string, { title: string; day: string; dayKey: string; index: number; cost: string | null; option: string | null }>()
    for (const d of plan.days)
      d.items.forEach((i, index) =>
        out.set(i.key, { title: i.title, day: d.title, dayKey: d.key, index, cost: i.details.converted_cost, option: i.option_group }),
      )
    return out
  }
  const a = place(before)
  const b = place(after)
  const places = after.places
  const lines: RoundChange[] = []
  for (const [key, x] of b) {
    const was = a.get(key)
    if (!was) {
      lines.push({
        key,
        title: x.title,
        change: x.option ? 'option_added' : 'added',
        day: x.day,
        from: null,
        to: x.cost,
        difference: x.option ? fromUnits(0n, places) : signed(units(x.cost), places),
      })
      continue
    }
    if (!was.option && x.option)
      lines.push({
        key,
        title: x.title,
        change: 'option_added',
        day: x.day,
        from: was.cost,
        to: x.cost,
        difference: signed(units(x.cost) - units(was.cost), places),
      })
    if (was.option && !x.option)
      lines.push({
        key,
        title: x.title,
        change: 'option_dropped',
        day: x.day,
        from: was.cost,
        to: x.cost,
        difference: signed(units(x.cost) - units(was.cost), places),
      })
    if (was.dayKey !== x.dayKey || was.index !== x.index)
      lines.push({ key, title: x.title, change: 'moved', day: x.day, from_day: was.day, from: was.cost, to: x.cost, difference: fromUnits(0n, places) })
    if (units(was.cost) !== units(x.cost) || (was.cost === null) !== (x.cost === null))
      lines.push({
        key,
        title: x.title,
        change: 'repriced',
        day: x.day,
        from: was.cost,
        to: x.cost,
        difference: signed(units(x.cost) - units(was.cost), places),
      })
  }
  for (const [key, x] of a) {
    if (b.has(key)) continue
    lines.push({
      key,
      title: x.title,
      change: x.option ? 'option_dropped' : 'removed',
      day: x.day,
      from: x.cost,
      to: null,
      difference: x.option ? fromUnits(0n, places) : signed(-units(x.cost), places),
    })
  }
  const from = planTotal(before)
  const to = planTotal(after)
  return { since_round: sinceRound, lines, total: { from, to, difference: signed(toUnits(to) - toUnits(from), places) } }
}
