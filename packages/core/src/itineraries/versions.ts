import { activities, and, desc, eq, flights, inArray, itineraries, itineraryVersions, sql, suppliers, transfers, tripPartyMembers, users } from '@meridian/db'
import { ITINERARY_MESSAGES, ITINERARY_MOVES, type ItineraryStatus, ITINERARY_STATUSES } from '@meridian/validators'
import * as v from 'valibot'
import { displayName } from '../auth/serialize-user.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { requireTripScope } from '../trips/access.ts'
import { requireItineraryEditor, visibleItinerary } from './access.ts'
import { compareSnapshots } from './changes.ts'
import { getItinerary } from './itineraries.ts'
import type { ItineraryDto } from './serialize.ts'
import { type ItemValues, writeVersion } from './store.ts'

const versionNumber = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Enter a version number.'), v.transform(Number))], 'Enter a version number.'),
  v.integer('Enter a version number.'),
  v.minValue(1, 'Enter a version number.'),
)

/** The versions, compare and status calls are for those who work on itineraries: not travelers (403 first). */
function requireItineraryStaff(ctx: ServiceContext) {
  const { scope } = requireTripScope(ctx)
  if (scope === 'own') throw new DomainError('forbidden', "You don't have permission to perform this action.")
}

const versionNotFound = (n: number) => new DomainError('not_found', `Version ${n} of this itinerary was not found.`)

/** GET /api/itineraries/{id}/versions/: every saved version, newest first, with who, when and what changed. */
export async function listItineraryVersions(ctx: ServiceContext, rawId: unknown) {
  requireItineraryStaff(ctx)
  const { row } = await visibleItinerary(ctx, rawId)
  const rows = await ctx.db
    .select({
      version: itineraryVersions.version,
      summary: itineraryVersions.summary,
      createdAt: itineraryVersions.createdAt,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(itineraryVersions)
    .leftJoin(users, eq(users.id, itineraryVersions.createdById))
    .where(eq(itineraryVersions.itineraryId, row.id))
    .orderBy(desc(itineraryVersions.version))
  return rows.map((r) => ({
    version: r.version,
    summary: r.summary,
    created_at: r.createdAt.toISOString(),
    created_by:
      r.id === null ? null : { id: r.id, name: displayName({ firstName: r.firstName ?? '', lastName: r.lastName ?? '', username: r.username ?? '' }) },
    current: r.version === row.version,
    approved: r.version === row.approvedVersion,
  }))
}

async function snapshotsOf(ctx: ServiceContext, itineraryId: number, numbers: number[]) {
  const rows = await ctx.db
    .select({ version: itineraryVersions.version, snapshot: itineraryVersions.snapshot })
    .from(itineraryVersions)
    .where(and(eq(itineraryVersions.itineraryId, itineraryId), inArray(itineraryVersions.version, numbers)))
  return numbers.map((n) => {
    const found = rows.find((r) => r.version === n)
    if (!found) throw versionNotFound(n)
    return found.snapshot as unknown as ItineraryDto
  })
}

/** The query of the compare call, the body of restore and of status (also read by the REST adapter's OpenAPI document). */
export const CompareVersionsQuery = v.object({ from: versionNumber, to: versionNumber })
export const RestoreVersionInput = v.object({ version: versionNumber, based_on: versionNumber })
/** `version`: the version the mover has in front of them; an approval must name it (the one the traveler will see). */
export const ItineraryStatusInput = v.pipe(
  v.object({
    status: v.picklist(ITINERARY_STATUSES, `Choose one of: ${ITINERARY_STATUSES.join(', ')}.`),
    version: v.optional(versionNumber),
  }),
  v.forward(
    v.partialCheck([['status'], ['version']], (i) => i.status !== 'approved' || i.version !== undefined, 'This field is required.'),
    ['version'],
  ),
)

/** GET /api/itineraries/{id}/compare/?from=&to=: days and items added, removed, moved and re-priced between two versions. */
export async function compareItineraryVersions(ctx: ServiceContext, rawId: unknown, query: unknown) {
  requireItineraryStaff(ctx)
  const { row } = await visibleItinerary(ctx, rawId)
  const q = parseInput(CompareVersionsQuery, query)
  const [from, to] = await snapshotsOf(ctx, row.id, [q.from, q.to])
  return { from: q.from, to: q.to, changes: compareSnapshots(from!, to!), totals: { from: from!.total_cost, to: to!.total_cost } }
}

/**
 * POST /api/itineraries/{id}/restore/ `{version, based_on}`: that version's days and items (as they were priced) become
 * a new version. Stale `based_on`: 409, as a save.
 */
export async function restoreItineraryVersion(ctx: ServiceContext, rawId: unknown, input: unknown) {
  requireItineraryEditor(ctx)
  const { row, access, actor } = await visibleItinerary(ctx, rawId)
  if (!access.edit) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  const q = parseInput(RestoreVersionInput, input)
  const [snapshot] = await snapshotsOf(ctx, row.id, [q.version])
  await restoreSnapshot(ctx, row.id, actor.id, q.based_on, snapshot!, `Restored version ${q.version}`)
  return getItinerary(ctx, row.id)
}

/**
 * POST /api/itineraries/{id}/status/ `{status, version}`: draft → review (the trip's expert or staff who edit), review →
 * approved or back to draft (specialists, admins, superadmin), approved → draft (to change it again; the traveler
 * keeps seeing the approved version). Approving names the version approved (the one the approver read) and records
 * it as the version the traveler now sees; a later save answers 409 and nothing moves. Any move that names a version
 * is refused the same way when that is no longer the current one.
 */
export async function changeItineraryStatus(ctx: ServiceContext, rawId: unknown, input: unknown) {
  requireItineraryStaff(ctx)
  const { row, access, actor } = await visibleItinerary(ctx, rawId)
  const { status, version: named } = parseInput(ItineraryStatusInput, input)
  const from = row.status as ItineraryStatus
  if (!ITINERARY_MOVES[from].includes(status)) throw new DomainError('conflict', ITINERARY_MESSAGES.illegalMove(from, status))
  const mayMove = status === 'approved' || from === 'review' ? access.approve : access.edit
  if (!mayMove) throw new DomainError('forbidden', "You don't have permission to perform this action.")
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(itineraries).where(eq(itineraries.id, row.id)).for('update')
    if (locked!.status !== from) throw new DomainError('conflict', ITINERARY_MESSAGES.illegalMove(locked!.status, status))
    if (named !== undefined && named > locked!.version) throw versionNotFound(named)
    if (named !== undefined && named !== locked!.version) {
      throw new DomainError(
        'conflict',
        status === 'approved' ? ITINERARY_MESSAGES.staleApproval(locked!.version, named) : ITINERARY_MESSAGES.stale(locked!.version, named),
      )
    }
    await tx
      .update(itineraries)
      .set({ status, ...(status === 'approved' ? { approvedVersion: locked!.version, approvedById: actor.id, approvedAt: new Date() } : {}) })
      .where(eq(itineraries.id, row.id))
  })
  return getItinerary(ctx, row.id)
}

