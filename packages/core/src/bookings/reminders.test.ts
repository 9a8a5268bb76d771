import { and, bookingReminders, bookings, eq, mailOutbox, notifications, paymentScheduleLines, travelerExperts, trips } from '@meridian/db'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { addDays } from './book-shared.ts'
import { listDueSoon } from './due-soon.ts'
import { insertBookings, type NewBooking } from './record.ts'
import { reminderDayFor, sweepReminders } from './reminders.ts'
import { DEMO_BOOKING_LABEL } from './seed-bookings.ts'
import { DEMO_DUE_TITLES, seedDemoDueLines } from './seed-reminders.ts'
import { utcDay } from './terms.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
const now = new Date()
const today = utcDay(now)

beforeAll(async () => {
  bed = await tripTestBed()
})
afterAll(async () => {
  await bed?.handle.close()
})
beforeEach(async () => {
  const db = bed.handle.db
  await db.delete(bookings)
  await db.delete(notifications)
  await db.delete(mailOutbox)
  await db.delete(travelerExperts)
})

const booking = (title: string, travelerId = bed.userId('traveler'), extra: Partial<NewBooking> = {}): NewBooking => ({
  bookingType: 'transfer',
  travelerId,
  title,
  serviceDate: addDays(today, 120),
  partySize: 1,
  amount: '300.00',
  currency: 'USD',
  ...extra,
})

/** A booking with one open line due on `dueOn` (its other lines paid) and no free-cancellation deadline. */
async function lineDue(title: string, dueOn: string, travelerId?: number, extra: Partial<NewBooking> = {}) {
  const db = bed.handle.db
  const [b] = await insertBookings(db, [booking(title, travelerId, extra)])
  await db.update(bookings).set({ freeCancelUntil: null }).where(eq(bookings.id, b!.id))
  const lines = await db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, b!.id)).orderBy(paymentScheduleLines.position)
  const open = lines.at(-1)!
  for (const l of lines) if (l.id !== open.id) await db.update(paymentScheduleLines).set({ status: 'paid', paidAt: now }).where(eq(paymentScheduleLines.id, l.id))
  await db.update(paymentScheduleLines).set({ dueOn, status: 'due' }).where(eq(paymentScheduleLines.id, open.id))
  return { booking: b!, line: open }
}

const told = (userId: number) =>
  bed.handle.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'booking.reminder')))

it('chooses the smallest reminder day at least the days left', () => {
  expect(reminderDayFor([7, 1], 10)).toBeNull()
  expect(reminderDayFor([7, 1], 7)).toBe(7)
  expect(reminderDayFor([7, 1], 3)).toBe(7)
  expect(reminderDayFor([7, 1], 1)).toBe(1)
  expect(reminderDayFor([7, 1], 0)).toBe(1)
  expect(reminderDayFor([7, 1], -1)).toBeNull()
})

it('reminds the traveler of a payment once, by bell and mail, however often the sweep runs', async () => {
  const { booking: b, line } = await lineDue('Harbour transfer', addDays(today, 5))
  const first = await sweepReminders(bed.handle.db, { now, origin: 'https://meridian.example' })
  const second = await sweepReminders(bed.handle.db, { now, origin: 'https://meridian.example' })
  expect(first.reminded).toBe(1)
  expect(second.reminded).toBe(0)
  const bell = await told(bed.userId('traveler'))
  expect(bell).toHaveLength(1)
  expect(bell[0]!.title).toBe(`Payment due for booking ${b.reference}`)
  expect(bell[0]!.body).toContain('due in 5 days')
  expect(bell[0]!.link).toBe(`/dashboard/bookings/${b.id}`)
  const mail = await bed.handle.db.select().from(mailOutbox)
  expect(mail.map((m) => [m.toAddress, m.subject])).toEqual([['traveler@meridian.example', `Payment due for booking ${b.reference}`]])
  expect(mail[0]!.body).toContain(`https://meridian.example/dashboard/bookings/${b.id}`)
  const sent = await bed.handle.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, b.id))
  expect(sent.map((r) => [r.kind, r.lineId, r.daysBefore])).toEqual([['payment_due', line.id, 7]])
  // The day before, the 1-day reminder, once.
  const dayBefore = new Date(`${addDays(today, 4)}T08:00:00Z`)
  expect((await sweepReminders(bed.handle.db, { now: dayBefore })).reminded).toBe(1)
  expect((await sweepReminders(bed.handle.db, { now: dayBefore })).reminded).toBe(0)
  expect(await told(bed.userId('traveler'))).toHaveLength(1) // folded into the unread one
  expect(await bed.handle.db.select().from(mailOutbox)).toHaveLength(2)
})

