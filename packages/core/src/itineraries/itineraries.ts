import { randomBytes } from 'node:crypto'
import {
  activities,
  and,
  asc,
  type Database,
  eq,
  inArray,
  itineraries,
  itineraryDays,
  itineraryItems,
  itineraryVersions,
  sql,
  suppliers,
  transfers,
} from '@meridian/db'
import {
  computeTotals,
  CreateItineraryInput,
  ITINERARY_MESSAGES,
  type ItineraryFieldsData,
  type ItineraryItemData,
  type ItineraryTotals,
  overBudget,
  type SaveItineraryData,
  SaveItineraryInput,
  toUnits,
} from '@meridian/validators'
import { hasPermission } from '@meridian/auth'
import type { Actor, ServiceContext } from '../context.ts'
import { idOf, todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { requireTripScope, rolesOn, visibleTo } from '../trips/access.ts'
import { loadTrip } from '../trips/trips.ts'
import type { Tx } from '../trips/assignments.ts'
import { parseInput } from '../validation.ts'
import { type PricedItem, priceItems } from './pricing.ts'

type ItineraryRow = typeof itineraries.$inferSelect
type DayRow = typeof itineraryDays.$inferSelect
type ItemRow = typeof itineraryItems.$inferSelect

const newKey = () => randomBytes(9).toString('base64url')
const DAY = 86_400_000
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)

/** How the actor stands to an itinerary: through its trip (docs/itineraries.md "Status and access"). */
export interface ItineraryAccess {
  /** The trip's accepted expert, or staff with manage_trips: may save and send for review. */
  edit: boolean
  /** Specialists, admins, superadmin: may approve or send back. */
  approve: boolean
  /** The trip's traveler (and no more): reads the approved version only. */
  travelerOnly: boolean
}

function accessOf(
  actor: Actor,
  scope: 'all' | 'assigned' | 'own',
  trip: { travelerId: number; expertId: number | null; accepted: boolean },
): ItineraryAccess | null {
  if (!visibleTo(actor, scope, trip)) return null
  const roles = rolesOn(actor, trip)
  const edit = roles.includes('staff') || roles.includes('expert')
  const approve = scope === 'all'
  return { edit, approve, travelerOnly: !edit && !approve && scope !== 'assigned' }
}

export interface ItineraryItemDto {
  id: number
  key: string
  type: string
  title: string
  description: string
  start_time: string | null
  end_time: string | null
  location: { name: string; address: string }
  details: { duration: number; cost: string | null; currency: string | null; converted_cost: string | null; booking_required: boolean; tags: string[] }
  media: Record<string, string[]>
  notes: string
  status: string
  activity_id: number | null
  transfer_id: number | null
  supplier_id: number | null
  nights: number | null
  unit_price: string | null
  pricing: Record<string, unknown>
}

function serializeItem(r: ItemRow): ItineraryItemDto {
  return {
    id: r.id,
    key: r.key,
    type: r.type,
    title: r.title,
    description: r.description,
    start_time: r.startTime,
    end_time: r.endTime,
    location: { name: r.locationName, address: r.locationAddress },
    details: {
      duration: r.durationMinutes,
      cost: r.cost,
      currency: r.currency,
      converted_cost: r.convertedCost,
      booking_required: r.bookingRequired,
      tags: r.tags,
    },
    media: r.media as Record<string, string[]>,
    notes: r.notes,
    status: r.status,
    activity_id: r.activityId,
    transfer_id: r.transferId,
    supplier_id: r.supplierId,
    nights: r.nights,
    unit_price: r.unitPrice,
    pricing: r.pricing,
  }
}

/** Each day with its items in order. */
function daysWithItems(parts: { days: DayRow[]; items: ItemRow[] }) {
  return parts.days.map((day) => ({ day, items: parts.items.filter((i) => i.dayId === day.id).sort((a, b) => a.position - b.position) }))
}

/** The approved version, who approved it and when. */
const approvalOf = (row: ItineraryRow) => ({
  approved_version: row.approvedVersion,
  approved_by: row.approvedById,
  approved_at: row.approvedAt?.toISOString() ?? null,
})

