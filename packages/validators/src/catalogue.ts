/**
 * Input schemas of the catalogue (2-catalogue-content.md §5): countries, locations, suppliers and their list
 * queries. They accept JSON (REST, tRPC) and the strings of a plain HTML form alike. Browser-safe.
 */
import * as v from 'valibot'
import { CancellationPolicyInput, PaymentTermsInput, TimeZoneInput } from './booking-terms.ts'
import { flag } from './fields.ts'
import {
  API_SYNC_STATUSES,
  CONTINENTS,
  type Continent,
  DESTINATION_CATEGORIES,
  type DestinationCategory,
  LOCATION_TYPES,
  type LocationType,
  SUPPLIER_STATUSES,
  SUPPLIER_TYPES,
  type ApiSyncStatus,
  type SupplierStatus,
  type SupplierType,
} from './catalogue-constants.ts'

export * from './catalogue-constants.ts'

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`

/** Optional free text, trimmed. */
const text = (max = 10_000) => v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(max, tooLong(max))))

/** Required text: missing or blank answers `message`. */
const required = (message: string, max = 200) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong(max)))

/** One of a fixed list; `blank` is the message for a missing or empty value. */
function choice<T extends string>(options: readonly T[], blank: string, wrong: string) {
  return v.pipe(
    v.string(blank),
    v.trim(),
    v.nonEmpty(blank),
    v.metadata({ enum: [...options] }),
    v.check((x) => (options as readonly string[]).includes(x), wrong),
    v.transform((x) => x as T),
  )
}

/** A list of short texts: a JSON array, or one string separated by commas or new lines (a form field). */
const textList = (max = 100) =>
  v.optional(
    v.pipe(
      v.union([v.array(v.string('Each entry must be text.')), v.string()], 'Enter a list of values.'),
      v.transform((x) =>
        (Array.isArray(x) ? x : x.split(/[,\n]/))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      v.check((list) => list.length <= max, `Enter at most ${max} values.`),
      v.check((list) => list.every((s) => s.length <= 200), 'Each value can have at most 200 characters.'),
    ),
  )

/** A JSON object, or a form's text holding one ('' is the empty object). */
const jsonObject = (example: string) =>
  v.optional(
    v.pipe(
      v.union([v.record(v.string(), v.unknown()), v.string()], `Enter an object such as ${example}.`),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const value = dataset.value
        if (typeof value !== 'string') return value
        if (!value.trim()) return {} as Record<string, unknown>
        try {
          const parsed: unknown = JSON.parse(value)
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
        } catch {
          // reported below
        }
        addIssue({ message: `Enter valid JSON: an object such as ${example}.` })
        return NEVER
      }),
      v.check((x) => JSON.stringify(x).length <= 20_000, 'This value is too large.'),
    ),
  )

/** A decimal or nothing: '' and null are null (§5: latitude and longitude are decimals, null if empty). */
const coordinate = (label: string, limit: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string(), v.null()], `${label} must be a number.`),
      v.transform((x) => (x === null ? null : typeof x === 'number' ? x : x.trim() === '' ? null : Number(x.trim()))),
      v.check((x) => x === null || Number.isFinite(x), `${label} must be a number.`),
      v.check((x) => x === null || !Number.isFinite(x) || Math.abs(x) <= limit, `${label} must be between -${limit} and ${limit}.`),
    ),
  )

/**
 * A population figure. §5: parsed to an integer, 0 when it is not a number ('1,234,567' reads as 1234567,
 * '12.7' as 12); blank is 0 for a country, no figure for a location.
 */
const population = (blank: 0 | null) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string(), v.null()], 'Population must be a number.'),
      v.transform((x): number | null => {
        if (x === null || (typeof x === 'string' && !x.trim())) return blank
        const n = typeof x === 'number' ? x : Number.parseInt(x.replace(/[\s,_']/g, ''), 10)
        return Number.isFinite(n) && n >= 0 ? Math.min(Math.trunc(n), Number.MAX_SAFE_INTEGER) : 0
      }),
    ),
  )

/** A reference to another record: its id as a number, a numeric string, or `{id}`; '' and null are none. */
const reference = (invalid: string) =>
  v.pipe(
    v.union([v.number(), v.string(), v.null(), v.undefined(), v.object({ id: v.union([v.number(), v.string()]) })], invalid),
    v.transform((x) => {
      const raw = x !== null && typeof x === 'object' ? x.id : x
      if (raw === null || raw === undefined || raw === '') return null
      return typeof raw === 'number' ? raw : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
    }),
    v.check((x) => x === null || (Number.isInteger(x) && x > 0 && x <= 2_147_483_647), invalid),
  )

const TIME_ZONE_CHECK = (zone: string) => {
  if (!zone) return true
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

// ─── Countries ──────────────────────────────────────────────────────────────────────────────────────────────────

const countryEntries = {
  name: required('Name is required.', 100),
  continent: choice<Continent>(CONTINENTS, 'Continent is required.', 'Select a valid continent.'),
  capital: text(100),
  currency: text(50),
  language: text(100),
  population: population(0),
  is_active: v.optional(flag),
  is_promoted_destination: v.optional(flag),
  destination_category: v.optional(
    v.pipe(
      v.union([v.string(), v.null()], 'Select a valid category.'),
      v.metadata({ enum: [...DESTINATION_CATEGORIES, null] }),
      v.transform((x) => (x === null || !x.trim() ? null : x.trim())),
      v.check((x) => x === null || (DESTINATION_CATEGORIES as readonly string[]).includes(x), 'Select a valid category.'),
      v.transform((x) => x as DestinationCategory | null),
    ),
  ),
  why_visit: text(),
  highlights: text(),
  best_time_to_visit: text(2000),
  visa_requirements: text(),
  entry_requirements: text(),
  safety_info: text(),
  health_requirements: text(),
  local_customs: text(),
  tipping_guide: text(),
  transportation_overview: text(),
  travel_seasons: jsonObject('{"summer": "June to August"}'),
  emergency_contacts: jsonObject('{"police": "112"}'),
  main_airports: textList(),
  main_ports: textList(),
}

/** POST countries-mgmt: name and continent required (§5). */
export const CreateCountryInput = v.object(countryEntries)
export type CreateCountryInput = v.InferOutput<typeof CreateCountryInput>

/** PATCH countries-mgmt/{id}: any subset; name and continent cannot be blanked. */
export const UpdateCountryInput = v.partial(v.object(countryEntries))
export type UpdateCountryInput = v.InferOutput<typeof UpdateCountryInput>

// ─── Locations ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The fields a location save carries (§3). Read-only counts and unknown keys are dropped. The form sends name,
 * location_type, country, region, latitude, longitude, timezone, is_active, description, airport_code, population.
 */
const locationEntries = {
  name: required('Name is required.', 150),
  location_type: choice<LocationType>(LOCATION_TYPES, 'Location type is required.', 'Select a valid location type.'),
  country: v.pipe(
    reference('Select a valid country.'),
    v.check((x) => x !== null, 'Country is required.'),
    v.transform((x) => x as number),
  ),
  region: v.optional(reference('Select a valid region.')),
  description: text(),
  address: text(500),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  timezone: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(64, tooLong(64)), v.check(TIME_ZONE_CHECK, 'Enter a valid time zone, such as Europe/Paris.')),
  ),
  local_transportation: text(),
  traveler_tips: text(),
  best_time_to_visit: text(2000),
  is_active: v.optional(flag),
  is_featured: v.optional(flag),
  airport_code: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toUpperCase(),
      v.check((x) => x === '' || /^[A-Z]{3}$/.test(x), 'Enter a three-letter IATA airport code.'),
    ),
  ),
  population: population(null),
}

export const CreateLocationInput = v.object(locationEntries)
export type CreateLocationInput = v.InferOutput<typeof CreateLocationInput>
export const UpdateLocationInput = v.partial(v.object(locationEntries))
export type UpdateLocationInput = v.InferOutput<typeof UpdateLocationInput>

// ─── Suppliers ──────────────────────────────────────────────────────────────────────────────────────────────────

export const PHONE_PATTERN = /^\+?[\d\s().-]{6,32}$/

const optionalEmail = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(254, tooLong(254)), v.check((x) => x === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(x), 'Enter a valid email address.')),
)
const optionalUrl = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(500, tooLong(500)),
    v.check((x) => {
      if (x === '') return true
      try {
        const url = new URL(x)
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
      } catch {
        return false
      }
    }, 'Enter a valid URL.'),
  ),
)
const optionalPhone = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((x) => x === '' || (PHONE_PATTERN.test(x) && x.replace(/\D/g, '').length >= 6), 'Enter a valid phone number.'),
  ),
)

const supplierEntries = {
  name: required('Name is required.', 200),
  supplier_type: v.optional(choice<SupplierType>(SUPPLIER_TYPES, 'Select a supplier type.', 'Select a valid supplier type.')),
  company_name: text(200),
  contact_person: text(200),
  email: optionalEmail,
  phone: optionalPhone,
  website: optionalUrl,
  address: text(500),
  city: text(100),
  state_province: text(100),
  postal_code: text(20),
  country: v.optional(reference('Select a valid country.')),
  license_number: text(100),
  description: text(),
  services_offered: textList(),
  operating_locations: textList(),
  languages_supported: textList(),
  verified: v.optional(flag),
  payment_terms: text(2000),
  /** Its own payment schedule terms and cancellation policy (null: the booking settings'); docs/bookings.md. */
  schedule_terms: v.optional(v.nullable(PaymentTermsInput)),
  cancellation_terms: v.optional(v.nullable(CancellationPolicyInput)),
  time_zone: v.optional(TimeZoneInput),
  notes: text(),
  tags: textList(),
  external_api_ids: jsonObject('{"viator": "12345"}'),
  api_sync_status: v.optional(choice<ApiSyncStatus>(API_SYNC_STATUSES, 'Select a sync status.', 'Select a valid sync status.')),
}

const statusField = choice<SupplierStatus>(SUPPLIER_STATUSES, 'Status is required.', 'Select a valid status.')

/** POST suppliers: name required; status defaults to active (§4). */
export const CreateSupplierInput = v.object({ ...supplierEntries, status: v.optional(statusField) })
export type CreateSupplierInput = v.InferOutput<typeof CreateSupplierInput>

/** PATCH suppliers/{id}: any subset, status excluded (it changes through SetSupplierStatusInput). */
export const UpdateSupplierInput = v.partial(v.object(supplierEntries))
export type UpdateSupplierInput = v.InferOutput<typeof UpdateSupplierInput>

export const SetSupplierStatusInput = v.object({ status: statusField })
export type SetSupplierStatusInput = v.InferOutput<typeof SetSupplierStatusInput>

// ─── List queries ───────────────────────────────────────────────────────────────────────────────────────────────

const optionalFlag = v.optional(flag)
const search = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, tooLong(100))))
const optionalChoice = <T extends string>(options: readonly T[], wrong: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((x) => x === '' || x === 'all' || (options as readonly string[]).includes(x), wrong),
      v.transform((x) => (x === '' || x === 'all' ? undefined : (x as T))),
    ),
  )
const optionalId = (wrong: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string()], wrong),
      v.transform((x) => (x === '' || x === 'all' ? undefined : Number(x))),
      v.check((x) => x === undefined || (Number.isInteger(x) && x > 0 && x <= 2_147_483_647), wrong),
    ),
  )
const limit = v.optional(
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform((x) => Number(x)),
    v.check((x) => Number.isInteger(x) && x >= 1, 'Enter a whole number of at least 1.'),
  ),
)

export const CountryFilters = v.object({
  search,
  continent: optionalChoice(CONTINENTS, 'Select a valid continent.'),
  destination_category: optionalChoice(DESTINATION_CATEGORIES, 'Select a valid category.'),
  is_active: optionalFlag,
  is_promoted_destination: optionalFlag,
})
export type CountryFilters = v.InferOutput<typeof CountryFilters>

export const CountryOptionsQuery = v.object({
  search,
  continent: optionalChoice(CONTINENTS, 'Select a valid continent.'),
  is_active: optionalFlag,
  limit,
})
export type CountryOptionsQuery = v.InferOutput<typeof CountryOptionsQuery>

export const LocationFilters = v.object({
  search,
  country: optionalId('Select a valid country.'),
  region: optionalId('Select a valid region.'),
  location_type: optionalChoice(LOCATION_TYPES, 'Select a valid location type.'),
  is_active: optionalFlag,
  is_featured: optionalFlag,
})
export type LocationFilters = v.InferOutput<typeof LocationFilters>

export const LocationOptionsQuery = v.object({
  search,
  country: optionalId('Select a valid country.'),
  location_type: optionalChoice(LOCATION_TYPES, 'Select a valid location type.'),
  is_active: optionalFlag,
  limit,
})
export type LocationOptionsQuery = v.InferOutput<typeof LocationOptionsQuery>

export const SupplierFilters = v.object({
  search,
  supplier_type: optionalChoice(SUPPLIER_TYPES, 'Select a valid supplier type.'),
  status: optionalChoice(SUPPLIER_STATUSES, 'Select a valid status.'),
  verified: optionalFlag,
  country: optionalId('Select a valid country.'),
})
export type SupplierFilters = v.InferOutput<typeof SupplierFilters>

export const SupplierOptionsQuery = v.object({
  search,
  supplier_type: optionalChoice(SUPPLIER_TYPES, 'Select a valid supplier type.'),
  status: optionalChoice(SUPPLIER_STATUSES, 'Select a valid status.'),
  verified: optionalFlag,
  limit,
})
export type SupplierOptionsQuery = v.InferOutput<typeof SupplierOptionsQuery>

/** Traveler-facing destinations: active countries only. */
export const DestinationFilters = v.object({
  search,
  continent: optionalChoice(CONTINENTS, 'Select a valid continent.'),
  destination_category: optionalChoice(DESTINATION_CATEGORIES, 'Select a valid category.'),
  is_promoted_destination: optionalFlag,
})
export type DestinationFilters = v.InferOutput<typeof DestinationFilters>

export const DestinationSearchQuery = v.object({
  q: v.pipe(v.string('Enter something to search for.'), v.trim(), v.maxLength(100, tooLong(100))),
  limit,
})
export type DestinationSearchQuery = v.InferOutput<typeof DestinationSearchQuery>
