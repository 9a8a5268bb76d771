import {
  bookings,
  countries,
  currencies,
  currencySettings,
  conversionRates,
  type DatabaseHandle,
  eq,
  payments,
  flights,
  locations,
  notifications,
  travelerExperts,
  tripAssignments,
  trips,
} from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { getBooking, listBookings } from './bookings.ts'
import { cancelBooking, confirmBooking } from './change-booking.ts'
import { csvCell, exportBookingsCsv } from './export-csv.ts'
import { type NewBooking, insertBooking } from './record.ts'
import { bookingSummary } from './summary.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let id: (username: string) => number
let tripId: number
let expertTripId: number

const DAY = 86_400_000
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)

/** A booking of `traveler` (the demo traveler by default), made directly. */
async function book(values: Partial<NewBooking> = {}) {
  const row = await insertBooking(handle.db, {
    bookingType: 'activity',
    travelerId: id('traveler'),
    title: 'Harbour kayak tour',
    serviceDate: day(30),
    partySize: 2,
    amount: '120.00',
    currency: 'USD',
    ...values,
  })
  return row.id
}

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Split, Croatia', startDate: day(30), endDate: day(37), travelers: 2, travelerId: id('traveler'), currency: 'EUR' })
    .returning({ id: trips.id })
  tripId = trip!.id
  // The expert's trip of the other traveler (accepted): the expert handles its bookings, and no other of that traveler's.
  const [mine] = await handle.db
    .insert(trips)
    .values({ title: 'Bergen, Norway', startDate: day(40), endDate: day(44), travelerId: id('other'), expertId: id('expert') })
    .returning({ id: trips.id })
  expertTripId = mine!.id
  await handle.db.insert(tripAssignments).values({ tripId: expertTripId, expertId: id('expert'), status: 'accepted' })
})
afterAll(async () => {
  await handle?.close()
})

describe('who sees which bookings', () => {
  it('a traveler sees their own and never another’s: not in the list, 404 on read and on cancel', async () => {
    const own = await book({ title: 'Old town walk' })
    const theirs = await book({ travelerId: id('other'), title: 'Fjord cruise' })
    const mine = await listBookings(as.traveler!, {})
    expect(mine.results.map((b) => b.id)).toContain(own)
    expect(mine.results.map((b) => b.id)).not.toContain(theirs)
    expect((await domainErrorOf(getBooking(as.traveler!, theirs))).code).toBe('not_found')
    expect((await domainErrorOf(cancelBooking(as.traveler!, theirs, {}))).code).toBe('not_found')
    const [still] = await handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, theirs))
    expect(still!.status).toBe('pending')
    // A malformed id is simply not there.
    expect((await domainErrorOf(getBooking(as.traveler!, 'abc'))).code).toBe('not_found')
  })

  it('staff see every booking; an expert those of their trips and of the travelers they stand for; specialists and editors none', async () => {
    const onTrip = await book({ travelerId: id('other'), tripId: expertTripId, title: 'Bergen funicular' })
    const elsewhere = await book({ travelerId: id('other'), title: 'Stavanger pulpit rock' })
    const standing = await book({ title: 'Tram ride' })
    expect((await getBooking(as.admin!, elsewhere)).id).toBe(elsewhere)
    expect((await getBooking(as.superadmin!, elsewhere)).id).toBe(elsewhere)
    expect((await getBooking(as.expert!, onTrip)).id).toBe(onTrip)
    expect((await domainErrorOf(getBooking(as.expert!, elsewhere))).code).toBe('not_found')
    expect((await domainErrorOf(getBooking(as.expert!, standing))).code).toBe('not_found')
    await handle.db.insert(travelerExperts).values({ travelerId: id('traveler'), expertId: id('expert'), tripType: null })
    expect((await getBooking(as.expert!, standing)).traveler.id).toBe(id('traveler'))
    const listed = (await listBookings(as.expert!, { page_size: 100 })).results.map((b) => b.id)
    expect(listed).toEqual(expect.arrayContaining([onTrip, standing]))
    expect(listed).not.toContain(elsewhere)
    // The expert's cards count what their list holds.
    expect((await bookingSummary(as.expert!)).pending).toBe(listed.length)
    for (const who of ['specialist', 'editor']) {
      expect((await domainErrorOf(listBookings(as[who]!, {}))).code).toBe('forbidden')
      expect((await domainErrorOf(getBooking(as[who]!, standing))).code).toBe('forbidden')
    }
  })

  it('filters by type, status, search (reference or title), when and trip; pages by cursor newest first', async () => {
    const hotel = await book({ bookingType: 'hotel', title: 'Hotel Ćiro by the sea', tripId, serviceDate: day(31), endDate: day(34), amount: '0.00' })
    const past = await book({ title: 'Sunset sail', serviceDate: day(-5) })
    const list = (q: Record<string, unknown>) => listBookings(as.traveler!, { page_size: 100, ...q }).then((p) => p.results.map((b) => b.id))
    expect(await list({ type: 'hotel' })).toEqual([hotel])
    expect(await list({ search: 'ciro' })).toEqual([hotel])
    const [ref] = await handle.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, hotel))
    expect(await list({ search: ref!.reference.toLowerCase() })).toEqual([hotel])
    expect(await list({ when: 'past' })).toEqual([past])
    expect(await list({ when: 'upcoming' })).not.toContain(past)
    expect(await list({ trip_id: tripId })).toEqual([hotel])
    expect(await list({ status: 'cancelled' })).toEqual([])
    expect((await domainErrorOf(listBookings(as.traveler!, { type: 'cruise' }))).code).toBe('invalid')
    const first = await listBookings(as.traveler!, { page_size: 2 })
    const second = await listBookings(as.traveler!, { page_size: 2, cursor: first.next_cursor! })
    expect(first.results[0]!.created_at >= first.results[1]!.created_at).toBe(true)
    expect(second.results.map((b) => b.id)).not.toContain(first.results[0]!.id)
    expect(first.count).toBe(second.count)
  })
})

