/** Display names of the trip request values (spec 1 §3) that quiz answers point to: the trip constants' own. */
import { TRAVEL_STYLE_LABELS as STYLES, TRIP_ACTIVITY_LABELS, TRIP_TYPE_LABELS as TYPES } from '@meridian/validators/trip-constants'

// Looked up by what a stored answer holds, which may be any text.
export const TRAVEL_STYLE_LABELS: Record<string, string> = STYLES
export const TRIP_TYPE_LABELS: Record<string, string> = TYPES
export const ACTIVITY_LABELS: Record<string, string> = TRIP_ACTIVITY_LABELS

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
