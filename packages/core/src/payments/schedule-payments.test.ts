import { bookings, type DatabaseHandle, eq, notifications, paymentScheduleLines, suppliers, tripAssignments, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getBooking } from '../bookings/bookings.ts'
import { confirmBooking } from '../bookings/change-booking.ts'
import { insertBooking, type NewBooking } from '../bookings/record.ts'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { markPaymentReceived } from './confirm.ts'
import { createPaymentIntent } from './create-intent.ts'
import { getPayScreen } from './pay-screen.ts'

let handle: DatabaseHandle
let as: Record<string, ServiceContext>
let id: (username: string) => number
let tripId: number

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)
const today = () => new Date().toISOString().slice(0, 10)

async function booking(over: Partial<NewBooking> = {}) {
  return handle.db.transaction((tx) =>
    insertBooking(tx as never, {
      bookingType: 'activity',
      travelerId: id('traveler'),
      tripId,
      title: 'Sacred Valley by train',
      serviceDate: day(120),
      partySize: 2,
      amount: '1000.01',
      currency: 'EUR',
      ...over,
    }),
  )
}
const linesOf = (bookingId: number) => handle.db.select().from(paymentScheduleLines).where(eq(paymentScheduleLines.bookingId, bookingId)).orderBy(paymentScheduleLines.position)
const bookingRow = async (bookingId: number) => (await handle.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  as = bed.as
  id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Cusco, Peru', startDate: day(119), endDate: day(130), travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

describe('a booking paid on a schedule', () => {
  it('is cut into a 30% deposit due today and the balance six weeks before, by the settings’ defaults', async () => {
    const b = await booking()
    expect((await linesOf(b.id)).map((l) => [l.kind, l.amount, l.currency, l.dueOn, l.status])).toEqual([
      ['deposit', '300.00', 'EUR', today(), 'due'],
      ['balance', '700.01', 'EUR', day(120 - 42), 'due'],
    ])
    const detail = await getBooking(as.traveler!, b.id)
    expect(detail.schedule).toMatchObject({ paid: '0.00', outstanding: '1000.01', next_due: { kind: 'deposit', amount: '300.00', due_on: today() } })
    expect(detail.can.pay).toBe(true)
  })

  it('pays the deposit first: the booking is confirmed and partly paid, and the traveler is told what comes next', async () => {
    const b = await booking({ status: 'pending' })
    const deposit = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    expect(deposit).toMatchObject({ amount: '300.00', currency: 'EUR', created: true })
    await markPaymentReceived(as.expert!, deposit.id, { method: 'bank_transfer' })
    expect(await bookingRow(b.id)).toMatchObject({ status: 'confirmed', paymentState: 'partly_paid' })
    const told = (await handle.db.select().from(notifications).where(eq(notifications.userId, id('traveler')))).find((n) => n.title.includes(b.reference))
    expect(told?.body).toBe(`300.00 EUR received; your booking is confirmed. Next: 700.01 EUR due on ${day(78)}.`)

    const screen = await getPayScreen(as.traveler!, b.id)
    expect(screen.schedule).toMatchObject({ paid: '300.00', outstanding: '700.01', next_due: { kind: 'balance', amount: '700.01' } })
    expect(screen.can.pay).toBe(true)

    const balance = await createPaymentIntent(as.traveler!, { booking_id: b.id })
    expect(balance).toMatchObject({ amount: '700.01', created: true })
    await markPaymentReceived(as.admin!, balance.id, {})
    expect((await bookingRow(b.id)).paymentState).toBe('paid')
    expect((await linesOf(b.id)).map((l) => l.status)).toEqual(['paid', 'paid'])
    const done = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: b.id }))
    expect([done.code, done.message]).toEqual(['conflict', 'This booking is already paid.'])
  })

  it('pays a line the traveler names, and refuses one that is not due or not this booking’s', async () => {
    const b = await booking()
    const other = await booking()
    const [, balanceLine] = await linesOf(b.id)
    const balance = await createPaymentIntent(as.traveler!, { booking_id: b.id, line_id: balanceLine!.id })
    expect(balance).toMatchObject({ amount: '700.01' })
    await markPaymentReceived(as.admin!, balance.id, {})
    expect((await bookingRow(b.id)).paymentState).toBe('partly_paid')
    for (const lineId of [balanceLine!.id, (await linesOf(other.id))[0]!.id]) {
      const e = await domainErrorOf(createPaymentIntent(as.traveler!, { booking_id: b.id, line_id: lineId }))
      expect([e.code, e.fields]).toEqual(['invalid', { line_id: ['Select a line of this booking’s schedule that is still due.'] }])
    }
  })

  it('follows a supplier’s own terms, and a stay is scheduled when it is quoted', async () => {
    const [supplier] = await handle.db
      .insert(suppliers)
      .values({ name: 'Hotel Monasterio', supplierType: 'accommodation', scheduleTerms: { deposit_percent: null, deposit_amount: '150.00', deposit_due: 'booking', balance_days: 30 } })
      .returning()
    const stay = await booking({ bookingType: 'hotel', supplierId: supplier!.id, amount: '0.00', title: 'Hotel Monasterio, 3 nights' })
    expect(await linesOf(stay.id)).toEqual([])
    await confirmBooking(as.expert!, stay.id, { amount: '845.5', currency: 'EUR' })
    expect((await linesOf(stay.id)).map((l) => [l.kind, l.amount, l.dueOn])).toEqual([
      ['deposit', '150.00', today()],
      ['balance', '695.50', day(90)],
    ])
  })
})
