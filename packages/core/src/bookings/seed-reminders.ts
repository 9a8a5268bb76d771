import { and, asc, bookings, type Database, eq, inArray, paymentScheduleLines, users } from '@meridian/db'
import { addDays } from './book-shared.ts'
import { insertBooking } from './record.ts'
import { DEMO_BOOKING_LABEL } from './seed-bookings.ts'
import { utcDay } from './terms.ts'

/** The two demo bookings of the Due soon list, by title: one with its balance overdue, one with it due in five days. */
export const DEMO_DUE_TITLES = { overdue: 'Private transfer, Lisbon airport to Chiado', dueSoon: 'Private transfer, Porto to the Douro valley' } as const

/**
 * Demo bookings for the Due soon list and the reminders (docs/bookings.md "Reminders and Due soon"), labelled as demo
 * data in their notes: two confirmed transfers of the demo traveler, their deposits paid, one balance overdue by five
 * days and one due in five. The first reminder sweep after they are made tells the traveler (and the overdue one's
 * expert). Runs once: nothing happens when the traveler already has either. The bookings added.
 */
export async function seedDemoDueLines(db: Database): Promise<number> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['traveler', 'expert']))
  const traveler = people.find((p) => p.username === 'traveler')?.id
  const expert = people.find((p) => p.username === 'expert')?.id ?? null
  if (!traveler) return 0
  const [have] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.travelerId, traveler), inArray(bookings.title, Object.values(DEMO_DUE_TITLES))))
    .limit(1)
  if (have) return 0
  const today = utcDay(new Date())
  const plans = [
    { title: DEMO_DUE_TITLES.overdue, serviceIn: 60, amount: '180.00', balanceDue: addDays(today, -5), madeDaysAgo: 50 },
    { title: DEMO_DUE_TITLES.dueSoon, serviceIn: 70, amount: '240.00', balanceDue: addDays(today, 5), madeDaysAgo: 12 },
  ]
  await db.transaction(async (tx) => {
    for (const p of plans) {
      const made = new Date(Date.now() - p.madeDaysAgo * 86_400_000)
      const row = await insertBooking(tx, {
        bookingType: 'transfer',
        travelerId: traveler,
        title: p.title,
        serviceDate: addDays(today, p.serviceIn),
        partySize: 2,
        amount: p.amount,
        currency: 'USD',
        notes: `${DEMO_BOOKING_LABEL} the deposit is paid; the balance is ${p.balanceDue < today ? 'overdue' : 'due soon'}.`,
        status: 'confirmed',
        confirmedBy: expert,
      })
      const lines = await tx.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, row.id)).orderBy(asc(paymentScheduleLines.position))
      const last = lines.at(-1)
      for (const line of lines) {
        const open = line.id === last?.id
        await tx
          .update(paymentScheduleLines)
          .set(
            open
              ? { dueOn: p.balanceDue, status: p.balanceDue < today ? 'overdue' : 'due' }
              : { dueOn: utcDay(made), status: 'paid', paidAt: new Date(made.getTime() + 3_600_000) },
          )
          .where(eq(paymentScheduleLines.id, line.id))
      }
      await tx
        .update(bookings)
        .set({ createdAt: made, updatedAt: made, confirmedAt: made, paymentState: lines.length > 1 ? 'partly_paid' : 'unpaid' })
        .where(eq(bookings.id, row.id))
    }
  })
  return plans.length
}
