import { randomBytes } from 'node:crypto'
import { and, asc, type Database, eq, itineraries, itineraryDays, itineraryItems, itineraryVersions } from '@meridian/db'
import {
  computeTotals,
  CreateItineraryInput,
  ITINERARY_MESSAGES,
  type ItineraryTotals,
  overBudget,
  SaveItineraryInput,
} from '@meridian/validators'
import type { Actor, ServiceContext } from '../context.ts'
import { idOf, todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { requireTripScope, rolesOn, visibleTo } from '../trips/access.ts'
import { loadTrip } from '../trips/trips.ts'
import type { Tx } from '../trips/assignments.ts'
import { parseInput } from '../validation.ts'
import { priceItems } from './pricing.ts'

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

function accessOf(actor: Actor, scope: 'all' | 'assigned' | 'own', trip: { travelerId: number; expertId: number | null; accepted: boolean }): ItineraryAccess | null {
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
    details: { duration: r.durationMinutes, cost: r.cost, currency: r.currency, converted_cost: r.convertedCost, booking_required: r.bookingRequired, tags: r.tags },
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

/** The itinerary as the builder and the calls show it (§3), with every total recomputed from its items. */
export function serializeItinerary(row: ItineraryRow, days: DayRow[], items: ItemRow[], places = 2) {
  const byDay = days.map((d) => ({ day: d, items: items.filter((i) => i.dayId === d.id).sort((a, b) => a.position - b.position) }))
  const totals: ItineraryTotals = computeTotals(
    byDay.map((d) => ({ items: d.items.map((i) => ({ id: i.key, type: i.type, duration_minutes: i.durationMinutes, cost: i.convertedCost === null ? null : Number(i.convertedCost).toFixed(4) })) })),
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
    approved_version: row.approvedVersion,
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

/** The itinerary row and the actor's access to it; 404 when its trip is not theirs to see. */
async function visibleItinerary(ctx: ServiceContext, rawId: unknown, db: Database | Tx = ctx.db, lock = false) {
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
 * GET /api/itineraries/{id}/: the current state for those who work on it; for the trip's traveler, the approved
 * version (read-only). With `can` (save, approve) for the screens.
 */
export async function getItinerary(ctx: ServiceContext, rawId: unknown) {
  const { row, access } = await visibleItinerary(ctx, rawId)
  if (access.travelerOnly) {
    const [approved] = await ctx.db
      .select()
      .from(itineraryVersions)
      .where(and(eq(itineraryVersions.itineraryId, row.id), eq(itineraryVersions.version, row.approvedVersion!)))
    return { ...(approved!.snapshot as ItineraryDto), can: { save: false, approve: false } }
  }
  const { days, items } = await readParts(ctx.db, row.id)
  return { ...serializeItinerary(row, days, items), can: { save: access.edit, approve: access.approve } }
}

/**
 * POST /api/itineraries/ `{trip_id, title?, currency?}`: a draft for a trip, one day per date of the trip ('Day n'),
 * its travelers the trip's. The trip's accepted expert or staff with manage_trips. Version 1 is kept.
 */
export async function createItinerary(ctx: ServiceContext, input: unknown) {
  const { actor, scope } = requireTripScope(ctx)
  const data = parseInput(CreateItineraryInput, input)
  const trip = await loadTrip(ctx.db, data.trip_id!)
  const access = accessOf(actor, scope, trip)
  if (!access) throw DomainError.invalid({ trip_id: ['Select a valid trip.'] })
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
  const data = parseInput(SaveItineraryInput, input)
  const first = await visibleItinerary(ctx, rawId)
  if (!first.access.edit) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  const fields = data.fields
  const currency = fields.currency ?? first.row.currency
  const travelers = { adults: fields.adults ?? first.row.adults, children: fields.children ?? first.row.children, infants: fields.infants ?? first.row.infants }
  if (travelers.adults + travelers.children < 1) throw DomainError.invalid({ 'fields.adults': ['An itinerary has at least one adult or child.'] })
  const start = fields.start_date ?? first.row.startDate
  const end = fields.end_date ?? first.row.endDate
  if (end < start) throw DomainError.invalid({ 'fields.end_date': ['The end date cannot be before the start date.'] })
  const { items: priced } = await priceItems(ctx.db, data.days, travelers, currency, todayUtc())
  const id = first.row.id
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(itineraries).where(eq(itineraries.id, id)).for('update')
    if (row!.version !== data.version) {
      throw new DomainError('conflict', ITINERARY_MESSAGES.stale(row!.version, data.version))
    }
    const version = row!.version + 1
    const [updated] = await tx
      .update(itineraries)
      .set({
        title: fields.title ?? row!.title,
        description: fields.description ?? row!.description,
        destination: fields.destination ?? row!.destination,
        startDate: start,
        endDate: end,
        ...travelers,
        budgetTotal: fields.budget_total === undefined ? row!.budgetTotal : fields.budget_total,
        currency,
        preferences: fields.preferences ?? row!.preferences,
        version,
        lastModifiedById: first.actor.id,
      })
      .where(eq(itineraries.id, id))
      .returning()
    await tx.delete(itineraryDays).where(eq(itineraryDays.itineraryId, id))
    const dayRows = await tx
      .insert(itineraryDays)
      .values(data.days.map((d, position) => ({ itineraryId: id, key: d.key ?? newKey(), position, date: d.date, title: d.title, description: d.description, theme: d.theme })))
      .returning()
    let at = 0
    const itemValues = data.days.flatMap((d, di) =>
      d.items.map((_, position) => {
        const p = priced[at++]!
        return {
          itineraryId: id,
          dayId: dayRows[di]!.id,
          key: p.key ?? newKey(),
          position,
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
      }),
    )
    const itemRows = itemValues.length ? await tx.insert(itineraryItems).values(itemValues).returning() : []
    await tx.insert(itineraryVersions).values({
      itineraryId: id,
      version,
      snapshot: serializeItinerary(updated!, dayRows, itemRows) as unknown as Record<string, unknown>,
      summary: data.summary || `Saved ${dayRows.length} days, ${itemRows.length} items`,
      createdById: first.actor.id,
    })
  })
  return getItinerary(ctx, id)
}
