import fc from 'fast-check'
import { type DatabaseHandle, eq, tripStatusHistory, trips, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { TRIP_MOVES, TRIP_STATUSES, type TripStatus } from '@meridian/validators/trip-constants'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { AppServices, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { TRIP_MESSAGES } from '../messages.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { insertUser } from '../users/insert-user.ts'
import { acceptAssignment, assignExpert } from './assignments.ts'
import { changeTripStatus, createTrip } from './trips.ts'

let handle: DatabaseHandle
let app: AppServices
const ctx: Record<string, ServiceContext> = {}
const ACTORS = ['traveler', 'otherTraveler', 'expert', 'otherExpert', 'specialist', 'admin', 'superadmin', 'editor'] as const

beforeAll(async () => {
  handle = await createTestDatabase()
  await seedDemoUsers(handle.db)
  await insertUser(handle.db, { username: 'otherTraveler', email: 'ot@example.com', password: 'meridian-demo', role: 'traveler' })
  await insertUser(handle.db, { username: 'otherExpert', email: 'oe@example.com', password: 'meridian-demo', role: 'expert' })
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  for (const username of ACTORS) {
    const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
    ctx[username] = serviceContext(app, await loadActor(handle.db, row!.id), { ipAddress: '127.0.0.1', userAgent: 'vitest' })
  }
})
afterAll(async () => {
  await handle?.close()
})

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/**
 * Who moves a trip, as the trip sees them: its traveler, its expert (accepted, or `pendingExpert`: assigned, not yet
 * accepted), another traveler or expert, and the staff roles.
 */
type Who = (typeof ACTORS)[number] | 'pendingExpert'
const EVERYONE: readonly Who[] = [...ACTORS, 'pendingExpert']

/** docs/trips.md, "The status table": every legal move and who may make it (written from the document). */
const TABLE: Record<string, readonly Who[]> = {
  'planning → booked': ['expert', 'admin', 'superadmin'],
  'planning → cancelled': ['traveler', 'admin', 'superadmin'],
  'booked → active': ['expert', 'admin', 'superadmin'],
  'booked → cancelled': ['traveler', 'admin', 'superadmin'],
  'active → completed': ['expert', 'admin', 'superadmin'],
}

type Outcome = 'moved' | { code: string; message: string }

/**
 * The one answer to `who` moving a trip `from → to` (docs/trips.md): the editor has no trips (403); another
 * traveler's or expert's trip is not revealed (404); a move not in the table is 409, and one in the table by
 * someone it does not name is 403, each naming both statuses; otherwise the trip moves.
 */
function expected(who: Who, from: TripStatus, to: TripStatus): Outcome {
  if (who === 'editor') return { code: 'forbidden', message: TRIP_MESSAGES.denied }
  if (who === 'otherTraveler' || who === 'otherExpert') return { code: 'not_found', message: TRIP_MESSAGES.notFound }
  const allowed = TABLE[`${from} → ${to}`]
  if (!allowed) return { code: 'conflict', message: TRIP_MESSAGES.illegalMove(from, to) }
  return allowed.includes(who) ? 'moved' : { code: 'forbidden', message: TRIP_MESSAGES.moveDenied(from, to) }
}

/** What the service answered: 'moved' (and the trip now has the new status), or the refusal's code and message. */
async function attempt(who: Who, tripId: number, to: TripStatus): Promise<Outcome> {
  try {
    const after = await changeTripStatus(ctx[who === 'pendingExpert' ? 'expert' : who]!, tripId, { status: to })
    expect(after.status).toBe(to)
    return 'moved'
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { code: error.code, message: error.message }
  }
}

/** A trip of the traveler's in `status`, its expert assigned (and accepted unless `pending`); set in the table directly. */
async function tripIn(status: TripStatus, pending: boolean): Promise<number> {
  const trip = await createTrip(ctx.traveler!, { title: `Table trip ${status}`, start_date: day(10), end_date: day(12) })
  const assignment = await assignExpert(ctx.specialist!, trip.id, { expert_id: ctx.expert!.actor!.id })
  if (!pending) await acceptAssignment(ctx.expert!, assignment.id)
  if (status !== 'planning') await handle.db.update(trips).set({ status }).where(eq(trips.id, trip.id))
  return trip.id
}

const historyOf = async (tripId: number) => (await handle.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.tripId, tripId))).length

