/** Display names of the trip request values (spec 1 §3) that quiz answers point to. */
export const TRAVEL_STYLE_LABELS: Record<string, string> = {
  budget: 'Budget',
  comfort: 'Comfort',
  luxury: 'Luxury',
  ultra_luxury: 'Ultra luxury',
}

export const TRIP_TYPE_LABELS: Record<string, string> = {
  romantic: 'Romantic',
  family: 'Family',
  adventure: 'Adventure',
  business: 'Business',
  solo: 'Solo',
  group: 'Group',
}

export const ACTIVITY_LABELS: Record<string, string> = {
  sightseeing: 'Sightseeing',
  adventure: 'Adventure',
  culture: 'Culture',
  food: 'Food',
  wellness: 'Wellness',
  shopping: 'Shopping',
  nightlife: 'Nightlife',
  nature: 'Nature',
}

export const QUIZ_STATUS_LABELS: Record<string, string> = {
  submitted: 'Submitted',
  awaiting_specialist: 'Awaiting specialist review',
  reviewed: 'Reviewed',
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

export function budgetText(min: number | null, max: number | null): string {
  if (min === null) return 'Flexible'
  return max === null ? `${usd.format(min)}+ per person` : `${usd.format(min)}-${usd.format(max)} per person`
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}
