/**
 * Input schemas of activities (2-catalogue-content.md §3, §5). The wire shape nests pricing, scheduling and
 * features and may come in camelCase; `flattenActivityInput` turns any of those into one flat record that the
 * schema below checks, so a plain HTML form, REST and tRPC meet the same rules and field names. Browser-safe.
 */
import * as v from 'valibot'
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_DIFFICULTIES,
  ACTIVITY_TIER_MESSAGE,
  EXPERIENCE_TYPES,
  INCLUDED_SERVICES,
  type IncludedService,
  PRICING_MODELS,
} from './activity-constants.ts'
import { CancellationPolicyInput } from './booking-terms.ts'
import { decimalShape } from './currencies.ts'
import { flag } from './fields.ts'
import { parseRecordId } from './ids.ts'

export * from './activity-constants.ts'

export const ACTIVITY_FORM_MESSAGES = {
  required: 'This field is required.',
  tiers: ACTIVITY_TIER_MESSAGE,
  noTiers: 'Tiered pricing needs at least one tier.',
  maxBelowMin: 'Max quantity cannot be less than the min quantity.',
  overlap: (a: string, b: string, n: number) => `Pricing tiers must not overlap: ${a} and ${b} both cover ${n} participants.`,
  fixedPriceRequired: 'A fixed price is required when the pricing model is fixed.',
  price: 'Enter a price of 0 or more with at most 2 decimal places.',
  duration: 'Duration must be 0 hours or more, in steps of 0.5.',
  supplier: 'Choose a supplier or type a supplier name.',
  location: 'Choose a location.',
  country: 'Choose a country.',
  days: 'Days of week are numbers from 0 (Sunday) to 7.',
} as const

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`
const CAMEL = /[A-Z]/g

/** The activity shape nests four levels at most (pricing → tiers → tier → field); deeper input is left as sent. */
const MAX_KEY_DEPTH = 6

/** camelCase keys as snake_case (isActive → is_active); snake_case keys win when both come. */
function snakeKeys(value: unknown, depth = 0): unknown {
  if (depth > MAX_KEY_DEPTH) return value
  if (Array.isArray(value)) return value.map((item) => snakeKeys(item, depth + 1))
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  const entries = Object.entries(value as Record<string, unknown>)
  for (const [key, val] of entries) {
    const snake = key.replace(CAMEL, (c) => `_${c.toLowerCase()}`)
    if (snake !== key && Object.hasOwn(value, snake)) continue
    // tag_weights keys are tag names: keep them as typed.
    out[snake] = snake === 'tag_weights' ? val : snakeKeys(val, depth + 1)
  }
  return out
}

const obj = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {})

/**
 * The wire shape (nested pricing / scheduling / features, supplier as {id, name}, camelCase or snake_case) as
 * the flat record the schema checks. Flat keys already present win over nested ones.
 */
export function flattenActivityInput(raw: unknown): Record<string, unknown> {
  const input = obj(snakeKeys(raw))
  const flat: Record<string, unknown> = {}
  const pricing = obj(input.pricing)
  const scheduling = obj(input.scheduling)
  const features = obj(input.features)
  const put = (key: string, value: unknown) => {
    if (value !== undefined) flat[key] = value
  }
  put('pricing_model', pricing.pricing_model)
  put('currency', pricing.currency ?? pricing.base_currency)
  put('fixed_price', pricing.fixed_price)
  put('pricing_tiers', pricing.pricing_tiers)
  put('duration_hours', obj(scheduling.duration).hours)
  put('duration_description', obj(scheduling.duration).description)
  put('days_of_week', obj(scheduling.availability).days_of_week)
  put('included_services', features.included_services)
  put('min_age', obj(features.requirements).min_age)
  put('max_age', obj(features.requirements).max_age)
  put('provided_equipment', obj(features.equipment).provided)
  put('bring_yourself', obj(features.equipment).bring_yourself)
  put('tag_weights', features.tag_weights)
  put('includes_text', features.includes_text)
  put('excludes_text', features.excludes_text)
  const supplier = input.supplier
  if (supplier && typeof supplier === 'object') {
    put('supplier_id', (supplier as Record<string, unknown>).id)
    put('supplier_name', (supplier as Record<string, unknown>).name)
  } else put('supplier_id', supplier)
  put('currency', input.base_currency)
  put('tag_names', input.tags)
  for (const [key, value] of Object.entries(input)) {
    if (['pricing', 'scheduling', 'features', 'supplier', 'tags', 'base_currency', 'location_summary', 'id'].includes(key)) continue
    flat[key] = value
  }
  return flat
}

const text = (max = 10_000) => v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(max, tooLong(max))))
const requiredText = (max: number) =>
  v.pipe(v.string(ACTIVITY_FORM_MESSAGES.required), v.trim(), v.nonEmpty(ACTIVITY_FORM_MESSAGES.required), v.maxLength(max, tooLong(max)))

function choice<T extends string>(options: readonly T[]) {
  return v.optional(
    v.pipe(
      v.string(`Choose one of: ${options.join(', ')}.`),
      v.trim(),
      v.metadata({ enum: [...options] }),
      v.check((x) => (options as readonly string[]).includes(x), (issue) => `"${String(issue.input)}" is not a valid choice. Choose one of: ${options.join(', ')}.`),
      v.transform((x) => x as T),
    ),
  )
}

/** A list of short texts: a JSON array or one comma-separated string; trimmed, empties dropped (§5 tags). */
const textList = (max = 50) =>
  v.optional(
    v.pipe(
      v.union([v.array(v.string('Each entry must be text.')), v.string()], 'Enter a list of values.'),
      v.transform((x) =>
        (Array.isArray(x) ? x : x.split(/[,\n]/))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      v.check((list) => list.length <= max, `Enter at most ${max} values.`),
      v.check((list) => list.every((s) => s.length <= 100), 'Each value can have at most 100 characters.'),
    ),
  )

/**
 * The included services (§9): a JSON array or one comma-separated string of the ten values, each once, in the order
 * sent. An unknown value is named in the field's message, as a single choice's is.
 */
const serviceList = () =>
  v.optional(
    v.pipe(
      v.union([v.array(v.string('Each entry must be text.')), v.string(), v.null()], 'Enter a list of values.'),
      v.description(`Any of the included-service options (a list, or one comma-separated text): ${INCLUDED_SERVICES.join(', ')}.`),
      v.transform((x) => [...new Set((x === null ? [] : Array.isArray(x) ? x : x.split(/[,\n]/)).map((s) => s.trim()).filter(Boolean))]),
      v.check(
        (list) => list.every((s) => (INCLUDED_SERVICES as readonly string[]).includes(s)),
        (issue) => {
          const bad = (issue.input as string[]).find((s) => !(INCLUDED_SERVICES as readonly string[]).includes(s)) ?? ''
          return `"${bad.slice(0, 100)}" is not a valid choice. Choose from: ${INCLUDED_SERVICES.join(', ')}.`
        },
      ),
      v.transform((list) => list as IncludedService[]),
    ),
  )

/** A reference id: number, numeric string or {id}; '' and null are none. */
const reference = (invalid: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.string(), v.null(), v.object({ id: v.union([v.number(), v.string()]) })], invalid),
      v.transform((x) => {
        const raw = x !== null && typeof x === 'object' ? x.id : x
        if (raw === null || raw === '') return null
        return typeof raw === 'number' ? raw : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
      }),
      v.check((x) => x === null || (Number.isInteger(x) && x > 0 && x <= 2_147_483_647), invalid),
    ),
  )

/** A whole number ≥ min, or none ('' and null). */
const wholeOrNone = (min: number, message: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(message), v.string(message), v.null()], message),
      v.transform((x) => (x === null ? null : typeof x === 'number' ? x : x.trim() === '' ? null : Number(x.trim()))),
      v.check((x) => x === null || (Number.isInteger(x) && x >= min && x <= 1_000_000), message),
    ),
  )

const DECIMAL = /^\+?(\d+\.?\d*|\.\d+)$|^-(\d+\.?\d*|\.\d+)$/

/** A money amount as text (never a float): ≥ 0, at most 10 digits before the point and 2 after; '' and null are none. */
const money = (message: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(message), v.string(message), v.null()], message),
      v.transform((x) => (x === null ? null : typeof x === 'number' ? (Number.isFinite(x) ? String(x) : 'x') : x.trim() === '' ? null : x.trim())),
      v.check((x) => x === null || DECIMAL.test(x), message),
      v.check((x) => {
        if (x === null) return true
        const s = decimalShape(x)
        return !s.negative && s.intDigits <= 10 && s.scale <= 2
      }, message),
    ),
  )

/** A tier as typed: quantities and prices stay loose here so one message (§5) can name every problem at once. */
const tierInput = v.object({
  name: v.optional(v.union([v.string(), v.null()])),
  min_quantity: v.optional(v.union([v.number(), v.string(), v.null()])),
  max_quantity: v.optional(v.union([v.number(), v.string(), v.null()])),
  price_per_unit: v.optional(v.union([v.number(), v.string(), v.null()])),
  fixed_price: v.optional(v.union([v.number(), v.string(), v.null()])),
})

export interface TierValue {
  name: string
  min_quantity: number
  max_quantity: number | null
  price_per_unit: string
  fixed_price: string | null
}

const tiers = v.optional(
  v.pipe(
    v.union([v.array(v.pipe(v.unknown(), v.transform(snakeKeys), tierInput)), v.string()], 'Enter a list of pricing tiers.'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value
      if (typeof value !== 'string') return value
      if (!value.trim()) return []
      try {
        const parsed: unknown = JSON.parse(value)
        const checked = v.safeParse(v.array(v.pipe(v.unknown(), v.transform(snakeKeys), tierInput)), parsed)
        if (checked.success) return checked.output
      } catch {
        // reported below
      }
      addIssue({ message: 'Enter a list of pricing tiers.' })
      return NEVER
    }),
    v.check((list) => list.length <= 20, 'Enter at most 20 pricing tiers.'),
  ),
)

const daysOfWeek = v.optional(
  v.pipe(
    v.union([v.array(v.union([v.number(), v.string()])), v.string()], ACTIVITY_FORM_MESSAGES.days),
    v.transform((x) => (Array.isArray(x) ? x : x.split(',')).map((d) => (typeof d === 'number' ? d : d.trim() === '' ? Number.NaN : Number(d.trim())))),
    v.check((list) => list.every((d) => Number.isInteger(d) && d >= 0 && d <= 7), ACTIVITY_FORM_MESSAGES.days),
    // §5: Sunday 0 is sent as 7; stored as ISO weekdays 1-7.
    v.transform((list) => [...new Set(list.map((d) => (d === 0 ? 7 : d)))].sort((a, b) => a - b)),
  ),
)

const tagWeights = v.optional(
  v.pipe(
    v.union([v.record(v.string(), v.unknown()), v.string(), v.null()], 'Enter tag weights as an object such as {"hiking": 0.8}.'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let value: unknown = dataset.value
      if (value === null) return {}
      if (typeof value === 'string') {
        if (!value.trim()) return {}
        try {
          value = JSON.parse(value)
        } catch {
          value = undefined
        }
      }
      const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
      const out: Record<string, number> = {}
      for (const [key, weight] of Object.entries(record ?? {})) {
        const n = typeof weight === 'number' ? weight : typeof weight === 'string' ? Number(weight) : Number.NaN
        if (!Number.isFinite(n) || n < 0 || n > 100) {
          addIssue({ message: `Weight of "${key}" must be a number from 0 to 100.` })
          return NEVER
        }
        out[key.trim()] = n
      }
      if (!record) {
        addIssue({ message: 'Enter tag weights as an object such as {"hiking": 0.8}.' })
        return NEVER
      }
      return out
    }),
  ),
)

const durationHours = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], ACTIVITY_FORM_MESSAGES.duration),
    v.transform((x) => (typeof x === 'number' ? String(x) : x.trim())),
    v.check((x) => /^\d{1,4}(\.\d+)?$/.test(x) && Number.isInteger(Number(x) * 2), ACTIVITY_FORM_MESSAGES.duration),
  ),
)

/** Every field of an activity, flat (see flattenActivityInput). Required fields are required on create and PUT. */
export const ActivityInput = v.object({
  name: requiredText(200),
  description: requiredText(10_000),
  category: choice(ACTIVITY_CATEGORIES),
  difficulty: choice(ACTIVITY_DIFFICULTIES),
  experience_type: choice(EXPERIENCE_TYPES),
  supplier_id: reference('Select a valid supplier.'),
  supplier_name: text(200),
  pricing_model: choice(PRICING_MODELS),
  currency: v.optional(
    v.pipe(
      v.union([v.number(), v.string(), v.null()], 'Select a valid currency.'),
      // A currency by id (a record id: digits past one are not an id, they name no currency) or by its code.
      v.transform((x): number | string | null => {
        if (x === null) return null
        if (typeof x === 'number') return parseRecordId(x) ?? String(x)
        const text = x.trim()
        return /^\d+$/.test(text) ? (parseRecordId(text) ?? text) : text.toUpperCase() || null
      }),
    ),
  ),
  fixed_price: money(ACTIVITY_FORM_MESSAGES.price),
  pricing_tiers: tiers,
  duration_hours: durationHours,
  duration_description: text(500),
  days_of_week: daysOfWeek,
  location_id: reference('Select a valid location.'),
  country_id: reference('Select a valid country.'),
  included_services: serviceList(),
  min_age: wholeOrNone(0, 'Min age must be a whole number, 0 or more.'),
  max_age: wholeOrNone(0, 'Max age must be a whole number, 0 or more.'),
  provided_equipment: textList(),
  bring_yourself: textList(),
  tag_weights: tagWeights,
  includes_text: text(5000),
  excludes_text: text(5000),
  max_participants: wholeOrNone(1, 'Max participants must be a whole number, 1 or more.'),
  tag_names: textList(),
  is_featured: v.optional(flag),
  is_active: v.optional(flag),
  requires_waiver: v.optional(flag),
  instant_confirmation: v.optional(flag),
  cancellation_policy: text(5000),
  /** Its own cancellation policy (null: its supplier's, else the booking settings'); docs/bookings.md. */
  cancellation_terms: v.optional(v.nullable(CancellationPolicyInput)),
  equipment_provided: v.optional(flag),
  season_dependent: v.optional(flag),
  booking_required: v.optional(flag),
})
export type ActivityInput = v.InferOutput<typeof ActivityInput>

type LooseTier = v.InferOutput<typeof tierInput>

const intOf = (x: unknown): number => (typeof x === 'number' ? x : typeof x === 'string' && /^\s*-?\d+\s*$/.test(x) ? Number(x) : Number.NaN)
const moneyOf = (x: unknown): string | null => (x === null || x === undefined || String(x).trim() === '' ? null : String(x).trim())
const okMoney = (x: string | null) => {
  if (x === null) return true
  if (!DECIMAL.test(x)) return false
  const s = decimalShape(x)
  return !s.negative && s.intDigits <= 10 && s.scale <= 2
}

/**
 * The tiers' rules (§5 and the issue): at least one; min ≥ 1 and price per person ≥ 0 (one message); max blank
 * or ≥ min; no two tiers covering the same group size. Returns the tiers in order of min quantity, or the messages.
 */
export function checkTiers(list: readonly LooseTier[] | undefined): { tiers: TierValue[]; problems: string[] } {
  const rows = list ?? []
  if (rows.length === 0) return { tiers: [], problems: [ACTIVITY_FORM_MESSAGES.noTiers] }
  const tiers: TierValue[] = []
  let basic = false
  let maxBelowMin = false
  for (const row of rows) {
    const min = intOf(row.min_quantity)
    const maxRaw = row.max_quantity
    const max = maxRaw === null || maxRaw === undefined || (typeof maxRaw === 'string' && !maxRaw.trim()) ? null : intOf(maxRaw)
    const price = moneyOf(row.price_per_unit)
    const fixed = moneyOf(row.fixed_price)
    if (!Number.isInteger(min) || min < 1 || min > 1_000_000 || price === null || !okMoney(price) || !okMoney(fixed)) basic = true
    if (max !== null && (!Number.isInteger(max) || max < min)) maxBelowMin = true
    tiers.push({ name: (row.name ?? '').trim().slice(0, 100), min_quantity: min, max_quantity: max, price_per_unit: price ?? '', fixed_price: fixed })
  }
  const problems: string[] = []
  if (basic) problems.push(ACTIVITY_FORM_MESSAGES.tiers)
  if (maxBelowMin) problems.push(ACTIVITY_FORM_MESSAGES.maxBelowMin)
  if (problems.length) return { tiers, problems }
  tiers.sort((a, b) => a.min_quantity - b.min_quantity)
  for (let i = 1; i < tiers.length; i++) {
    const prev = tiers[i - 1]!
    const cur = tiers[i]!
    if (prev.max_quantity === null || prev.max_quantity >= cur.min_quantity) {
      const label = (t: TierValue, n: number) => (t.name ? `"${t.name}"` : `tier ${n}`)
      problems.push(ACTIVITY_FORM_MESSAGES.overlap(label(prev, i), label(cur, i + 1), cur.min_quantity))
      break
    }
  }
  return { tiers, problems }
}

export const ActivityFilters = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, tooLong(200)))),
  category: v.optional(v.union([v.literal(''), ...ACTIVITY_CATEGORIES.map((c) => v.literal(c))], 'Select a valid category.')),
  difficulty: v.optional(v.union([v.literal(''), ...ACTIVITY_DIFFICULTIES.map((c) => v.literal(c))], 'Select a valid difficulty.')),
  supplier_id: reference('Select a valid supplier.'),
  country: reference('Select a valid country.'),
  country_id: reference('Select a valid country.'),
  location: reference('Select a valid location.'),
  location_id: reference('Select a valid location.'),
  is_featured: v.optional(v.union([v.literal(''), flag])),
  is_active: v.optional(v.union([v.literal(''), flag])),
})
export type ActivityFilters = v.InferOutput<typeof ActivityFilters>

export const PriceActivityInput = v.object({
  participants: v.pipe(
    v.union([v.number(), v.string()], 'Participants must be a whole number, 1 or more.'),
    v.transform((x) => (typeof x === 'number' ? x : x.trim() === '' ? Number.NaN : Number(x.trim()))),
    v.check((x) => Number.isInteger(x) && x >= 1 && x <= 100_000, 'Participants must be a whole number, 1 or more.'),
  ),
  date: v.optional(
    v.pipe(
      v.string('Enter a valid date (YYYY-MM-DD).'),
      v.trim(),
      v.check((x) => x === '' || (/^\d{4}-\d{2}-\d{2}$/.test(x) && !Number.isNaN(Date.parse(`${x}T00:00:00Z`))), 'Enter a valid date (YYYY-MM-DD).'),
    ),
  ),
  currency: v.optional(v.pipe(v.string('Select a valid currency.'), v.trim(), v.toUpperCase())),
})
export type PriceActivityInput = v.InferOutput<typeof PriceActivityInput>

export const AttachMediaInput = (field: 'photo_ids' | 'video_ids') =>
  v.object({
    [field]: v.pipe(
      v.array(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/))]), 'Enter a list of media ids.'),
      v.transform((list) => [...new Set(list.map(Number))]),
      v.check((list) => list.length <= 100, 'Attach at most 100 items at once.'),
    ),
  })

