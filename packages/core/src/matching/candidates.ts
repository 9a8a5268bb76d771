import { and, asc, countries, type Database, eq, inArray, or, quizSubmissions, roles, sql, tripAssignments, tripRequests, trips, users } from '@meridian/db'
import { displayName } from '../auth/serialize-user.ts'
import type { QuizDefinitionDto } from '../quiz/definitions.ts'
import { chosenOptions } from '../quiz/definitions.ts'
import type { ExpertCandidate, MatchNeeds } from './rank.ts'
import { TRAVEL_STYLE_TAGS, TRIP_TYPE_TAGS } from './weights.ts'

type Db = Pick<Database, 'select'>


/** Trips still being worked on: an expert's live assignment on one of them counts toward their load. */
export const OPEN_TRIP_STATUSES = ['planning', 'booked', 'active'] as const

/**
 * Each expert's open trips and answered assignments, in one grouped statement: expert id to counts. Open trips are
 * live (pending or accepted) assignments on trips in planning, booked or active.
 */
export async function expertWorkload(db: Db, expertIds?: number[]) {
  if (expertIds && expertIds.length === 0) return new Map<number, { open: number; accepted: number; declined: number }>()
  const rows = await db
    .select({
      expertId: tripAssignments.expertId,
      open: sql<number>`count(*) filter (where ${tripAssignments.status} in ('pending', 'accepted') and ${trips.status} in ('planning', 'booked', 'active'))`.mapWith(Number),
      accepted: sql<number>`count(*) filter (where ${tripAssignments.status} = 'accepted')`.mapWith(Number),
      declined: sql<number>`count(*) filter (where ${tripAssignments.status} = 'declined')`.mapWith(Number),
    })
    .from(tripAssignments)
    .innerJoin(trips, eq(trips.id, tripAssignments.tripId))
    .where(expertIds ? inArray(tripAssignments.expertId, expertIds) : undefined)
    .groupBy(tripAssignments.expertId)
  return new Map(rows.map((r) => [r.expertId, { open: r.open, accepted: r.accepted, declined: r.declined }]))
}

/** Every active expert, with what matching reads: two statements whatever the number of experts. */
export async function loadCandidates(db: Db): Promise<ExpertCandidate[]> {
  const [people, workload] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        countryIds: users.expertCountries,
        specializations: users.specializations,
        years: users.yearsExperience,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(roles.name, 'expert'), eq(users.isActive, true)))
      .orderBy(asc(users.id)),
    expertWorkload(db),
  ])
  return people.map((p) => {
    const w = workload.get(p.id)
    return {
      id: p.id,
      name: displayName(p),
      countryIds: p.countryIds,
      specializations: p.specializations,
      years: p.years,
      openTrips: w?.open ?? 0,
      accepted: w?.accepted ?? 0,
      declined: w?.declined ?? 0,
    }
  })
}

/**
 * What a submission asks for: the countries and specializations its quiz type and chosen answers name, and those of
 * the traveler's trip requests and open trips (destinations, trip types, luxury travel styles).
 */
export async function needsForSubmission(
  db: Db,
  submission: Pick<typeof quizSubmissions.$inferSelect, 'userId' | 'quizData'>,
  definition: QuizDefinitionDto | null,
): Promise<MatchNeeds> {
  const tags: string[] = []
  const codes = new Set<string>()
  if (definition) {
    tags.push(...definition.specializations)
    definition.country_codes.forEach((c) => codes.add(c))
    for (const option of chosenOptions(definition, submission.quizData)) {
      tags.push(...(option.specializations ?? []))
      option.countries?.forEach((c) => codes.add(c))
      if (option.trip_type && TRIP_TYPE_TAGS[option.trip_type]) tags.push(TRIP_TYPE_TAGS[option.trip_type]!)
    }
  }
  const countryIds = new Set<number>()
  if (submission.userId !== null) {
    const [requests, open] = await Promise.all([
      db
        .select({ countryId: tripRequests.destinationId, tripType: tripRequests.tripType, style: tripRequests.travelStyle })
        .from(tripRequests)
        .where(eq(tripRequests.travelerId, submission.userId))
        .limit(50),
      db
        .select({ countryId: trips.countryId, tripType: trips.tripType })
        .from(trips)
        .where(and(eq(trips.travelerId, submission.userId), inArray(trips.status, [...OPEN_TRIP_STATUSES])))
        .limit(50),
    ])
    for (const r of requests) {
      countryIds.add(r.countryId)
      if (TRIP_TYPE_TAGS[r.tripType]) tags.push(TRIP_TYPE_TAGS[r.tripType]!)
      if (TRAVEL_STYLE_TAGS[r.style]) tags.push(TRAVEL_STYLE_TAGS[r.style]!)
    }
    for (const t of open) {
      if (t.countryId !== null) countryIds.add(t.countryId)
      if (t.tripType && TRIP_TYPE_TAGS[t.tripType]) tags.push(TRIP_TYPE_TAGS[t.tripType]!)
    }
  }
  const named =
    codes.size + countryIds.size === 0
      ? []
      : await db
          .select({ id: countries.id, name: countries.name })
          .from(countries)
          .where(
            or(
              codes.size ? inArray(countries.code, [...codes]) : undefined,
              countryIds.size ? inArray(countries.id, [...countryIds]) : undefined,
            ),
          )
          .orderBy(asc(countries.name))
  return { countries: named, tags: [...new Set(tags)] }
}
