import { activities, activityPricingTiers, countries, currencies, eq, locations, suppliers, trips } from '@meridian/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { fromPrice, perPerson } from './cards.ts'
import { destinationActivities } from './things-to-do.ts'
import { listWishlist, removeFromWishlist, removeWishlistTarget, saveToWishlist, wishlistCounts, wishlistLookup } from './wishlist.ts'

let bed: Awaited<ReturnType<typeof tripTestBed>>
let as: Record<string, ServiceContext>
const ids = { country: 0, hiddenCountry: 0, hotel: 0, tourOperator: 0, closedHotel: 0, activity: 0, hiddenActivity: 0, trip: 0, othersTrip: 0 }
const page = { limit: 20 }

beforeAll(async () => {
  bed = await tripTestBed()
  as = bed.as
  const db = bed.handle.db
  const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'))
  const [country] = await db.insert(countries).values({ name: 'Portugal', continent: 'Europe', whyVisit: 'Light, tiles and the sea.' }).returning()
  const [hidden] = await db.insert(countries).values({ name: 'Atlantis', continent: 'Europe', isActive: false }).returning()
  const [lisbon] = await db.insert(locations).values({ name: 'Lisbon', countryId: country!.id }).returning()
  const hotel = (name: string, values: Partial<typeof suppliers.$inferInsert> = {}) =>
    db
      .insert(suppliers)
      .values({
        name,
        supplierType: 'accommodation',
        city: 'Lisbon',
        countryId: country!.id,
        rating: '4.50',
        totalReviews: 12,
        description: 'Rooms by the river.',
        ...values,
      })
      .returning()
      .then((r) => r[0]!.id)
  ids.country = country!.id
  ids.hiddenCountry = hidden!.id
  ids.hotel = await hotel('Casa do Rio')
  ids.tourOperator = await hotel('River Tours', { supplierType: 'tour_operator' })
  ids.closedHotel = await hotel('Closed Inn', { status: 'inactive' })
  const activity = (name: string, isActive = true) =>
    db
      .insert(activities)
      .values({ name, description: 'Tram ride.', currencyId: usd!.id, locationId: lisbon!.id, countryId: country!.id, supplierName: 'Carris', isActive })
      .returning()
      .then((r) => r[0]!.id)
  ids.activity = await activity('Tram 28')
  ids.hiddenActivity = await activity('Old tram', false)
  await db.insert(activityPricingTiers).values([
    { activityId: ids.activity, minQuantity: 1, maxQuantity: 3, pricePerUnit: '30.00' },
    { activityId: ids.activity, minQuantity: 4, maxQuantity: null, pricePerUnit: '22.50' },
  ])
  const trip = (travelerId: number, title: string) =>
    db
      .insert(trips)
      .values({
        title,
        startDate: '2031-05-01',
        endDate: '2031-05-08',
        travelerId,
        travelers: 3,
        budgetTotal: '1000.00',
        currency: 'EUR',
        countryId: country!.id,
        locationId: lisbon!.id,
      })
      .returning()
      .then((r) => r[0]!.id)
  ids.trip = await trip(bed.userId('traveler'), 'Lisbon in May')
  ids.othersTrip = await trip(bed.userId('other'), 'Not yours')
})
afterAll(async () => {
  await bed?.handle.close()
})