describe('the status table', () => {
  it('staff confirm a pending booking once; the traveler cannot; a stay takes its quoted total and an active currency', async () => {
    const activity = await book()
    expect((await domainErrorOf(confirmBooking(as.traveler!, activity, {}))).code).toBe('forbidden')
    const done = await confirmBooking(as.admin!, activity, {})
    expect(done).toMatchObject({ status: 'confirmed', amount: '120.00', currency: 'USD' })
    expect((await domainErrorOf(confirmBooking(as.admin!, activity, {}))).code).toBe('conflict')
    // The traveler is told, and what they do themselves is not told back to them.
    const told = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.subjectKey, `booking:${activity}`))
    expect(told).toMatchObject([{ userId: id('traveler'), title: `Your booking ${done.reference} is confirmed`, link: `/dashboard/bookings/${activity}` }])
    await cancelBooking(as.traveler!, activity, {})
    expect(
      await handle.db
        .select()
        .from(notifications)
        .where(eq(notifications.subjectKey, `booking:${activity}`)),
    ).toHaveLength(1)

    const stay = await book({ bookingType: 'hotel', title: 'Villa Dubrovnik', serviceDate: day(50), endDate: day(53), amount: '0.00' })
    const missing = await domainErrorOf(confirmBooking(as.admin!, stay, {}))
    expect(missing.fields).toMatchObject({ amount: [expect.any(String)] })
    expect((await domainErrorOf(confirmBooking(as.admin!, stay, { amount: '12.345', currency: 'EUR' }))).fields).toHaveProperty('amount')
    expect((await domainErrorOf(confirmBooking(as.admin!, stay, { amount: '900', currency: 'XXX' }))).fields).toHaveProperty('currency')
    await handle.db.update(currencies).set({ isActive: false }).where(eq(currencies.code, 'CHF'))
    expect((await domainErrorOf(confirmBooking(as.admin!, stay, { amount: '900', currency: 'CHF' }))).fields).toHaveProperty('currency')
    // Nothing was written by the refusals.
    expect((await getBooking(as.traveler!, stay)).status).toBe('pending')
    const quoted = await confirmBooking(as.admin!, stay, { amount: '1234.05', currency: 'eur' })
    expect(quoted).toMatchObject({ status: 'confirmed', amount: '1234.05', currency: 'EUR' })

    // Another type keeps the amount it was booked at.
    const walk = await book()
    expect((await domainErrorOf(confirmBooking(as.admin!, walk, { amount: '1.00', currency: 'USD' }))).fields).toHaveProperty('amount')
  })

  it('the expert confirms for the trips they accepted; a pending expert may look, not act', async () => {
    const [trip] = await handle.db
      .insert(trips)
      .values({ title: 'Oslo', startDate: day(60), endDate: day(62), travelerId: id('other'), expertId: id('expert') })
      .returning({ id: trips.id })
    await handle.db.insert(tripAssignments).values({ tripId: trip!.id, expertId: id('expert'), status: 'pending' })
    const booking = await book({ travelerId: id('other'), tripId: trip!.id })
    expect((await getBooking(as.expert!, booking)).can.confirm).toBe(false)
    expect((await domainErrorOf(confirmBooking(as.expert!, booking, {}))).code).toBe('forbidden')
    const accepted = await book({ travelerId: id('other'), tripId: expertTripId })
    expect((await confirmBooking(as.expert!, accepted, {})).status).toBe('confirmed')
  })

  it('cancelling: the traveler until the day before; staff until the end of the day; after it only the superadmin', async () => {
    const ahead = await book({ serviceDate: day(3) })
    const cancelled = await cancelBooking(as.traveler!, ahead, { reason: 'Change of plans' })
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Change of plans' })
    expect((await domainErrorOf(cancelBooking(as.traveler!, ahead, {}))).code).toBe('conflict')
    expect((await domainErrorOf(confirmBooking(as.admin!, ahead, {}))).code).toBe('conflict')

    const today = await book({ serviceDate: todayUtc() })
    expect((await getBooking(as.traveler!, today)).can.cancel).toBe(false)
    expect((await domainErrorOf(cancelBooking(as.traveler!, today, {}))).code).toBe('forbidden')
    expect((await cancelBooking(as.admin!, today, {})).status).toBe('cancelled')

    const past = await book({ serviceDate: day(-1), status: 'confirmed' })
    expect((await domainErrorOf(cancelBooking(as.admin!, past, {}))).code).toBe('forbidden')
    expect((await domainErrorOf(cancelBooking(as.traveler!, past, {}))).code).toBe('forbidden')
    expect((await cancelBooking(as.superadmin!, past, { reason: 'No-show refunded by goodwill' })).status).toBe('cancelled')
    expect((await domainErrorOf(cancelBooking(as.traveler!, await book(), { reason: 'x'.repeat(501) }))).fields).toHaveProperty('reason')
  })

  it('cancelling a flight booking gives its seats back in the same step', async () => {
    const [country] = await handle.db.insert(countries).values({ name: 'Seatland', continent: 'Europe' }).returning({ id: countries.id })
    const [from, to] = await handle.db
      .insert(locations)
      .values([
        { name: 'Seat Airport One', countryId: country!.id },
        { name: 'Seat Airport Two', countryId: country!.id },
      ])
      .returning({ id: locations.id })
    const [flight] = await handle.db
      .insert(flights)
      .values({
        airlineCode: 'MX',
        airlineName: 'Meridian Air',
        flightNumber: 'MX101',
        departureAirportId: from!.id,
        arrivalAirportId: to!.id,
        departureAt: new Date(Date.now() + 20 * DAY),
        arrivalAt: new Date(Date.now() + 20 * DAY + 7_200_000),
        price: '199.99',
        seatsTotal: 10,
        seatsLeft: 5,
      })
      .returning({ id: flights.id })
    const booking = await book({ bookingType: 'flight', flightId: flight!.id, partySize: 3, serviceDate: day(20), amount: '599.97' })
    await cancelBooking(as.traveler!, booking, {})
    const [after] = await handle.db.select({ seats: flights.seatsLeft }).from(flights).where(eq(flights.id, flight!.id))
    expect(after!.seats).toBe(8)
  })

  it('cancelling a paid booking records the refund (what was paid less the fee) once the cancellation has committed', async () => {
    // 30 days out: the default policy's 25% from 30 days before applies.
    const paid = await book()
    await handle.db
      .insert(payments)
      .values({
        bookingId: paid,
        provider: 'manual',
        intentId: `man_paid_${paid}`,
        amount: '120.00',
        currency: 'USD',
        status: 'succeeded',
        confirmedAt: new Date(),
      })
    await handle.db.update(bookings).set({ paymentState: 'paid' }).where(eq(bookings.id, paid))
    const answer = await cancelBooking(as.traveler!, paid, {})
    expect(answer).toMatchObject({ status: 'cancelled', payment_status: 'refund_due', cancellation_fee: '30.00', refund_owed: '90.00' })
  })
})

