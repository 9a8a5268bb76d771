import {
  activities,
  activityPricingTiers,
  and,
  asc,
  conversionRates,
  countries,
  currencies,
  eq,
  inArray,
  locations,
  sql,
  suppliers,
  transfers,
} from '@meridian/db'
import type { CancellationPolicy, PaymentTerms } from '@meridian/validators/booking-constants'
import type { ActivityCategory, IncludedService } from '@meridian/validators/activity-constants'
import type { DemoTx } from './demo-record.ts'

// The demo world's catalogue (docs/demo.md): destination content, tour operators with tiered activities, transfers and
// conversion rates. Everything says it is demo data; existing content an editor wrote is never overwritten.

export const DEMO_TEXT = 'Demo data:'

interface DemoDestination {
  country: string
  category: 'beach' | 'culture' | 'adventure' | 'luxury' | 'family' | 'honeymoon'
  whyVisit: string
  highlights: string
  bestTime: string
}

/** The demo trips' countries, with the content a destination page shows. */
export const DEMO_DESTINATIONS: DemoDestination[] = [
  {
    country: 'Japan',
    category: 'culture',
    whyVisit: 'Temples beside neon streets, the best trains in the world and food worth the flight alone.',
    highlights: 'Kyoto temples and gardens; Tokyo neighbourhoods; a ryokan with hot springs; Hakone and Mount Fuji views.',
    bestTime: 'Late March to May for cherry blossom and mild days; October and November for autumn colour.',
  },
  {
    country: 'Portugal',
    category: 'culture',
    whyVisit: 'Tiled cities on hills, Atlantic beaches and some of the friendliest food and wine in Europe.',
    highlights: 'Lisbon and its trams; the palaces of Sintra; Porto and the Douro valley; the Algarve coast.',
    bestTime: 'April to June and September to October: warm, bright and calmer than high summer.',
  },
  {
    country: 'Peru',
    category: 'adventure',
    whyVisit: 'Inca citadels in the clouds, the Amazon and a capital many call the food capital of the Americas.',
    highlights: 'Machu Picchu; the Sacred Valley; Cusco; Lima food markets; Lake Titicaca.',
    bestTime: 'May to September, the dry season in the Andes.',
  },
  {
    country: 'Iceland',
    category: 'adventure',
    whyVisit: 'Glaciers, waterfalls and black beaches within a day of each other, and the northern lights in winter.',
    highlights: 'The Golden Circle; the south coast and its glacier lagoon; whale watching in the north; hot springs.',
    bestTime: 'June to August for long days and open roads; October to March for the northern lights.',
  },
  {
    country: 'Kenya',
    category: 'adventure',
    whyVisit: 'The great migration across the Masai Mara, then white beaches on the Indian Ocean.',
    highlights: 'Masai Mara game drives; Amboseli under Kilimanjaro; Lamu old town; the Diani coast.',
    bestTime: 'July to October for the migration; January and February for dry, warm days.',
  },
  {
    country: 'Maldives',
    category: 'honeymoon',
    whyVisit: 'Atolls of white sand and clear lagoons, with some of the best diving in the Indian Ocean.',
    highlights: 'Overwater villas; house reef snorkelling; manta rays at Hanifaru Bay; sandbank dinners.',
    bestTime: 'November to April, the dry north-east monsoon.',
  },
]

interface DemoTour {
  country: string
  city: string
  supplier: string
  about: string
  rating: string
  reviews: number
  /** Booking terms of its own (docs/bookings.md "Terms of a supplier or an activity"); none: the booking settings'. */
  terms?: { schedule?: PaymentTerms; policy?: CancellationPolicy; zone: string }
  activities: {
    name: string
    category: ActivityCategory
    hours: number
    story: string
    /** The §9 included-service options; the details a traveler reads go to `includes`. */
    included: IncludedService[]
    includes: string
    tiers: [name: string, min: number, max: number | null, price: string][]
  }[]
}

