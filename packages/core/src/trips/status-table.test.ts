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

describe('the trip status table', () => {
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
            try {
              const after = await changeTripStatus(ctx[who]!, trip.id, { status: to })
              // Whatever succeeded was a legal move of the table, by someone allowed to make it.
              expect(TRIP_MOVES[status]).toContain(to)
              expect(after.status).toBe(to)
              const allowed =
                who === 'admin' || who === 'superadmin' || (who === 'traveler' && to === 'cancelled') || (who === 'expert' && accept && to !== 'cancelled')
              expect(allowed, `${who} moved ${status} → ${to}`).toBe(true)
              status = to
            } catch (error) {
              expect(error).toBeInstanceOf(DomainError)
              const code = (error as DomainError).code
              expect(['conflict', 'forbidden', 'not_found']).toContain(code)
              if (code === 'conflict' && to !== status) expect(TRIP_MOVES[status]).not.toContain(to)
            }
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
  })
})
