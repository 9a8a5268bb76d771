/** What changed between two saved states of an itinerary (the versions' summaries and the compare call). Pure. */
import { toUnits } from '@meridian/validators'
import type { ItineraryDto } from './serialize.ts'

export interface ItineraryChanges {
  days_added: string[]
  days_removed: string[]
  items_added: { key: string; title: string; day: string }[]
  items_removed: { key: string; title: string; day: string }[]
  items_moved: { key: string; title: string; from: string; to: string }[]
  items_repriced: { key: string; title: string; from: string | null; to: string | null }[]
}

/** What changed from one state to another, by the keys days and items keep across saves. */
export function compareSnapshots(from: ItineraryDto, to: ItineraryDto): ItineraryChanges {
  const place = (s: ItineraryDto) => {
    const out = new Map<string, { title: string; day: string; dayKey: string; index: number; cost: string | null }>()
    for (const d of s.days)
      d.items.forEach((i, index) => out.set(i.key, { title: i.title, day: d.title, dayKey: d.key, index, cost: i.details.converted_cost }))
    return out
  }
  const a = place(from)
  const b = place(to)
  const dayKeys = (s: ItineraryDto) => new Map(s.days.map((d) => [d.key, d.title]))
  const da = dayKeys(from)
  const db = dayKeys(to)
  const sameCost = (x: string | null, y: string | null) => (x === null || y === null ? x === y : toUnits(x) === toUnits(y))
  return {
    days_added: [...db].filter(([k]) => !da.has(k)).map(([, t]) => t),
    days_removed: [...da].filter(([k]) => !db.has(k)).map(([, t]) => t),
    items_added: [...b].filter(([k]) => !a.has(k)).map(([key, x]) => ({ key, title: x.title, day: x.day })),
    items_removed: [...a].filter(([k]) => !b.has(k)).map(([key, x]) => ({ key, title: x.title, day: x.day })),
    items_moved: [...b]
      .filter(([k, x]) => a.has(k) && (a.get(k)!.dayKey !== x.dayKey || a.get(k)!.index !== x.index))
      .map(([key, x]) => ({ key, title: x.title, from: a.get(key)!.day, to: x.day })),
    items_repriced: [...b]
      .filter(([k, x]) => a.has(k) && !sameCost(a.get(k)!.cost, x.cost))
      .map(([key, x]) => ({ key, title: x.title, from: a.get(key)!.cost, to: x.cost })),
  }
}

/** One line: "2 items added, 1 removed, 1 moved, 1 re-priced". */
export function describeChanges(c: ItineraryChanges): string {
  const parts = [
    [c.days_added.length, 'day added', 'days added'],
    [c.days_removed.length, 'day removed', 'days removed'],
    [c.items_added.length, 'item added', 'items added'],
    [c.items_removed.length, 'item removed', 'items removed'],
    [c.items_moved.length, 'item moved', 'items moved'],
    [c.items_repriced.length, 'item re-priced', 'items re-priced'],
  ] as const
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
  return said.length ? said.join(', ') : 'No changes to days or items'
}