/** A tour operator in each demo destination, with activities priced by group size. */
const TOURS: DemoTour[] = [
  {
    country: 'Japan',
    city: 'Tokyo',
    supplier: 'Tokyo Local Journeys',
    // A stricter cancellation policy than the settings', its deadlines at midnight in Tokyo.
    terms: {
      policy: { steps: [{ days_before: 45, percent: '30', amount: null }, { days_before: 21, percent: '60', amount: null }, { days_before: 7, percent: '100', amount: null }] },
      zone: 'Asia/Tokyo',
    },
    about: 'Small-group walks and tastings with guides who live in the neighbourhoods they show.',
    rating: '4.90',
    reviews: 212,
    activities: [
      {
        name: 'Tsukiji outer market breakfast walk',
        category: 'culinary',
        hours: 3,
        story: 'Tamagoyaki, fresh sushi and matcha among the stalls, before the crowds.',
        included: ['professional_guide', 'meals'],
        includes: 'Tastings at the stalls.',
        tiers: [
          ['1 to 3 guests', 1, 3, '85.00'],
          ['4 to 8 guests', 4, 8, '70.00'],
        ],
      },
      {
        name: 'Asakusa and Yanaka old Tokyo by bike',
        category: 'culture',
        hours: 4,
        story: 'Temples, craft shops and the quiet lanes of shitamachi on a city bike.',
        included: ['professional_guide', 'safety_equipment', 'drinks'],
        includes: 'A city bike and helmet; green tea on the way.',
        tiers: [
          ['Per person', 1, 6, '75.00'],
          ['Group of 7 and more', 7, null, '60.00'],
        ],
      },
    ],
  },
  {
    country: 'Portugal',
    city: 'Lisbon',
    supplier: 'Lisboa Walks & Tastes',
    about: 'Food and history tours of Lisbon, Sintra and the Setúbal coast since 2012.',
    rating: '4.80',
    reviews: 341,
    activities: [
      {
        name: 'Lisbon petiscos and wine tasting',
        category: 'culinary',
        hours: 3.5,
        story: 'Seven tascas, petiscos and wines from five regions, in Baixa and Mouraria.',
        included: ['professional_guide', 'meals', 'drinks'],
        includes: 'Food and wine at each stop.',
        tiers: [
          ['1 to 4 guests', 1, 4, '89.00'],
          ['5 to 10 guests', 5, 10, '74.00'],
        ],
      },
      {
        name: 'Arrábida coast kayaking',
        category: 'nature',
        hours: 5,
        story: 'Turquoise coves under the Arrábida hills, with a picnic on a beach reached only by water.',
        included: ['safety_equipment', 'meals', 'transport'],
        includes: 'Kayak and gear, a picnic lunch, transport from Lisbon.',
        tiers: [
          ['Per person', 1, 7, '110.00'],
          ['Group of 8 and more', 8, null, '95.00'],
        ],
      },
    ],
  },
  {
    country: 'Peru',
    city: 'Cusco',
    supplier: 'Sacred Valley Expeditions',
    about: 'Licensed Andean guides for Machu Picchu, the Sacred Valley and the Inca Trail.',
    rating: '4.70',
    reviews: 158,
    activities: [
      {
        name: 'Machu Picchu guided visit',
        category: 'culture',
        hours: 6,
        story: 'The citadel with an archaeologist guide, then the climb to the Sun Gate.',
        included: ['professional_guide', 'entrance_fees', 'transport'],
        includes: 'The entrance ticket and the bus up and down.',
        tiers: [
          ['1 to 2 guests', 1, 2, '180.00'],
          ['3 to 6 guests', 3, 6, '150.00'],
          ['7 and more', 7, null, '135.00'],
        ],
      },
      {
        name: 'Rainbow Mountain day hike',
        category: 'adventure',
        hours: 12,
        story: 'Vinicunca at 5,000 metres: an early start, a steady climb and colours worth the thin air.',
        included: ['professional_guide', 'meals', 'transport'],
        includes: 'Breakfast and lunch, transport from Cusco.',
        tiers: [
          ['Per person', 1, 8, '95.00'],
          ['Group of 9 and more', 9, null, '80.00'],
        ],
      },
    ],
  },
  {
    country: 'Iceland',
    city: 'Reykjavik',
    supplier: 'Arctic Trails Iceland',
    about: 'Glacier walks, ice caves and northern lights hunts with certified mountain guides.',
    rating: '4.85',
    reviews: 276,
    activities: [
      {
        name: 'Sólheimajökull glacier walk',
        category: 'adventure',
        hours: 3,
        story: 'Crampons on for an hour on the ice, between crevasses and blue ice sculptures.',
        included: ['professional_guide', 'safety_equipment'],
        includes: 'Crampons, ice axe and helmet; a certified glacier guide.',
        tiers: [
          ['Per person', 1, 6, '120.00'],
          ['Group of 7 and more', 7, 12, '105.00'],
        ],
      },
      {
        name: 'Northern lights hunt by minibus',
        category: 'nature',
        hours: 4,
        story: 'Away from the city lights, wherever the forecast is clearest that night.',
        included: ['drinks', 'photos'],
        includes: 'Hot chocolate, photos of your group, and a free second try if the lights stay away.',
        tiers: [
          ['Per person', 1, 4, '79.00'],
          ['Group of 5 and more', 5, null, '69.00'],
        ],
      },
    ],
  },
  {
    country: 'Kenya',
    city: 'Nairobi',
    supplier: 'Mara Horizons Safaris',
    // A fixed deposit when booked and the balance 21 days before, in Nairobi time.
    terms: { schedule: { deposit_percent: null, deposit_amount: '500', deposit_due: 'booking', balance_days: 21 }, zone: 'Africa/Nairobi' },
    about: 'Family-run safari company with its own camps in the Masai Mara and Amboseli.',
    rating: '4.75',
    reviews: 189,
    activities: [
      {
        name: 'Masai Mara full-day game drive',
        category: 'nature',
        hours: 9,
        story: 'Lions, elephants and, from July, the river crossings of the great migration.',
        included: ['entrance_fees', 'meals', 'transport'],
        includes: 'A pop-up roof vehicle, a packed lunch and the park fees.',
        tiers: [
          ['1 to 2 guests', 1, 2, '320.00'],
          ['3 to 6 guests', 3, 6, '240.00'],
        ],
      },
      {
        name: 'Nairobi giraffe centre and Karen Blixen house',
        category: 'family',
        hours: 5,
        story: 'Feed Rothschild giraffes, then the farmhouse of Out of Africa.',
        included: ['professional_guide', 'entrance_fees', 'transport'],
        includes: 'Entrance fees and a driver-guide.',
        tiers: [
          ['Per person', 1, 4, '90.00'],
          ['Group of 5 and more', 5, null, '75.00'],
        ],
      },
    ],
  },
]

