import {
  activities,
  and,
  bookings,
  countries,
  type DatabaseHandle,
  demoRows,
  eq,
  flights,
  itineraries,
  itineraryVersions,
  locations,
  notifications,
  suppliers,
  tripAssignments,
  trips,
} from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertTestActivity } from '../activities/test-helpers.ts'
import type { ServiceContext } from '../context.ts'
import { readPdfText, pdfPageCount } from '../documents/read-pdf.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { getBooking } from './bookings.ts'
import { cancelBooking } from './change-booking.ts'
import { exportBookingsCsv } from './export-csv.ts'
import { type NewBooking, insertBooking } from './record.ts'
import { recordSupplierConfirmation } from './supplier-confirmation.ts'
import { bookingVoucher, tripVouchers } from './voucher.ts'

let handle: DatabaseHandle
const as: Record<string, ServiceContext> = {}
let id: (username: string) => number
let tripId: number
let supplierId: number
let activityId: number

const DAY = 86_400_000
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10)

/** A booking of the traveler on their trip (the expert's, accepted), made directly. */
async function book(values: Partial<NewBooking> = {}) {
  const row = await insertBooking(handle.db, {
    bookingType: 'activity',
    travelerId: id('traveler'),
    tripId,
    title: 'Harbour kayak tour',
    serviceDate: day(30),
    partySize: 2,
    amount: '120.00',
    currency: 'USD',
    ...values,
  })
  return row.id
}

const tell = (who: string, bookingId: unknown, body: unknown) => recordSupplierConfirmation(as[who]!, bookingId, body)

beforeAll(async () => {
  const bed = await tripTestBed()
  handle = bed.handle
  Object.assign(as, bed.as)
  id = bed.userId
  const [trip] = await handle.db
    .insert(trips)
    .values({ title: 'Split, Croatia', startDate: day(30), endDate: day(37), travelers: 2, travelerId: id('traveler'), expertId: id('expert') })
    .returning({ id: trips.id })
  tripId = trip!.id
  await handle.db.insert(tripAssignments).values({ tripId, expertId: id('expert'), status: 'accepted' })
  const [supplier] = await handle.db
    .insert(suppliers)
    .values({
      name: 'Adriatic Kayaks',
      phone: '+385 21 555 010',
      email: 'desk@adriatic-kayaks.example',
      address: 'Obala 4',
      city: 'Split',
      postalCode: '21000',
    })
    .returning({ id: suppliers.id })
  supplierId = supplier!.id
  activityId = await insertTestActivity(handle.db, 'Sea kayak at dawn')
  await handle.db
    .update(activities)
    .set({
      supplierId,
      includedServices: ['Kayak and paddle', 'Dry bag'],
      includesText: 'A guide who knows every cove.',
      durationDescription: '3 hours at sunrise',
    })
    .where(eq(activities.id, activityId))
})
afterAll(async () => {
  await handle?.close()
})

