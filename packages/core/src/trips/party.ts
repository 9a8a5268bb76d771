import { hasPermission } from '@meridian/auth'
import { and, asc, type Database, eq, inArray, itineraries, itineraryItems, sql, tripPartyMembers } from '@meridian/db'
import { MAX_PARTY, PARTY_MESSAGE } from '@meridian/validators'
export { partyNames } from '@meridian/validators/itinerary-constants'
import type { ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { requireTripScope, rolesOn, visibleTo } from './access.ts'
import { loadTrip } from './trips.ts'

/*
 * A trip's party (docs/traveler-app.md "Per traveler"): the people travelling, by name, so that an item of its plan
 * can be for some of them ("Ana and Leo: cooking class"). Read by whoever sees the trip; kept by its traveler, its
 * accepted expert and staff with manage_trips.
 */

export const PARTY_MESSAGES = {
  name: 'Enter a name of up to 100 characters.',
  full: `A party has at most ${MAX_PARTY} people.`,
  notFound: 'Not found.',
  taken: 'This trip’s party has someone of that name already.',
} as const

export interface PartyMember {
  id: number
  name: string
}

/** The trip the actor sees (404 otherwise), and whether they may change its party. */
async function partyTrip(ctx: ServiceContext, rawTripId: unknown) {
  const { actor, scope } = requireTripScope(ctx)
  const tripId = idOf(rawTripId, TRIP_MESSAGES.notFound)
  const trip = await loadTrip(ctx.db, tripId).catch((error: unknown) => {
    throw error instanceof DomainError ? new DomainError('not_found', TRIP_MESSAGES.notFound) : error
  })
  if (!visibleTo(actor, scope, trip)) throw new DomainError('not_found', TRIP_MESSAGES.notFound)
  const roles = rolesOn(actor, trip)
  // The trip's own traveler (create_trips), its accepted expert, staff with manage_trips.
  const keeps = roles.includes('staff') || roles.includes('expert') || (roles.includes('traveler') && hasPermission(actor, 'create_trips'))
  return { trip, keeps }
}

/** The party of a trip, in the order they were added. */
export async function partyOf(db: Database, tripId: number): Promise<PartyMember[]> {
  return db
    .select({ id: tripPartyMembers.id, name: tripPartyMembers.name })
    .from(tripPartyMembers)
    .where(eq(tripPartyMembers.tripId, tripId))
    .orderBy(asc(tripPartyMembers.id))
}

/** GET /api/trips/{id}/party/: the trip's party (whoever sees the trip). */
export async function listTripParty(ctx: ServiceContext, rawTripId: unknown): Promise<PartyMember[]> {
  const { trip } = await partyTrip(ctx, rawTripId)
  return partyOf(ctx.db, trip.id)
}

function nameField(input: unknown): string {
  const raw = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).name : undefined
  if (raw === undefined || raw === null || raw === '') throw DomainError.invalid({ name: ['This field is required.'] })
  if (typeof raw !== 'string') throw DomainError.invalid({ name: [PARTY_MESSAGES.name] })
  const name = raw.replace(/\s+/g, ' ').trim()
  if (!name) throw DomainError.invalid({ name: ['This field is required.'] })
  if (name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) throw DomainError.invalid({ name: [PARTY_MESSAGES.name] })
  return name
}

/**
 * POST /api/trips/{id}/party/ `{name}`: someone added to the trip's party (201). The trip's traveler, its accepted
 * expert, staff with manage_trips; others who see the trip 403. At most 20 people, names unique in the party.
 */
export async function addPartyMember(ctx: ServiceContext, rawTripId: unknown, input: unknown): Promise<PartyMember> {
  const { trip, keeps } = await partyTrip(ctx, rawTripId)
  if (!keeps) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  const name = nameField(input)
  return ctx.db.transaction(async (tx) => {
    // The trip's row is held while the party is counted: two additions at once cannot pass the limit together.
    await tx.execute(sql`select id from trips where id = ${trip.id} for update`)
    const party = await partyOf(tx as unknown as Database, trip.id)
    if (party.length >= MAX_PARTY) throw DomainError.invalid({ name: [PARTY_MESSAGES.full] })
    if (party.some((m) => m.name.toLowerCase() === name.toLowerCase())) throw DomainError.invalid({ name: [PARTY_MESSAGES.taken] })
    const [row] = await tx.insert(tripPartyMembers).values({ tripId: trip.id, name }).returning({ id: tripPartyMembers.id, name: tripPartyMembers.name })
    return row!
  })
}

/**
 * DELETE /api/trip-party/{id}/: someone leaves their trip's party (204); the plan's items that were theirs are for the
 * others named, or for everyone when none is left. 404 when the trip is not the caller's to see; as adding, 403 for
 * those who only read it.
 */
export async function removePartyMember(ctx: ServiceContext, rawMemberId: unknown): Promise<void> {
  requireTripScope(ctx)
  const memberId = idOf(rawMemberId, PARTY_MESSAGES.notFound)
  const [member] = await ctx.db.select({ tripId: tripPartyMembers.tripId }).from(tripPartyMembers).where(eq(tripPartyMembers.id, memberId))
  if (!member) throw new DomainError('not_found', PARTY_MESSAGES.notFound)
  const { trip, keeps } = await partyTrip(ctx, member.tripId).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === 'not_found' ? new DomainError('not_found', PARTY_MESSAGES.notFound) : error
  })
  if (!keeps) throw new DomainError('forbidden', TRIP_MESSAGES.denied)
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(tripPartyMembers)
      .where(and(eq(tripPartyMembers.id, memberId), eq(tripPartyMembers.tripId, trip.id)))
      .returning({ id: tripPartyMembers.id })
    if (!gone) throw new DomainError('not_found', PARTY_MESSAGES.notFound)
    const plans = tx.select({ id: itineraries.id }).from(itineraries).where(eq(itineraries.tripId, trip.id))
    await tx
      .update(itineraryItems)
      .set({ party: sql`array_remove(${itineraryItems.party}, ${memberId})` })
      .where(and(inArray(itineraryItems.itineraryId, plans), sql`${memberId} = any(${itineraryItems.party})`))
  })
}

/**
 * The party ids of a save's items that are not the trip's: field errors keyed by the item (`days.0.items.2.party`).
 */
export async function checkItemParty(db: Database, tripId: number, days: { items: { party?: number[] }[] }[]): Promise<Record<string, string[]>> {
  const used = days.some((d) => d.items.some((i) => i.party?.length))
  if (!used) return {}
  const known = new Set((await partyOf(db, tripId)).map((m) => m.id))
  const errors: Record<string, string[]> = {}
  days.forEach((d, di) =>
    d.items.forEach((i, ii) => {
      if (i.party?.some((id) => !known.has(id))) errors[`days.${di}.items.${ii}.party`] = [PARTY_MESSAGE]
    }),
  )
  return errors
}
