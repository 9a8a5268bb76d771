import { activities, activityPricingTiers, asc, countries, currencies, type Database, eq, locations, sql, suppliers, trips } from '@meridian/db'
import type { WishlistType } from '@meridian/validators/booking-constants'
import { featuredImages } from '../accommodations/featured-images.ts'
import { type ActivityPricing, computePrice, type PricingTierValue } from '../activities/pricing.ts'
import { Dec } from '../currencies/money.ts'
import { byIds } from '../lists/paged-list.ts'

/** What a card shows of a saved thing (2-catalogue-content.md §3 Wishlist item), whatever its type. */
export interface WishlistCard {
  title: string
  location: string
  description: string
  image: string | null
  rating: number | null
  /** Exact decimal, or null when the thing has no price (destinations; hotels until a stay is quoted). */
  price: string | null
  currency: string | null
  /** '/night' for a hotel's nightly price, '/person' for a trip's budget per traveler (2-catalogue-content.md My Wishlist). */
  price_suffix: '' | '/night' | '/person'
  /** An activity's lowest per-person price ("From …"). */
  price_from: boolean
  /** The thing's own page. */
  url: string | null
  /** False once the thing was withdrawn (a destination or activity made inactive, a hotel no longer active). */
  is_available: boolean
}

export interface Target {
  type: WishlistType
  id: number
}

const countryCards = byIds('wishlist_countries', (db, ids) =>
  db
    .select({ id: countries.id, name: countries.name, continent: countries.continent, whyVisit: countries.whyVisit, isActive: countries.isActive })
    .from(countries)
    .where(sql`${countries.id} = any(${ids})`),
)

const hotelCards = byIds('wishlist_hotels', (db, ids) =>
  db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      description: suppliers.description,
      city: suppliers.city,
      countryId: suppliers.countryId,
      countryName: countries.name,
      countryActive: countries.isActive,
      rating: suppliers.rating,
      totalReviews: suppliers.totalReviews,
      available: sql<boolean>`${suppliers.supplierType} = 'accommodation' and ${suppliers.status} = 'active'`,
    })
    .from(suppliers)
    .leftJoin(countries, eq(countries.id, suppliers.countryId))
    .where(sql`${suppliers.id} = any(${ids})`),
)

const activityCards = byIds('wishlist_activities', (db, ids) =>
  db
    .select({
      id: activities.id,
      name: activities.name,
      description: activities.description,
      isActive: activities.isActive,
      countryId: activities.countryId,
      locationName: locations.name,
      countryName: countries.name,
      currency: currencies.code,
      pricingModel: activities.pricingModel,
      fixedPrice: activities.fixedPrice,
      maxParticipants: activities.maxParticipants,
    })
    .from(activities)
    .leftJoin(locations, eq(locations.id, activities.locationId))
    .leftJoin(countries, eq(countries.id, activities.countryId))
    .leftJoin(currencies, eq(currencies.id, activities.currencyId))
    .where(sql`${activities.id} = any(${ids})`),
)

const activityTiers = byIds('wishlist_activity_tiers', (db, ids) =>
  db
    .select()
    .from(activityPricingTiers)
    .where(sql`${activityPricingTiers.activityId} = any(${ids})`)
    .orderBy(asc(activityPricingTiers.activityId), asc(activityPricingTiers.position), asc(activityPricingTiers.id)),
)

const tripCards = byIds('wishlist_trips', (db, ids) =>
  db
    .select({
      id: trips.id,
      title: trips.title,
      description: trips.description,
      countryId: trips.countryId,
      locationId: trips.locationId,
      countryName: countries.name,
      cityName: locations.name,
      budgetTotal: trips.budgetTotal,
      travelers: trips.travelers,
      currency: trips.currency,
      rating: trips.rating,
    })
    .from(trips)
    .leftJoin(countries, eq(countries.id, trips.countryId))
    .leftJoin(locations, eq(locations.id, trips.locationId))
    .where(sql`${trips.id} = any(${ids})`),
)

/**
 * An activity's "from" price per person by the pricing engine (computePrice): a fixed activity's price; for tiers,
 * the lowest price per participant at each tier's smallest and largest group (within max_participants). Null when
 * no group can be priced.
 */
export function fromPrice(pricing: ActivityPricing): string | null {
  const sizes = new Set<number>()
  if (pricing.pricing_model === 'fixed') sizes.add(1)
  for (const t of pricing.pricing_tiers) {
    sizes.add(t.min_quantity)
    // A group price is cheapest per person for the largest group the tier (and the activity) takes.
    const upper = t.max_quantity === null ? pricing.max_participants : Math.min(t.max_quantity, pricing.max_participants ?? t.max_quantity)
    if (upper !== null) sizes.add(upper)
  }
  let best: InstanceType<typeof Dec> | null = null
  for (const n of sizes) {
    if (n < 1 || (pricing.max_participants !== null && n > pricing.max_participants)) continue
    try {
      const price = pricing.pricing_model === 'fixed' ? computePrice(pricing, n).total : computePrice(pricing, n).unit_price
      const value = new Dec(price)
      if (best === null || value.lt(best)) best = value
    } catch {
      // A size no tier covers (or a fixed activity without a price) has no price: the others decide.
    }
  }
  return best === null ? null : best.toFixed(2)
}

