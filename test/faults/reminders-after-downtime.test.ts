import { afterAll, beforeAll, expect, it } from 'vitest'
import { startApp } from './support/app-process.ts'
import { createFaultDatabase, type FaultDatabase } from './support/database.ts'
import { sleep, waitFor } from './support/http.ts'
import { bookingWithLineDue, remindersOf } from './support/reminders.ts'

/**
 * A payment reminder that fell due while no server ran (docs/bookings.md "Reminders and Due soon"): the next server to
 * start sends it right after it starts, once, and a later start sends nothing more.
 */
let db: FaultDatabase
let env: Record<string, string>

beforeAll(async () => {
  db = await createFaultDatabase()
  env = { DATABASE_URL: db.url, SEED_DEMO: 'true', SEED_DEMO_WORLD: 'false' }
  // A first start migrates and makes the demo accounts; then the server is down.
  const first = await startApp(env)
  await first.stop()
})
afterAll(async () => {
  await db?.drop()
})

it('sends the reminder due yesterday once, right after the server starts', async () => {
  // Due in 6 days: the 7-day reminder fell due yesterday, while nothing ran.
  const booking = await bookingWithLineDue(db, 'MB-DOWNTIME', 6)
  expect((await remindersOf(db, [booking])).sent).toEqual([])
  const app = await startApp(env)
  try {
    await waitFor(async () => (await remindersOf(db, [booking])).mails.length > 0, 30_000, 'the reminder after start')
    // The sweep is scheduled on the job queue too, without an error.
    await waitFor(async () => (await db.sql`select 1 from pgboss.schedule where name = 'booking-reminders'`).length === 1, 10_000, 'the schedule')
    expect(app.output()).not.toMatch(/\[reminders\]/)
  } finally {
    await app.stop()
  }
  const after = await remindersOf(db, [booking])
  expect(after.sent).toEqual([{ kind: 'payment_due', booking_id: booking, days_before: 7 }])
  expect(after.bells).toEqual([{ user: 'traveler', title: 'Payment due for booking MB-DOWNTIME', count: 1 }])
  expect(after.mails).toEqual(['Payment due for booking MB-DOWNTIME'])

  // Started again: the reminder was sent, nothing goes out twice.
  const again = await startApp(env)
  try {
    await sleep(3_000)
  } finally {
    await again.stop()
  }
  expect(await remindersOf(db, [booking])).toEqual(after)
})
