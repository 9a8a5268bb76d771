import { and, countries, type Database, eq, inArray, sql, suppliers } from '@meridian/db'

/** Every demo accommodation's description starts with this, like the other demo rows. */
export const DEMO_STAY_LABEL = 'Demo data:'

interface DemoStay {
  name: string
  country: string
  city: string
  rating: string
  reviews: number
  verified: boolean
  services: string[]
  languages: string[]
  story: string
}

/** Places to stay in the demo trips' countries (demo data), so the destination pages have a 'Where to stay'. */
const DEMO_STAYS: DemoStay[] = [
  {
    name: 'Casa do Chiado',
    country: 'Portugal',
    city: 'Lisbon',
    rating: '4.70',
    reviews: 212,
    verified: true,
    services: ['Breakfast', 'Airport transfer', 'Rooftop terrace'],
    languages: ['Portuguese', 'English', 'French'],
    story: 'A boutique hotel in a restored 19th-century building, steps from the tram 28 line.',
  },
  {
    name: 'Alfama Guesthouse',
    country: 'Portugal',
    city: 'Lisbon',
    rating: '4.30',
    reviews: 87,
    verified: false,
    services: ['Breakfast', 'Fado evenings'],
    languages: ['Portuguese', 'English'],
    story: 'Six rooms above a quiet square in the old Moorish quarter.',
  },
  {
    name: 'Ryokan Asakusa Sakura',
    country: 'Japan',
    city: 'Tokyo',
    rating: '4.80',
    reviews: 341,
    verified: true,
    services: ['Onsen bath', 'Kaiseki dinner', 'Tea ceremony'],
    languages: ['Japanese', 'English'],
    story: 'A family-run ryokan with tatami rooms and a garden bath.',
  },
  {
    name: 'Miraflores Family Suites',
    country: 'Peru',
    city: 'Lima',
    rating: '4.50',
    reviews: 129,
    verified: true,
    services: ['Family rooms', 'Breakfast', 'Kids club'],
    languages: ['Spanish', 'English'],
    story: 'Apartments with kitchens by the Malecón cliffs.',
  },
  {
    name: 'Northern Lights Lodge',
    country: 'Iceland',
    city: 'Reykjavik',
    rating: '4.60',
    reviews: 178,
    verified: true,
    services: ['Aurora wake-up calls', 'Hot tub', 'Glacier tours'],
    languages: ['Icelandic', 'English'],
    story: 'A timber lodge outside the city, dark skies for the aurora.',
  },
]

/**
 * Demo accommodation suppliers (supplier_type accommodation, active), labelled as demo data, in countries the
 * reference catalogue has. Runs once: nothing happens when any demo stay exists already. Returns the stays added.
 */
export async function seedDemoAccommodations(db: Database): Promise<number> {
  const [existing] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.supplierType, 'accommodation'), sql`${suppliers.description} like ${`${DEMO_STAY_LABEL}%`}`))
    .limit(1)
  if (existing) return 0
  const found = await db
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(inArray(countries.name, [...new Set(DEMO_STAYS.map((s) => s.country))]))
  const countryId = new Map(found.map((c) => [c.name, c.id]))
  const rows = DEMO_STAYS.filter((s) => countryId.has(s.country)).map((s) => ({
    name: s.name,
    supplierType: 'accommodation' as const,
    status: 'active' as const,
    companyName: s.name,
    city: s.city,
    countryId: countryId.get(s.country)!,
    description: `${DEMO_STAY_LABEL} ${s.story}`,
    servicesOffered: s.services,
    languagesSupported: s.languages,
    verified: s.verified,
    rating: s.rating,
    totalReviews: s.reviews,
    tags: ['demo'],
  }))
  if (rows.length === 0) return 0
  await db.insert(suppliers).values(rows)
  return rows.length
}
