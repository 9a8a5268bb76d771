/** Who reaches a proposal (docs/proposals.md "Who"): the trip's traveler, and those who plan the trip. */
import { type Database, eq, proposals, sql, trips } from '@meridian/db'
import { PROPOSAL_MESSAGES } from '@meridian/validators'
import { requireActor } from '../access.ts'
import type { Actor, ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { rolesOn } from '../trips/access.ts'

export type ProposalRow = typeof proposals.$inferSelect
type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export interface ProposalAccess {
  /** The trip's traveler: reads, comments, chooses, requests changes, accepts. */
  traveler: boolean
  /** The trip's accepted expert, or staff with manage_trips: publish, re-price, answer threads. */
  planner: boolean
}

/** How the actor stands to a trip's proposals, or null when they are none of its traveler and its planners. */
export function proposalAccess(actor: Actor, trip: { travelerId: number; expertId: number | null; accepted: boolean }): ProposalAccess | null {
  const roles = rolesOn(actor, trip)
  const planner = roles.includes('staff') || roles.includes('expert')
  const traveler = trip.travelerId === actor.id
  return planner || traveler ? { traveler, planner } : null
}

/**
 * A round, its trip and the actor's access; 404 for anyone else (another person's proposal is not revealed). The round
 * and its trip in one statement (every read of a proposal starts here); `lock` locks the round's row only.
 */
export async function visibleProposal(ctx: ServiceContext, rawId: unknown, options: { db?: Db; lock?: boolean } = {}) {
  const actor = requireActor(ctx)
  const db = options.db ?? ctx.db
  const id = idOf(rawId, PROPOSAL_MESSAGES.notFound)
  const query = db
    .select({
      row: proposals,
      trip: trips,
      accepted: sql<boolean>`exists (select 1 from trip_assignments a where a.trip_id = ${trips.id} and a.status = 'accepted')`,
    })
    .from(proposals)
    .innerJoin(trips, eq(trips.id, proposals.tripId))
    .where(eq(proposals.id, id))
  const [found] = options.lock ? await query.for('update', { of: proposals }) : await query
  if (!found) throw new DomainError('not_found', PROPOSAL_MESSAGES.notFound)
  const row = found.row
  const trip = { ...found.trip, accepted: Boolean(found.accepted) }
  const access = proposalAccess(actor, trip)
  if (!access) throw new DomainError('not_found', PROPOSAL_MESSAGES.notFound)
  return { actor, row, trip, access }
}

const TRAVELER_ONLY = 'Only the traveler of this trip can do this.'

/** What only the traveler does (choose and accept, request changes): the planners are told so (403). */
export function requireProposalTraveler(access: ProposalAccess) {
  if (!access.traveler) throw new DomainError('forbidden', TRAVELER_ONLY)
}
