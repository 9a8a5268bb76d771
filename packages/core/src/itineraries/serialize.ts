/**
 * An itinerary as the builder and the calls show it: its row, days and items (as stored) turned into the documented
 * snake_case shape, every total recomputed from the items. Pure: no database access.
 */
import type { itineraries, itineraryDays, itineraryItems } from '@meridian/db'
import { computeTotals, countsInTotals, type ItineraryTotals, overBudget, type SlotItem } from '@meridian/validators'

export type ItineraryRow = typeof itineraries.$inferSelect
export type DayRow = typeof itineraryDays.$inferSelect
export type ItemRow = typeof itineraryItems.$inferSelect

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
  flight_id: number | null
  option_group: string | null
  recommended: boolean
  /** The party members it is for (trip_party_members ids); empty: everyone. */
  party: number[]
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
    flight_id: r.flightId,
    option_group: r.optionGroup,
    recommended: r.recommended,
    party: r.party,
  }
}

const slotItem = (i: ItemRow): SlotItem => ({
  key: i.key,
  type: i.type,
  option_group: i.optionGroup,
  recommended: i.recommended,
  details: { converted_cost: i.convertedCost, duration: i.durationMinutes },
})

/** Each day with its items in order. */
export function daysWithItems(parts: { days: DayRow[]; items: ItemRow[] }) {
  return parts.days.map((day) => ({ day, items: parts.items.filter((i) => i.dayId === day.id).sort((a, b) => a.position - b.position) }))
}

/** The approved version, who approved it and when. */
export const approvalOf = (row: ItineraryRow) => ({
  approved_version: row.approvedVersion,
  approved_by: row.approvedById,
  approved_at: row.approvedAt?.toISOString() ?? null,
})

/** The itinerary as the builder and the calls show it (§3), with every total recomputed from its items. */
export function serializeItinerary(row: ItineraryRow, days: DayRow[], items: ItemRow[], places = 2) {
  const byDay = daysWithItems({ days, items })
  // A slot's options other than the recommended one count nowhere (docs/proposals.md).
  const counts = countsInTotals(byDay.map((d) => ({ items: d.items.map(slotItem) })))
  const totals: ItineraryTotals = computeTotals(
    byDay.map((d) => ({
      items: d.items.map((i) =>
        counts(slotItem(i)) ? { id: i.key, type: i.type, duration_minutes: i.durationMinutes, cost: i.convertedCost } : { id: i.key, type: i.type, duration_minutes: 0, cost: null },
      ),
    })),
    places,
  )
  return {
    id: row.id,
    trip_id: row.tripId,
    title: row.title,
    description: row.description,
    destination: row.destination,
    /** The zone set on the plan ('' : the trip's location's; see planTimeZone). */
    time_zone: row.timeZone,
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