/** The itinerary as the builder and the calls show it (§3), with every total recomputed from its items. */
export function serializeItinerary(row: ItineraryRow, days: DayRow[], items: ItemRow[], places = 2) {
  const byDay = daysWithItems({ days, items })
  const totals: ItineraryTotals = computeTotals(
    byDay.map((d) => ({ items: d.items.map((i) => ({ id: i.key, type: i.type, duration_minutes: i.durationMinutes, cost: i.convertedCost })) })),
    places,
  )
  return {
    id: row.id,
    trip_id: row.tripId,
    title: row.title,
    description: row.description,
    destination: row.destination,
    start_date: row.startDate,
    end_date: row.endDate,
    total_days: days.length,
    travelers: { adults: row.adults, children: row.children, infants: row.infants },
    budget: { total: row.budgetTotal, currency: row.currency, breakdown: totals.breakdown },
    total_cost: totals.total,
    over_budget: overBudget(totals.total, row.budgetTotal, places),
    preferences: row.preferences,
    status: row.status,
    version: row.version,
    ...approvalOf(row),
    created_by: row.createdById,
    last_modified: row.updatedAt.toISOString(),
    days: byDay.map(({ day, items: its }, i) => ({
      id: day.id,
      key: day.key,
      date: day.date,
      title: day.title,
      description: day.description,
      theme: day.theme,
      total_cost: totals.days[i]!.total_cost,
      estimated_duration: totals.days[i]!.estimated_duration,
      items: its.map(serializeItem),
    })),
  }
}
export type ItineraryDto = ReturnType<typeof serializeItinerary>

async function readParts(db: Database | Tx, id: number) {
  const [days, items] = await Promise.all([
    db.select().from(itineraryDays).where(eq(itineraryDays.itineraryId, id)).orderBy(asc(itineraryDays.position)),
    db.select().from(itineraryItems).where(eq(itineraryItems.itineraryId, id)),
  ])
  return { days, items }
}

/** Writing itineraries at all: the trips' experts (manage_assigned_trips) and staff (manage_trips); else 403 first. */
export function requireItineraryEditor(ctx: ServiceContext): Actor {
  const { actor } = requireTripScope(ctx)
  if (!hasPermission(actor, 'manage_trips') && !hasPermission(actor, 'manage_assigned_trips')) {
    throw new DomainError('forbidden', "You don't have permission to perform this action.")
  }
  return actor
}

/** The itinerary row and the actor's access to it; 404 when its trip is not theirs to see. */
export async function visibleItinerary(ctx: ServiceContext, rawId: unknown, db: Database | Tx = ctx.db, lock = false) {
  const { actor, scope } = requireTripScope(ctx)
  const id = idOf(rawId, ITINERARY_MESSAGES.notFound)
  const query = db.select().from(itineraries).where(eq(itineraries.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new DomainError('not_found', ITINERARY_MESSAGES.notFound)
  const trip = await loadTrip(db, row.tripId)
  const access = accessOf(actor, scope, trip)
  // A traveler sees their trip's itinerary once a version of it is approved.
  if (!access || (access.travelerOnly && row.approvedVersion === null)) throw new DomainError('not_found', ITINERARY_MESSAGES.notFound)
  return { actor, row, access }
}

/**
 * A kept version holds the plan as it was saved, with the fields it had then; what describes the itinerary now (its
 * status, title, approved version, who approved it and when) comes from the itinerary. The traveler only ever reads the
 * approved version, so to them it is approved whatever the expert has saved since.
 */
const liveFields = (access: ItineraryAccess, row: ItineraryRow) => ({
  status: access.travelerOnly ? ('approved' as const) : row.status,
  title: row.title,
  ...approvalOf(row),
})

/**
 * GET /api/itineraries/{id}/: the current state for those who work on it; for the trip's traveler, the approved
 * version (read-only). With `can` (save, approve) for the screens.
 */
export async function getItinerary(ctx: ServiceContext, rawId: unknown, query: { version?: unknown } = {}) {
  const { row, access } = await visibleItinerary(ctx, rawId)
  if (query.version !== undefined && query.version !== '') {
    const n = typeof query.version === 'number' ? query.version : /^[1-9]\d{0,8}$/.test(String(query.version)) ? Number(query.version) : Number.NaN
    // The traveler reads the approved version only; any other is not found.
    if (!Number.isInteger(n) || (access.travelerOnly && n !== row.approvedVersion))
      throw new DomainError('not_found', `Version ${String(query.version)} of this itinerary was not found.`)
    const [kept] = await ctx.db
      .select({ snapshot: itineraryVersions.snapshot })
      .from(itineraryVersions)
      .where(and(eq(itineraryVersions.itineraryId, row.id), eq(itineraryVersions.version, n)))
    if (!kept) throw new DomainError('not_found', `Version ${n} of this itinerary was not found.`)
    return { ...(kept.snapshot as unknown as ItineraryDto), ...liveFields(access, row), can: { save: false, approve: false } }
  }
  if (access.travelerOnly) {
    const [approved] = await ctx.db
      .select()
      .from(itineraryVersions)
      .where(and(eq(itineraryVersions.itineraryId, row.id), eq(itineraryVersions.version, row.approvedVersion!)))
    return { ...(approved!.snapshot as ItineraryDto), ...liveFields(access, row), can: { save: false, approve: false } }
  }
  const { days, items } = await readParts(ctx.db, row.id)
  return { ...serializeItinerary(row, days, items), can: { save: access.edit, approve: access.approve } }
}

/**
 * POST /api/itineraries/ `{trip_id, title?, currency?}`: a draft for a trip, one day per date of the trip ('Day n'),
 * its travelers the trip's. The trip's accepted expert or staff with manage_trips. Version 1 is kept.
 */
export async function createItinerary(ctx: ServiceContext, input: unknown) {
  requireItineraryEditor(ctx)
  const { actor, scope } = requireTripScope(ctx)
  const data = parseInput(CreateItineraryInput, input)
  // The trip is named in the body: one that does not exist, or that the caller cannot see, is a field error.
  const noSuchTrip = () => DomainError.invalid({ trip_id: ['Select a valid trip.'] })
  const trip = await loadTrip(ctx.db, data.trip_id!).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'not_found' ? noSuchTrip() : error
  })
  const access = accessOf(actor, scope, trip)
  if (!access) throw noSuchTrip()
  if (!access.edit) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(itineraries)
      .values({
        tripId: trip.id,
        title: data.title ?? trip.title,
        description: trip.description,
        destination: trip.title.split(' · ')[0] ?? '',
        startDate: trip.startDate,
        endDate: trip.endDate,
        adults: Math.max(1, trip.travelers),
        currency: data.currency ?? trip.currency,
        budgetTotal: trip.budgetTotal === '0' || trip.budgetTotal === '0.00' ? null : trip.budgetTotal,
        createdById: actor.id,
        lastModifiedById: actor.id,
      })
      .returning()
    const span = Math.round((Date.parse(trip.endDate) - Date.parse(trip.startDate)) / DAY) + 1
    const days = Array.from({ length: Math.min(Math.max(span, 1), 60) }, (_, i) => ({
      itineraryId: row!.id,
      key: newKey(),
      position: i,
      date: addDays(trip.startDate, i),
      title: `Day ${i + 1}`,
    }))
    const dayRows = await tx.insert(itineraryDays).values(days).returning()
    await tx.insert(itineraryVersions).values({
      itineraryId: row!.id,
      version: 1,
      snapshot: serializeItinerary(row!, dayRows, []) as unknown as Record<string, unknown>,
      summary: 'Created',
      createdById: actor.id,
    })
    return row!.id
  })
  return getItinerary(ctx, id)
}

