/**
 * The builder's working copy of an itinerary, browser-safe: the same operations run in the browser (drag and drop,
 * keyboard, buttons with JavaScript) and in the route's action (the same buttons without it), so both end in the
 * same days and items. Totals are exact decimals (BigInt), recomputed from the items as the server does.
 */
import { computeTotals, type ItineraryTotals, overBudget } from '@meridian/validators/itinerary-math'
import { countsInTotals } from '@meridian/validators/proposal-math'
import type { ItineraryItemDto } from '@meridian/core'
import { type ItemType, templateItem } from '@meridian/validators/itinerary-constants'

/** An item as the builder holds it: the server's (its pricing trail and media stay on the server). */
export type DraftItem = Omit<ItineraryItemDto, 'media' | 'pricing'>

export interface DraftDay {
  key: string
  date: string
  title: string
  description: string
  theme: string
  items: DraftItem[]
}

/** The days of an itinerary as the loader sends them. */
export function draftOf(itinerary: { days: readonly (Omit<DraftDay, 'items'> & { items: readonly DraftItem[] })[] }): DraftDay[] {
  return itinerary.days.map((d) => ({
    key: d.key,
    date: d.date,
    title: d.title,
    description: d.description,
    theme: d.theme,
    items: d.items.map((i) => ({ ...i })),
  }))
}

const ENTERED: readonly string[] = ['accommodation', 'meal', 'free_time']

/** One item as a save sends it (the catalogue record it comes from, or the price the expert entered). */
export function itemInput(i: DraftItem) {
  return {
    key: i.key,
    type: i.type,
    title: i.title,
    description: i.description,
    start_time: i.start_time,
    end_time: i.end_time,
    location_name: i.location.name,
    location_address: i.location.address,
    duration_minutes: i.details.duration,
    booking_required: i.details.booking_required,
    tags: i.details.tags,
    notes: i.notes,
    status: i.status,
    activity_id: i.activity_id,
    transfer_id: i.transfer_id,
    supplier_id: i.supplier_id,
    nights: i.nights,
    unit_price: i.unit_price,
    currency: ENTERED.includes(i.type) && i.unit_price !== null ? i.details.currency : null,
    flight_id: i.flight_id,
    option_group: i.option_group,
    recommended: i.recommended,
    party: i.party ?? [],
  }
}

/** The days as a save sends them. */
export const saveDays = (days: readonly DraftDay[]) =>
  days.map((d) => ({ key: d.key, date: d.date, title: d.title, description: d.description, theme: d.theme, items: d.items.map(itemInput) }))

const DAY_MS = 86_400_000
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)

/** §4 Add Day: a day dated one day after the last, titled 'Day {n}'. */
export function addDay(days: readonly DraftDay[], key: string, fallbackDate: string): DraftDay[] {
  const last = days.at(-1)
  return [...days, { key, date: last ? nextDate(last.date) : fallbackDate, title: `Day ${days.length + 1}`, description: '', theme: '', items: [] }]
}

/** Where an item is: its day and place, or null. */
export function locate(days: readonly DraftDay[], key: string): { day: number; index: number } | null {
  for (let d = 0; d < days.length; d++) {
    const index = days[d]!.items.findIndex((i) => i.key === key)
    if (index >= 0) return { day: d, index }
  }
  return null
}

/**
 * §4: an item moved to another place (another day, or the same one); its cost and duration go with it. An option taken
 * to another day leaves its slot (a slot's options share a day).
 */
export function moveItem(days: readonly DraftDay[], key: string, toDay: number, toIndex: number): DraftDay[] {
  const from = locate(days, key)
  if (!from || !days[toDay]) return [...days]
  const next = days.map((d) => ({ ...d, items: [...d.items] }))
  let [item] = next[from.day]!.items.splice(from.index, 1)
  const group = item!.option_group
  if (group && toDay !== from.day) item = { ...item!, option_group: null, recommended: false }
  const target = next[toDay]!.items
  target.splice(Math.max(0, Math.min(toIndex, target.length)), 0, item!)
  return group && toDay !== from.day ? tidySlot(next, group) : next
}

/** One place up or down within its day. */
export function nudgeItem(days: readonly DraftDay[], key: string, by: -1 | 1): DraftDay[] {
  const at = locate(days, key)
  if (!at) return [...days]
  return moveItem(days, key, at.day, Math.max(0, at.index + by))
}

