import { TRIP_REQUEST_LIST_FIELDS, TripRequestInput, type TripRequestData, WIZARD_STEP_FIELDS } from '@meridian/validators'
import { WIZARD_DEFAULTS, WIZARD_STEPS } from '@meridian/validators/trip-constants'
import { and, desc, eq, roles, sql, travelerExperts, tripAssignments, tripRequestDrafts, tripRequests, trips, users } from '@meridian/db'
import { notifyTripAssigned } from '../notifications/events.ts'
import type { Database } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { requireTraveler } from './access.ts'
import { checkDestination, loadTrip, recordMove } from './trips.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * The earliest start date accepted: today somewhere on Earth (UTC−12), so a traveler whose evening is already
 * tomorrow in UTC can still choose their own today.
 */
export function earliestStartDate(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10)
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return { y: y!, label: `${MONTHS[m! - 1]} ${d}` }
}

/** "Kyoto, Japan · Apr 3 – Apr 12, 2027" (the year once when both dates share it). */
export function requestTitle(place: string, start: string, end: string): string {
  const a = day(start)
  const b = day(end)
  const range = a.y === b.y ? `${a.label} – ${b.label}, ${b.y}` : `${a.label}, ${a.y} – ${b.label}, ${b.y}`
  return `${place} · ${range}`
}

/** The expert a traveler already works with for this trip type, else for all types; only an active expert. */
async function standingExpert(tx: Tx, travelerId: number, tripType: string): Promise<number | null> {
  const [row] = await tx
    .select({ expertId: travelerExperts.expertId })
    .from(travelerExperts)
    .innerJoin(users, eq(users.id, travelerExperts.expertId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(travelerExperts.travelerId, travelerId),
        sql`(${travelerExperts.tripType} = ${tripType} or ${travelerExperts.tripType} is null)`,
        eq(users.isActive, true),
        eq(roles.name, 'expert'),
      ),
    )
    .orderBy(sql`${travelerExperts.tripType} is null`)
    .limit(1)
  return row?.expertId ?? null
}

function serializeRequest(r: typeof tripRequests.$inferSelect) {
  return {
    id: r.id,
    destination_id: r.destinationId,
    location_id: r.locationId,
    start_date: r.startDate,
    end_date: r.endDate,
    travelers: r.travelers,
    travel_style: r.travelStyle,
    trip_type: r.tripType,
    accommodation_type: r.accommodationType,
    activities: r.activities,
    dining_preferences: r.diningPreferences,
    transport_preferences: r.transportPreferences,
    budget_min: r.budgetMin,
    budget_max: r.budgetMax,
    budget_includes: r.budgetIncludes,
    special_requests: r.specialRequests,
    accessibility: r.accessibility,
    dietary_restrictions: r.dietaryRestrictions,
    priority_level: r.priorityLevel,
    expert_preference: r.expertPreference,
    trip_id: r.tripId,
    created_at: r.createdAt.toISOString(),
  }
}
export type TripRequestDto = ReturnType<typeof serializeRequest>

/** The checks past the schema: the start not before today, the destination (and location) active. */
async function checkRequest(tx: Tx, data: TripRequestData, now: Date) {
  if (data.start_date < earliestStartDate(now)) throw DomainError.invalid({ start_date: ['The departure date cannot be in the past.'] })
  return checkDestination(tx, data.destination_id, data.location_id ?? null)
}

/**
 * POST /users/api/traveler/trip-requests/: the request, and the trip it creates (planning, titled from the
 * destination and dates), with a pending assignment when the traveler already has an expert for this trip type or
 * for all. The traveler's draft goes. All or nothing. create_trips.
 */
export async function submitTripRequest(ctx: ServiceContext, input: unknown) {
  const actor = requireTraveler(ctx)
  const data = parseInput(TripRequestInput, input)
  const now = new Date()
  const { request, tripId } = await ctx.db.transaction(async (tx) => {
    const place = await checkRequest(tx, data, now)
    const placeName = place.location ? `${place.location.name}, ${place.country!.name}` : place.country!.name
    const [trip] = await tx
      .insert(trips)
      .values({
        title: requestTitle(placeName, data.start_date, data.end_date),
        description: data.special_requests,
        countryId: data.destination_id,
        locationId: data.location_id ?? null,
        startDate: data.start_date,
        endDate: data.end_date,
        travelers: data.travelers,
        // The upper end of the per-person budget, times the travelers: exact integers.
        budgetTotal: String(BigInt(data.budget_max) * BigInt(data.travelers)),
        currency: 'USD',
        tripType: data.trip_type,
        travelerId: actor.id,
      })
      .returning({ id: trips.id })
    await recordMove(tx, trip!.id, null, 'planning', actor.id, 'Trip request submitted')
    const [row] = await tx
      .insert(tripRequests)
      .values({
        travelerId: actor.id,
        destinationId: data.destination_id!,
        locationId: data.location_id ?? null,
        startDate: data.start_date,
        endDate: data.end_date,
        travelers: data.travelers,
        travelStyle: data.travel_style,
        tripType: data.trip_type,
        accommodationType: data.accommodation_type,
        activities: data.activities,
        diningPreferences: data.dining_preferences,
        transportPreferences: data.transport_preferences,
        budgetMin: String(data.budget_min),
        budgetMax: String(data.budget_max),
        budgetIncludes: data.budget_includes,
        specialRequests: data.special_requests,
        accessibility: data.accessibility,
        dietaryRestrictions: data.dietary_restrictions,
        priorityLevel: data.priority_level,
        expertPreference: data.expert_preference,
        tripId: trip!.id,
      })
      .returning()
    const expertId = await standingExpert(tx, actor.id, data.trip_type)
    if (expertId !== null && expertId !== actor.id) {
      await tx.insert(tripAssignments).values({ tripId: trip!.id, expertId, assignedById: null, note: 'Assigned from the traveler’s standing expert' })
      await tx.update(trips).set({ expertId }).where(eq(trips.id, trip!.id))
      // The expert has a new trip to answer; the traveler learns who will plan it.
      await notifyTripAssigned(tx, trip!.id, null)
    }
    await tx.delete(tripRequestDrafts).where(eq(tripRequestDrafts.travelerId, actor.id))
    return { request: row!, tripId: trip!.id }
  })
  const trip = await loadTrip(ctx.db, tripId)
  return { message: TRIP_MESSAGES.submitted, request: serializeRequest(request), trip: { id: trip.id, title: trip.title, status: trip.status, expert_id: trip.expertId } }
}