it('sends nothing for a date further off than every reminder day, a paid line or a cancelled booking', async () => {
  await lineDue('Far off', addDays(today, 30))
  const { line } = await lineDue('Paid', addDays(today, 2))
  await bed.handle.db.update(paymentScheduleLines).set({ status: 'paid', paidAt: now }).where(eq(paymentScheduleLines.id, line.id))
  const { booking: cancelled } = await lineDue('Cancelled', addDays(today, 2))
  await bed.handle.db.update(bookings).set({ status: 'cancelled', cancelledAt: now }).where(eq(bookings.id, cancelled.id))
  expect(await sweepReminders(bed.handle.db, { now })).toEqual({ reminded: 0, markedOverdue: 0, overdueTold: 0 })
  expect(await told(bed.userId('traveler'))).toEqual([])
})

it('sends one reminder when two sweeps run at once', async () => {
  await lineDue('Race', addDays(today, 1))
  const [a, b] = await Promise.all([sweepReminders(bed.handle.db, { now }), sweepReminders(bed.handle.db, { now })])
  expect(a.reminded + b.reminded).toBe(1)
  expect(await bed.handle.db.select().from(mailOutbox)).toHaveLength(1)
})

it('reminds of a free-cancellation deadline', async () => {
  const [b] = await insertBookings(bed.handle.db, [booking('Sintra day trip')])
  await bed.handle.db.update(paymentScheduleLines).set({ status: 'paid', paidAt: now }).where(eq(paymentScheduleLines.bookingId, b!.id))
  const deadline = new Date(now.getTime() + 2 * 86_400_000)
  await bed.handle.db.update(bookings).set({ freeCancelUntil: deadline }).where(eq(bookings.id, b!.id))
  expect((await sweepReminders(bed.handle.db, { now })).reminded).toBe(1)
  expect((await sweepReminders(bed.handle.db, { now })).reminded).toBe(0)
  const [bell] = await told(bed.userId('traveler'))
  expect(bell!.title).toBe(`Free cancellation of booking ${b!.reference} ends in 2 days`)
  const [sent] = await bed.handle.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, b!.id))
  expect([sent!.kind, sent!.lineId, sent!.daysBefore]).toEqual(['free_cancellation', 0, 7])
})

it('marks an unpaid line past its date overdue and tells the traveler and their expert once', async () => {
  await bed.handle.db.insert(travelerExperts).values({ travelerId: bed.userId('traveler'), expertId: bed.userId('expert') })
  const { booking: b, line } = await lineDue('Late balance', addDays(today, -2))
  const first = await sweepReminders(bed.handle.db, { now })
  expect(first).toMatchObject({ markedOverdue: 1, overdueTold: 1 })
  expect(await sweepReminders(bed.handle.db, { now })).toMatchObject({ markedOverdue: 0, overdueTold: 0 })
  const [row] = await bed.handle.db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.id, line.id))
  expect(row!.status).toBe('overdue')
  const [traveler] = await told(bed.userId('traveler'))
  expect(traveler!.title).toBe(`Payment overdue for booking ${b.reference}`)
  const [expert] = await told(bed.userId('expert'))
  expect(expert!.title).toMatch(new RegExp(`for booking ${b.reference} is overdue$`))
  expect(await told(bed.userId('admin'))).toEqual([])
})

it('tells the expert who accepted the trip rather than the standing expert', async () => {
  const db = bed.handle.db
  await db.insert(travelerExperts).values({ travelerId: bed.userId('traveler'), expertId: bed.userId('admin') })
  const [trip] = await db
    .insert(trips)
    .values({ title: 'Lisbon', startDate: addDays(today, 120), endDate: addDays(today, 125), travelerId: bed.userId('traveler'), expertId: bed.userId('expert') })
    .returning()
  const { tripAssignments } = await import('@meridian/db')
  await db.insert(tripAssignments).values({ tripId: trip!.id, expertId: bed.userId('expert'), status: 'accepted' })
  await lineDue('Trip balance', addDays(today, -1), undefined, { tripId: trip!.id })
  await sweepReminders(db, { now })
  expect(await told(bed.userId('expert'))).toHaveLength(1)
  expect(await told(bed.userId('admin'))).toEqual([])
})

