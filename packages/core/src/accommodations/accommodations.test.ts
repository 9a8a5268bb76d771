import { bookings, countries, eq, inArray, suppliers, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { todayUtc } from '../currencies/shared.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { getAccommodation, listAccommodations } from './accommodations.ts'
import { requestStay } from './request-stay.ts'
import { seedDemoAccommodations } from './seed-accommodations.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
let as: Record<string, ServiceContext>
let anonymous: ServiceContext
const ids = { portugal: 0, japan: 0, chiado: 0, alfama: 0, ryokan: 0, tours: 0, closed: 0, trip: 0, othersTrip: 0 }
const page = { limit: 20 }
const day = (n: number) => new Date(Date.parse(`${todayUtc()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  bed = await tripTestBed()
  as = bed.as
  anonymous = { ...as.traveler!, actor: null }
  const db = bed.handle.db
  const [portugal] = await db.insert(countries).values({ name: 'Portugal', continent: 'Europe' }).returning()
  const [japan] = await db.insert(countries).values({ name: 'Japan', continent: 'Asia' }).returning()
  ids.portugal = portugal!.id
  ids.japan = japan!.id
  const add = (values: Partial<typeof suppliers.$inferInsert> & { name: string }) =>
    db
      .insert(suppliers)
      .values({
        supplierType: 'accommodation',
        email: 'reservations@example.test',
        phone: '+351 000',
        paymentTerms: 'Net 30',
        licenseNumber: 'RNT-1',
        notes: 'Staff only',
        externalApiIds: { booking: 'x1' },
        ...values,
      })
      .returning()
      .then((r) => r[0]!.id)
  ids.chiado = await add({
    name: 'Casa do Chiado',
    city: 'Lisbon',
    countryId: ids.portugal,
    verified: true,
    rating: '4.70',
    totalReviews: 9,
    servicesOffered: ['Breakfast'],
    languagesSupported: ['Portuguese'],
  })
  ids.alfama = await add({ name: 'Alfama Rooms', city: 'Lisboa', countryId: ids.portugal })
  ids.ryokan = await add({ name: 'Ryokan Sakura', city: 'Tōkyō', countryId: ids.japan, verified: true })
  ids.tours = await add({ name: 'Lisbon Tours', supplierType: 'tour_operator', city: 'Lisbon', countryId: ids.portugal })
  ids.closed = await add({ name: 'Closed Inn', status: 'suspended', city: 'Lisbon', countryId: ids.portugal })
  const trip = async (travelerId: number) =>
    (
      await db
        .insert(trips)
        .values({ title: 'Lisbon', startDate: day(10), endDate: day(17), travelerId })
        .returning()
    )[0]!.id
  ids.trip = await trip(bed.userId('traveler'))
  ids.othersTrip = await trip(bed.userId('other'))
})
afterAll(async () => {
  await bed?.handle.close()
})

describe('accommodations as travelers see them', () => {
  it('lists active accommodation suppliers by name, with public fields only, to anyone', async () => {
    const list = await listAccommodations(anonymous, {}, page)
    expect(list.results.map((r) => r.name)).toEqual(['Alfama Rooms', 'Casa do Chiado', 'Ryokan Sakura'])
    const chiado = list.results[1]!
    expect(chiado).toEqual({
      id: ids.chiado,
      name: 'Casa do Chiado',
      description: '',
      city: 'Lisbon',
      country: { id: ids.portugal, name: 'Portugal' },
      rating: 4.7,
      total_reviews: 9,
      website: '',
      services_offered: ['Breakfast'],
      languages_supported: ['Portuguese'],
      verified: true,
      image: null,
    })
    expect(JSON.stringify(list)).not.toMatch(/reservations@|\+351|Net 30|RNT-1|Staff only|x1/)
  })

  it('filters by search (name or city, accents ignored), country, city and verified', async () => {
    const names = async (query: Record<string, unknown>) => (await listAccommodations(as.traveler!, query, page)).results.map((r) => r.name)
    expect(await names({ search: 'tokyo' })).toEqual(['Ryokan Sakura'])
    expect(await names({ search: 'LISB' })).toEqual(['Alfama Rooms', 'Casa do Chiado'])
    expect(await names({ search: 'reservations@' })).toEqual([])
    expect(await names({ country: String(ids.japan) })).toEqual(['Ryokan Sakura'])
    expect(await names({ city: 'lisbon' })).toEqual(['Casa do Chiado'])
    expect(await names({ verified: 'true', country: ids.portugal })).toEqual(['Casa do Chiado'])
    expect(await names({ verified: 'false' })).toEqual(['Alfama Rooms'])
    expect(await names({ country: '', verified: '' })).toHaveLength(3)
    expect((await domainErrorOf(listAccommodations(as.traveler!, { country: 'x' }, page))).fields).toHaveProperty('country')
  })

  it('answers one accommodation, and 404 for another kind of supplier or one not active', async () => {
    expect(await getAccommodation(anonymous, String(ids.ryokan))).toMatchObject({ name: 'Ryokan Sakura', country: { name: 'Japan' } })
    for (const id of [ids.tours, ids.closed, 99_999, '0', 'x']) {
      expect((await domainErrorOf(getAccommodation(as.traveler!, id))).code).toBe('not_found')
    }
  })
})

describe('requesting a stay', () => {
  it('creates a pending hotel booking to be quoted, for one of the traveler’s own trips', async () => {
    const booking = await requestStay(as.traveler!, ids.chiado, {
      check_in: day(10),
      check_out: day(14),
      rooms: '2',
      guests: '3',
      trip_id: String(ids.trip),
      notes: ' Late arrival ',
    })
    expect(booking).toMatchObject({
      type: 'hotel',
      status: 'pending',
      title: 'Stay at Casa do Chiado',
      date: day(10),
      end_date: day(14),
      party_size: 3,
      rooms: 2,
      amount: '0.00',
      currency: 'USD',
      trip_id: ids.trip,
      supplier_id: ids.chiado,
      notes: 'Late arrival',
      details: { nights: 4, quote: 'pending', accommodation: { id: ids.chiado, name: 'Casa do Chiado', city: 'Lisbon', country: 'Portugal' } },
    })
    expect(booking.reference).toMatch(/^MB-[2-9A-HJ-NP-Z]{8}$/)
    const [row] = await bed.handle.db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row).toMatchObject({ bookingType: 'hotel', travelerId: bed.userId('traveler'), status: 'pending' })
  })

  it('checks dates, rooms, guests and the trip, with field errors', async () => {
    const base = { check_in: day(5), check_out: day(7), rooms: 1, guests: 2 }
    const fields = async (input: Record<string, unknown>) => (await domainErrorOf(requestStay(as.traveler!, ids.chiado, { ...base, ...input }))).fields
    expect(await fields({ check_in: day(-1) })).toEqual({ check_in: ['The check-in date cannot be in the past.'] })
    expect(await fields({ check_out: day(5) })).toEqual({ check_out: ['The check-out date must be after the check-in date.'] })
    expect(await fields({ check_out: day(66) })).toEqual({ check_out: ['A stay can be at most 60 nights.'] })
    expect(await fields({ check_in: '2031-02-30' })).toHaveProperty('check_in')
    expect(await fields({ rooms: 0 })).toHaveProperty('rooms')
    expect(await fields({ rooms: 11, guests: 20 })).toHaveProperty('rooms')
    expect(await fields({ guests: 21 })).toHaveProperty('guests')
    expect(await fields({ rooms: 3, guests: 2 })).toEqual({ guests: ['Each room needs at least one guest.'] })
    expect(await fields({ rooms: 1.5 })).toHaveProperty('rooms')
    expect(await fields({ trip_id: ids.othersTrip })).toEqual({ trip_id: ['Choose one of your own trips.'] })
    expect(await requestStay(as.traveler!, ids.chiado, { ...base, check_in: day(0), check_out: day(60) })).toMatchObject({ details: { nights: 60 } })
  })

  it('is for travelers (403 before anything else), for accommodations that exist (404)', async () => {
    for (const who of ['admin', 'expert', 'specialist', 'editor']) {
      expect((await domainErrorOf(requestStay(as[who]!, 99_999, {}))).code).toBe('forbidden')
    }
    expect((await domainErrorOf(requestStay(anonymous, ids.chiado, {}))).code).toBe('unauthenticated')
    expect((await domainErrorOf(requestStay(as.traveler!, ids.tours, {}))).code).toBe('not_found')
    expect((await domainErrorOf(requestStay(as.traveler!, ids.closed, {}))).code).toBe('not_found')
    expect(
      await bed.handle.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(inArray(bookings.supplierId, [ids.tours, ids.closed])),
    ).toEqual([])
  })

  it('seeds demo stays once, in countries the catalogue has', async () => {
    const added = await seedDemoAccommodations(bed.handle.db)
    expect(added).toBe(3)
    expect(await seedDemoAccommodations(bed.handle.db)).toBe(0)
    const list = await listAccommodations(anonymous, { search: 'ryokan asakusa' }, page)
    expect(list.results[0]).toMatchObject({ city: 'Tokyo', description: expect.stringMatching(/^Demo data:/) })
  })
})