/** The traveler's requests, newest first, at most 50 (the trip planning screen). */
export async function listTripRequests(ctx: ServiceContext) {
  const actor = requireTraveler(ctx)
  const rows = await ctx.db.select().from(tripRequests).where(eq(tripRequests.travelerId, actor.id)).orderBy(desc(tripRequests.createdAt), desc(tripRequests.id)).limit(50)
  return rows.map(serializeRequest)
}

/** The request a trip came from, for whoever may see the trip (checked by the caller). */
export async function requestOfTrip(db: Database, tripId: number): Promise<TripRequestDto | null> {
  const [row] = await db.select().from(tripRequests).where(eq(tripRequests.tripId, tripId)).limit(1)
  return row ? serializeRequest(row) : null
}

/** The wizard's values as the form holds them: every field, text or lists of text. */
export type DraftValues = Record<string, string | string[]>

/** §9 defaults for a fresh wizard. */
export function wizardDefaults(): DraftValues {
  const values: DraftValues = {
    destination_id: '',
    location_id: '',
    start_date: '',
    end_date: '',
    travelers: String(WIZARD_DEFAULTS.travelers),
    travel_style: WIZARD_DEFAULTS.travel_style,
    trip_type: WIZARD_DEFAULTS.trip_type,
    budget_min: String(WIZARD_DEFAULTS.budget_min),
    budget_max: String(WIZARD_DEFAULTS.budget_max),
    special_requests: '',
    priority_level: WIZARD_DEFAULTS.priority_level,
    expert_preference: '',
  }
  for (const f of TRIP_REQUEST_LIST_FIELDS) values[f] = []
  return values
}

const KNOWN = new Set<string>(WIZARD_STEP_FIELDS.flat())
const LISTS = new Set<string>(TRIP_REQUEST_LIST_FIELDS)

/** Only the wizard's own fields, as text (lists as lists of text), each bounded: a draft never stores more. */
export function cleanDraft(values: Record<string, unknown>): DraftValues {
  const out: DraftValues = {}
  for (const [key, value] of Object.entries(values)) {
    if (!KNOWN.has(key)) continue
    if (LISTS.has(key)) {
      const list = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]
      out[key] = list.filter((x): x is string => typeof x === 'string').map((x) => x.slice(0, 50)).slice(0, 20)
    } else if (typeof value === 'string' || typeof value === 'number') out[key] = String(value).slice(0, 2000)
  }
  return out
}

/** The traveler's unfinished request (one per traveler), or the defaults at step 1. */
export async function getTripDraft(ctx: ServiceContext): Promise<{ step: number; values: DraftValues; saved: boolean }> {
  const actor = requireTraveler(ctx)
  const [row] = await ctx.db.select().from(tripRequestDrafts).where(eq(tripRequestDrafts.travelerId, actor.id))
  if (!row) return { step: 0, values: wizardDefaults(), saved: false }
  return { step: Math.min(Math.max(row.step, 0), WIZARD_STEPS - 1), values: { ...wizardDefaults(), ...cleanDraft(row.data) }, saved: true }
}

/** Keep the wizard where the traveler left it (step 0 to 4, the fields so far). */
export async function saveTripDraft(ctx: ServiceContext, step: number, values: Record<string, unknown>) {
  const actor = requireTraveler(ctx)
  const clean = { ...wizardDefaults(), ...cleanDraft(values) }
  const at = Math.min(Math.max(Math.trunc(step) || 0, 0), WIZARD_STEPS - 1)
  await ctx.db
    .insert(tripRequestDrafts)
    .values({ travelerId: actor.id, step: at, data: clean })
    .onConflictDoUpdate({ target: tripRequestDrafts.travelerId, set: { step: at, data: clean, updatedAt: new Date() } })
  return { step: at, values: clean, saved: true }
}

/** Start over: the draft goes. */
export async function clearTripDraft(ctx: ServiceContext) {
  const actor = requireTraveler(ctx)
  await ctx.db.delete(tripRequestDrafts).where(eq(tripRequestDrafts.travelerId, actor.id))
}
