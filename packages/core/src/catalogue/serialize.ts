import { describePolicy, describeTerms } from '@meridian/validators/booking-terms'
import type { countries, locations, regions, suppliers } from '@meridian/db'

type CountryRow = typeof countries.$inferSelect
type LocationRow = typeof locations.$inferSelect
type SupplierRow = typeof suppliers.$inferSelect
type RegionRow = typeof regions.$inferSelect

export interface RefDto {
  id: number
  name: string
}

/** The wire shape of a country (2-catalogue-content.md §3), with its read-only counts. */
export function serializeCountry(row: CountryRow, counts: { locations: number; activities: number }) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    continent: row.continent,
    capital: row.capital,
    currency: row.currency,
    language: row.language,
    population: row.population,
    is_active: row.isActive,
    is_promoted_destination: row.isPromotedDestination,
    destination_category: row.destinationCategory,
    why_visit: row.whyVisit,
    highlights: row.highlights,
    best_time_to_visit: row.bestTimeToVisit,
    visa_requirements: row.visaRequirements,
    entry_requirements: row.entryRequirements,
    safety_info: row.safetyInfo,
    health_requirements: row.healthRequirements,
    local_customs: row.localCustoms,
    tipping_guide: row.tippingGuide,
    transportation_overview: row.transportationOverview,
    travel_seasons: row.travelSeasons,
    emergency_contacts: row.emergencyContacts,
    main_airports: row.mainAirports,
    main_ports: row.mainPorts,
    locations_count: counts.locations,
    activities_count: counts.activities,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
export type CountryDto = ReturnType<typeof serializeCountry>

/** Latitude and longitude are exact decimals in the database; the wire carries them as numbers (6 places). */
const coordinate = (value: string | null) => (value === null ? null : Number(value))

/** The wire shape of a location (§3): country and region as `{id, name}`, read-only counts. */
export function serializeLocation(
  row: LocationRow,
  refs: { country: RefDto; region: RefDto | null },
  counts: { activities: number; accommodations: number },
) {
  return {
    id: row.id,
    name: row.name,
    country: refs.country,
    region: refs.region,
    location_type: row.locationType,
    description: row.description,
    address: row.address,
    latitude: coordinate(row.latitude),
    longitude: coordinate(row.longitude),
    timezone: row.timezone,
    local_transportation: row.localTransportation,
    traveler_tips: row.travelerTips,
    best_time_to_visit: row.bestTimeToVisit,
    is_active: row.isActive,
    is_featured: row.isFeatured,
    airport_code: row.airportCode,
    population: row.population,
    activities_count: counts.activities,
    accommodations_count: counts.accommodations,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
export type LocationDto = ReturnType<typeof serializeLocation>

/** The wire shape of a supplier (§3); rating, total_reviews and activities_count are read-only. */
export function serializeSupplier(row: SupplierRow, refs: { country: (RefDto & { continent: string }) | null }, counts: { activities: number }) {
  return {
    id: row.id,
    name: row.name,
    supplier_type: row.supplierType,
    status: row.status,
    company_name: row.companyName,
    contact_person: row.contactPerson,
    email: row.email,
    phone: row.phone,
    website: row.website,
    address: row.address,
    city: row.city,
    state_province: row.stateProvince,
    postal_code: row.postalCode,
    country: refs.country,
    license_number: row.licenseNumber,
    description: row.description,
    services_offered: row.servicesOffered,
    operating_locations: row.operatingLocations,
    languages_supported: row.languagesSupported,
    verified: row.verified,
    payment_terms: row.paymentTerms,
    schedule_terms: row.scheduleTerms ?? null,
    schedule_text: row.scheduleTerms ? describeTerms(row.scheduleTerms) : null,
    cancellation_terms: row.cancellationTerms ?? null,
    policy_text: row.cancellationTerms ? describePolicy(row.cancellationTerms) : null,
    time_zone: row.timeZone,
    notes: row.notes,
    tags: row.tags,
    external_api_ids: row.externalApiIds,
    api_sync_status: row.apiSyncStatus,
    rating: Number(row.rating),
    total_reviews: row.totalReviews,
    activities_count: counts.activities,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
export type SupplierDto = ReturnType<typeof serializeSupplier>

export const serializeRegion = (row: Pick<RegionRow, 'id' | 'name'>): RefDto => ({ id: row.id, name: row.name })