interface DemoTransfer {
  name: string
  type: 'speedboat' | 'seaplane' | 'private_car' | 'train' | 'bus'
  country: string
  from: string
  to: string
  duration: string
  routes: { from: string; to: string; distance_km: number; duration_minutes: number }[]
  pricing: { currency: 'USD'; per: 'person' | 'vehicle'; adult?: string; child?: string; vehicle?: string }
  schedules: { days: string[]; departures: string[]; frequency: string }
}

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

/** Transfers from the demo destinations' airports. */
const TRANSFERS: DemoTransfer[] = [
  {
    name: 'Velana Airport to North Malé Atoll resorts',
    type: 'speedboat',
    country: 'Maldives',
    from: 'Malé',
    to: 'Malé',
    duration: '45 minutes',
    routes: [{ from: 'Velana International Airport', to: 'North Malé Atoll resort jetty', distance_km: 28, duration_minutes: 45 }],
    pricing: { currency: 'USD', per: 'person', adult: '180.00', child: '90.00' },
    schedules: { days: EVERY_DAY, departures: ['08:00', '11:30', '15:00', '18:30'], frequency: 'four times daily' },
  },
  {
    name: 'Lisbon Airport to Chiado by private car',
    type: 'private_car',
    country: 'Portugal',
    from: 'Lisbon',
    to: 'Lisbon',
    duration: '25 minutes',
    routes: [{ from: 'Humberto Delgado Airport', to: 'Chiado', distance_km: 9, duration_minutes: 25 }],
    pricing: { currency: 'USD', per: 'vehicle', vehicle: '45.00' },
    schedules: { days: EVERY_DAY, departures: [], frequency: 'on request' },
  },
  {
    name: 'Keflavík Airport to Reykjavik by coach',
    type: 'bus',
    country: 'Iceland',
    from: 'Reykjavik',
    to: 'Reykjavik',
    duration: '45 minutes',
    routes: [{ from: 'Keflavík International Airport', to: 'Reykjavik bus terminal', distance_km: 49, duration_minutes: 45 }],
    pricing: { currency: 'USD', per: 'person', adult: '35.00', child: '17.50' },
    schedules: { days: EVERY_DAY, departures: ['06:30', '09:00', '13:00', '17:00', '21:00'], frequency: 'after every arrival' },
  },
  {
    name: 'Cusco to the Sacred Valley by private car',
    type: 'private_car',
    country: 'Peru',
    from: 'Cusco',
    to: 'Cusco',
    duration: '1 hour 30 minutes',
    routes: [{ from: 'Cusco airport', to: 'Urubamba', distance_km: 57, duration_minutes: 90 }],
    pricing: { currency: 'USD', per: 'vehicle', vehicle: '65.00' },
    schedules: { days: EVERY_DAY, departures: [], frequency: 'on request' },
  },
  {
    name: 'Narita Express to Tokyo Station',
    type: 'train',
    country: 'Japan',
    from: 'Tokyo',
    to: 'Tokyo',
    duration: '1 hour',
    routes: [{ from: 'Narita Airport', to: 'Tokyo Station', distance_km: 66, duration_minutes: 60 }],
    pricing: { currency: 'USD', per: 'person', adult: '21.00', child: '10.50' },
    schedules: { days: EVERY_DAY, departures: ['07:45', '09:15', '12:45', '16:15', '19:45'], frequency: 'every 30 to 60 minutes' },
  },
]