describe('the trip status table', () => {
  it('names exactly the moves of TRIP_MOVES', () => {
    const legal = TRIP_STATUSES.flatMap((from) => TRIP_MOVES[from].map((to) => `${from} → ${to}`))
    expect(Object.keys(TABLE).sort()).toEqual(legal.sort())
  })

  it('every (from, to, who) has its one answer: the move, or the one refusal with its message, and a refusal changes nothing', async () => {
    // Refusals leave a trip as it was, so one trip per (status, expert accepted or not) serves until a move succeeds.
    const reusable: Record<string, number> = {}
    // What each trip must hold at the end: its status and how many history rows (only moves add one).
    const state = new Map<number, { status: TripStatus; history: number }>()
    const wrong: string[] = []
    for (const from of TRIP_STATUSES) {
      for (const to of TRIP_STATUSES) {
        for (const who of EVERYONE) {
          const key = `${from}/${who === 'pendingExpert'}`
          let tripId = reusable[key]
          if (tripId === undefined) {
            tripId = reusable[key] = await tripIn(from, who === 'pendingExpert')
            state.set(tripId, { status: from, history: await historyOf(tripId) })
          }
          const want = expected(who, from, to)
          const got = await attempt(who, tripId, to)
          if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${who} ${from} → ${to}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`)
          if (got === 'moved') {
            const before = state.get(tripId)!
            state.set(tripId, { status: to, history: before.history + 1 })
            delete reusable[key]
          }
        }
      }
    }
    for (const [tripId, must] of state) {
      const [row] = await handle.db.select({ status: trips.status }).from(trips).where(eq(trips.id, tripId))
      const held = { status: row!.status, history: await historyOf(tripId) }
      if (JSON.stringify(held) !== JSON.stringify(must)) wrong.push(`trip ${tripId}: holds ${JSON.stringify(held)}, expected ${JSON.stringify(must)}`)
    }
    expect(wrong).toEqual([])
  }, 60_000)

  it('random moves by random roles never reach a state the table forbids, and the history replays to the status', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ who: fc.constantFrom(...ACTORS), to: fc.constantFrom(...TRIP_STATUSES) }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        async (moves, accept) => {
          const trip = await createTrip(ctx.traveler!, { title: 'Property trip', start_date: day(10), end_date: day(12) })
          const assignment = await assignExpert(ctx.specialist!, trip.id, { expert_id: ctx.expert!.actor!.id })
          if (accept) await acceptAssignment(ctx.expert!, assignment.id)
          let status: TripStatus = 'planning'
          for (const { who, to } of moves) {
            // Each move, allowed or refused, gets the one answer the table gives it.
            const as: Who = who === 'expert' && !accept ? 'pendingExpert' : who
            const got = await attempt(as, trip.id, to)
            expect(got, `${as} ${status} → ${to}`).toEqual(expected(as, status, to))
            if (got === 'moved') status = to
          }
          const [row] = await handle.db.select({ status: trips.status }).from(trips).where(eq(trips.id, trip.id))
          expect(row!.status).toBe(status)
          const history = await handle.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.tripId, trip.id)).orderBy(tripStatusHistory.id)
          let replay: TripStatus | null = null
          for (const h of history) {
            expect(h.fromStatus).toBe(replay)
            if (replay !== null) expect(TRIP_MOVES[replay]).toContain(h.toStatus)
            replay = h.toStatus as TripStatus
          }
          expect(replay).toBe(status)
        },
      ),
      { numRuns: 40 },
    )
  }, 60_000)
})
