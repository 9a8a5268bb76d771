/**
 * A proposal's options and totals in exact decimals (browser-safe: BigInt, no floats). The traveler's view recomputes
 * the total as options are chosen with the same functions the server uses to quote and to accept (docs/proposals.md).
 *
 * A slot is the set of items of an itinerary sharing an `option_group`: alternatives for the same place in the plan (two
 * hotels for the same nights, economy or business for a flight leg). One of them is chosen; the others count nowhere.
 * Items without a group are always in the plan.
 */
import { BREAKDOWN_KINDS, BREAKDOWN_OF, type BreakdownKind, type ItemType } from './itinerary-constants.ts'
import { fromUnits, toUnits } from './itinerary-math.ts'

export interface SlotItem {
  key: string
  type: ItemType | string
  title?: string
  option_group: string | null
  recommended: boolean
  details: { converted_cost: string | null; duration: number }
}
export interface SlotDay {
  items: readonly SlotItem[]
}

export interface Slot {
  group: string
  /** The day (index) the slot's options are on. */
  day: number
  /** The options' keys, in plan order. */
  options: string[]
  /** The option the expert recommends: the first marked so, else the first. */
  recommended: string
}

export type Choices = Record<string, string>

/** The slots of a plan, in plan order. */
export function slotsOf(days: readonly SlotDay[]): Slot[] {
  const slots = new Map<string, Slot>()
  days.forEach((day, d) => {
    for (const item of day.items) {
      if (!item.option_group) continue
      const slot = slots.get(item.option_group)
      if (!slot) slots.set(item.option_group, { group: item.option_group, day: d, options: [item.key], recommended: item.key })
      else {
        slot.options.push(item.key)
        const current = findItem(days, slot.recommended)
        if (item.recommended && !current?.recommended) slot.recommended = item.key
      }
    }
  })
  return [...slots.values()]
}

function findItem(days: readonly SlotDay[], key: string): SlotItem | undefined {
  for (const day of days) for (const item of day.items) if (item.key === key) return item
  return undefined
}

/** Every slot on its recommended option. */
export const recommendedChoices = (slots: readonly Slot[]): Choices => Object.fromEntries(slots.map((s) => [s.group, s.recommended]))

export const PROPOSAL_CHOICE_MESSAGES = {
  unknownSlot: (group: string) => `"${group}" is not a slot of this proposal.`,
  unknownOption: (key: string) => `"${key}" is not an option of this slot.`,
} as const

/**
 * The choices a traveler sent, checked against the slots: each named slot must be one of the plan's and its option one
 * of the slot's; a slot not named keeps its recommended option. Problems are keyed `choices.{group}`.
 */
export function resolveChoices(slots: readonly Slot[], sent: Record<string, unknown>): { choices: Choices; errors: Record<string, string[]> } {
  const choices = recommendedChoices(slots)
  const errors: Record<string, string[]> = {}
  const byGroup = new Map(slots.map((s) => [s.group, s]))
  for (const [group, raw] of Object.entries(sent)) {
    const slot = byGroup.get(group)
    if (!slot) {
      errors[`choices.${group}`] = [PROPOSAL_CHOICE_MESSAGES.unknownSlot(group)]
      continue
    }
    const key = typeof raw === 'string' ? raw.trim() : String(raw)
    if (!slot.options.includes(key)) errors[`choices.${group}`] = [PROPOSAL_CHOICE_MESSAGES.unknownOption(key)]
    else choices[group] = key
  }
  return { choices, errors }
}

/** Whether an item is in the plan under these choices: not an option, or the option chosen for its slot. */
export const isChosen = (item: SlotItem, choices: Choices) => !item.option_group || choices[item.option_group] === item.key

const costOf = (item: SlotItem) => (item.details.converted_cost === null ? 0n : toUnits(item.details.converted_cost))

/** `units / n`, rounded half up to `places` (in units). */
function divide(units: bigint, n: number, places: number): bigint {
  const step = 10n ** BigInt(4 - places)
  const d = BigInt(Math.max(1, n)) * step
  const negative = units < 0n
  const abs = negative ? -units : units
  const q = ((abs * 2n + d) / (2n * d)) * step
  return negative ? -q : q
}

export interface ProposalTotals {
  /** Each day's cost and duration with the chosen options. */
  days: { total_cost: string; estimated_duration: number }[]
  total: string
  /** The total for each traveler who pays (adults and children; infants travel free). */
  per_person: string
  /** The total over the number of days. */
  per_day: string
  breakdown: Record<BreakdownKind, string>
  /** For each option, what choosing it instead of its slot's current choice adds to the total ("+120.00", "-35.50", "0.00"). */
  differences: Record<string, string>
}

/** The plan's totals under these choices, in the plan's currency, rounded to `places`. */
export function proposalTotals(days: readonly SlotDay[], choices: Choices, payers: number, places = 2): ProposalTotals {
  const breakdown = Object.fromEntries(BREAKDOWN_KINDS.map((k) => [k, 0n])) as Record<BreakdownKind, bigint>
  const chosenCost = new Map<string, bigint>()
  let total = 0n
  const out = days.map((day) => {
    let cost = 0n
    let minutes = 0
    for (const item of day.items) {
      if (!isChosen(item, choices)) continue
      const c = costOf(item)
      if (item.option_group) chosenCost.set(item.option_group, c)
      cost += c
      minutes += item.details.duration
      const kind = BREAKDOWN_OF[item.type as ItemType]
      if (kind) breakdown[kind] += c
    }
    total += cost
    return { total_cost: fromUnits(cost, places), estimated_duration: minutes }
  })
  const differences: Record<string, string> = {}
  for (const day of days)
    for (const item of day.items) {
      if (!item.option_group) continue
      const diff = costOf(item) - (chosenCost.get(item.option_group) ?? 0n)
      differences[item.key] = diff > 0n ? `+${fromUnits(diff, places)}` : fromUnits(diff, places)
    }
  return {
    days: out,
    total: fromUnits(total, places),
    per_person: fromUnits(divide(total, payers, places), places),
    per_day: fromUnits(divide(total, days.length, places), places),
    breakdown: Object.fromEntries(BREAKDOWN_KINDS.map((k) => [k, fromUnits(breakdown[k], places)])) as Record<BreakdownKind, string>,
    differences,
  }
}

/**
 * Whether an item counts in an itinerary's own totals: items of no slot, and the recommended option of each slot (the
 * builder's total is the proposal's total on its recommended options).
 */
export function countsInTotals(days: readonly SlotDay[]) {
  const choices = recommendedChoices(slotsOf(days))
  return (item: SlotItem) => isChosen(item, choices)
}
