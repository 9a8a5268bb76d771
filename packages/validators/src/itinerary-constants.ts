/** Itineraries (2-catalogue-content.md Itinerary builder, §3, §4, §8, §9; docs/itineraries.md). Browser-safe. */

export const ITINERARY_STATUSES = ['draft', 'review', 'approved'] as const
export type ItineraryStatus = (typeof ITINERARY_STATUSES)[number]

/** Badge colours (§2): draft yellow, review blue, approved green, anything else purple. */
export const ITINERARY_STATUS_COLORS: Record<string, string> = { draft: 'yellow', review: 'blue', approved: 'green' }
export const itineraryStatusColor = (status: string) => ITINERARY_STATUS_COLORS[status] ?? 'purple'
export const ITINERARY_STATUS_LABELS: Record<ItineraryStatus, string> = { draft: 'Draft', review: 'In review', approved: 'Approved' }

/** Status moves: the expert sends a draft for review; reviewers approve it or send it back to draft. */
export const ITINERARY_MOVES: Record<ItineraryStatus, readonly ItineraryStatus[]> = { draft: ['review'], review: ['approved', 'draft'], approved: ['draft'] }

export const ITEM_TYPES = ['activity', 'meal', 'transport', 'accommodation', 'free_time'] as const
export type ItemType = (typeof ITEM_TYPES)[number]
export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  activity: 'Activity',
  meal: 'Meal',
  transport: 'Transport',
  accommodation: 'Accommodation',
  free_time: 'Free time',
}

/** The budget breakdown's kinds (§3): what each item type counts toward. Free time counts toward none. */
export const BREAKDOWN_KINDS = ['accommodation', 'activities', 'meals', 'transport'] as const
export type BreakdownKind = (typeof BREAKDOWN_KINDS)[number]
export const BREAKDOWN_OF: Record<ItemType, BreakdownKind | null> = {
  activity: 'activities',
  meal: 'meals',
  transport: 'transport',
  accommodation: 'accommodation',
  free_time: null,
}

export const ITEM_STATUSES = ['draft', 'confirmed', 'booked', 'cancelled'] as const

/** An activity added from the library (§9): 09:00–11:00, type activity, status draft, location 'To be determined'. */
export const TEMPLATE_DEFAULTS = { start_time: '09:00', end_time: '11:00', type: 'activity', status: 'draft', location: 'To be determined' } as const

/** An activity as a new item, with the template defaults above and the activity's own duration (120 min if none). */
export function templateItem(activityId: number, name: string, minutes: number) {
  return {
    type: TEMPLATE_DEFAULTS.type,
    title: name,
    description: '',
    start_time: TEMPLATE_DEFAULTS.start_time as string | null,
    end_time: TEMPLATE_DEFAULTS.end_time as string | null,
    location_name: TEMPLATE_DEFAULTS.location as string,
    location_address: '',
    duration_minutes: minutes > 0 && minutes <= 1440 ? minutes : 120,
    booking_required: false,
    tags: [] as string[],
    notes: '',
    status: TEMPLATE_DEFAULTS.status as string,
    activity_id: activityId as number | null,
    transfer_id: null as number | null,
    supplier_id: null as number | null,
    nights: null as number | null,
    unit_price: null as string | null,
    currency: null as string | null,
    flight_id: null as number | null,
    option_group: null as string | null,
    recommended: false,
    party: [] as number[],
  }
}

/** Limits of one itinerary. */
export const MAX_ITINERARY_DAYS = 60
export const MAX_ITEMS_PER_ITINERARY = 400

export const ITINERARY_MESSAGES = {
  loadFailed: 'Failed to load itinerary',
  saveFailed: 'Failed to save itinerary',
  noActivities: 'No activities planned',
  noLibraryResults: 'No activities found',
  notFound: 'The requested itinerary was not found.',
  stale: (current: number, based: number) => `This itinerary was saved by someone else (version ${current}) since you opened version ${based}.`,
  illegalMove: (from: string, to: string) => `An itinerary cannot move from ${from} to ${to}.`,
  staleApproval: (current: number, named: number) => `Version ${current} was saved after you opened version ${named}. Review it before approving.`,
  overBudget: (amount: string) => `Over budget by ${amount}.`,
} as const

/** "Ana and Leo", "Ana, Leo and Mia": the names of the party members an item is for ('' when it is for everyone). */
export function partyNames(ids: readonly number[] | undefined, party: readonly { id: number; name: string }[]): string {
  const names = (ids ?? []).map((id) => party.find((m) => m.id === id)?.name).filter((n): n is string => Boolean(n))
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