/** The budget per traveler of a trip, exact to the cent (half up), or null without a budget. */
export function perPerson(total: string, travelers: number): string | null {
  const value = new Dec(total)
  if (!value.gt(0) || travelers < 1) return null
  return value.div(travelers).toFixed(2, Dec.ROUND_HALF_UP)
}

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ')

/** Cards for these targets, one statement per type present (and one for photos of each), keyed `type:id`. */
export async function loadCards(db: Database, targets: Target[]): Promise<Map<string, WishlistCard>> {
  const idsOf = (type: WishlistType) => [...new Set(targets.filter((t) => t.type === type).map((t) => t.id))]
  const [countryIds, hotelIds, activityIds, tripIds] = [idsOf('destination'), idsOf('hotel'), idsOf('activity'), idsOf('trip')]
  const [cs, hs, acts, tiers, ts, countryImages, hotelImages, activityImages] = await Promise.all([
    countryCards(db, countryIds),
    hotelCards(db, hotelIds),
    activityCards(db, activityIds),
    activityTiers(db, activityIds),
    tripCards(db, tripIds),
    countryIds.length ? featuredImages(db, 'core.country', countryIds) : new Map<number, string>(),
    hotelIds.length ? featuredImages(db, 'core.accommodation', hotelIds) : new Map<number, string>(),
    activityIds.length ? featuredImages(db, 'core.activity', activityIds) : new Map<number, string>(),
  ])
  // A trip shows its city's photo, else its country's (as My Trips does).
  const tripCities = ts.map((t) => t.locationId).filter((x): x is number => x !== null)
  const tripCountries = ts.map((t) => t.countryId).filter((x): x is number => x !== null)
  const [cityImages, tripCountryImages] = await Promise.all([
    tripCities.length ? featuredImages(db, 'core.location', tripCities) : new Map<number, string>(),
    tripCountries.length ? featuredImages(db, 'core.country', tripCountries) : new Map<number, string>(),
  ])
  const out = new Map<string, WishlistCard>()
  for (const c of cs) {
    out.set(`destination:${c.id}`, {
      title: c.name,
      location: c.continent,
      description: c.whyVisit,
      image: countryImages.get(c.id) ?? null,
      rating: null,
      price: null,
      currency: null,
      price_suffix: '',
      price_from: false,
      url: c.isActive ? `/dashboard/destinations/${c.id}` : null,
      is_available: c.isActive,
    })
  }
  for (const h of hs) {
    const available = Boolean(h.available)
    out.set(`hotel:${h.id}`, {
      title: h.name,
      location: join(h.city, h.countryName),
      description: h.description,
      image: hotelImages.get(h.id) ?? null,
      rating: h.totalReviews > 0 ? Number(h.rating) : null,
      // Suppliers carry no nightly price: a stay is quoted when staff confirm it.
      price: null,
      currency: null,
      price_suffix: '',
      price_from: false,
      url: available && h.countryId !== null && h.countryActive ? `/dashboard/destinations/${h.countryId}#stay-${h.id}` : null,
      is_available: available,
    })
  }
  const tiersBy = new Map<number, PricingTierValue[]>()
  for (const t of tiers) {
    const list = tiersBy.get(t.activityId) ?? []
    list.push({ name: t.name, min_quantity: t.minQuantity, max_quantity: t.maxQuantity, price_per_unit: t.pricePerUnit, fixed_price: t.fixedPrice })
    tiersBy.set(t.activityId, list)
  }
  for (const a of acts) {
    const price = fromPrice({
      pricing_model: a.pricingModel,
      fixed_price: a.fixedPrice,
      pricing_tiers: tiersBy.get(a.id) ?? [],
      max_participants: a.maxParticipants,
    })
    out.set(`activity:${a.id}`, {
      title: a.name,
      location: join(a.locationName, a.countryName),
      description: a.description,
      image: activityImages.get(a.id) ?? null,
      rating: null,
      price,
      currency: price === null ? null : a.currency ?? null,
      price_suffix: '',
      price_from: price !== null && a.pricingModel === 'tiered',
      url: a.isActive ? activityPath(a.id, a.countryId) : null,
      is_available: a.isActive,
    })
  }
  for (const t of ts) {
    const price = perPerson(t.budgetTotal, t.travelers)
    out.set(`trip:${t.id}`, {
      title: t.title,
      location: join(t.cityName, t.countryName),
      description: t.description,
      image:
        (t.locationId !== null ? cityImages.get(t.locationId) : undefined) ?? (t.countryId !== null ? tripCountryImages.get(t.countryId) : undefined) ?? null,
      rating: t.rating,
      price,
      currency: price === null ? null : t.currency,
      price_suffix: price === null ? '' : '/person',
      price_from: false,
      url: `/dashboard/trips/${t.id}`,
      is_available: true,
    })
  }
  return out
}

/** Where a traveler sees an activity: its destination's page, at its card in 'Things to do'. */
export const activityPath = (id: number, countryId: number) => `/dashboard/destinations/${countryId}#activity-${id}`