it('lists what is due soon, overdue first then by date, to staff only', async () => {
  const db = bed.handle.db
  const other = bed.userId('other')
  await db.insert(travelerExperts).values({ travelerId: bed.userId('traveler'), expertId: bed.userId('expert') })
  const late = await lineDue('Late', addDays(today, -3))
  await lineDue('Soon', addDays(today, 4))
  await lineDue('Sooner', addDays(today, 2), other)
  await lineDue('Later', addDays(today, 20))
  const [withDeadline] = await insertBookings(db, [booking('Deadline')])
  await db.update(paymentScheduleLines).set({ status: 'paid', paidAt: now }).where(eq(paymentScheduleLines.bookingId, withDeadline!.id))
  await db.update(bookings).set({ freeCancelUntil: new Date(now.getTime() + 3 * 86_400_000) }).where(eq(bookings.id, withDeadline!.id))

  const all = await listDueSoon(bed.as.admin!, {})
  expect(all.count).toBe(4)
  expect(all.results.map((r) => [r.booking.title, r.kind, r.overdue, r.days_left])).toEqual([
    ['Late', 'payment', true, -3],
    ['Sooner', 'payment', false, 2],
    ['Deadline', 'cancellation', false, 3],
    ['Soon', 'payment', false, 4],
  ])
  expect(all.results[0]).toMatchObject({ status: 'overdue', amount: late.line.amount, currency: 'USD', line_id: late.line.id, traveler: { id: bed.userId('traveler') } })
  expect(all.results[2]).toMatchObject({ amount: null, line_id: null, status: 'open' })
  expect(all.results[2]!.deadline).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  expect((await listDueSoon(bed.as.superadmin!, { kind: 'cancellation' })).results.map((r) => r.booking.title)).toEqual(['Deadline'])
  expect((await listDueSoon(bed.as.admin!, { overdue: 'true' })).results.map((r) => r.booking.title)).toEqual(['Late'])
  expect((await listDueSoon(bed.as.admin!, { kind: 'payment' })).count).toBe(3)

  // Paged: two rows a page, the cursor carries on where the page ended.
  const first = await listDueSoon(bed.as.admin!, { page_size: 2 })
  const next = await listDueSoon(bed.as.admin!, { page_size: 2, cursor: first.next_cursor })
  expect([...first.results, ...next.results].map((r) => r.booking.title)).toEqual(['Late', 'Sooner', 'Deadline', 'Soon'])
  expect(next.next_cursor).toBeNull()
  expect(await listDueSoon(bed.as.admin!, {}, { limit: 2, offset: 10 })).toEqual({ count: 4, results: [], next_cursor: null })

  // The expert sees the bookings of the travelers they handle only.
  expect((await listDueSoon(bed.as.expert!, {})).results.map((r) => r.booking.title)).toEqual(['Late', 'Deadline', 'Soon'])
  for (const who of ['traveler', 'specialist', 'editor']) expect((await domainErrorOf(listDueSoon(bed.as[who]!, {}))).code).toBe('forbidden')
  expect((await domainErrorOf(listDueSoon({ ...bed.as.admin!, actor: null }, {}))).code).toBe('unauthenticated')
  expect((await domainErrorOf(listDueSoon(bed.as.admin!, { kind: 'refund' }))).code).toBe('invalid')
  expect((await domainErrorOf(listDueSoon(bed.as.admin!, { cursor: 'nonsense!' }))).code).toBe('not_found')
})

it('seeds an overdue balance and one due soon for the demo traveler, labelled, once', async () => {
  expect(await seedDemoDueLines(bed.handle.db)).toBe(2)
  expect(await seedDemoDueLines(bed.handle.db)).toBe(0)
  const list = await listDueSoon(bed.as.admin!, { kind: 'payment' })
  expect(list.results.map((r) => [r.booking.title, r.line_kind, r.status, r.days_left])).toEqual([
    [DEMO_DUE_TITLES.overdue, 'balance', 'overdue', -5],
    [DEMO_DUE_TITLES.dueSoon, 'balance', 'due', 5],
  ])
  const demo = await bed.handle.db.select().from(bookings)
  expect(demo.every((b) => b.notes.startsWith(DEMO_BOOKING_LABEL) && b.paymentState === 'partly_paid')).toBe(true)
  // The first sweep tells the traveler of both, and the overdue one to nobody else (no expert handles them).
  expect(await sweepReminders(bed.handle.db, { now })).toMatchObject({ reminded: 1, overdueTold: 1 })
})