/** §4: an item removed; its cost and duration leave the day's totals (an option's slot keeps a recommended one). */
export function removeItem(days: readonly DraftDay[], key: string): DraftDay[] {
  const group = days.flatMap((d) => d.items).find((i) => i.key === key)?.option_group
  const next = days.map((d) => ({ ...d, items: d.items.filter((i) => i.key !== key) }))
  return group ? tidySlot(next, group) : next
}

/** An item added at the end of a day. */
export function addItem(days: readonly DraftDay[], day: number, item: DraftItem): DraftDay[] {
  return days.map((d, i) => (i === day ? { ...d, items: [...d.items, item] } : d))
}

/*
 * Options (docs/proposals.md): items of one day sharing an `option_group` are alternatives for one slot, one of them
 * recommended (the only one counted in the totals). The operations below keep each slot tidy: exactly one option
 * marked recommended, and no slot of a single item.
 */

/** The slot names in use in the itinerary. */
const groupsOf = (days: readonly DraftDay[]) => new Set(days.flatMap((d) => d.items.map((i) => i.option_group).filter((g): g is string => !!g)))

/** A slot's name from an item's title, "Hotel Cusco" → "hotel-cusco"; "-2", "-3" … when another slot has it. */
export function slotName(title: string, taken: ReadonlySet<string>): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, 34)
      .replace(/-+$/, '') || 'option'
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`
  return name
}

/** The options of a slot, in plan order. */
export const optionsOf = (days: readonly DraftDay[], group: string) => days.flatMap((d) => d.items).filter((i) => i.option_group === group)

/** A slot after one of its options left: a single item left is a slot no more; else one option is recommended. */
function tidySlot(days: DraftDay[], group: string): DraftDay[] {
  const left = optionsOf(days, group)
  const alone = left.length === 1
  const first = left.some((i) => i.recommended) ? null : left[0]?.key
  if (!alone && !first) return days
  return days.map((d) => ({
    ...d,
    items: d.items.map((i) =>
      i.option_group !== group ? i : alone ? { ...i, option_group: null, recommended: false } : i.key === first ? { ...i, recommended: true } : i,
    ),
  }))
}

/** `item` put in the slot of the item `of`, not recommended: right after `of`, or after the slot's last option. */
function joinSlot(days: readonly DraftDay[], of: string, item: DraftItem, place: 'after-item' | 'after-slot'): DraftDay[] {
  const at = locate(days, of)
  if (!at) return [...days]
  const host = days[at.day]!.items[at.index]!
  // An item in no slot yet starts one, named from its title, and is its recommended option.
  const group = host.option_group ?? slotName(host.title, groupsOf(days))
  return days.map((d, n) => {
    if (n !== at.day) return d
    const items = d.items.map((i) => (i.key === of && !i.option_group ? { ...i, option_group: group, recommended: true } : i))
    const after = place === 'after-item' ? at.index : items.reduce((end, i, index) => (i.option_group === group ? index : end), at.index)
    items.splice(after + 1, 0, { ...item, option_group: group, recommended: false })
    return { ...d, items }
  })
}

/** A new item (the Add item form's) as another option of the item `of`'s slot, after its last option. */
export const addOption = (days: readonly DraftDay[], of: string, item: DraftItem) => joinSlot(days, of, item, 'after-slot')

/** Add an option: a copy of the item (a new key, not recommended) in the same slot, right after it. */
export function copyAsOption(days: readonly DraftDay[], key: string, newKey: string): DraftDay[] {
  const item = days.flatMap((d) => d.items).find((i) => i.key === key)
  if (!item) return [...days]
  const copy: DraftItem = { ...item, id: 0, key: newKey, location: { ...item.location }, details: { ...item.details, tags: [...item.details.tags] } }
  return joinSlot(days, key, copy, 'after-item')
}

/** Make recommended: this option is the one its slot recommends (and counts in the totals); the others are not. */
export function recommendOption(days: readonly DraftDay[], key: string): DraftDay[] {
  const group = days.flatMap((d) => d.items).find((i) => i.key === key)?.option_group
  if (!group) return [...days]
  return days.map((d) => ({
    ...d,
    items: d.items.map((i) => (i.option_group === group && i.recommended !== (i.key === key) ? { ...i, recommended: i.key === key } : i)),
  }))
}

/** Leave the slot: the item is no option any more (and its slot, if one option is left, no slot either). */
export function leaveSlot(days: readonly DraftDay[], key: string): DraftDay[] {
  const group = days.flatMap((d) => d.items).find((i) => i.key === key)?.option_group
  if (!group) return [...days]
  const next = days.map((d) => ({ ...d, items: d.items.map((i) => (i.key === key ? { ...i, option_group: null, recommended: false } : i)) }))
  return tidySlot(next, group)
}

/** Every total, from scratch: each day's cost and duration, the trip's total, the breakdown and the amount over budget. */
export function totalsOf(days: readonly DraftDay[], budget: string | null): ItineraryTotals & { over_budget: string | null } {
  // A slot's options other than the recommended one count nowhere, as on the server (docs/proposals.md).
  const counts = countsInTotals(days)
  const totals = computeTotals(
    days.map((d) => ({
      items: d.items.map((i) => ({
        id: i.key,
        type: i.type as ItemType,
        duration_minutes: counts(i) ? i.details.duration : 0,
        cost: counts(i) ? i.details.converted_cost : null,
      })),
    })),
  )
  return { ...totals, over_budget: overBudget(totals.total, budget) }
}

/** "2 h 30 min", "45 min", "0 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`
}

