import {
  and,
  count,
  countries,
  type Database,
  eq,
  locations,
  notifications,
  sql,
  travelerExperts,
  tripAssignments,
  tripRequests,
  trips,
  tripStatusHistory,
  users,
} from '@meridian/db'
import type { TripStatus } from '@meridian/validators/trip-constants'
import { NOTIFICATION_TEXT, tripFacts } from '../notifications/events.ts'
import { type NotificationInput, notify } from '../notifications/notify.ts'
import { requestTitle } from './trip-requests.ts'

/** Every demo trip's description starts with this, so screens and people can tell demo data from real. */
export const DEMO_TRIP_LABEL = 'Demo data:'

const DAY = 86_400_000
const date = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

interface DemoTrip {
  country: string
  city: string
  start: number
  nights: number
  travelers: number
  budget: number
  status: TripStatus
  tripType: 'romantic' | 'family' | 'adventure' | 'business' | 'solo' | 'group'
  assignment: 'none' | 'pending' | 'accepted'
  rating?: number
  story: string
  /** Days ago the traveler asked for it (the trip and its request); now when absent. */
  requested?: number
}

/** The demo traveler's trips: one in each state an expert and a traveler meet, labelled as demo data. */
const DEMO_TRIPS: DemoTrip[] = [
  {
    country: 'Japan',
    city: 'Tokyo',
    start: 45,
    nights: 10,
    travelers: 2,
    budget: 4200,
    status: 'planning',
    tripType: 'romantic',
    assignment: 'pending',
    story: 'Cherry blossom season, ryokan nights and a tea ceremony.',
  },
  {
    country: 'Portugal',
    city: 'Lisbon',
    start: 20,
    nights: 6,
    travelers: 2,
    budget: 2600,
    status: 'booked',
    tripType: 'romantic',
    assignment: 'accepted',
    story: 'Tiled streets, fado evenings and a day in Sintra.',
  },
  {
    country: 'Peru',
    city: 'Lima',
    start: -3,
    nights: 9,
    travelers: 4,
    budget: 3100,
    status: 'active',
    tripType: 'family',
    assignment: 'accepted',
    story: 'Lima food markets, the Sacred Valley and Machu Picchu.',
  },
  {
    country: 'Iceland',
    city: 'Reykjavik',
    start: -120,
    nights: 7,
    travelers: 2,
    budget: 3800,
    status: 'completed',
    tripType: 'adventure',
    assignment: 'accepted',
    rating: 5,
    story: 'Ring road, glacier walk and the northern lights.',
  },
  {
    country: 'Morocco',
    city: 'Rabat',
    start: 60,
    nights: 8,
    travelers: 3,
    budget: 1900,
    status: 'cancelled',
    tripType: 'group',
    assignment: 'none',
    story: 'Riads, the Atlas mountains and a night in the desert.',
  },
  {
    country: 'Kenya',
    city: 'Nairobi',
    start: 90,
    nights: 12,
    travelers: 2,
    budget: 5200,
    status: 'planning',
    tripType: 'adventure',
    assignment: 'none',
    story: 'A safari in the Masai Mara, then the coast.',
  },
  // Planned and sent as a proposal, which the traveler accepts (seedDemoProposals): asked for twelve days ago.
  {
    country: 'Maldives',
    city: 'Malé',
    start: 35,
    nights: 6,
    travelers: 2,
    budget: 4800,
    status: 'planning',
    tripType: 'romantic',
    assignment: 'accepted',
    story: 'Reef snorkelling, a dolphin cruise and a villa on the lagoon.',
    requested: 12,
  },
]

const CHAIN: TripStatus[] = ['planning', 'booked', 'active', 'completed']

/**
 * Demo trips for the demo traveler (username `traveler`), worked on by the demo expert, with their requests, status
 * history and assignments; the traveler works with that expert for every trip type, so a new request from the wizard
 * goes straight to them. Runs once: nothing happens when the traveler has trips or either account is missing.
 * Needs the reference catalogue; countries it lacks are skipped. Returns the trips added.
 */
