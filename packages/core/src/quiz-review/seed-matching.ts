import { countries, customerNotes, type Database, eq, inArray, quizSubmissions, tripRequests, trips, users } from '@meridian/db'
import { DEMO_PASSWORD } from '../seed/demo-users.ts'
import { requestTitle } from '../trips/trip-requests.ts'
import { insertUser } from '../users/insert-user.ts'
import { loadCandidates, needsForSubmission } from '../matching/candidates.ts'
import { rankExperts } from '../matching/rank.ts'
import { getQuizDefinition } from '../quiz/definitions.ts'
import { rankingToStore } from './review.ts'

/** Every demo profile's bio and note starts with this, so people can tell demo data from real. */
export const DEMO_LABEL = 'Demo data:'

interface DemoExpert {
  username: string
  name: [string, string]
  countries: string[]
  specializations: string[]
  years: number
  bio: string
}

/** The demo expert (username `expert`) and two more, each strong somewhere else, so a ranking has something to say. */
const EXPERTS: DemoExpert[] = [
  { username: 'expert', name: ['Elena', 'Costa'], countries: ['Japan', 'Portugal', 'Peru', 'Iceland'], specializations: ['Culture', 'Food & wine', 'Honeymoons'], years: 9, bio: 'Slow travel through food and culture; ten years guiding couples around Japan and Portugal.' },
  { username: 'aisha', name: ['Aisha', 'Rahman'], countries: ['Maldives', 'Seychelles', 'Mauritius'], specializations: ['Luxury travel', 'Honeymoons', 'Diving'], years: 12, bio: 'Indian Ocean islands: overwater villas, liveaboards and the quiet atolls.' },
  { username: 'mateo', name: ['Mateo', 'Silva'], countries: ['Nepal', 'Peru', 'Kenya', 'Tanzania'], specializations: ['Adventure', 'Trekking', 'Safari'], years: 7, bio: 'Treks, summits and safaris, planned by someone who has walked them.' },
]

interface DemoTraveler {
  username: string
  name: [string, string]
  quizType: 'general' | 'maldives' | 'luxury' | 'adventure'
  answers: Record<string, string>
  /** A trip request still waiting for an expert (reviewing the quiz with one assigns it). */
  trip?: { country: string; start: number; nights: number; tripType: 'romantic' | 'family' | 'adventure'; travelers: number; budget: number }
}

/** Travelers whose quizzes wait in the Review Center. */
const TRAVELERS: DemoTraveler[] = [
  {
    username: 'nora',
    name: ['Nora', 'Lindqvist'],
    quizType: 'maldives',
    answers: { stay: 'Overwater villa', occasion: 'Honeymoon or anniversary', budget_range: 'Luxury ($5000+)', group_size: 'Couple' },
    trip: { country: 'Maldives', start: 75, nights: 8, tripType: 'romantic', travelers: 2, budget: 7500 },
  },
  {
    username: 'kenji',
    name: ['Kenji', 'Watanabe'],
    quizType: 'adventure',
    answers: { intensity: 'Multi-day treks and expeditions', landscape: 'Mountains and glaciers', group_size: 'Group of friends', budget_range: 'Comfortable ($1500-3000)' },
  },
  {
    username: 'ava',
    name: ['Ava', 'Thompson'],
    quizType: 'luxury',
    answers: { luxury_priority: 'Fine dining and great wine', region: "Europe's grand cities", group_size: 'Couple' },
  },
]

const DAY = 86_400_000
const date = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

/**
 * Demo data for the Review Center, customers and experts: the demo expert's profile and two more experts; three
 * travelers with quizzes awaiting review (one with a trip waiting for an expert); the demo traveler's quiz, reviewed
 * by the demo specialist who matched them with the demo expert (as the demo trips say), and a note on them. Runs once
 * (nothing happens when `aisha` exists or the demo accounts are missing). Returns the accounts added.
 */
