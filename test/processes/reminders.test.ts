import { afterAll, beforeAll, expect, it } from 'vitest'
import { type AppProcess, startApp } from '../faults/support/app-process.ts'
import { createFaultDatabase, type FaultDatabase } from '../faults/support/database.ts'
import { sleep, waitFor } from '../faults/support/http.ts'
import { bookingWithLineDue, remindersOf } from '../faults/support/reminders.ts'

/**
 * Two app processes starting together on one database, both sweeping for reminders at once (docs/bookings.md
 * "Reminders and Due soon"): each reminder and each overdue notice goes out exactly once between them.
 */
let db: FaultDatabase
let env: Record<string, string>
let apps: AppProcess[] = []

beforeAll(async () => {
  db = await createFaultDatabase()
  env = { DATABASE_URL: db.url, SEED_DEMO: 'true', SEED_DEMO_WORLD: 'false' }
  const first = await startApp(env)
  await first.stop()
})
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()))
  await db?.drop()
})

it('sends each reminder once when two processes sweep at the same time', async () => {
  const [expert] = await db.sql<{ id: number }[]>`select id from users where username = 'expert'`
  await db.sql`insert into traveler_experts (traveler_id, expert_id) select id, ${expert!.id} from users where username = 'traveler'`
  const soon = await bookingWithLineDue(db, 'MB-TWOSOON', 1)
  const late = await bookingWithLineDue(db, 'MB-TWOLATE', -2)
  apps = await Promise.all([startApp(env), startApp(env)])
  await waitFor(async () => (await remindersOf(db, [soon, late])).mails.length >= 2, 30_000, 'both reminders')
  // Give a second sender every chance to show itself.
  await sleep(3_000)
  const { sent, bells, mails } = await remindersOf(db, [soon, late])
  expect(sent).toEqual([
    { kind: 'payment_due', booking_id: soon, days_before: 1 },
    { kind: 'payment_overdue', booking_id: late, days_before: 0 },
  ])
  expect(mails.sort()).toEqual(['Payment due for booking MB-TWOSOON', 'Payment overdue for booking MB-TWOLATE'])
  expect(bells.map((b) => [b.user, b.count])).toEqual(
    expect.arrayContaining([
      ['traveler', 1],
      ['traveler', 1],
      ['expert', 1],
    ]),
  )
  expect(bells).toHaveLength(3)
  const [line] = await db.sql<{ status: string }[]>`select status from payment_schedule_lines where booking_id = ${late}`
  expect(line!.status).toBe('overdue')
})