/** Roughly where the active currencies stood against the dollar; the history wanders a little around them. */
const USD_RATES: Record<string, string> = { EUR: '0.9210', GBP: '0.7895', JPY: '151.2000', AUD: '1.5230', CAD: '1.3710', CHF: '0.8820', MVR: '15.4200' }

const DAY = 86_400_000

/** Place ids by country name, and a city in each by name (the first match), from the reference catalogue. */
async function places(tx: DemoTx, names: string[]) {
  const found = await tx.select({ id: countries.id, name: countries.name }).from(countries).where(inArray(countries.name, names))
  const cities = found.length
    ? await tx
        .select({ id: locations.id, name: locations.name, countryId: locations.countryId })
        .from(locations)
        .where(
          inArray(
            locations.countryId,
            found.map((c) => c.id),
          ),
        )
        .orderBy(asc(locations.id))
    : []
  const country = (name: string) => found.find((c) => c.name === name)?.id
  const city = (countryName: string, name: string) => {
    const id = country(countryName)
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    return cities.find((c) => c.countryId === id && fold(c.name) === fold(name))?.id ?? null
  }
  /** The named city, else the country's first place (its capital in the reference catalogue). */
  const cityOrAny = (countryName: string, name: string) => city(countryName, name) ?? cities.find((c) => c.countryId === country(countryName))?.id ?? null
  return { country, city, cityOrAny }
}

/** Promote the demo destinations and fill in their empty content fields. The countries changed. */
export async function seedDemoDestinations(tx: DemoTx): Promise<number> {
  let changed = 0
  for (const d of DEMO_DESTINATIONS) {
    const rows = await tx
      .update(countries)
      .set({
        isPromotedDestination: true,
        destinationCategory: sql`coalesce(${countries.destinationCategory}, ${d.category})`,
        whyVisit: sql`case when ${countries.whyVisit} = '' then ${`${DEMO_TEXT} ${d.whyVisit}`} else ${countries.whyVisit} end`,
        highlights: sql`case when ${countries.highlights} = '' then ${d.highlights} else ${countries.highlights} end`,
        bestTimeToVisit: sql`case when ${countries.bestTimeToVisit} = '' then ${d.bestTime} else ${countries.bestTimeToVisit} end`,
      })
      .where(eq(countries.name, d.country))
      .returning({ id: countries.id })
    changed += rows.length
  }
  return changed
}

