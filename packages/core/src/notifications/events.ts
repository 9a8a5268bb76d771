import { type AnyColumn, countries, type Database, eq, locations, type SQL, sql, trips } from '@meridian/db'
import { TRIP_STATUS_LABELS, type TripStatus } from '@meridian/validators/trip-constants'
import { type NotificationInput, notify, notifyEach, recipients } from './notify.ts'

type Db = Pick<Database, 'insert' | 'update' | 'select' | 'execute'>

/** What the wording of a trip's notifications needs: where it goes and when. */
export interface TripFacts {
  id: number
  travelerId: number
  expertId: number | null
  /** The city, else the country; null for a trip with no destination yet. */
  place: string | null
  title: string
  /** 'Apr 3 – Apr 13, 2031' */
  dates: string
  travelers: number
}

const dayLabel = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** 'Apr 3 – Apr 13, 2031', or 'Dec 28, 2030 – Jan 4, 2031' across a new year. */
export function tripDates(start: string, end: string): string {
  const [a, b] = [start.slice(0, 4), end.slice(0, 4)]
  return a === b ? `${dayLabel(start)} – ${dayLabel(end)}, ${b}` : `${dayLabel(start)}, ${a} – ${dayLabel(end)}, ${b}`
}

const tripLink = (id: number) => `/dashboard/trips/${id}`
/** 'trip to Tokyo', or 'trip “Honeymoon”' while it has no destination. */
const tripOf = (trip: TripFacts) => (trip.place ? `trip to ${trip.place}` : `trip “${trip.title}”`)
const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`)
const people = (n: number) => (n === 1 ? '1 traveler' : `${n} travelers`)
/** A note a person wrote with a status move, kept short for the bell. */
const quoted = (note: string) => {
  const text = note.trim().replace(/\s+/g, ' ')
  return text ? ` “${text.length > 200 ? `${text.slice(0, 199)}…` : text}”` : ''
}

/** The words of each event, by whom it is for (the hooks below and the demo seed use the same). */
export const NOTIFICATION_TEXT = {
  /** To the expert: a trip waits for their answer. */
  newAssignment: (trip: TripFacts, traveler: string): NotificationInput => ({
    kind: 'assignment.new',
    title: 'New trip assignment',
    body: `${possessive(traveler)} ${tripOf(trip)}, ${trip.dates}, for ${people(trip.travelers)}. Accept or decline it in Trip Assignments.`,
    link: '/dashboard/assignments',
  }),
  /** To the traveler: an expert has been matched with their trip (they have yet to accept). */
  expertMatched: (trip: TripFacts, expert: string): NotificationInput => ({
    kind: 'assignment.new',
    title: `${expert} has been matched with your ${tripOf(trip)}`,
    body: 'Your travel expert is reviewing your request and will be in touch shortly.',
    link: tripLink(trip.id),
  }),
  /** To the traveler: their expert said yes. */
  expertAccepted: (trip: TripFacts, expert: string): NotificationInput => ({
    kind: 'assignment.answered',
    title: `${expert} is now planning your ${tripOf(trip)}`,
    body: 'Your expert has taken on your trip and will start shaping your itinerary.',
    link: tripLink(trip.id),
  }),
  /** To whoever assigned the expert: the answer. */
  assignmentAnswered: (trip: TripFacts, expert: string, traveler: string, accepted: boolean): NotificationInput =>
    accepted
      ? {
          kind: 'assignment.answered',
          title: `${expert} accepted the ${tripOf(trip)}`,
          body: `${possessive(traveler)} trip, ${trip.dates}, is in good hands.`,
          // Where the one who assigned it works (a specialist may not open the trip itself).
          link: '/dashboard/assignments',
        }
      : {
          kind: 'assignment.answered',
          title: `${expert} declined the ${tripOf(trip)}`,
          body: `${possessive(traveler)} trip, ${trip.dates}, is back in the unassigned queue: assign another expert.`,
          link: '/dashboard/assignments',
        },
  /** To the traveler: where their trip stands now. */
  tripStatusForTraveler: (trip: TripFacts, to: TripStatus, by: string, note = ''): NotificationInput => {
    const words: Record<TripStatus, [string, string]> = {
      planning: [`Your ${tripOf(trip)} is back in planning`, 'Your expert is reworking the details with you.'],
      booked: [`Your ${tripOf(trip)} is now booked`, `Everything is confirmed for ${trip.dates}.`],
      active: [`Your ${tripOf(trip)} has begun`, 'Have a wonderful time. Your expert is only a message away.'],
      completed: [trip.place ? `Welcome back from ${trip.place}` : 'Welcome back', 'We hope it was unforgettable. Rate your trip to tell us how it went.'],
      cancelled: [`Your ${tripOf(trip)} has been cancelled`, `Cancelled by ${by}.`],
    }
    const [title, body] = words[to]
    return { kind: 'trip.status', title, body: `${body}${quoted(note)}`, link: tripLink(trip.id), subjectKey: `trip-status:${trip.id}` }
  },
  /** To the trip's expert, when someone else moved it (the traveler cancelling, staff). */
  tripStatusForExpert: (trip: TripFacts, to: TripStatus, by: string, traveler: string, note = ''): NotificationInput => ({
    kind: 'trip.status',
    title: `${possessive(traveler)} ${tripOf(trip)} ${to === 'cancelled' ? 'was cancelled' : `is now ${TRIP_STATUS_LABELS[to].toLowerCase()}`}`,
    body: `${to === 'cancelled' ? 'Cancelled' : 'Changed'} by ${by}, ${trip.dates}.${quoted(note)}`,
    link: tripLink(trip.id),
    subjectKey: `trip-status:${trip.id}`,
  }),
  /** To the traveler: a specialist reviewed their travel quiz (and perhaps chose their expert). */
  quizReviewed: (expert: string | null): NotificationInput => ({
    kind: 'quiz.reviewed',
    title: 'Your travel quiz has been reviewed',
    body: expert
      ? `You have been matched with ${expert}, your travel expert from now on.`
      : 'Thank you for telling us how you like to travel: it helps us plan trips you will love.',
    link: '/dashboard/trip-planning',
  }),
}

/** A user's display name in SQL, as displayName() writes it: first and last name, else the username. */
const nameOf = (id: SQL | AnyColumn): SQL<string | null> =>
  sql`(select coalesce(nullif(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')), ''), u.username) from users u where u.id = ${id})`

/**
 * A trip's facts for the wording, with the names of its traveler, its expert and `by` (the actor): one statement,
 * inside the caller's transaction.
 */
export async function tripFacts(tx: Db, tripId: number, by: number | null = null) {
  const [row] = await tx
    .select({
      id: trips.id,
      travelerId: trips.travelerId,
      expertId: trips.expertId,
      title: trips.title,
      startDate: trips.startDate,
      endDate: trips.endDate,
      travelers: trips.travelers,
      country: countries.name,
      city: locations.name,
      travelerName: nameOf(trips.travelerId),
      expertName: nameOf(trips.expertId),
      byName: nameOf(sql`${by}::integer`),
    })
    .from(trips)
    .leftJoin(countries, eq(countries.id, trips.countryId))
    .leftJoin(locations, eq(locations.id, trips.locationId))
    .where(eq(trips.id, tripId))
  if (!row) return null
  const facts: TripFacts = {
    id: row.id,
    travelerId: row.travelerId,
    expertId: row.expertId,
    place: row.city ?? row.country ?? null,
    title: row.title,
    dates: tripDates(row.startDate, row.endDate),
    travelers: row.travelers,
  }
  return { trip: facts, traveler: row.travelerName ?? 'Someone', expert: row.expertName ?? 'Someone', by: row.byName ?? 'Someone' }
}

/**
 * A new (pending) assignment, once the trip's expert is set: the expert is asked, the traveler told who was matched;
 * never the one who assigned.
 */
export async function notifyTripAssigned(tx: Db, tripId: number, assignedById: number | null) {
  const facts = await tripFacts(tx, tripId)
  if (!facts) return
  const { trip, traveler, expert } = facts
  await notifyEach(tx, [
    { to: recipients([trip.expertId], assignedById), input: NOTIFICATION_TEXT.newAssignment(trip, traveler) },
    { to: recipients([trip.travelerId], assignedById), input: NOTIFICATION_TEXT.expertMatched(trip, expert) },
  ])
}

/** The expert's answer: whoever assigned them hears it, and on acceptance the traveler too. */
export async function notifyAssignmentAnswered(tx: Db, tripId: number, expertId: number, assignedById: number | null, accepted: boolean) {
  const facts = await tripFacts(tx, tripId, expertId)
  if (!facts) return
  const { trip, traveler, by: expert } = facts
  await notifyEach(tx, [
    { to: recipients([assignedById], expertId), input: NOTIFICATION_TEXT.assignmentAnswered(trip, expert, traveler, accepted) },
    { to: accepted ? recipients([trip.travelerId], expertId) : [], input: NOTIFICATION_TEXT.expertAccepted(trip, expert) },
  ])
}

/** A status move: the traveler and the trip's expert hear of it, except the person who made it. */
export async function notifyTripStatus(tx: Db, tripId: number, to: TripStatus, by: number, note = '') {
  const facts = await tripFacts(tx, tripId, by)
  if (!facts) return
  const { trip, traveler } = facts
  await notifyEach(tx, [
    { to: recipients([trip.travelerId], by), input: NOTIFICATION_TEXT.tripStatusForTraveler(trip, to, facts.by, note) },
    { to: recipients([trip.expertId], by), input: NOTIFICATION_TEXT.tripStatusForExpert(trip, to, facts.by, traveler, note) },
  ])
}

/** A reviewed quiz: its traveler hears of it (and of their expert, when one was chosen). */
export async function notifyQuizReviewed(tx: Db, travelerId: number, reviewerId: number, expertName: string | null) {
  await notify(tx, recipients([travelerId], reviewerId), NOTIFICATION_TEXT.quizReviewed(expertName))
}
