import { ACTIVITY_CATEGORIES, templateItem } from '@meridian/validators'
import * as v from 'valibot'
import { listActivities } from '../activities/list-activities.ts'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { requireItineraryEditor, visibleItinerary } from './access.ts'
import { priceItems } from './pricing.ts'

export const LIBRARY_PAGE_SIZE = 24

const LibraryQuery = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')), ''),
  category: v.optional(
    v.union(
      [v.literal(''), v.picklist(ACTIVITY_CATEGORIES, `Choose one of: ${ACTIVITY_CATEGORIES.join(', ')}.`)],
      `Choose one of: ${ACTIVITY_CATEGORIES.join(', ')}.`,
    ),
    '',
  ),
})

export interface LibraryActivity {
  id: number
  name: string
  category: string
  description: string
  location: string
  tags: string[]
  /** The template's default duration: the activity's own, in minutes (120 when it names none). */
  default_duration: number
  /** What it costs this itinerary's travelers in the activity's currency, and converted into the itinerary's. */
  estimated_cost: string | null
  currency: string | null
  converted_cost: string | null
  /** Why it cannot be priced for this itinerary (no tier for the group, no rate in force), or null. */
  problem: string | null
}

/**
 * The builder's Activity Library (2-catalogue-content.md Itinerary builder; §3 Activity template; §9 defaults): the
 * active catalogue activities matching the search and category, each priced by the activity pricing engine for this
 * itinerary's travelers and converted into its currency, as the item it would become costs. Those who edit the
 * itinerary only.
 */
export async function itineraryLibrary(ctx: ServiceContext, rawId: unknown, query: unknown) {
  requireItineraryEditor(ctx)
  const { row, access } = await visibleItinerary(ctx, rawId)
  if (!access.edit) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  const q = parseInput(LibraryQuery, query ?? {})
  const page = await listActivities(ctx, { search: q.search, category: q.category, is_active: 'true' }, { limit: LIBRARY_PAGE_SIZE })
  const travelers = {
    adults: row.adults,
    children: row.children,
    infants: row.infants,
  }
  const items = page.results.map((a) => ({
    ...templateItem(a.id, a.name, Math.round(a.scheduling.duration.hours * 60)),
    key: `a${a.id}`,
  }))
  const { items: priced, errors } = await priceItems(ctx.db, [{ items: items as never }], travelers, row.currency, todayUtc(), { lenient: true })
  const results: LibraryActivity[] = page.results.map((a, i) => ({
    id: a.id,
    name: a.name,
    category: a.category,
    description: a.description,
    location: a.location_summary,
    tags: a.tag_names,
    default_duration: items[i]!.duration_minutes,
    estimated_cost: priced[i]!.cost,
    currency: priced[i]!.currency,
    converted_cost: priced[i]!.converted_cost,
    problem: Object.entries(errors).find(([k]) => k.startsWith(`days.0.items.${i}.`))?.[1][0] ?? null,
  }))
  return {
    count: page.count,
    results,
    filters: q,
    currency: row.currency,
    travelers,
  }
}