export async function seedDemoMatching(db: Database): Promise<number> {
  const people = await db.select({ id: users.id, username: users.username }).from(users)
  const idOf = (username: string) => people.find((p) => p.username === username)?.id
  const [traveler, expert, specialist] = [idOf('traveler'), idOf('expert'), idOf('specialist')]
  if (!traveler || !expert || !specialist || idOf('aisha')) return 0
  const countryRows = await db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(inArray(countries.name, [...new Set([...EXPERTS.flatMap((e) => e.countries), ...TRAVELERS.flatMap((t) => (t.trip ? [t.trip.country] : []))])]))
  const countryId = (name: string) => countryRows.find((c) => c.name === name)?.id
  let added = 0
  await db.transaction(async (tx) => {
    for (const e of EXPERTS) {
      const id =
        idOf(e.username) ??
        (await insertUser(tx, { username: e.username, email: `${e.username}@meridian.example`, password: DEMO_PASSWORD, role: 'expert', firstName: e.name[0], lastName: e.name[1] }))
      if (!idOf(e.username)) added++
      await tx
        .update(users)
        .set({
          expertCountries: e.countries.map(countryId).filter((x): x is number => x !== undefined),
          specializations: e.specializations,
          yearsExperience: e.years,
          profileIsExpert: true,
          bio: `${DEMO_LABEL} ${e.bio}`,
        })
        .where(eq(users.id, id))
    }
    for (const t of TRAVELERS) {
      const id = await insertUser(tx, { username: t.username, email: `${t.username}@meridian.example`, password: DEMO_PASSWORD, role: 'traveler', firstName: t.name[0], lastName: t.name[1] })
      await tx.update(users).set({ bio: `${DEMO_LABEL} a traveler whose quiz waits for review.` }).where(eq(users.id, id))
      added++
      await tx.insert(quizSubmissions).values({ userId: id, quizType: t.quizType, quizData: t.answers, status: 'awaiting_specialist', submittedAt: new Date(Date.now() - (added + 1) * 3_600_000) })
      const country = t.trip ? countryId(t.trip.country) : undefined
      if (t.trip && country) {
        const start = date(t.trip.start)
        const end = date(t.trip.start + t.trip.nights)
        const [trip] = await tx
          .insert(trips)
          .values({
            title: requestTitle(t.trip.country, start, end),
            description: `${DEMO_LABEL} waiting for the specialist to match an expert.`,
            countryId: country,
            startDate: start,
            endDate: end,
            travelers: t.trip.travelers,
            budgetTotal: String(t.trip.budget * t.trip.travelers),
            tripType: t.trip.tripType,
            travelerId: id,
          })
          .returning({ id: trips.id })
        await tx.insert(tripRequests).values({
          travelerId: id,
          destinationId: country,
          startDate: start,
          endDate: end,
          travelers: t.trip.travelers,
          travelStyle: 'ultra_luxury',
          tripType: t.trip.tripType,
          activities: ['wellness', 'nature'],
          budgetMin: String(Math.round(t.trip.budget * 0.6)),
          budgetMax: String(t.trip.budget),
          specialRequests: `${DEMO_LABEL} a sunset dinner on the sandbank, please.`,
          tripId: trip!.id,
        })
      }
    }
    // The demo traveler's quiz, reviewed: the ranking kept is the one matching gives today.
    const answers = { travel_style: 'Food & Wine', budget_range: 'Comfortable ($1500-3000)', group_size: 'Couple' }
    const definition = await getQuizDefinition({ db: tx as unknown as Database }, 'general')
    const ranking = rankExperts(await needsForSubmission(tx, { userId: traveler, quizData: answers }, definition), await loadCandidates(tx))
    await tx.insert(quizSubmissions).values({
      userId: traveler,
      quizType: 'general',
      quizData: answers,
      status: 'reviewed',
      score: '88',
      submittedAt: new Date(Date.now() - 9 * DAY),
      reviewedAt: new Date(Date.now() - 8 * DAY),
      reviewedBy: specialist,
      expertAssignment: expert,
      ranking: rankingToStore(ranking, expert),
    })
    await tx.insert(customerNotes).values({
      travelerId: traveler,
      authorId: specialist,
      body: `${DEMO_LABEL} Celebrating their tenth anniversary next spring; prefers small boutique hotels and trains over flights.`,
    })
  })
  return added
}
