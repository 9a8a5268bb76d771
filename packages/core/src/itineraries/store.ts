/**
 * How an itinerary's days and items are stored: read back as rows, and written as a new version (the rows brought to
 * the new state, the version raised, the state kept with a summary of what changed). Saves and restores both write here.
 */
import { randomBytes } from 'node:crypto'
import { asc, type Database, eq, inArray, itineraries, itineraryDays, itineraryItems, itineraryVersions, sql } from '@meridian/db'
import { toUnits } from '@meridian/validators'
import type { Tx } from '../trips/assignments.ts'
import { compareSnapshots, describeChanges } from './changes.ts'
import type { PricedItem } from './pricing.ts'
import { type ItemRow, type ItineraryRow, serializeItinerary } from './serialize.ts'

/** A fresh key for a day or an item: keys stay with them across saves, so versions can be compared. */
export const newKey = () => randomBytes(9).toString('base64url')

/** The itinerary's days (in order) and items, as stored. */
export async function readParts(db: Database | Tx, id: number) {
  const [days, items] = await Promise.all([
    db.select().from(itineraryDays).where(eq(itineraryDays.itineraryId, id)).orderBy(asc(itineraryDays.position)),
    db.select().from(itineraryItems).where(eq(itineraryItems.itineraryId, id)),
  ])
  return { days, items }
}

/** A stored item kept as it is. */
export function keptItem(i: ItemRow): ItemValues {
  const { id: _id, itineraryId: _itinerary, dayId: _day, position: _position, ...values } = i
  return values
}

export type ItemValues = Omit<typeof itineraryItems.$inferInsert, 'itineraryId' | 'dayId' | 'position'>

/** A priced item as stored. */
export function itemValues(p: PricedItem): ItemValues {
  return {
    key: p.key ?? newKey(),
    type: p.type,
    title: p.title,
    description: p.description,
    startTime: p.start_time,
    endTime: p.end_time,
    locationName: p.location_name,
    locationAddress: p.location_address,
    durationMinutes: p.duration_minutes,
    cost: p.cost,
    currency: p.currency,
    convertedCost: p.converted_cost,
    bookingRequired: p.booking_required,
    tags: p.tags,
    notes: p.notes,
    status: p.status,
    activityId: p.activity_id,
    transferId: p.transfer_id,
    supplierId: p.supplier_id,
    nights: p.nights,
    unitPrice: p.unit_price,
    pricing: p.pricing,
    flightId: p.flight_id,
    optionGroup: p.option_group,
    recommended: p.recommended,
    party: p.party ?? [],
  }
}

const DAY_FIELDS = ['position', 'date', 'title', 'description', 'theme'] as const
const ITEM_FIELDS = [
  'dayId',
  'position',
  'type',
  'title',
  'description',
  'startTime',
  'endTime',
  'locationName',
  'locationAddress',
  'durationMinutes',
  'cost',
  'currency',
  'convertedCost',
  'bookingRequired',
  'tags',
  'media',
  'notes',
  'status',
  'activityId',
  'transferId',
  'supplierId',
  'nights',
  'unitPrice',
  'pricing',
  'flightId',
  'optionGroup',
  'recommended',
  'party',
] as const
const NUMERIC_FIELDS = new Set(['cost', 'convertedCost', 'unitPrice'])
const AMOUNT = /^-?\d+(\.\d{1,4})?$/

/** Equal as stored: amounts by value ("30.5" is "30.5000"), json by content whatever its key order. */
function sameValue(a: unknown, b: unknown, numeric = false): boolean {
  if (a === b) return true
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null)
  if (numeric && typeof a === 'string' && typeof b === 'string') return AMOUNT.test(a) && AMOUNT.test(b) && toUnits(a) === toUnits(b)
  if (typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false
    const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined)
    const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined)
    return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  }
  return false
}
const changed = (row: Record<string, unknown>, next: Record<string, unknown>, fields: readonly string[]) =>
  fields.some((f) => f in next && !sameValue(row[f], next[f], NUMERIC_FIELDS.has(f)))

/** `SET col = excluded.col` for an upsert of every listed column. */
function excludedSet(table: typeof itineraryDays | typeof itineraryItems, fields: readonly string[]) {
  const columns = table as unknown as Record<string, { name: string }>
  return Object.fromEntries(fields.map((f) => [f, sql.raw(`excluded."${columns[f]!.name}"`)]))
}

