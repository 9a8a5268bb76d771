import type { CancellationPolicy } from '@meridian/validators/booking-constants'
import { ownTermsFormValues } from '@meridian/validators/booking-terms'
import { ACTIVITY_DEFAULTS, ACTIVITY_TIER_MESSAGE, INCLUDED_SERVICES } from '@meridian/validators/activity-constants'

/** One tier row as typed in the form. */
export interface TierRow {
  name: string
  min_quantity: string
  max_quantity: string
  price_per_unit: string
  fixed_price: string
}

export const TEXT_FIELDS = [
  'name',
  'description',
  'category',
  'difficulty',
  'experience_type',
  'supplier_id',
  'supplier_name',
  'pricing_model',
  'currency',
  'fixed_price',
  'duration_hours',
  'duration_description',
  'country_id',
  'location_id',
  'min_age',
  'max_age',
  'provided_equipment',
  'bring_yourself',
  'tag_weights',
  'includes_text',
  'excludes_text',
  'max_participants',
  'tag_names',
  'cancellation_policy',
  // Its own cancellation policy (docs/bookings.md): "Use the default …" ticked ('true') or its steps.
  'policy_default',
  'cancellation_steps',
] as const
export const FLAG_FIELDS = [
  'is_featured',
  'is_active',
  'requires_waiver',
  'instant_confirmation',
  'equipment_provided',
  'season_dependent',
  'booking_required',
] as const

/**
 * The form's state: texts, flags, tier rows, the days ticked (Sunday 0 … Saturday 6, as a calendar shows them) and
 * the included services ticked (§9 options).
 */
export interface ActivityFormValues {
  fields: Record<(typeof TEXT_FIELDS)[number], string>
  flags: Record<(typeof FLAG_FIELDS)[number], boolean>
  tiers: TierRow[]
  days: number[]
  services: string[]
}

export const EMPTY_TIER: TierRow = { name: '', min_quantity: '1', max_quantity: '', price_per_unit: '0', fixed_price: '' }

/** §9 default activity: adventure, easy, guided, tiered in USD, 3 hours, every day, active, instant confirmation, booking required. */
export function emptyActivityForm(): ActivityFormValues {
  const fields = Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as ActivityFormValues['fields']
  Object.assign(fields, {
    category: ACTIVITY_DEFAULTS.category,
    difficulty: ACTIVITY_DEFAULTS.difficulty,
    experience_type: ACTIVITY_DEFAULTS.experience_type,
    pricing_model: ACTIVITY_DEFAULTS.pricing_model,
    currency: ACTIVITY_DEFAULTS.currency,
    duration_hours: ACTIVITY_DEFAULTS.duration_hours,
    policy_default: 'true',
  })
  const flags = Object.fromEntries(FLAG_FIELDS.map((k) => [k, false])) as ActivityFormValues['flags']
  Object.assign(flags, { is_active: true, instant_confirmation: true, booking_required: true })
  return { fields, flags, tiers: [{ ...EMPTY_TIER }], days: [0, 1, 2, 3, 4, 5, 6], services: [] }
}

const text = (x: unknown) => (x === null || x === undefined ? '' : String(x))
const list = (x: unknown) => (Array.isArray(x) ? x.join(', ') : '')

