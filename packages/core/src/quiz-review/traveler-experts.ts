import { and, eq, isNull, roles, travelerExperts, users } from '@meridian/db'
import { AssignTravelerExpertInput, QUIZ_REVIEW_MESSAGES, TRIP_TYPE_LABELS, type TripType } from '@meridian/validators'
import { recordActivity } from '../activity/record-activity.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { displayName } from '../auth/serialize-user.ts'
import { activeExpert, assignOpenTrips, type Tx } from '../trips/assignments.ts'
import { parseInput } from '../validation.ts'
import { requireExpertStaff } from './access.ts'

/**
 * Make this expert the traveler's expert for one trip type, or for every type (tripType null), inside the caller's
 * transaction. A later choice for the same scope replaces the earlier one.
 */
export async function setTravelerExpert(tx: Tx, travelerId: number, expertId: number, tripType: TripType | null, assignedById: number | null) {
  const scope = tripType === null ? isNull(travelerExperts.tripType) : eq(travelerExperts.tripType, tripType)
  const updated = await tx
    .update(travelerExperts)
    .set({ expertId, assignedById, updatedAt: new Date() })
    .where(and(eq(travelerExperts.travelerId, travelerId), scope))
    .returning({ id: travelerExperts.id })
  if (updated.length === 0) await tx.insert(travelerExperts).values({ travelerId, expertId, tripType, assignedById })
}

/** An active traveler (the role's name is traveler), or a field error on `field`. */
export async function activeTraveler(tx: Tx, id: number, field = 'customer_id') {
  const [row] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), eq(users.isActive, true), eq(roles.name, 'traveler')))
  if (!row) throw DomainError.invalid({ [field]: [QUIZ_REVIEW_MESSAGES.customerInvalid] })
  return row
}

/**
 * POST /users/api/specialist/assign-expert/ `{customer_id, expert_id, trip_type}`: the traveler's expert for that
 * trip type (every type when trip_type is absent), and their open unassigned trips of that type assigned to the
 * expert at once. One transaction. Specialists, admins, superadmin.
 */
export async function assignTravelerExpert(ctx: ServiceContext, input: unknown) {
  const actor = requireExpertStaff(ctx)
  const data = parseInput(AssignTravelerExpertInput, input)
  const tripType = (data.trip_type || null) as TripType | null
  return ctx.db.transaction(async (tx) => {
    const traveler = await activeTraveler(tx, data.customer_id!)
    const expertId = await activeExpert(tx, data.expert_id!)
    const [expert] = await tx.select({ firstName: users.firstName, lastName: users.lastName, username: users.username }).from(users).where(eq(users.id, expertId))
    // The traveler's row is locked first, so two assignments for one traveler take turns.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, traveler.id)).for('update')
    await setTravelerExpert(tx, traveler.id, expertId, tripType, actor.id)
    const assigned = await assignOpenTrips(tx, traveler.id, expertId, tripType, actor.id)
    const message = QUIZ_REVIEW_MESSAGES.expertSet(displayName(traveler), displayName(expert!), tripType ? TRIP_TYPE_LABELS[tripType].toLowerCase() : null)
    await recordActivity(tx, {
      actorId: actor.id,
      action: 'customer.expert_assigned',
      subjectType: 'user',
      subjectId: traveler.id,
      summary: message,
    })
    return {
      customer_id: traveler.id,
      expert_id: expertId,
      trip_type: tripType,
      assigned_trips: assigned,
      message,
    }
  })
}