/** "2 adults, 1 child, 1 infant". */
export function travelersText(t: { adults: number; children: number; infants: number }): string {
  const part = (n: number, one: string, many: string) => (n ? [`${n} ${n === 1 ? one : many}`] : [])
  return [...part(t.adults, 'adult', 'adults'), ...part(t.children, 'child', 'children'), ...part(t.infants, 'infant', 'infants')].join(', ') || 'No travelers'
}

/** A new key for an item or day made in the browser (the server keeps it). */
export function freshKey(): string {
  const bytes = new Uint8Array(9)
  globalThis.crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * The merge of a stale save (409): the saved version as it is, plus what this browser added since the version it
 * started from (`base`: the keys of that version's days and items): new days, and new items on the same day (by key)
 * or the last one. Nothing of either side is lost; what the saved version removed or moved stays so.
 */
export function combine(theirs: readonly DraftDay[], mine: readonly DraftDay[], base: { days: readonly string[]; items: readonly string[] }): DraftDay[] {
  const known = new Set([...theirs.flatMap((d) => d.items.map((i) => i.key)), ...base.items])
  const knownDays = new Set([...theirs.map((d) => d.key), ...base.days])
  let out = [...theirs, ...mine.filter((d) => !knownDays.has(d.key)).map((d) => ({ ...d, items: [] }))].map((d) => ({ ...d, items: [...d.items] }))
  for (const day of mine) {
    for (const item of day.items) {
      if (known.has(item.key)) continue
      const at = out.findIndex((d) => d.key === day.key)
      out = addItem(out, at >= 0 ? at : out.length - 1, item)
    }
  }
  return out
}

/** An item as a save sends it, made into a working-copy item (its price is found when it is saved). */
export function draftItemOf(input: ReturnType<typeof itemInput> & { key: string }): DraftItem {
  return {
    id: 0,
    key: input.key,
    type: input.type,
    title: input.title,
    description: input.description,
    start_time: input.start_time,
    end_time: input.end_time,
    location: { name: input.location_name ?? '', address: input.location_address ?? '' },
    details: {
      duration: input.duration_minutes ?? 0,
      cost: null,
      currency: input.currency ?? null,
      converted_cost: null,
      booking_required: input.booking_required ?? false,
      tags: input.tags ?? [],
    },
    notes: input.notes,
    status: input.status,
    activity_id: input.activity_id,
    transfer_id: input.transfer_id,
    supplier_id: input.supplier_id,
    nights: input.nights,
    unit_price: input.unit_price,
    flight_id: input.flight_id ?? null,
    option_group: input.option_group ?? null,
    recommended: input.recommended ?? false,
    party: input.party ?? [],
  }
}

/** What the Activity Library offers: an activity with its template duration and its price for these travelers. */
export interface LibraryPick {
  id: number
  name: string
  default_duration: number
  estimated_cost: string | null
  currency: string | null
  converted_cost: string | null
}

/** A library activity as a new item (the template defaults of §9), with the price the library found for it. */
export function libraryItem(activity: LibraryPick, key: string): DraftItem {
  const item = draftItemOf({ ...templateItem(activity.id, activity.name, activity.default_duration), key })
  return { ...item, details: { ...item.details, cost: activity.estimated_cost, currency: activity.currency, converted_cost: activity.converted_cost } }
}

/** Whom an item is for: some of the trip's party (their ids), or everyone (none). */
export function setParty(days: readonly DraftDay[], key: string, party: number[]): DraftDay[] {
  const ids = [...new Set(party)].sort((a, b) => a - b)
  return days.map((d) => ({ ...d, items: d.items.map((i) => (i.key === key ? { ...i, party: ids } : i)) }))
}