export async function seedDemoTrips(db: Database): Promise<number> {
  const people = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.isActive, true))
  const traveler = people.find((p) => p.username === 'traveler')?.id
  const expert = people.find((p) => p.username === 'expert')?.id
  const specialist = people.find((p) => p.username === 'specialist')?.id ?? null
  if (!traveler || !expert) return 0
  const [have] = await db.select({ n: count() }).from(trips).where(eq(trips.travelerId, traveler))
  if ((have?.n ?? 0) > 0) return 0
  let added = 0
  const made = new Map<TripStatus, number>()
  await db.transaction(async (tx) => {
    for (const demo of DEMO_TRIPS) {
      const [country] = await tx.select({ id: countries.id, name: countries.name }).from(countries).where(eq(countries.name, demo.country)).limit(1)
      if (!country) continue
      const [city] = await tx
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(and(eq(locations.countryId, country.id), eq(locations.name, demo.city)))
        .limit(1)
      const start = date(demo.start)
      const end = date(demo.start + demo.nights)
      const place = city ? `${city.name}, ${country.name}` : country.name
      const assigned = demo.assignment !== 'none'
      const requested = demo.requested === undefined ? undefined : new Date(Date.now() - demo.requested * DAY)
      const [trip] = await tx
        .insert(trips)
        .values({
          title: requestTitle(place, start, end),
          description: `${DEMO_TRIP_LABEL} ${demo.story}`,
          countryId: country.id,
          locationId: city?.id ?? null,
          startDate: start,
          endDate: end,
          travelers: demo.travelers,
          status: demo.status,
          budgetTotal: String(demo.budget * demo.travelers),
          tripType: demo.tripType,
          travelerId: traveler,
          expertId: assigned ? expert : null,
          rating: demo.rating ?? null,
          ratingComment: demo.rating ? 'Every day was better than planned.' : '',
          ratedAt: demo.rating ? new Date() : null,
          completedAt: demo.status === 'completed' ? new Date(Date.now() + (demo.start + demo.nights) * DAY) : null,
          ...(requested ? { createdAt: requested, updatedAt: requested } : {}),
        })
        .returning({ id: trips.id })
      await tx
        .insert(tripRequests)
        .values({
          travelerId: traveler,
          destinationId: country.id,
          locationId: city?.id ?? null,
          startDate: start,
          endDate: end,
          travelers: demo.travelers,
          travelStyle: 'comfort',
          tripType: demo.tripType,
          activities: ['culture', 'food'],
          budgetMin: String(Math.round(demo.budget * 0.6)),
          budgetMax: String(demo.budget),
          specialRequests: `${DEMO_TRIP_LABEL} ${demo.story}`,
          tripId: trip!.id,
          ...(requested ? { createdAt: requested, updatedAt: requested } : {}),
        })
      if (assigned) {
        const accepted = demo.assignment === 'accepted'
        await tx
          .insert(tripAssignments)
          .values({
            tripId: trip!.id,
            expertId: expert,
            assignedById: specialist,
            status: accepted ? 'accepted' : 'pending',
            respondedAt: accepted ? new Date(Date.now() - 2 * 3_600_000) : null,
            createdAt: new Date(Date.now() - 6 * 3_600_000),
          })
      }
      // The history from the request to where the trip stands.
      const path: TripStatus[] = demo.status === 'cancelled' ? ['planning', 'cancelled'] : CHAIN.slice(0, CHAIN.indexOf(demo.status) + 1)
      let from: TripStatus | null = null
      for (const to of path) {
        await tx
          .insert(tripStatusHistory)
          .values({
            tripId: trip!.id,
            fromStatus: from,
            toStatus: to,
            changedById: from === null || to === 'cancelled' ? traveler : expert,
            ...(from === null && requested ? { createdAt: requested, updatedAt: requested } : {}),
          })
        from = to
      }
      if (!made.has(demo.status)) made.set(demo.status, trip!.id)
      added++
    }
    await tx.insert(travelerExperts).values({ travelerId: traveler, expertId: expert, tripType: null, assignedById: specialist }).onConflictDoNothing()
    await seedDemoNotifications(tx, made, { traveler, expert, specialist })
  })
  return added
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * The bell of the demo accounts on their first start: what the real events would have told them about the demo trips,
 * through the same words and notify calls, older ones already read. Labelled as demo data like the trips.
 */
async function seedDemoNotifications(tx: Tx, made: Map<TripStatus, number>, who: { traveler: number; expert: number; specialist: number | null }) {
  const facts = async (status: TripStatus) => (made.has(status) ? tripFacts(tx, made.get(status)!) : null)
  const [planning, booked, active, completed] = await Promise.all([facts('planning'), facts('booked'), facts('active'), facts('completed')])
  const text = NOTIFICATION_TEXT
  const events: [number | null, NotificationInput | null | undefined, number, boolean][] = [
    // [to, what, hours ago, read]
    [who.traveler, completed && text.tripStatusForTraveler(completed.trip, 'completed', completed.expert), 24 * 110, true],
    [who.traveler, active && text.tripStatusForTraveler(active.trip, 'active', active.expert), 24 * 3, true],
    [who.traveler, booked && text.tripStatusForTraveler(booked.trip, 'booked', booked.expert), 26, false],
    [who.traveler, planning && text.expertMatched(planning.trip, planning.expert), 6, false],
    [who.expert, planning && text.newAssignment(planning.trip, planning.traveler), 6, false],
    [who.specialist, booked && text.assignmentAnswered(booked.trip, booked.expert, booked.traveler, true), 2, false],
  ]
  for (const [userId, input, hoursAgo, read] of events) {
    if (userId === null || !input) continue
    await notify(tx, [userId], { ...input, body: `${DEMO_TRIP_LABEL} ${input.body ?? ''}`.trim() })
    const at = new Date(Date.now() - hoursAgo * 3_600_000)
    await tx
      .update(notifications)
      .set({ createdAt: at, updatedAt: at, readAt: read ? at : null })
      .where(eq(notifications.id, sql`(select max(id) from notifications where user_id = ${userId})`))
  }
}
