/**
 * Itineraries themselves: read (the current state, a kept version, or the traveler's approved plan), created for a
 * trip, and saved as a new version.
 */
import { and, eq, itineraries, itineraryDays, itineraryVersions } from '@meridian/db'
import {
  CreateItineraryInput,
  ITINERARY_MESSAGES,
  type ItineraryFieldsData,
  type ItineraryItemData,
  type SaveItineraryData,
  SaveItineraryInput,
} from '@meridian/validators'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { requireTripScope } from '../trips/access.ts'
import { checkItemParty } from '../trips/party.ts'
import { loadTrip } from '../trips/trips.ts'
import { parseInput } from '../validation.ts'
import { accessOf, type ItineraryAccess, requireItineraryEditor, visibleItinerary } from './access.ts'
import { priceItems } from './pricing.ts'
import { approvalOf, daysWithItems, type ItemRow, type ItineraryDto, type ItineraryRow, serializeItinerary } from './serialize.ts'
import { itemValues, keptItem, newKey, readParts, writeVersion } from './store.ts'

const DAY = 86_400_000
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)

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
  // The people an item is for are of this trip's party.
  const strangers = data.days ? await checkItemParty(ctx.db, first.row.tripId, data.days) : {}
  if (Object.keys(strangers).length) throw DomainError.invalid(strangers)
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
        timeZone: fields.time_zone ?? row!.timeZone,
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
    flight_id: i.flightId,
    option_group: i.optionGroup,
    recommended: i.recommended,
    party: i.party,
  }
}