/** A saved state's days and items written again as a new version (restore), after the same version check as a save. */
export async function restoreSnapshot(ctx: ServiceContext, id: number, actorId: number, basedOn: number, snapshot: ItineraryDto, summary: string) {
  // Catalogue records deleted since that version are no longer named (their items keep their prices).
  const all = snapshot.days.flatMap((d) => d.items)
  const existing = async (table: typeof activities | typeof transfers | typeof suppliers | typeof flights, ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))]
    return new Set(wanted.length ? (await ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id) : [])
  }
  const [activityIds, transferIds, supplierIds, flightIds] = await Promise.all([
    existing(
      activities,
      all.map((i) => i.activity_id),
    ),
    existing(
      transfers,
      all.map((i) => i.transfer_id),
    ),
    existing(
      suppliers,
      all.map((i) => i.supplier_id),
    ),
    existing(
      flights,
      all.map((i) => i.flight_id ?? null),
    ),
  ])
  const keep = (ids: Set<number>, id: number | null) => (id !== null && ids.has(id) ? id : null)
  // The trip's party as it is now: a member removed since that version is dropped from its items.
  const partyIds = new Set(
    (
      await ctx.db
        .select({ id: tripPartyMembers.id })
        .from(tripPartyMembers)
        .where(eq(tripPartyMembers.tripId, sql`(select trip_id from itineraries where id = ${id})`))
    ).map((r) => r.id),
  )
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(itineraries).where(eq(itineraries.id, id)).for('update')
    if (row!.version !== basedOn) throw new DomainError('conflict', ITINERARY_MESSAGES.stale(row!.version, basedOn))
    await writeVersion(tx, row!, actorId, {
      fields: {
        title: snapshot.title,
        description: snapshot.description,
        destination: snapshot.destination,
        // Versions saved before plans had a zone take the trip's location's.
        timeZone: snapshot.time_zone ?? '',
        startDate: snapshot.start_date,
        endDate: snapshot.end_date,
        ...snapshot.travelers,
        budgetTotal: snapshot.budget.total,
        currency: snapshot.budget.currency,
        preferences: snapshot.preferences,
      },
      days: snapshot.days.map((d) => ({ key: d.key, date: d.date, title: d.title, description: d.description, theme: d.theme })),
      items: snapshot.days.map((d) =>
        d.items.map((i) => ({
          key: i.key,
          type: i.type as ItemValues['type'],
          title: i.title,
          description: i.description,
          startTime: i.start_time,
          endTime: i.end_time,
          locationName: i.location.name,
          locationAddress: i.location.address,
          durationMinutes: i.details.duration,
          cost: i.details.cost,
          currency: i.details.currency,
          convertedCost: i.details.converted_cost,
          bookingRequired: i.details.booking_required,
          tags: i.details.tags,
          media: i.media,
          notes: i.notes,
          status: i.status,
          activityId: keep(activityIds, i.activity_id),
          transferId: keep(transferIds, i.transfer_id),
          supplierId: keep(supplierIds, i.supplier_id),
          nights: i.nights,
          unitPrice: i.unit_price,
          pricing: i.pricing,
          // Versions kept before options and flights existed have neither.
          flightId: keep(flightIds, i.flight_id ?? null),
          optionGroup: i.option_group ?? null,
          recommended: i.recommended ?? false,
          // Versions kept before parties had none; members removed since are for nobody in particular.
          party: (i.party ?? []).filter((id) => partyIds.has(id)),
        })),
      ),
      summary,
    })
  })
}
