import { and, bookings, type Database, eq, inArray, payments, sql, users } from '@meridian/db'
import { randomBytes } from 'node:crypto'
import { DEMO_BOOKING_LABEL } from '../bookings/seed-bookings.ts'

const HOUR = 3_600_000

/** Demo bookings that get a payment, by title: paid by bank transfer, paid on site, or awaiting money. */
const PLAN: { title: string; outcome: 'bank_transfer' | 'on_site' | 'awaiting' }[] = [
  { title: 'Boutique hotel in Chiado', outcome: 'bank_transfer' },
  { title: 'Hotel by the old harbour, Reykjavik', outcome: 'on_site' },
  { title: 'Fado evening in Alfama', outcome: 'awaiting' },
]

/**
 * Demo payments on the demo traveler's demo bookings (seedDemoBookings first), with the manual provider: two paid
 * (a bank transfer and a payment on site, marked received by the demo expert) and one awaiting money, for staff to
 * mark received. Runs once: nothing happens when one of the traveler's bookings already has a payment. The
 * payments added.
 */
export async function seedDemoPayments(db: Database): Promise<number> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['traveler', 'expert']))
  const traveler = people.find((p) => p.username === 'traveler')?.id
  const expert = people.find((p) => p.username === 'expert')?.id ?? null
  if (!traveler) return 0
  const [have] = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(bookings.travelerId, traveler))
    .limit(1)
  if (have) return 0
  const demo = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.travelerId, traveler),
        inArray(
          bookings.title,
          PLAN.map((p) => p.title),
        ),
        sql`${bookings.notes} like ${`${DEMO_BOOKING_LABEL}%`}`,
        eq(bookings.paymentState, 'unpaid'),
        sql`${bookings.status} <> 'cancelled' and ${bookings.amount} > 0`,
      ),
    )
  let added = 0
  await db.transaction(async (tx) => {
    for (const { title, outcome } of PLAN) {
      const booking = demo.find((b) => b.title === title)
      if (!booking) continue
      const made = new Date(booking.createdAt.getTime() + 2 * HOUR)
      const received = new Date(Math.min(Date.now(), booking.createdAt.getTime() + 50 * HOUR))
      const paid = outcome !== 'awaiting'
      await tx.insert(payments).values({
        bookingId: booking.id,
        provider: 'manual',
        intentId: `man_${randomBytes(12).toString('hex')}`,
        amount: booking.amount,
        currency: booking.currency,
        status: paid ? 'succeeded' : 'requires_payment',
        method: paid ? outcome : '',
        createdBy: traveler,
        confirmedAt: paid ? received : null,
        confirmedBy: paid ? expert : null,
        createdAt: made,
        updatedAt: paid ? received : made,
      })
      if (paid) await tx.update(bookings).set({ paymentState: 'paid' }).where(eq(bookings.id, booking.id))
      added++
    }
  })
  return added
}