/**
 * PATCH /api/itineraries/{id}/ `{version, fields, days, summary}`: a new version of the whole itinerary. The save
 * names the version it was based on; when another save came first it answers 409 with the current itinerary and
 * stores nothing. Items are priced and converted first (priceItems); then, in one transaction on the locked row,
 * the days and items are replaced, the version goes up by one and the new state is kept as that version.
 */
export async function saveItinerary(ctx: ServiceContext, rawId: unknown, input: unknown) {
  requireItineraryEditor(ctx)
  const first = await visibleItinerary(ctx, rawId)
  if (!first.access.edit) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  const data = parseInput(SaveItineraryInput, input)
  const fields = sentFields(data)
  const currency = fields.currency ?? first.row.currency
  const travelers = { adults: fields.adults ?? first.row.adults, children: fields.children ?? first.row.children, infants: fields.infants ?? first.row.infants }
  if (travelers.adults + travelers.children < 1) throw DomainError.invalid({ 'fields.adults': ['An itinerary has at least one adult or child.'] })
  const start = fields.start_date ?? first.row.startDate
  const end = fields.end_date ?? first.row.endDate
  if (end < start) throw DomainError.invalid({ 'fields.end_date': ['The end date cannot be before the start date.'] })
  const id = first.row.id
  // Without `days` the plan stays: as it is, or re-priced from what it names when the currency or the group changes.
  const current = data.days ? null : daysWithItems(await readParts(ctx.db, id))
  const repriced =
    currency !== first.row.currency ||
    travelers.adults !== first.row.adults ||
    travelers.children !== first.row.children ||
    travelers.infants !== first.row.infants
  const days = data.days ?? current!.map(({ day, items }) => ({ ...day, items: items.map(itemInput) }))
  const priced = data.days || repriced ? (await priceItems(ctx.db, days, travelers, currency, todayUtc())).items : null
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(itineraries).where(eq(itineraries.id, id)).for('update')
    if (row!.version !== data.version) throw new DomainError('conflict', ITINERARY_MESSAGES.stale(row!.version, data.version))
    let at = 0
    return writeVersion(tx, row!, first.actor.id, {
      fields: {
        title: fields.title ?? row!.title,
        description: fields.description ?? row!.description,
        destination: fields.destination ?? row!.destination,
        startDate: start,
        endDate: end,
        ...travelers,
        budgetTotal: fields.budget_total === undefined ? row!.budgetTotal : fields.budget_total,
        currency,
        preferences: fields.preferences ?? row!.preferences,
      },
      days: days.map((d) => ({ key: d.key ?? newKey(), date: d.date, title: d.title, description: d.description, theme: d.theme })),
      items: priced ? days.map((d) => d.items.map(() => itemValues(priced[at++]!))) : current!.map(({ items }) => items.map(keptItem)),
      summary: data.summary,
    })
  })
  // The state just written is the answer: no second read.
  return { ...saved, can: { save: first.access.edit, approve: first.access.approve } }
}