describe('saving', () => {
  it('saves each kind of thing once: a second save answers the item already there', async () => {
    const first = await saveToWishlist(as.traveler!, { type: 'destination', object_id: ids.country })
    expect(first.created).toBe(true)
    expect(first.item).toMatchObject({
      type: 'destination',
      object_id: ids.country,
      title: 'Portugal',
      location: 'Europe',
      description: 'Light, tiles and the sea.',
      price: null,
      url: `/dashboard/destinations/${ids.country}`,
    })
    const again = await saveToWishlist(as.traveler!, { type: 'destination', object_id: String(ids.country) })
    expect(again).toMatchObject({ created: false, item: { id: first.item.id } })

    const hotel = await saveToWishlist(as.traveler!, { type: 'hotel', object_id: ids.hotel })
    expect(hotel.item).toMatchObject({
      title: 'Casa do Rio',
      location: 'Lisbon, Portugal',
      rating: 4.5,
      price: null,
      price_suffix: '',
      url: `/dashboard/destinations/${ids.country}#stay-${ids.hotel}`,
    })
    const activity = await saveToWishlist(as.traveler!, { type: 'activity', object_id: ids.activity })
    expect(activity.item).toMatchObject({ title: 'Tram 28', location: 'Lisbon, Portugal', price: '22.50', currency: 'USD', price_from: true, price_suffix: '' })
    const trip = await saveToWishlist(as.traveler!, { type: 'trip', object_id: ids.trip })
    expect(trip.item).toMatchObject({ title: 'Lisbon in May', price: '333.33', currency: 'EUR', price_suffix: '/person', url: `/dashboard/trips/${ids.trip}` })
  })

  it('refuses what cannot be saved with a field error, and staff roles with 403', async () => {
    const cases: [string, number][] = [
      ['destination', ids.hiddenCountry],
      ['destination', 2_000_000],
      ['hotel', ids.tourOperator],
      ['hotel', ids.closedHotel],
      ['activity', ids.hiddenActivity],
      ['trip', ids.othersTrip],
    ]
    for (const [type, id] of cases) {
      const error = await domainErrorOf(saveToWishlist(as.traveler!, { type, object_id: id }))
      expect(error.fields, `${type} ${id}`).toEqual({ object_id: [`Invalid pk "${id}" - object does not exist.`] })
    }
    expect((await domainErrorOf(saveToWishlist(as.traveler!, { type: 'villa', object_id: 1 }))).fields).toHaveProperty('type')
    expect((await domainErrorOf(saveToWishlist(as.traveler!, { type: 'trip', object_id: '1e3' }))).fields).toHaveProperty('object_id')
    expect((await domainErrorOf(saveToWishlist(as.traveler!, {}))).fields).toEqual({
      type: ['This field is required.'],
      object_id: ['A valid integer is required.'],
    })
    for (const who of ['admin', 'expert', 'specialist', 'editor']) {
      // 403 before the input is looked at.
      expect((await domainErrorOf(saveToWishlist(as[who]!, { type: 'villa' }))).code).toBe('forbidden')
      expect((await domainErrorOf(listWishlist(as[who]!, {}, page))).code).toBe('forbidden')
    }
  })
})

