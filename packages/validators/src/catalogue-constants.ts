/** The catalogue's fixed lists (2-catalogue-content.md §9). Browser-safe. */

export const CONTINENTS = ['Africa', 'Asia', 'Europe', 'North America', 'South America', 'Oceania', 'Antarctica'] as const
export type Continent = (typeof CONTINENTS)[number]

export const DESTINATION_CATEGORIES = ['beach', 'culture', 'adventure', 'luxury', 'budget', 'family', 'honeymoon', 'business'] as const
export type DestinationCategory = (typeof DESTINATION_CATEGORIES)[number]
export const DESTINATION_CATEGORY_LABELS: Record<DestinationCategory, string> = {
  beach: 'Beach & Islands',
  culture: 'Cultural Heritage',
  adventure: 'Adventure & Nature',
  luxury: 'Luxury Travel',
  budget: 'Budget-Friendly',
  family: 'Family-Friendly',
  honeymoon: 'Romantic/Honeymoon',
  business: 'Business Travel',
}

export const LOCATION_TYPES = [
  'city',
  'region',
  'landmark',
  'airport',
  'port',
  'resort_area',
  'national_park',
  'island',
  'district',
  'other',
] as const
export type LocationType = (typeof LOCATION_TYPES)[number]
export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  city: 'City',
  region: 'Region',
  landmark: 'Landmark',
  airport: 'Airport',
  port: 'Port',
  resort_area: 'Resort Area',
  national_park: 'National Park',
  island: 'Island',
  district: 'District',
  other: 'Other',
}

export const SUPPLIER_TYPES = [
  'tour_operator',
  'transport',
  'accommodation',
  'restaurant',
  'activity_provider',
  'equipment_rental',
  'guide_service',
  'other',
] as const
export type SupplierType = (typeof SUPPLIER_TYPES)[number]
export const SUPPLIER_TYPE_LABELS: Record<SupplierType, string> = {
  tour_operator: 'Tour Operator',
  transport: 'Transport',
  accommodation: 'Accommodation',
  restaurant: 'Restaurant',
  activity_provider: 'Activity Provider',
  equipment_rental: 'Equipment Rental',
  guide_service: 'Guide Service',
  other: 'Other',
}

export const SUPPLIER_STATUSES = ['active', 'inactive', 'pending', 'suspended'] as const
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number]
export const SUPPLIER_STATUS_LABELS: Record<SupplierStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
  suspended: 'Suspended',
}

export const API_SYNC_STATUSES = ['not_synced', 'pending', 'synced', 'failed'] as const
export type ApiSyncStatus = (typeof API_SYNC_STATUSES)[number]

/** Management screens fetch 100 rows at a time (§9). */
export const CATALOGUE_PAGE_SIZE = 100
/** select_options answers at most this many, best matches first. */
export const SELECT_OPTIONS_LIMIT = 20
export const SELECT_OPTIONS_MAX = 100