describe('money', () => {
  it('the summary: counts, exact totals, conversion at today’s rate with the margin, upcoming', async () => {
    const { handle: own, as: people, userId } = await tripTestBed()
    try {
      const traveler = userId('traveler')
      const add = (values: Partial<NewBooking>) =>
        insertBooking(own.db, {
          bookingType: 'activity',
          travelerId: traveler,
          title: 'x',
          serviceDate: day(10),
          partySize: 1,
          amount: '0.10',
          currency: 'USD',
          ...values,
        })
      await add({ amount: '0.10' })
      await add({ amount: '0.20', status: 'confirmed' })
      await add({ amount: '1000000.01', status: 'confirmed', serviceDate: day(-3) })
      await add({ amount: '99.99', serviceDate: day(-1) })
      const cancelled = await add({ amount: '500.00' })
      await own.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id))
      expect(await bookingSummary(people.traveler!)).toMatchObject({
        confirmed: 2,
        pending: 2,
        cancelled: 1,
        upcoming: 2,
        total_value: '1000100.30',
        currency: 'USD',
        unconverted: [],
      })

      // EUR 10.01 at 1.1 with a 2.5 % margin: 10.01 × 1.1 × 1.025 = 11.2862750 → 11.29, added once, after the sum.
      await add({ amount: '10.01', currency: 'EUR' })
      expect((await bookingSummary(people.traveler!)).unconverted).toEqual([{ currency: 'EUR', amount: '10.01' }])
      const ids = Object.fromEntries((await own.db.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [c.code, c.id]))
      await own.db.insert(conversionRates).values({ fromCurrencyId: ids.EUR!, toCurrencyId: ids.USD!, rate: '1.1', effectiveDate: day(-30) })
      await own.db
        .insert(currencySettings)
        .values({ id: 1, globalMarginPercentage: '2.5' })
        .onConflictDoUpdate({ target: currencySettings.id, set: { globalMarginPercentage: '2.5' } })
      const summary = await bookingSummary(people.traveler!)
      expect(summary.total_value).toBe('1000111.59')
      expect(summary.unconverted).toEqual([])
      // A rate from the future is not in force.
      await own.db.insert(conversionRates).values({ fromCurrencyId: ids.EUR!, toCurrencyId: ids.USD!, rate: '2', effectiveDate: day(30) })
      expect((await bookingSummary(people.traveler!)).total_value).toBe('1000111.59')
      // Staff see the figures of every booking; another traveler none of these.
      expect((await bookingSummary(people.admin!)).confirmed).toBe(2)
      expect(await bookingSummary(people.other!)).toMatchObject({ confirmed: 0, pending: 0, upcoming: 0, total_value: '0.00' })
    } finally {
      await own.close()
    }
  })
})

describe('the CSV export', () => {
  it('lists the traveler’s own bookings with a header, quoting and formula cells made text', async () => {
    await book({ title: '=HYPERLINK("http://evil.test","Click")', tripId })
    await book({ travelerId: id('other'), title: 'Not yours' })
    const csv = await exportBookingsCsv(as.traveler!)
    const lines = csv
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('Reference,Type,Title,Status,Payment status,Date,End date,Party size,Amount,Currency,Trip,Created,Supplier confirmation')
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`)
    expect(csv).toContain('Split')
    expect(csv).not.toContain('Not yours')
    expect(lines.length - 1).toBe((await listBookings(as.traveler!, {})).count)
    expect(['+1', '-1', '@x', '\tx', 'a,b', 'plain'].map(csvCell)).toEqual(["'+1", "'-1", "'@x", "'\tx", '"a,b"', 'plain'])
    expect((await domainErrorOf(exportBookingsCsv(as.specialist!))).code).toBe('forbidden')
  })
})
