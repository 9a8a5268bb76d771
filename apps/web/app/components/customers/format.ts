/** Display helpers of the customer and expert screens, browser-safe. Times are shown in UTC, so the server's page and the hydrated one agree. */
import type { CustomerStatus } from '@meridian/validators/quiz-constants'

/** A figure that does not exist yet reads as a dash, never as 0. */
export const NONE = '—'

export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = { active: 'Active', pending: 'Pending', inactive: 'Inactive' }
export const CUSTOMER_STATUS_COLORS: Record<CustomerStatus, string> = { active: 'teal', pending: 'orange', inactive: 'gray' }

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const MOMENT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })

/** "Mar 3, 2026", or the dash. */
export const formatDate = (iso: string | null) => (iso ? DAY.format(new Date(iso)) : NONE)

/** "Mar 3, 2026, 2:05 PM UTC". */
export const formatMoment = (iso: string) => `${MOMENT.format(new Date(iso))} UTC`

/** "4.5 / 5", or the dash before any rating. */
export const satisfactionText = (x: number | null) => (x === null ? NONE : `${x.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 5`)

/** A long text cut at a word near `max` characters, with an ellipsis. */
export function shorten(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`
}

/** "Ada Planner" → "AP". */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
}

/** A list as text: "Iceland, Norway", or the dash when empty. */
export const listText = (items: readonly string[]) => (items.length ? items.join(', ') : NONE)