describe('listing, counting, looking up and removing', () => {
  it('lists newest saved first, filters by type and counts each type', async () => {
    const all = await listWishlist(as.traveler!, {}, page)
    expect(all.results.map((r) => r.type)).toEqual(['trip', 'activity', 'hotel', 'destination'])
    expect(all.count).toBe(4)
    const hotels = await listWishlist(as.traveler!, { type: 'hotel' }, page)
    expect(hotels).toMatchObject({ count: 1, results: [{ object_id: ids.hotel }] })
    expect((await listWishlist(as.traveler!, { type: 'all' }, page)).count).toBe(4)
    expect((await domainErrorOf(listWishlist(as.traveler!, { type: 'villa' }, page))).fields).toHaveProperty('type')
    expect(await wishlistCounts(as.traveler!)).toEqual({ total: 4, destination: 1, hotel: 1, activity: 1, trip: 1 })
    expect(await wishlistCounts(as.other!)).toEqual({ total: 0, destination: 0, hotel: 0, activity: 0, trip: 0 })
    expect((await listWishlist(as.other!, {}, page)).results).toEqual([])
    // Two at a time, by cursor: every item once.
    const first = await listWishlist(as.traveler!, {}, { limit: 2 })
    const second = await listWishlist(as.traveler!, {}, { limit: 2, after: first.next_cursor })
    expect([...first.results, ...second.results].map((r) => r.id)).toEqual(all.results.map((r) => r.id))
  })

  it('tells pages what is saved, and nothing to roles without a wishlist', async () => {
    const lookup = await wishlistLookup(as.traveler!, 'hotel', [ids.hotel, ids.closedHotel])
    expect(lookup.enabled).toBe(true)
    expect(Object.keys(lookup.saved).map(Number)).toEqual([ids.hotel])
    expect(await wishlistLookup(as.admin!, 'hotel', [ids.hotel])).toEqual({ enabled: false, saved: {} })
    expect(await wishlistLookup({ ...as.traveler!, actor: null }, 'hotel', [ids.hotel])).toEqual({ enabled: false, saved: {} })
  })

  it('removes only the owner’s items: another traveler gets 404 and changes nothing', async () => {
    const { results } = await listWishlist(as.traveler!, { type: 'destination' }, page)
    const item = results[0]!
    expect((await domainErrorOf(removeFromWishlist(as.other!, item.id))).code).toBe('not_found')
    expect((await domainErrorOf(removeFromWishlist(as.admin!, item.id))).code).toBe('forbidden')
    expect((await domainErrorOf(removeFromWishlist(as.traveler!, 'x'))).code).toBe('not_found')
    expect((await wishlistCounts(as.traveler!)).destination).toBe(1)
    expect(await removeFromWishlist(as.traveler!, item.id)).toEqual({ id: item.id, type: 'destination', object_id: ids.country })
    expect((await domainErrorOf(removeFromWishlist(as.traveler!, item.id))).code).toBe('not_found')
    expect(await removeWishlistTarget(as.traveler!, { type: 'hotel', object_id: ids.hotel })).toMatchObject({ type: 'hotel', object_id: ids.hotel })
    expect((await domainErrorOf(removeWishlistTarget(as.traveler!, { type: 'hotel', object_id: ids.hotel }))).code).toBe('not_found')
    expect(await wishlistCounts(as.traveler!)).toEqual({ total: 2, destination: 0, hotel: 0, activity: 1, trip: 1 })
  })

  it('lists a destination’s active activities as cards with their From price (Things to do)', async () => {
    const things = await destinationActivities(as.admin!, ids.country)
    expect(things).toEqual({
      count: 1,
      results: [
        expect.objectContaining({
          id: ids.activity,
          title: 'Tram 28',
          price: '22.50',
          price_from: true,
          url: `/dashboard/destinations/${ids.country}#activity-${ids.activity}`,
        }),
      ],
    })
  })

  it('keeps a saved thing that was withdrawn, shown as no longer available', async () => {
    await bed.handle.db.update(activities).set({ isActive: false }).where(eq(activities.id, ids.activity))
    const { results } = await listWishlist(as.traveler!, { type: 'activity' }, page)
    expect(results[0]).toMatchObject({ title: 'Tram 28', is_available: false, url: null })
  })
})

describe('prices', () => {
  it('prices an activity from its cheapest group per person, and a trip per traveler, exactly', () => {
    const tiers = [
      { name: 'Small', min_quantity: 1, max_quantity: 4, price_per_unit: '40.00', fixed_price: null },
      { name: 'Group', min_quantity: 5, max_quantity: 10, price_per_unit: '0', fixed_price: '300.00' },
    ]
    expect(fromPrice({ pricing_model: 'tiered', fixed_price: null, pricing_tiers: tiers, max_participants: null })).toBe('30.00')
    expect(fromPrice({ pricing_model: 'tiered', fixed_price: null, pricing_tiers: tiers, max_participants: 8 })).toBe('37.50')
    expect(fromPrice({ pricing_model: 'fixed', fixed_price: '120.00', pricing_tiers: [], max_participants: 6 })).toBe('120.00')
    expect(fromPrice({ pricing_model: 'tiered', fixed_price: null, pricing_tiers: [], max_participants: null })).toBeNull()
    expect(perPerson('1000.00', 3)).toBe('333.33')
    expect(perPerson('0.00', 3)).toBeNull()
    expect(perPerson('0.10', 3)).toBe('0.03')
  })
})
