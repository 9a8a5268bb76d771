import type { FaultDatabase } from './database.ts'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/**
 * A confirmed booking of the demo traveler with one open schedule line due in `dueIn` days (UTC), written straight
 * into the database as a server that is not running would find it. Its id.
 */
export async function bookingWithLineDue(db: FaultDatabase, reference: string, dueIn: number): Promise<number> {
  const [traveler] = await db.sql<{ id: number }[]>`select id from users where username = 'traveler'`
  const [booking] = await db.sql<{ id: number }[]>`
    insert into bookings (reference, booking_type, status, traveler_id, title, service_date, amount, currency)
    values (${reference}, 'transfer', 'confirmed', ${traveler!.id}, ${`Transfer ${reference}`}, ${day(90)}, '100.00', 'USD')
    returning id`
  await db.sql`
    insert into payment_schedule_lines (booking_id, position, kind, amount, currency, due_on, status)
    values (${booking!.id}, 1, 'full', '100.00', 'USD', ${day(dueIn)}, 'due')`
  return booking!.id
}

/** What the reminders of these bookings left behind: the reminder rows, the bell notifications and the mails. */
export async function remindersOf(db: FaultDatabase, bookingIds: number[]) {
  const sent = await db.sql<{ kind: string; booking_id: number; days_before: number }[]>`
    select kind, booking_id, days_before from booking_reminders where booking_id = any(${bookingIds}) order by booking_id, kind`
  const bells = await db.sql<{ user: string; title: string; count: number }[]>`
    select u.username as user, n.title, n.count from notifications n join users u on u.id = n.user_id
    where n.kind = 'booking.reminder' order by n.id`
  const mails = await db.sql<{ subject: string }[]>`select subject from mail_outbox where subject like 'Payment%' order by id`
  return { sent: sent.map((r) => ({ ...r })), bells: bells.map((r) => ({ ...r })), mails: mails.map((r) => r.subject) }
}
