import { activities, activityPricingTiers, activityTags, asc, countries, currencies, type Database, eq, locations, sql, suppliers, tags } from '@meridian/db'
import { describePolicy } from '@meridian/validators/booking-terms'
import { byIds } from '../lists/paged-list.ts'

export type ActivityRow = typeof activities.$inferSelect
type TierRow = typeof activityPricingTiers.$inferSelect

/** The columns every read takes: the activity and the names it shows (one query with joins). */
export const activityColumns = {
  activity: activities,
  supplierRef: suppliers.name,
  locationName: locations.name,
  countryName: countries.name,
  currencyCode: currencies.code,
}

export interface ActivityJoined {
  activity: ActivityRow
  supplierRef: string | null
  locationName: string | null
  countryName: string | null
  currencyCode: string | null
}

/** The supplier, location, country and currency names of a select that has activities in it (left joins by id). */
export const joinActivityNames = <Q extends { leftJoin: (...args: any[]) => any }>(query: Q): Q =>
  query
    .leftJoin(suppliers, eq(suppliers.id, activities.supplierId))
    .leftJoin(locations, eq(locations.id, activities.locationId))
    .leftJoin(countries, eq(countries.id, activities.countryId))
    .leftJoin(currencies, eq(currencies.id, activities.currencyId))

/** A select of activities with their supplier, location, country and currency names. */
export const selectActivities = (db: Database) => joinActivityNames(db.select(activityColumns).from(activities))

const tierDto = (t: TierRow) => ({
  id: t.id,
  name: t.name,
  min_quantity: t.minQuantity,
  max_quantity: t.maxQuantity,
  price_per_unit: t.pricePerUnit,
  fixed_price: t.fixedPrice,
})

function activityDto(j: ActivityJoined, tierRows: TierRow[], tagNames: string[]) {
  const a = j.activity
  const currency = j.currencyCode ?? ''
  const supplierName = j.supplierRef ?? a.supplierName
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    category: a.category,
    difficulty: a.difficulty,
    experience_type: a.experienceType,
    supplier: a.supplierId === null ? null : { id: a.supplierId, name: supplierName },
    supplier_id: a.supplierId,
    supplier_name: supplierName,
    pricing: {
      pricing_model: a.pricingModel,
      base_currency: currency,
      currency,
      fixed_price: a.fixedPrice,
      pricing_tiers: tierRows.map(tierDto),
    },
    scheduling: {
      duration: { hours: Number(a.durationHours), description: a.durationDescription },
      availability: { days_of_week: a.daysOfWeek },
    },
    location_id: a.locationId,
    country_id: a.countryId,
    location: { id: a.locationId, name: j.locationName ?? '' },
    country: { id: a.countryId, name: j.countryName ?? '' },
    location_summary: [j.locationName, j.countryName].filter(Boolean).join(', '),
    features: {
      included_services: a.includedServices,
      requirements: { min_age: a.minAge, max_age: a.maxAge },
      equipment: { provided: a.equipmentItems, bring_yourself: a.bringYourself },
      tag_weights: a.tagWeights,
      includes_text: a.includesText,
      excludes_text: a.excludesText,
    },
    min_age: a.minAge,
    max_participants: a.maxParticipants,
    tag_names: tagNames,
    is_featured: a.isFeatured,
    is_active: a.isActive,
    requires_waiver: a.requiresWaiver,
    instant_confirmation: a.instantConfirmation,
    cancellation_policy: a.cancellationPolicy,
    cancellation_terms: a.cancellationTerms ?? null,
    policy_text: a.cancellationTerms ? describePolicy(a.cancellationTerms, currency) : null,
    equipment_provided: a.equipmentProvided,
    season_dependent: a.seasonDependent,
    booking_required: a.bookingRequired,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  }
}
export type CatalogueActivityDto = ReturnType<typeof activityDto>

const tiersOf = byIds('activity_tiers', (db, ids) =>
  db
    .select()
    .from(activityPricingTiers)
    .where(sql`${activityPricingTiers.activityId} = any(${ids})`)
    .orderBy(asc(activityPricingTiers.activityId), asc(activityPricingTiers.position), asc(activityPricingTiers.id)),
)
const tagsOf = byIds('activity_tags', (db, ids) =>
  db
    .select({ activityId: activityTags.activityId, name: tags.name })
    .from(activityTags)
    .innerJoin(tags, eq(tags.id, activityTags.tagId))
    .where(sql`${activityTags.activityId} = any(${ids})`)
    .orderBy(asc(activityTags.activityId), asc(activityTags.position)),
)

/** The wire shape of joined rows: their tiers and tags in two more statements, whatever the number of rows. */
export async function expandActivities(db: Database, rows: ActivityJoined[]): Promise<CatalogueActivityDto[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.activity.id)
  const [tierRows, tagRows] = await Promise.all([tiersOf(db, ids), tagsOf(db, ids)])
  const tiersBy = new Map<number, TierRow[]>()
  for (const t of tierRows) tiersBy.set(t.activityId, [...(tiersBy.get(t.activityId) ?? []), t])
  const tagsBy = new Map<number, string[]>()
  for (const t of tagRows) tagsBy.set(t.activityId, [...(tagsBy.get(t.activityId) ?? []), t.name])
  return rows.map((r) => activityDto(r, tiersBy.get(r.activity.id) ?? [], tagsBy.get(r.activity.id) ?? []))
}
