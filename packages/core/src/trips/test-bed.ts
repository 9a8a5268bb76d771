import { type DatabaseHandle, tripAssignments, trips, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { expect } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { ServiceContext } from '../context.ts'
import { seedCurrencies } from '../currencies/seed-currencies.ts'
import { DomainError } from '../errors.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { insertUser } from '../users/insert-user.ts'
import { fakeStripeEnv } from '../payments/fake-stripe.ts'

/**
 * A test database for trips and itineraries: the demo accounts (one per role), the currencies, one more traveler
 * (`other`), and a service context for each by username.
 */
export async function tripTestBed(): Promise<{ handle: DatabaseHandle; as: Record<string, ServiceContext>; userId: (username: string) => number }> {
  const handle = await createTestDatabase()
  await seedDemoUsers(handle.db)
  await seedCurrencies(handle.db)
  const app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused' }))
  await insertUser(handle.db, { username: 'other', email: 'other@example.test', password: 'a-long-password-1', role: 'traveler' })
  const people = await handle.db.select({ id: users.id, username: users.username }).from(users)
  const as: Record<string, ServiceContext> = {}
  for (const p of people) as[p.username] = serviceContext(app, await loadActor(handle.db, p.id), { ipAddress: '', userAgent: '' })
  return { handle, as, userId: (username) => people.find((p) => p.username === username)!.id }
}

/** The DomainError a call fails with (the test fails when it succeeds or fails otherwise). */
export async function domainErrorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

/** A trip of `travelerId` whose expert `expertId` has accepted it (the staff who handle its bookings). */
export async function tripWithExpert(
  handle: DatabaseHandle,
  values: { travelerId: number; expertId: number; title: string; startDate: string; endDate: string },
): Promise<number> {
  const [trip] = await handle.db
    .insert(trips)
    .values({ ...values, travelers: 2 })
    .returning({ id: trips.id })
  await handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: values.expertId, status: 'accepted' })
  return trip!.id
}

/** The test bed with every context paying through a (fake) Stripe at `url`. */
export async function stripeTestBed(url: string): ReturnType<typeof tripTestBed> {
  const bed = await tripTestBed()
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/unused', ...fakeStripeEnv(url) })
  return { ...bed, as: Object.fromEntries(Object.entries(bed.as).map(([name, ctx]) => [name, { ...ctx, config }])) }
}
