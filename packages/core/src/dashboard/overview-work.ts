import { listConversations } from '../chat/conversations.ts'
import type { ServiceContext } from '../context.ts'

/**
 * The overview's two working lists (docs/overview.md): the trips in progress with each one's next step, and the latest
 * conversations with their unread counts.
 */

/** The trip statuses Trip Management shows, in the order of a trip's life. */
export const WORK_STATUSES = ['planning', 'booked', 'active'] as const
export type WorkStatus = (typeof WORK_STATUSES)[number]

/** Trips shown per status; the rest are counted and found on the Trip Planning board. */
export const TRIPS_PER_STATUS = 3
/** Conversations shown; the rest are in Chat & Messages. */
export const CONVERSATIONS_SHOWN = 5
/** The last message's excerpt, in characters. */
export const EXCERPT_LENGTH = 90

export type NextStepKey =
  | 'assign_expert'
  | 'build_itinerary'
  | 'send_for_review'
  | 'awaiting_approval'
  | 'confirm_bookings'
  | 'departs'
  | 'mark_under_way'
  | 'under_way'
  | 'mark_completed'

export interface NextStep {
  key: NextStepKey
  text: string
  /** Where to take it: the itinerary, the trip's itineraries (where a new one is started), or Trip Assignments. */
  href: string
}

/** A trip of the overview's Trip Management, with where it stands and what comes next. */
export interface WorkTrip {
  id: number
  title: string
  status: WorkStatus
  start_date: string
  end_date: string
  traveler: { id: number; username: string; name: string } | null
  expert: { id: number; username: string; name: string } | null
  itinerary: { id: number; status: string } | null
  /** The screen that exists for the trip on the desk: its itinerary, else its itineraries (with New itinerary). */
  href: string
  next_step: NextStep
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "Dec 14, 2026" from "2026-12-14". */
function day(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  return `${MONTHS[m! - 1]} ${d}, ${y}`
}

/** Whole days from `today` to `date` (both YYYY-MM-DD, calendar days). */
function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}

const tripHref = (t: Pick<WorkTrip, 'id' | 'itinerary'>) => (t.itinerary ? `/dashboard/itineraries/${t.itinerary.id}` : `/dashboard/itineraries?trip=${t.id}`)

/**
 * What a trip needs next, in plain words, by its status, its newest itinerary and its dates (`today` is the server's
 * calendar day, UTC):
 * - planning: no expert yet → Assign an expert; no itinerary → Build the itinerary; a draft → Send the itinerary for
 *   review; in review → waiting for approval; approved → confirm the bookings;
 * - booked: Departs in N days (tomorrow, today); past the start date → Mark it under way;
 * - active: Under way, returns on the end date (today); past it → Mark it completed.
 */
export function tripNextStep(trip: Pick<WorkTrip, 'id' | 'status' | 'start_date' | 'end_date' | 'expert' | 'itinerary'>, today: string): NextStep {
  const href = tripHref(trip)
  if (trip.status === 'planning') {
    if (!trip.expert) return { key: 'assign_expert', text: 'Assign an expert', href: '/dashboard/assignments' }
    switch (trip.itinerary?.status) {
      case undefined:
        return { key: 'build_itinerary', text: 'Build the itinerary', href }
      case 'draft':
        return { key: 'send_for_review', text: 'Send the itinerary for review', href }
      case 'review':
        return { key: 'awaiting_approval', text: 'Itinerary in review: waiting for approval', href }
      default:
        return { key: 'confirm_bookings', text: 'Itinerary approved: confirm the bookings', href }
    }
  }
  if (trip.status === 'booked') {
    const days = daysBetween(today, trip.start_date)
    if (days < 0) return { key: 'mark_under_way', text: `Was due to depart on ${day(trip.start_date)}: mark it under way`, href }
    const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`
    return { key: 'departs', text: `Departs ${when}`, href }
  }
  const days = daysBetween(today, trip.end_date)
  if (days < 0) return { key: 'mark_completed', text: `Returned on ${day(trip.end_date)}: mark it completed`, href }
  return { key: 'under_way', text: days === 0 ? 'Under way, returns today' : `Under way, returns on ${day(trip.end_date)}`, href }
}

/** A trip row of the overview's statement, with its link and next step. */
export function workTrip(raw: Record<string, unknown>, today: string): WorkTrip {
  const itineraryId = raw.itinerary_id == null ? null : Number(raw.itinerary_id)
  const base = {
    id: Number(raw.id),
    title: String(raw.title),
    status: String(raw.status) as WorkStatus,
    start_date: String(raw.start_date).slice(0, 10),
    end_date: String(raw.end_date).slice(0, 10),
    traveler: (raw.traveler as WorkTrip['traveler']) ?? null,
    expert: (raw.expert as WorkTrip['expert']) ?? null,
    itinerary: itineraryId === null ? null : { id: itineraryId, status: String(raw.itinerary_status) },
  }
  return { ...base, href: tripHref(base), next_step: tripNextStep(base, today) }
}

/** One of the signed-in user's latest conversations, as the overview shows it. */
export interface ConversationItem {
  id: number
  title: string
  trip: { id: number; title: string } | null
  /** Everyone in it but the viewer. */
  participants: { id: number; name: string; role: string }[]
  last_message: { excerpt: string; mine: boolean; created_at: string } | null
  unread: number
  updated_at: string
  /** The conversation in Chat & Messages. */
  href: string
}

/** A message's first words on one line: at most EXCERPT_LENGTH characters, cut at a word and marked with "…". */
export function excerpt(content: string, length = EXCERPT_LENGTH): string {
  const line = content.trim().replace(/\s+/g, ' ')
  if (line.length <= length) return line
  const cut = line.slice(0, length - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

/**
 * The signed-in user's latest conversations (chat's own listing: only those they take part in, with their unread
 * counts), the newest activity first, and how many they have and how many messages are unread in all of them.
 */
export async function latestConversations(ctx: ServiceContext): Promise<{ count: number; unread_total: number; items: ConversationItem[] }> {
  const listed = await listConversations(ctx, {}, { limit: CONVERSATIONS_SHOWN })
  const me = ctx.actor!.id
  return {
    count: listed.count,
    unread_total: listed.counters.unread_total,
    items: listed.results.map((c) => ({
      id: c.id,
      title: c.title,
      trip: c.trip,
      participants: c.participants.filter((p) => p.id !== me),
      last_message: c.last_message
        ? { excerpt: excerpt(c.last_message.content), mine: c.last_message.sender_id === me, created_at: c.last_message.created_at }
        : null,
      unread: c.unread,
      updated_at: c.updated_at,
      href: `/dashboard/chat/${c.id}`,
    })),
  }
}