/** Keys stay unique within the itinerary: a repeated or missing key gets a fresh one. */
function uniqueKeys<T extends { key?: string | null }>(list: T[], seen = new Set<string>()): (T & { key: string })[] {
  return list.map((x) => {
    const key = x.key && !seen.has(x.key) ? x.key : newKey()
    seen.add(key)
    return { ...x, key }
  })
}

/**
 * Inside the caller's transaction, with the row locked and its version checked: the itinerary's fields, its days and
 * items brought to the new state, the version raised by one, and the new state kept as that version with a summary of
 * what changed. Only what changed is written: days and items are matched by key, new and changed ones upserted,
 * dropped ones deleted; the change summary compares the rows as they were with the rows as they are.
 */
export async function writeVersion(
  tx: Tx,
  row: ItineraryRow,
  actorId: number,
  next: {
    fields: Partial<typeof itineraries.$inferInsert>
    days: { key: string; date: string; title: string; description: string; theme: string }[]
    items: ItemValues[][]
    summary: string
  },
) {
  const id = row.id
  const version = row.version + 1
  const before = await readParts(tx, id)
  const [updated] = await tx
    .update(itineraries)
    .set({ ...next.fields, version, lastModifiedById: actorId })
    .where(eq(itineraries.id, id))
    .returning()
  const oldDays = new Map(before.days.map((d) => [d.key, d]))
  const oldItems = new Map(before.items.map((i) => [i.key, i]))

  // Days: new and changed ones upserted by key.
  const days = uniqueKeys(next.days).map((d, position) => ({ ...d, position, itineraryId: id }))
  const dayWrites = days.filter((d) => !oldDays.has(d.key) || changed(oldDays.get(d.key)!, d, DAY_FIELDS))
  const writtenDays = dayWrites.length
    ? await tx
        .insert(itineraryDays)
        .values(dayWrites)
        .onConflictDoUpdate({ target: [itineraryDays.itineraryId, itineraryDays.key], set: excludedSet(itineraryDays, DAY_FIELDS) })
        .returning()
    : []
  const dayByKey = new Map([...oldDays, ...writtenDays.map((d) => [d.key, d] as const)])
  const dayRows = days.map((d) => dayByKey.get(d.key)!)

  // Items: placed in their day by position; new and changed ones (moved, edited, re-priced) upserted by key.
  const keyed = uniqueKeys(next.items.flat())
  let at = 0
  const items = next.items.flatMap((list, di) => list.map((_, position) => ({ ...keyed[at++]!, itineraryId: id, dayId: dayRows[di]!.id, position })))
  const itemWrites = items.filter((i) => !oldItems.has(i.key) || changed(oldItems.get(i.key)!, i, ITEM_FIELDS))
  const writtenItems = itemWrites.length
    ? await tx
        .insert(itineraryItems)
        .values(itemWrites)
        .onConflictDoUpdate({ target: [itineraryItems.itineraryId, itineraryItems.key], set: excludedSet(itineraryItems, ITEM_FIELDS) })
        .returning()
    : []
  const itemByKey = new Map([...oldItems, ...writtenItems.map((i) => [i.key, i] as const)])
  const itemRows = items.map((i) => itemByKey.get(i.key)!)

  // Then what was dropped: items first, so no kept item goes with a dropped day.
  const keptItems = new Set(items.map((i) => i.key))
  const droppedItems = before.items.filter((i) => !keptItems.has(i.key)).map((i) => i.id)
  if (droppedItems.length) await tx.delete(itineraryItems).where(inArray(itineraryItems.id, droppedItems))
  const keptDays = new Set(days.map((d) => d.key))
  const droppedDays = before.days.filter((d) => !keptDays.has(d.key)).map((d) => d.id)
  if (droppedDays.length) await tx.delete(itineraryDays).where(inArray(itineraryDays.id, droppedDays))

  const snapshot = serializeItinerary(updated!, dayRows, itemRows)
  const changes = compareSnapshots(serializeItinerary(row, before.days, before.items), snapshot)
  await tx.insert(itineraryVersions).values({
    itineraryId: id,
    version,
    snapshot: snapshot as unknown as Record<string, unknown>,
    summary: next.summary || describeChanges(changes),
    createdById: actorId,
  })
  return snapshot
}