describe('recording a supplier confirmation', () => {
  it('staff who may confirm record it; the traveler reads it; a pending expert, a traveler and a specialist may not', async () => {
    const b = await book()
    const done = await tell('expert', b, { supplier_confirmation: '  AK-55120 ', supplier_notes: 'Meet at the slipway at 05:45.' })
    expect(done).toMatchObject({ supplier_confirmation: 'AK-55120', supplier_notes: 'Meet at the slipway at 05:45.' })
    expect(Date.parse(done.supplier_confirmed_at!)).toBeGreaterThan(Date.now() - 60_000)
    const seen = await getBooking(as.traveler!, b)
    expect(seen).toMatchObject({ supplier_confirmation: 'AK-55120', supplier_notes: 'Meet at the slipway at 05:45.' })
    expect(seen.can).toMatchObject({ supplier_confirmation: false, voucher: true })
    expect((await getBooking(as.admin!, b)).can.supplier_confirmation).toBe(true)
    expect((await tell('admin', b, { supplier_confirmation: 'AK-55121' })).supplier_confirmation).toBe('AK-55121')
    // The export's last column.
    const line = (await exportBookingsCsv(as.traveler!)).split('\r\n').find((l) => l.startsWith(seen.reference))
    expect(line?.endsWith(',AK-55121')).toBe(true)
    expect((await domainErrorOf(tell('traveler', b, { supplier_confirmation: 'X' }))).code).toBe('forbidden')
    expect((await domainErrorOf(tell('specialist', b, { supplier_confirmation: 'X' }))).code).toBe('forbidden')
    // The assignment still pending: the expert sees the booking and cannot act on it.
    await handle.db.update(tripAssignments).set({ status: 'pending' }).where(eq(tripAssignments.tripId, tripId))
    try {
      const refused = await domainErrorOf(tell('expert', b, { supplier_confirmation: 'X' }))
      expect(refused.code).toBe('forbidden')
      expect(refused.message).toContain('record a supplier’s confirmation')
    } finally {
      await handle.db.update(tripAssignments).set({ status: 'accepted' }).where(eq(tripAssignments.tripId, tripId))
    }
    const [row] = await handle.db.select({ n: bookings.supplierConfirmation }).from(bookings).where(eq(bookings.id, b))
    expect(row!.n).toBe('AK-55121')
  })

  it('is not found for a booking the expert does not handle, and refused (409) on a cancelled one', async () => {
    const theirs = await insertBooking(handle.db, {
      bookingType: 'activity',
      travelerId: id('other'),
      title: 'Elsewhere',
      serviceDate: day(20),
      partySize: 1,
      amount: '10.00',
      currency: 'USD',
    })
    expect((await domainErrorOf(tell('expert', theirs.id, { supplier_confirmation: 'X' }))).code).toBe('not_found')
    expect((await domainErrorOf(tell('expert', 'nope', { supplier_confirmation: 'X' }))).code).toBe('not_found')
    const b = await book()
    await cancelBooking(as.traveler!, b, {})
    const conflict = await domainErrorOf(tell('admin', b, { supplier_confirmation: 'X' }))
    expect(conflict.code).toBe('conflict')
    expect(conflict.message).toBe('A cancelled booking takes no supplier confirmation.')
  })

  it('checks the fields: at most 64 characters on one line, notes at most 2,000; nothing is written when refused', async () => {
    const b = await book()
    const long = await domainErrorOf(tell('admin', b, { supplier_confirmation: 'A'.repeat(65), supplier_notes: 'n'.repeat(2001) }))
    expect(long.fields).toEqual({
      supplier_confirmation: ['Ensure this field has no more than 64 characters.'],
      supplier_notes: ['Ensure this field has no more than 2000 characters.'],
    })
    expect((await domainErrorOf(tell('admin', b, { supplier_confirmation: 'AB\n12' }))).fields).toEqual({
      supplier_confirmation: ['A confirmation number is one line of letters, digits and signs.'],
    })
    expect((await domainErrorOf(tell('admin', b, { supplier_confirmation: 42 }))).fields).toEqual({ supplier_confirmation: ['Enter text.'] })
    const [row] = await handle.db.select({ n: bookings.supplierConfirmation, at: bookings.supplierConfirmedAt }).from(bookings).where(eq(bookings.id, b))
    expect(row).toEqual({ n: '', at: null })
    // 64 characters fit (after trimming); a blank number clears it and its time.
    expect((await tell('admin', b, { supplier_confirmation: ` ${'Z'.repeat(64)} ` })).supplier_confirmation).toBe('Z'.repeat(64))
    const cleared = await tell('admin', b, { supplier_confirmation: '', supplier_notes: 'Supplier asked for passport numbers.' })
    expect(cleared).toMatchObject({ supplier_confirmation: '', supplier_confirmed_at: null, supplier_notes: 'Supplier asked for passport numbers.' })
  })

  it('tells the traveler in the bell when a new number is recorded, once per number', async () => {
    const b = await book({ title: 'Blue cave boat' })
    const told = () =>
      handle.db
        .select({ title: notifications.title, body: notifications.body, kind: notifications.kind, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, id('traveler')), eq(notifications.link, `/dashboard/bookings/${b}`)))
    await tell('expert', b, { supplier_notes: 'Asked the supplier.' })
    expect(await told()).toEqual([])
    const done = await tell('expert', b, { supplier_confirmation: 'BC-9001' })
    const [note] = await told()
    expect(note).toEqual({
      kind: 'booking.status',
      link: `/dashboard/bookings/${b}`,
      title: `Supplier confirmation for ${done.reference}`,
      body: 'Blue cave boat: confirmation number BC-9001. Your voucher is ready to download.',
    })
    // The same number saved again (with other notes) keeps its time and tells nobody again.
    const again = await tell('expert', b, { supplier_confirmation: 'BC-9001', supplier_notes: 'Bring a towel.' })
    expect(again.supplier_confirmed_at).toBe(done.supplier_confirmed_at)
    const all = await handle.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.link, `/dashboard/bookings/${b}`))
    expect(all).toHaveLength(1)
  })
})

