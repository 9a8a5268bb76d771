import {
  activities,
  activityPricingTiers,
  conversionRates,
  countries,
  currencies,
  eq,
  locations,
  quizSubmissions,
  suppliers,
  wishlistItems,
} from '@meridian/db'
import { DISCOVERY_MESSAGES } from '@meridian/validators/discovery-constants'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServiceContext } from '../context.ts'
import { domainErrorOf, tripTestBed } from '../trips/test-bed.ts'
import { recommendFor } from './recommendations.ts'
import { searchCatalogue } from './search-catalogue.ts'

let as: Record<string, ServiceContext>
let bed: Awaited<ReturnType<typeof tripTestBed>>
const ids = { maldives: 0, portugal: 0, male: 0, lisbon: 0, cruise: 0, fado: 0, surf: 0, hidden: 0, villas: 0 }
const titles = async (query: Record<string, unknown>) => (await searchCatalogue(as.traveler!, query)).results.map((r) => r.title)
const day = (iso: string) => iso

beforeAll(async () => {
  bed = await tripTestBed()
  as = bed.as
  const db = bed.handle.db
  const code = async (c: string) => (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, c)))[0]!.id
  const usd = await code('USD')
  const eur = await code('EUR')
  await db.update(currencies).set({ isActive: true }).where(eq(currencies.id, eur))
  await db.insert(conversionRates).values({ fromCurrencyId: eur, toCurrencyId: usd, rate: '1.1', effectiveDate: '2020-01-01' })

  const [maldives] = await db
    .insert(countries)
    .values({ name: 'Maldives', continent: 'Asia', isPromotedDestination: true, whyVisit: 'Coral atolls and lagoons.' })
    .returning()
  const [portugal] = await db.insert(countries).values({ name: 'Portugal', continent: 'Europe', whyVisit: 'Old towns, fado and the Atlantic.' }).returning()
  await db.insert(countries).values({ name: 'Maldova Closed', continent: 'Europe', isActive: false })
  ids.maldives = maldives!.id
  ids.portugal = portugal!.id
  const [male] = await db
    .insert(locations)
    .values({ name: 'Malé', countryId: ids.maldives, latitude: '4.175500', longitude: '73.509300', isFeatured: true })
    .returning()
  const [lisbon] = await db.insert(locations).values({ name: 'Lisbon', countryId: ids.portugal, latitude: '38.722300', longitude: '-9.139300' }).returning()
  const [porto] = await db.insert(locations).values({ name: 'Porto', countryId: ids.portugal }).returning()
  ids.male = male!.id
  ids.lisbon = lisbon!.id
  const [reef] = await db.insert(suppliers).values({ name: 'Reef Divers', supplierType: 'tour_operator', rating: '4.80', totalReviews: 20 }).returning()
  const [cheap] = await db.insert(suppliers).values({ name: 'Budget Tours', supplierType: 'tour_operator', rating: '3.20', totalReviews: 5 }).returning()
  const [villas] = await db
    .insert(suppliers)
    .values({
      name: 'Malé Lagoon Villas',
      supplierType: 'accommodation',
      city: 'Malé',
      countryId: ids.maldives,
      rating: '4.60',
      totalReviews: 12,
      servicesOffered: ['Breakfast', 'Airport transfer'],
    })
    .returning()
  ids.villas = villas!.id
  const add = async (
    values: Partial<typeof activities.$inferInsert> & { name: string; locationId: number; countryId: number },
    tiers: { min: number; max: number | null; unit: string }[] = [],
  ) => {
    const [row] = await db
      .insert(activities)
      .values({ currencyId: usd, ...values })
      .returning({ id: activities.id })
    if (tiers.length) {
      await db
        .insert(activityPricingTiers)
        .values(tiers.map((t, i) => ({ activityId: row!.id, position: i, minQuantity: t.min, maxQuantity: t.max, pricePerUnit: t.unit })))
    }
    return row!.id
  }
  ids.cruise = await add(
    {
      name: 'Sunset cruise',
      description: 'Dolphins at dusk from Malé harbour.',
      category: 'nature',
      locationId: ids.male,
      countryId: ids.maldives,
      supplierId: reef!.id,
      daysOfWeek: [5, 6, 7],
      includedServices: ['Snacks', 'Snorkel gear'],
    },
    [
      { min: 1, max: 4, unit: '100.00' },
      { min: 5, max: null, unit: '80.00' },
    ],
  )
  ids.fado = await add({
    name: 'Fado night in Alfama',
    category: 'culture',
    pricingModel: 'fixed',
    fixedPrice: '50.00',
    currencyId: eur,
    locationId: ids.lisbon,
    countryId: ids.portugal,
  })
  ids.surf = await add({ name: 'Surf lesson', category: 'sports', maxParticipants: 4, locationId: porto!.id, countryId: ids.portugal, supplierId: cheap!.id }, [
    { min: 1, max: null, unit: '40.00' },
  ])
  await add({ name: 'Heli-skiing day', category: 'adventure', locationId: porto!.id, countryId: ids.portugal }, [{ min: 1, max: null, unit: '2000.00' }])
  await add({ name: 'Cooking class', category: 'culinary', locationId: ids.male, countryId: ids.maldives }, [{ min: 1, max: null, unit: '30.00' }])
  await db.insert(quizSubmissions).values({
    userId: bed.userId('traveler'),
    quizData: { travel_style: 'Adventure & Exploration', budget_range: 'Budget-Friendly ($500-1500)', group_size: 'Couple' },
  })
  await db.insert(wishlistItems).values({ userId: bed.userId('traveler'), itemType: 'destination', countryId: ids.portugal })
  ids.hidden = await add({ name: 'Hidden lagoon cruise', isActive: false, category: 'nature', locationId: ids.male, countryId: ids.maldives }, [
    { min: 1, max: null, unit: '10.00' },
  ])
})