/**
 * The itinerary's fields a save changes: under `fields` (the builder) or at the top level as they are read, where
 * `travelers` and `budget` are objects; the top level wins where both name one.
 */
function sentFields(data: SaveItineraryData): ItineraryFieldsData {
  const { version: _version, fields, travelers, budget, days: _days, summary: _summary, ...flat } = data
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>
  return {
    ...defined(fields),
    ...defined(flat),
    ...(travelers ? defined(travelers) : {}),
    ...(budget?.total !== undefined ? { budget_total: budget.total } : {}),
    ...(budget?.currency !== undefined ? { currency: budget.currency } : {}),
  }
}

/** A stored item as the builder would send it (to price it again). */
function itemInput(i: ItemRow): ItineraryItemData {
  return {
    key: i.key,
    type: i.type,
    title: i.title,
    description: i.description,
    start_time: i.startTime,
    end_time: i.endTime,
    location_name: i.locationName,
    location_address: i.locationAddress,
    duration_minutes: i.durationMinutes,
    booking_required: i.bookingRequired,
    tags: i.tags,
    notes: i.notes,
    status: i.status as ItineraryItemData['status'],
    activity_id: i.activityId,
    transfer_id: i.transferId,
    supplier_id: i.supplierId,
    nights: i.nights,
    unit_price: i.unitPrice,
    currency: i.currency,
  }
}

/** A stored item kept as it is. */
function keptItem(i: ItemRow): ItemValues {
  const { id: _id, itineraryId: _itinerary, dayId: _day, position: _position, ...values } = i
  return values
}

type ItemValues = Omit<typeof itineraryItems.$inferInsert, 'itineraryId' | 'dayId' | 'position'>

/** A priced item as stored. */
function itemValues(p: PricedItem): ItemValues {
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
async function writeVersion(
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

/** A saved state's days and items written again as a new version (restore), after the same version check as a save. */
export async function restoreSnapshot(ctx: ServiceContext, id: number, actorId: number, basedOn: number, snapshot: ItineraryDto, summary: string) {
  // Catalogue records deleted since that version are no longer named (their items keep their prices).
  const all = snapshot.days.flatMap((d) => d.items)
  const existing = async (table: typeof activities | typeof transfers | typeof suppliers, ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))]
    return new Set(wanted.length ? (await ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id) : [])
  }
  const [activityIds, transferIds, supplierIds] = await Promise.all([
    existing(
      activities,
      all.map((i) => i.activity_id),
    ),
    existing(
      transfers,
      all.map((i) => i.transfer_id),
    ),
    existing(
      suppliers,
      all.map((i) => i.supplier_id),
    ),
  ])
  const keep = (ids: Set<number>, id: number | null) => (id !== null && ids.has(id) ? id : null)
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(itineraries).where(eq(itineraries.id, id)).for('update')
    if (row!.version !== basedOn) throw new DomainError('conflict', ITINERARY_MESSAGES.stale(row!.version, basedOn))
    await writeVersion(tx, row!, actorId, {
      fields: {
        title: snapshot.title,
        description: snapshot.description,
        destination: snapshot.destination,
        startDate: snapshot.start_date,
        endDate: snapshot.end_date,
        ...snapshot.travelers,
        budgetTotal: snapshot.budget.total,
        currency: snapshot.budget.currency,
        preferences: snapshot.preferences,
      },
      days: snapshot.days.map((d) => ({ key: d.key, date: d.date, title: d.title, description: d.description, theme: d.theme })),
      items: snapshot.days.map((d) =>
        d.items.map((i) => ({
          key: i.key,
          type: i.type as ItemValues['type'],
          title: i.title,
          description: i.description,
          startTime: i.start_time,
          endTime: i.end_time,
          locationName: i.location.name,
          locationAddress: i.location.address,
          durationMinutes: i.details.duration,
          cost: i.details.cost,
          currency: i.details.currency,
          convertedCost: i.details.converted_cost,
          bookingRequired: i.details.booking_required,
          tags: i.details.tags,
          media: i.media,
          notes: i.notes,
          status: i.status,
          activityId: keep(activityIds, i.activity_id),
          transferId: keep(transferIds, i.transfer_id),
          supplierId: keep(supplierIds, i.supplier_id),
          nights: i.nights,
          unitPrice: i.unit_price,
          pricing: i.pricing,
        })),
      ),
      summary,
    })
  })
}