describe('vouchers', () => {
  it('a booking’s voucher holds the reference, the confirmation number, what is included, the supplier, the policy and notes', async () => {
    const b = await book({
      activityId,
      supplierId: null,
      title: 'Sea kayak at dawn',
      cancellationTerms: { steps: [{ days_before: 7, percent: '50', amount: null }] },
    })
    await tell('admin', b, { supplier_confirmation: 'AK-70001', supplier_notes: 'Meet at the slipway.' })
    const file = await bookingVoucher(as.traveler!, b)
    const { reference } = await getBooking(as.traveler!, b)
    expect(file.filename).toBe(`meridian-voucher-${reference}.pdf`)
    expect(file.contentType).toBe('application/pdf')
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await readPdfText(file.body)
    for (const part of [
      'Meridian Travel',
      reference,
      'AK-70001',
      'Sea kayak at dawn',
      'Activity',
      'Pending',
      '3 hours at sunrise',
      'Kayak and paddle',
      'A guide who knows every cove.',
      'Supplier: Adriatic Kayaks',
      'Phone: +385 21 555 010',
      'Email: desk@adriatic-kayaks.example',
      'Address: Obala 4, 21000 Split',
      'Free until 7 days before; from 7 days before: 50%.',
      'Free cancellation until',
      'Meet at the slipway.',
    ])
      expect(text).toContain(part)
    expect(text).not.toContain('Demo data')
    // Staff handling it download it too; another traveler is not told it exists.
    expect((await bookingVoucher(as.expert!, b)).filename).toBe(file.filename)
    expect((await domainErrorOf(bookingVoucher(as.other!, b))).code).toBe('not_found')
    expect((await domainErrorOf(bookingVoucher(as.editor!, b))).code).toBe('forbidden')
  })

  it('a flight’s voucher gives its departure and arrival in each airport’s local time', async () => {
    const [country] = await handle.db.insert(countries).values({ name: 'Voucherland', continent: 'Europe' }).returning({ id: countries.id })
    const airport = async (code: string, name: string, timezone: string) =>
      (
        await handle.db
          .insert(locations)
          .values({ name, countryId: country!.id, locationType: 'airport', airportCode: code, timezone })
          .returning({ id: locations.id })
      )[0]!.id
    const [flight] = await handle.db
      .insert(flights)
      .values({
        airlineCode: 'TP',
        airlineName: 'TAP Air Portugal',
        flightNumber: 'TP1234',
        departureAirportId: await airport('LIS', 'Lisbon Humberto Delgado', 'Europe/Lisbon'),
        arrivalAirportId: await airport('SPU', 'Split Airport', 'Europe/Zagreb'),
        departureAt: new Date('2030-07-01T07:30:00Z'),
        arrivalAt: new Date('2030-07-01T10:40:00Z'),
        price: '210.00',
        seatsTotal: 100,
        seatsLeft: 98,
      })
      .returning({ id: flights.id })
    const b = await book({
      bookingType: 'flight',
      flightId: flight!.id,
      title: 'TAP Air Portugal TP1234 · LIS → SPU',
      serviceDate: '2030-07-01',
      cabinClass: 'business',
      details: { passenger_names: ['Lucas Moreau', 'Ana Moreau'] },
    })
    const text = await readPdfText((await bookingVoucher(as.traveler!, b)).body)
    // Summer time: Lisbon is UTC+1, Split UTC+2.
    expect(text).toContain('Mon, Jul 1, 2030, 08:30 local time · Lisbon Humberto Delgado (LIS)')
    expect(text).toContain('Mon, Jul 1, 2030, 12:40 local time · Split Airport (SPU)')
    expect(text).toContain('2 seats, Business')
    expect(text).toContain('Passengers: Lucas Moreau, Ana Moreau')
  })

  it('a trip package’s voucher lists the days of the itinerary version it was booked from', async () => {
    const [plan] = await handle.db
      .insert(itineraries)
      .values({ tripId, title: 'Split slowly', startDate: '2030-05-01', endDate: '2030-05-02', approvedVersion: 2 })
      .returning({ id: itineraries.id })
    const days = (titles: string[]) => ({
      days: titles.map((title, i) => ({ date: `2030-05-0${i + 1}`, title, items: [{ title: 'Walk' }, { title: 'Lunch' }] })),
    })
    await handle.db.insert(itineraryVersions).values([
      { itineraryId: plan!.id, version: 1, snapshot: days(['Old first day', 'Old second day']) },
      { itineraryId: plan!.id, version: 2, snapshot: days(['Diocletian’s palace', 'Islands by boat']) },
    ])
    const booked = await book({
      bookingType: 'trip',
      title: 'Split, Croatia',
      serviceDate: '2030-05-01',
      endDate: '2030-05-02',
      details: { itinerary_id: plan!.id, itinerary_version: 1 },
    })
    const text = await readPdfText((await bookingVoucher(as.traveler!, booked)).body)
    expect(text).toContain('Day 1 · Wed, May 1, 2030 · Old first day (2 items)')
    expect(text).toContain('Day 2 · Thu, May 2, 2030 · Old second day (2 items)')
    expect(text).not.toContain('Islands by boat')
    // A package booked without naming its version: the trip's approved plan.
    const whole = await book({ bookingType: 'trip', title: 'Split, Croatia', serviceDate: '2030-05-01', endDate: '2030-05-02' })
    expect(await readPdfText((await bookingVoucher(as.traveler!, whole)).body)).toContain('Day 2 · Thu, May 2, 2030 · Islands by boat (2 items)')
  })

  it('says a booking awaits its confirmation, labels demo data, and has none once cancelled (409)', async () => {
    const b = await book({ bookingType: 'hotel', title: 'Villa by the walls', serviceDate: day(31), endDate: day(34), rooms: 2, notes: 'Demo data: a stay.' })
    const text = await readPdfText((await bookingVoucher(as.traveler!, b)).body)
    expect(text).toContain('Awaiting supplier confirmation')
    expect(text).toContain('2 rooms, 3 nights')
    expect(text).toContain('Demo data: not a real booking')
    const listed = await book({ title: 'Listed in the demo world' })
    await handle.db.insert(demoRows).values({ tableName: 'bookings', rowId: listed })
    expect(await readPdfText((await bookingVoucher(as.traveler!, listed)).body)).toContain('Demo data: not a real booking')
    await cancelBooking(as.traveler!, b, {})
    const refused = await domainErrorOf(bookingVoucher(as.traveler!, b))
    expect(refused.code).toBe('conflict')
    expect(refused.message).toBe('A cancelled booking has no voucher.')
  })

  it('a trip’s vouchers come as one PDF, a page a live booking in date order; 404 for another’s trip, 409 with none live', async () => {
    const [trip] = await handle.db
      .insert(trips)
      .values({ title: 'Dubrovnik walls', startDate: day(50), endDate: day(55), travelerId: id('traveler') })
      .returning({ id: trips.id })
    const t = trip!.id
    expect((await domainErrorOf(tripVouchers(as.traveler!, t))).code).toBe('conflict')
    const later = await book({ tripId: t, title: 'Cable car at sunset', serviceDate: day(53) })
    await book({ tripId: t, title: 'Walls walk', serviceDate: day(51) })
    const gone = await book({ tripId: t, title: 'Cancelled lunch', serviceDate: day(52) })
    await cancelBooking(as.traveler!, gone, {})
    await tell('admin', later, { supplier_confirmation: 'CC-1' })
    const file = await tripVouchers(as.traveler!, t)
    expect(file.filename).toBe(`meridian-vouchers-trip-${t}.pdf`)
    expect(await pdfPageCount(file.body)).toBe(2)
    const text = await readPdfText(file.body)
    expect(text.indexOf('Walls walk')).toBeGreaterThan(-1)
    expect(text.indexOf('Walls walk')).toBeLessThan(text.indexOf('Cable car at sunset'))
    expect(text).toContain('CC-1')
    expect(text).toContain('Voucher 1 of 2')
    expect(text).not.toContain('Cancelled lunch')
    expect((await tripVouchers(as.admin!, t)).filename).toBe(file.filename)
    // Not the expert's trip, nor one of their standing travelers: not found, like another traveler's.
    expect((await domainErrorOf(tripVouchers(as.expert!, t))).code).toBe('not_found')
    expect((await domainErrorOf(tripVouchers(as.other!, t))).code).toBe('not_found')
    expect((await domainErrorOf(tripVouchers(as.other!, 'x'))).code).toBe('not_found')
    expect((await domainErrorOf(tripVouchers(as.specialist!, t))).code).toBe('forbidden')
  })
})