describe('Search & Discovery', () => {
  it('finds Malé with or without its accent, in capitals, and with one letter wrong or doubled', async () => {
    for (const q of ['Malé', 'male', 'MALE', 'Malle', 'Malr']) {
      const found = await searchCatalogue(as.traveler!, { q })
      expect(
        found.results.map((r) => r.id),
        q,
      ).toContain(`location:${ids.male}`)
    }
    const exact = await searchCatalogue(as.traveler!, { q: 'male' })
    expect(exact.results[0]).toMatchObject({ type: 'location', title: 'Malé', location: 'Maldives', latitude: 4.1755, longitude: 73.5093 })
    expect(exact.results.map((r) => r.title)).toContain('Malé Lagoon Villas')
  })

  it('finds words of a description and the start of a word, and never what is inactive', async () => {
    expect(await titles({ q: 'dolphins' })).toEqual(['Sunset cruise'])
    expect(await titles({ q: 'fad', type: 'activity' })).toEqual(['Fado night in Alfama'])
    expect(await titles({ q: 'lagoon cruise' })).not.toContain('Hidden lagoon cruise')
    expect(await titles({ q: 'Maldova' })).not.toContain('Maldova Closed')
  })

  it('prices activities for the group with the tiers, converted into the search currency at the rate in force', async () => {
    const one = await searchCatalogue(as.traveler!, { type: 'activity', sort: 'price-low' })
    expect(one.results.map((r) => [r.title, r.price, r.currency])).toEqual([
      ['Cooking class', '30.00', 'USD'],
      ['Surf lesson', '40.00', 'USD'],
      ['Fado night in Alfama', '55.00', 'USD'],
      ['Sunset cruise', '100.00', 'USD'],
      ['Heli-skiing day', '2000.00', 'USD'],
    ])
    const five = await searchCatalogue(as.traveler!, { type: 'activity', travelers: '5', sort: 'price-high' })
    // Five take the second tier (80 each); the surf lesson takes four at most; the fixed price is for the group.
    expect(five.results.map((r) => [r.title, r.price])).toEqual([
      ['Heli-skiing day', '10000.00'],
      ['Sunset cruise', '400.00'],
      ['Cooking class', '150.00'],
      ['Fado night in Alfama', '55.00'],
    ])
  })

  it('filters by a price range in another currency', async () => {
    // 50 EUR is 50.00 in euros; 30 USD is 27.27 EUR, 40 USD 36.36 EUR (the inverse of 1.1), 100 USD 90.91 EUR.
    const euros = await searchCatalogue(as.traveler!, { currency: 'EUR', price_min: '37', price_max: '60' })
    expect(euros.results.map((r) => [r.title, r.price, r.currency])).toEqual([['Fado night in Alfama', '50.00', 'EUR']])
    expect(await titles({ currency: 'EUR', price_max: '36.36', sort: 'price-low' })).toEqual(['Cooking class', 'Surf lesson'])
    expect(await titles({ currency: 'EUR', price_max: '36.35', sort: 'price-low' })).toEqual(['Cooking class'])
    expect(await titles({ currency: 'EUR', price_min: '90.91', sort: 'price-low' })).toEqual(['Sunset cruise', 'Heli-skiing day'])
  })

  it('filters by category, days, rating, amenities and location, and sorts by rating', async () => {
    expect(await titles({ categories: 'culture,sports', sort: 'price-low' })).toEqual(['Surf lesson', 'Fado night in Alfama'])
    // The cruise runs Friday to Sunday: not on Monday 2026-11-30, but within a week from it.
    expect(await titles({ type: 'activity', date_from: day('2026-11-30'), date_to: day('2026-12-01') })).not.toContain('Sunset cruise')
    expect(await titles({ type: 'activity', date_from: day('2026-11-30'), date_to: day('2026-12-04') })).toContain('Sunset cruise')
    expect(await titles({ rating: '4', sort: 'rating' })).toEqual(['Sunset cruise', 'Malé Lagoon Villas'])
    expect(await titles({ amenities: 'Snorkel gear' })).toEqual(['Sunset cruise'])
    expect(await titles({ amenities: 'Breakfast' })).toEqual(['Malé Lagoon Villas'])
    const lisbon = await titles({ location: 'lisboa' })
    expect(lisbon).toEqual([])
    expect(await titles({ location: 'portugal', type: 'activity', sort: 'price-low' })).toEqual(['Surf lesson', 'Fado night in Alfama', 'Heli-skiing day'])
  })

  it('refuses bad filters with field errors in the spec’s words', async () => {
    const error = await domainErrorOf(
      searchCatalogue(as.traveler!, { price_min: 'abc', price_max: '20000', rating: '7', currency: 'ZZZ', sort: 'cheapest', categories: 'space' }),
    )
    expect(error.fields).toMatchObject({
      price_min: [DISCOVERY_MESSAGES.price],
      price_max: [DISCOVERY_MESSAGES.price],
      rating: [DISCOVERY_MESSAGES.rating],
      sort: [DISCOVERY_MESSAGES.sort],
      categories: [DISCOVERY_MESSAGES.category],
    })
    expect((await domainErrorOf(searchCatalogue(as.traveler!, { currency: 'ZZZ' }))).fields).toEqual({ currency: [DISCOVERY_MESSAGES.currency] })
    expect((await domainErrorOf(searchCatalogue(as.traveler!, { price_min: '50', price_max: '10' }))).fields).toEqual({
      price_max: [DISCOVERY_MESSAGES.priceOrder],
    })
    expect((await domainErrorOf(searchCatalogue({ ...as.traveler!, actor: null }, {}))).code).toBe('unauthenticated')
  })

  it('pages twelve at a time across kinds', async () => {
    const first = await searchCatalogue(as.traveler!, {})
    expect(first.results.length).toBeLessThanOrEqual(12)
    expect(first.results[0]).toMatchObject({ type: 'destination', title: 'Maldives' })
    const ids = first.results.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('recommendations', () => {
  it('come from the quiz and the wishlist, each with a percent match and its reason, within the budget band', async () => {
    const { basis, results } = await recommendFor(as.traveler!)
    expect(basis).toBe('history')
    const byTitle = Object.fromEntries(results.map((r) => [r.title, r]))
    // Heli-skiing suits the style and is in a saved country, but costs 2,000 a person: above the $1,500 band.
    expect(byTitle['Heli-skiing day']).toBeUndefined()
    // Cooking suits neither the style nor a place of interest.
    expect(byTitle['Cooking class']).toBeUndefined()
    expect(byTitle['Surf lesson']).toMatchObject({
      type: 'activity',
      reason: 'Suits your Adventure & Exploration style, within your Budget-Friendly budget',
      data: { price_per_person: '40.00', currency: 'USD', location: 'Porto, Portugal' },
    })
    expect(byTitle['Fado night in Alfama']).toMatchObject({ reason: 'In Portugal, on your wishlist, within your Budget-Friendly budget' })
    // Style and place together rank above either alone; the couple prices the cruise at 100 a person.
    expect(byTitle['Surf lesson']!.confidence).toBeGreaterThan(byTitle['Fado night in Alfama']!.confidence)
    expect(byTitle['Sunset cruise']).toMatchObject({ data: { price_per_person: '100.00' } })
    for (const r of results) {
      expect(r.confidence).toBeGreaterThan(0)
      expect(r.confidence).toBeLessThanOrEqual(1)
    }
    expect(results.map((r) => r.title)).not.toContain('Hidden lagoon cruise')
  })

  it('come from the quiz alone for someone with no wishlist, trips or bookings', async () => {
    await bed.handle.db.insert(quizSubmissions).values({
      userId: bed.userId('specialist'),
      quizData: { travel_style: 'Culture & History', budget_range: "I'm flexible", group_size: 'Solo traveler' },
    })
    const { basis, results } = await recommendFor(as.specialist!)
    expect(basis).toBe('history')
    expect(results.map((r) => [r.title, r.reason])).toEqual([['Fado night in Alfama', 'Suits your Culture & History style']])
  })

  it('are the promoted destinations, labelled, for someone Meridian knows nothing of', async () => {
    const { basis, results } = await recommendFor(as.other!)
    expect(basis).toBe('promoted')
    expect(results.map((r) => [r.title, r.data.promoted])).toEqual([['Maldives', true]])
  })
})