/** An activity as the wire shape gives it, as form values. */
export function activityFormValues(a: {
  [key: string]: unknown
  pricing: { pricing_model: string; currency: string; fixed_price: string | null; pricing_tiers: { name: string; min_quantity: number; max_quantity: number | null; price_per_unit: string; fixed_price: string | null }[] }
  scheduling: { duration: { hours: number; description: string }; availability: { days_of_week: number[] } }
  features: { included_services: string[]; requirements: { min_age: number | null; max_age: number | null }; equipment: { provided: string[]; bring_yourself: string[] }; tag_weights: Record<string, number>; includes_text: string; excludes_text: string }
}): ActivityFormValues {
  const v = emptyActivityForm()
  for (const k of ['name', 'description', 'category', 'difficulty', 'experience_type', 'supplier_id', 'supplier_name', 'country_id', 'location_id', 'max_participants', 'cancellation_policy'] as const) {
    v.fields[k] = text(a[k])
  }
  v.fields.tag_names = list(a.tag_names)
  v.fields.pricing_model = a.pricing.pricing_model
  v.fields.currency = a.pricing.currency
  v.fields.fixed_price = text(a.pricing.fixed_price)
  v.fields.duration_hours = text(a.scheduling.duration.hours)
  v.fields.duration_description = a.scheduling.duration.description
  v.services = [...a.features.included_services]
  v.fields.min_age = text(a.features.requirements.min_age)
  v.fields.max_age = text(a.features.requirements.max_age)
  v.fields.provided_equipment = list(a.features.equipment.provided)
  v.fields.bring_yourself = list(a.features.equipment.bring_yourself)
  v.fields.tag_weights = Object.keys(a.features.tag_weights).length ? JSON.stringify(a.features.tag_weights) : ''
  v.fields.includes_text = a.features.includes_text
  v.fields.excludes_text = a.features.excludes_text
  const own = ownTermsFormValues({ cancellation_terms: a.cancellation_terms as CancellationPolicy | null | undefined })
  v.fields.policy_default = own.policy_default!
  v.fields.cancellation_steps = own.cancellation_steps!
  for (const k of FLAG_FIELDS) v.flags[k] = a[k] === true
  v.tiers = a.pricing.pricing_tiers.map((t) => ({
    name: t.name,
    min_quantity: String(t.min_quantity),
    max_quantity: text(t.max_quantity),
    price_per_unit: t.price_per_unit,
    fixed_price: text(t.fixed_price),
  }))
  if (!v.tiers.length) v.tiers = [{ ...EMPTY_TIER }]
  v.days = a.scheduling.availability.days_of_week.map((d) => (d === 7 ? 0 : d)).sort()
  return v
}

/** The form as posted: tier rows are tier_<field>_<i> up to tier_count, days repeat, flags are checkboxes. */
export function readActivityForm(form: FormData): ActivityFormValues {
  const v = emptyActivityForm()
  for (const k of TEXT_FIELDS) v.fields[k] = String(form.get(k) ?? '')
  for (const k of FLAG_FIELDS) v.flags[k] = form.get(k) === 'on' || form.get(k) === 'true'
  const count = Math.min(20, Number(form.get('tier_count') ?? 0) || 0)
  v.tiers = []
  for (let i = 0; i < count; i++) {
    const row = (f: keyof TierRow) => String(form.get(`tier_${f}_${i}`) ?? '')
    v.tiers.push({ name: row('name'), min_quantity: row('min_quantity'), max_quantity: row('max_quantity'), price_per_unit: row('price_per_unit'), fixed_price: row('fixed_price') })
  }
  v.days = form
    .getAll('days')
    .map((d) => Number(d))
    .filter((d) => Number.isInteger(d) && d >= 0 && d <= 6)
  // Ticked boxes post one value each; a value that is not an option is kept, so the server names it in its answer.
  v.services = [...new Set(form.getAll('included_services').map(String).filter(Boolean))].slice(0, INCLUDED_SERVICES.length + 1)
  return v
}

const split = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

/**
 * The payload the services take (§5): tags comma-separated, trimmed, empties dropped; days_of_week with Sunday 0 sent
 * as 7; the country omitted when a location is set; the supplier name left to the server when a supplier is chosen.
 */
export function activityPayload(v: ActivityFormValues): Record<string, unknown> {
  const f = v.fields
  const payload: Record<string, unknown> = { ...f, ...v.flags }
  payload.tag_names = split(f.tag_names)
  payload.included_services = v.services
  payload.provided_equipment = split(f.provided_equipment)
  payload.bring_yourself = split(f.bring_yourself)
  payload.days_of_week = v.days.map((d) => (d === 0 ? 7 : d))
  payload.pricing_tiers = f.pricing_model === 'tiered' ? v.tiers : []
  if (f.location_id) delete payload.country_id
  if (f.supplier_id) delete payload.supplier_name
  return payload
}

const tiersOk = (tiers: TierRow[]) =>
  tiers.length > 0 && tiers.every((t) => Number(t.min_quantity) >= 1 && t.price_per_unit.trim() !== '' && Number(t.price_per_unit) >= 0)

/** §5: the tier message, when the model is tiered and a tier is off. */
export const tierMessage = (v: ActivityFormValues) => (v.fields.pricing_model === 'tiered' && !tiersOk(v.tiers) ? ACTIVITY_TIER_MESSAGE : null)

/** §5 Save rule: name, description, valid tiers (tiered only), a supplier or its name, a country, a location. */
export function canSave(v: ActivityFormValues): boolean {
  const f = v.fields
  return Boolean(
    f.name.trim() &&
      f.description.trim() &&
      (f.pricing_model !== 'tiered' || tiersOk(v.tiers)) &&
      (f.supplier_id || f.supplier_name.trim()) &&
      f.country_id &&
      f.location_id,
  )
}