/** A tour operator in each demo destination with two activities priced in tiers. The activities added. */
export async function seedDemoTours(tx: DemoTx): Promise<number> {
  const [usd] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'USD'))
  if (!usd) return 0
  const where = await places(
    tx,
    TOURS.map((t) => t.country),
  )
  let added = 0
  for (const tour of TOURS) {
    const countryId = where.country(tour.country)
    const locationId = where.cityOrAny(tour.country, tour.city)
    if (!countryId || !locationId) continue
    const [supplier] = await tx
      .insert(suppliers)
      .values({
        name: tour.supplier,
        supplierType: 'tour_operator',
        status: 'active',
        companyName: tour.supplier,
        city: tour.city,
        countryId,
        description: `${DEMO_TEXT} ${tour.about}`,
        email: `hello@${tour.supplier.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
        servicesOffered: ['Guided tours', 'Private groups'],
        languagesSupported: ['English'],
        verified: true,
        rating: tour.rating,
        totalReviews: tour.reviews,
        tags: ['demo'],
        scheduleTerms: tour.terms?.schedule ?? null,
        cancellationTerms: tour.terms?.policy ?? null,
        timeZone: tour.terms?.zone ?? '',
      })
      .returning({ id: suppliers.id })
    for (const a of tour.activities) {
      const [row] = await tx
        .insert(activities)
        .values({
          name: a.name,
          description: `${DEMO_TEXT} ${a.story}`,
          category: a.category,
          supplierId: supplier!.id,
          supplierName: tour.supplier,
          pricingModel: 'tiered',
          currencyId: usd.id,
          durationHours: String(a.hours),
          locationId,
          countryId,
          includedServices: a.included,
          includesText: a.includes,
          maxParticipants: 12,
          isFeatured: added % 3 === 0,
        })
        .returning({ id: activities.id })
      await tx
        .insert(activityPricingTiers)
        .values(
          a.tiers.map(([name, min, max, price], position) => ({
            activityId: row!.id,
            position,
            name,
            minQuantity: min,
            maxQuantity: max,
            pricePerUnit: price,
          })),
        )
      added++
    }
  }
  return added
}

/** Airport transfers in the demo destinations. The transfers added. */
export async function seedDemoTransfers(tx: DemoTx, createdById: number | null): Promise<number> {
  const where = await places(
    tx,
    TRANSFERS.map((t) => t.country),
  )
  let added = 0
  for (const t of TRANSFERS) {
    const countryId = where.country(t.country)
    if (!countryId) continue
    await tx.insert(transfers).values({
      name: t.name,
      type: t.type,
      fromCountryId: countryId,
      toCountryId: countryId,
      fromLocationId: where.city(t.country, t.from),
      toLocationId: where.city(t.country, t.to),
      duration: t.duration,
      routes: t.routes.map((r) => ({ ...r, notes: 'Demo data' })),
      pricing: { ...t.pricing, notes: 'Demo data' },
      schedules: { ...t.schedules, notes: 'Demo data' },
      createdById,
    })
    added++
  }
  return added
}

/**
 * Conversion rates from the dollar to each active currency: today's and one a week for the eight weeks before, so
 * the rates list and a conversion have figures. A pair and day that already have a rate keep it. The rates added.
 */
export async function seedDemoRates(tx: DemoTx, createdById: number | null): Promise<number> {
  const rows = await tx.select({ id: currencies.id, code: currencies.code }).from(currencies).where(eq(currencies.isActive, true))
  const usd = rows.find((r) => r.code === 'USD')
  if (!usd) return 0
  const values: (typeof conversionRates.$inferInsert)[] = []
  for (const target of rows) {
    const base = USD_RATES[target.code]
    if (!base || target.id === usd.id) continue
    const [whole, fraction = ''] = base.split('.')
    const scaled = BigInt(whole! + fraction.padEnd(4, '0'))
    for (let week = 0; week <= 8; week++) {
      // Within ±0.8% of today's rate, the same every run: exact decimals, never floats.
      const wobble = BigInt(((week * 37 + target.code.charCodeAt(0)) % 17) - 8)
      const value = week === 0 ? scaled : scaled + (scaled * wobble) / 1000n
      const text = value.toString().padStart(5, '0')
      values.push({
        fromCurrencyId: usd.id,
        toCurrencyId: target.id,
        rate: `${text.slice(0, -4)}.${text.slice(-4)}`,
        effectiveDate: new Date(Date.now() - week * 7 * DAY).toISOString().slice(0, 10),
        source: 'manual',
        createdById,
      })
    }
  }
  if (!values.length) return 0
  const added = await tx.insert(conversionRates).values(values).onConflictDoNothing().returning({ id: conversionRates.id })
  return added.length
}

/** Ids of the demo destinations' countries (for the photos). */
export async function demoDestinationIds(tx: DemoTx): Promise<{ id: number; name: string }[]> {
  return tx
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(
      and(
        inArray(
          countries.name,
          DEMO_DESTINATIONS.map((d) => d.country),
        ),
        eq(countries.isPromotedDestination, true),
      ),
    )
}
