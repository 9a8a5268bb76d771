import { activities, activityPricingTiers, and, countries, currencies, type Database, eq, locations, sql, suppliers } from '@meridian/db'

/** Every demo row of Search & Discovery says so at the start of its description. */
export const DEMO_DISCOVERY_LABEL = 'Demo data:'

const SUPPLIER = 'Maldives Reef Divers'

/** Demo activities on the Maldives, with ratings (their supplier's), tiers, days and included services to filter on. */
const ACTIVITIES = [
  {
    name: 'Sunset dolphin cruise from Malé',
    category: 'nature' as const,
    story: 'Two hours on a traditional dhoni as spinner dolphins play in the channels at dusk.',
    days: [5, 6, 7],
    included: ['hotel_pickup', 'meals', 'safety_equipment'],
    includes: 'Snacks on board, hotel pickup, life jackets.',
    tiers: [
      { name: 'Up to 4', min: 1, max: 4, unit: '95.00' },
      { name: '5 and more', min: 5, max: null, unit: '80.00' },
    ],
  },
  {
    name: 'House reef snorkelling safari',
    category: 'adventure' as const,
    story: 'Three reefs in a morning with a marine biologist; turtles and reef sharks most days.',
    days: [1, 2, 3, 4, 5, 6, 7],
    included: ['hotel_pickup', 'safety_equipment', 'meals'],
    includes: 'Snorkel gear, hotel pickup and lunch.',
    tiers: [{ name: 'Per person', min: 1, max: null, unit: '120.00' }],
  },
  {
    name: 'Malé fish market and old town walk',
    category: 'culture' as const,
    story: 'The morning catch, the Friday Mosque and the Tsunami Monument with a local guide.',
    days: [1, 2, 3, 4, 6, 7],
    included: ['professional_guide', 'drinks', 'meals'],
    includes: 'A local guide; tea and short eats.',
    tiers: [{ name: 'Per person', min: 1, max: 12, unit: '35.00' }],
  },
]

/**
 * Demo data for Search & Discovery (docs/discovery.md): Malé on the map of the Maldives (promoted), a rated dive
 * supplier with three activities there, and a guesthouse to stay in, so that searching "Male" (accent or not, or with
 * a typo), the filters and the map show something on a first `npm start`. Once; needs the reference catalogue and USD.
 */
export async function seedDemoDiscovery(db: Database): Promise<number> {
  const [maldives] = await db.select({ id: countries.id }).from(countries).where(eq(countries.name, 'Maldives'))
  const [usd] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'))
  if (!maldives || !usd) return 0
  const [done] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.name, SUPPLIER), sql`${suppliers.description} like ${`${DEMO_DISCOVERY_LABEL}%`}`))
  if (done) return 0
  return db.transaction(async (tx) => {
    await tx
      .update(countries)
      .set({ isPromotedDestination: true, destinationCategory: sql`coalesce(${countries.destinationCategory}, 'beach')` })
      .where(eq(countries.id, maldives.id))
    let [male] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.countryId, maldives.id), sql`${locations.searchName} = 'male'`))
    if (male) {
      await tx.update(locations).set({ latitude: '4.175500', longitude: '73.509300', isFeatured: true, isActive: true }).where(eq(locations.id, male.id))
    } else {
      ;[male] = await tx
        .insert(locations)
        .values({
          name: 'Malé',
          countryId: maldives.id,
          locationType: 'city',
          description: `${DEMO_DISCOVERY_LABEL} the capital, on one island of the North Malé Atoll.`,
          latitude: '4.175500',
          longitude: '73.509300',
          timezone: 'Indian/Maldives',
          airportCode: 'MLE',
          isFeatured: true,
        })
        .returning({ id: locations.id })
    }
    const [divers] = await tx
      .insert(suppliers)
      .values({
        name: SUPPLIER,
        supplierType: 'tour_operator',
        status: 'active',
        city: 'Malé',
        countryId: maldives.id,
        description: `${DEMO_DISCOVERY_LABEL} PADI dive centre running boat trips from Malé.`,
        verified: true,
        rating: '4.80',
        totalReviews: 63,
        tags: ['demo'],
      })
      .returning({ id: suppliers.id })
    for (const a of ACTIVITIES) {
      const [row] = await tx
        .insert(activities)
        .values({
          name: a.name,
          description: `${DEMO_DISCOVERY_LABEL} ${a.story}`,
          category: a.category,
          supplierId: divers!.id,
          supplierName: SUPPLIER,
          pricingModel: 'tiered',
          currencyId: usd.id,
          durationHours: '3',
          daysOfWeek: a.days,
          locationId: male!.id,
          countryId: maldives.id,
          includedServices: a.included,
          includesText: a.includes,
          maxParticipants: 12,
          isFeatured: true,
        })
        .returning({ id: activities.id })
      await tx
        .insert(activityPricingTiers)
        .values(a.tiers.map((t, i) => ({ activityId: row!.id, position: i, name: t.name, minQuantity: t.min, maxQuantity: t.max, pricePerUnit: t.unit })))
    }
    await tx.insert(suppliers).values({
      name: 'Malé Lagoon Guesthouse',
      supplierType: 'accommodation',
      status: 'active',
      companyName: 'Malé Lagoon Guesthouse',
      city: 'Malé',
      countryId: maldives.id,
      description: `${DEMO_DISCOVERY_LABEL} Eight sea-view rooms by the ferry terminal, ten minutes from the airport by boat.`,
      servicesOffered: ['Breakfast', 'Airport transfer', 'Wi-Fi'],
      languagesSupported: ['Dhivehi', 'English'],
      verified: true,
      rating: '4.50',
      totalReviews: 118,
      tags: ['demo'],
    })
    return ACTIVITIES.length + 2
  })
}
