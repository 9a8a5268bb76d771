import { bookings, eq, trips } from '@meridian/db'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { insertBookings, type NewBooking } from './record.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
let mine: number
let theirs: number

beforeAll(async () => {
  bed = await tripTestBed()
  const trip = async (travelerId: number) =>
    (await bed.handle.db.insert(trips).values({ title: 'Porto', startDate: '2030-05-01', endDate: '2030-05-05', travelerId }).returning({ id: trips.id }))[0]!
      .id
  mine = await trip(bed.userId('traveler'))
  theirs = await trip(bed.userId('other'))
})
afterAll(async () => {
  await bed?.handle.close()
})

const line = (title: string, tripId: number, travelerId = bed.userId('traveler')): NewBooking => ({
  bookingType: 'transfer',
  travelerId,
  tripId,
  title,
  serviceDate: '2030-05-01',
  partySize: 2,
  amount: '45.00',
  currency: 'USD',
})

it('writes several bookings at once, each with its own reference, in the order given', async () => {
  const rows = await insertBookings(bed.handle.db, [line('Airport to hotel', mine), line('Hotel to station', mine), line('Station to airport', mine)])
  expect(rows.map((r) => [r.title, r.status, r.tripId])).toEqual([
    ['Airport to hotel', 'pending', mine],
    ['Hotel to station', 'pending', mine],
    ['Station to airport', 'pending', mine],
  ])
  expect(new Set(rows.map((r) => r.reference)).size).toBe(3)
  expect(rows.every((r) => /^MB-[2-9A-HJKMNP-Z]{8}$/.test(r.reference))).toBe(true)
  expect(await insertBookings(bed.handle.db, [])).toEqual([])
})

it('refuses a trip that is not the traveler’s, and writes none of the batch', async () => {
  const error = await domainErrorOf(bed.handle.db.transaction((tx) => insertBookings(tx, [line('Mine', mine), line('Someone else’s', theirs)])))
  expect(error.fields).toEqual({ trip_id: ['Choose one of your own trips.'] })
  expect(await bed.handle.db.select().from(bookings).where(eq(bookings.title, 'Mine'))).toEqual([])
})
