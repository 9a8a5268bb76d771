/**
 * Transfers (3-back-office.md §3, §5). The three JSON areas follow the structure in docs/transfers.md; unlike the
 * earlier product, invalid JSON or a wrong shape is refused with a message per area, never silently dropped.
 * Browser-safe: the screen can run the same checks as the service.
 */
import * as v from 'valibot'
import { TRANSFER_TYPES, type TransferType } from './currency-constants.ts'
import { decimalShape } from './currencies.ts'

export const TRANSFER_MESSAGES_FORM = {
  type: `Type must be one of ${TRANSFER_TYPES.join(', ')}.`,
  country: 'Select a valid country.',
  location: 'Select a valid location.',
} as const

const bool = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', 'on', 'off', '1', '0', 'True', 'False', ''])], 'Must be true or false.'),
  v.transform((x) => x === true || x === 'true' || x === 'True' || x === 'on' || x === '1'),
)

const reference = (invalid: string) =>
  v.pipe(
    v.union([v.number(), v.string(), v.null(), v.object({ id: v.union([v.number(), v.string()]) })], invalid),
    v.transform((x) => {
      const raw = x !== null && typeof x === 'object' ? x.id : x
      if (raw === null || raw === '') return null
      return typeof raw === 'number' ? raw : /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
    }),
    v.check((x) => x === null || (Number.isInteger(x) && x > 0 && x <= 2_147_483_647), invalid),
  )

/** A JSON area: a value, or a form's text holding one ('' is the area's empty value). Parse errors are reported. */
const jsonArea = <T>(empty: T, kind: 'list' | 'object') =>
  v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let value = dataset.value
      if (typeof value === 'string') {
        if (!value.trim()) return empty as unknown
        try {
          value = JSON.parse(value)
        } catch (error) {
          addIssue({ message: `Invalid JSON: ${(error as Error).message}` })
          return NEVER
        }
      }
      if (value === null || value === undefined) return empty as unknown
      const ok = kind === 'list' ? Array.isArray(value) : typeof value === 'object' && !Array.isArray(value)
      if (!ok) {
        addIssue({ message: kind === 'list' ? 'Routes must be a JSON list ([…]).' : 'Enter a JSON object ({…}).' })
        return NEVER
      }
      if (JSON.stringify(value).length > 50_000) {
        addIssue({ message: 'This value is too large (at most 50,000 characters of JSON).' })
        return NEVER
      }
      return value
    }),
  )

const transferFields = {
  name: v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(200, 'Ensure this field has no more than 200 characters.')),
  type: v.pipe(
    v.string(TRANSFER_MESSAGES_FORM.type),
    v.trim(),
    v.metadata({ enum: [...TRANSFER_TYPES] }),
    v.check((x) => (TRANSFER_TYPES as readonly string[]).includes(x), TRANSFER_MESSAGES_FORM.type),
    v.transform((x) => x as TransferType),
  ),
  is_active: bool,
  from_country: reference(TRANSFER_MESSAGES_FORM.country),
  to_country: reference(TRANSFER_MESSAGES_FORM.country),
  from_location: reference(TRANSFER_MESSAGES_FORM.location),
  to_location: reference(TRANSFER_MESSAGES_FORM.location),
  duration: v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(100, 'Ensure this field has no more than 100 characters.')),
  routes: jsonArea<unknown[]>([], 'list'),
  pricing: jsonArea<Record<string, unknown>>({}, 'object'),
  schedules: jsonArea<Record<string, unknown>>({}, 'object'),
}

/** §3: a new transfer starts with an empty name, type speedboat and active; every field may be left out (§5). */
export const CreateTransferInput = v.object({
  ...Object.fromEntries(Object.entries(transferFields).map(([k, s]) => [k, v.optional(s)])),
} as { [K in keyof typeof transferFields]: v.OptionalSchema<(typeof transferFields)[K], undefined> })
export type TransferInput = v.InferOutput<typeof CreateTransferInput>

export const TransferFilters = v.object({
  type: v.optional(v.union([v.literal(''), transferFields.type])),
  from_country: v.optional(reference(TRANSFER_MESSAGES_FORM.country)),
  to_country: v.optional(reference(TRANSFER_MESSAGES_FORM.country)),
  is_active: v.optional(bool),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
})

// ---------------------------------------------------------------------------------------------------------------
// The documented structure of routes, pricing and schedules (docs/transfers.md).

export const PRICING_UNITS = ['person', 'vehicle', 'trip'] as const
export const PRICE_KEYS = ['adult', 'child', 'infant', 'vehicle'] as const
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

const isText = (x: unknown, max = 200) => typeof x === 'string' && x.trim().length > 0 && x.length <= max
const isCount = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 100_000
const isDistance = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 100_000

function unknownKeys(where: string, value: Record<string, unknown>, allowed: readonly string[], out: string[]) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) out.push(`${where}: unknown key "${key}" (allowed: ${allowed.join(', ')}).`)
  }
}

/** Messages for a routes list: each route `{from, to, distance_km?, duration_minutes?, notes?}`. */
export function routesProblems(routes: unknown[]): string[] {
  const out: string[] = []
  if (routes.length > 50) out.push('At most 50 routes.')
  routes.slice(0, 50).forEach((route, i) => {
    const where = `routes[${i}]`
    if (!route || typeof route !== 'object' || Array.isArray(route)) {
      out.push(`${where}: each route is an object such as {"from": "Male Airport", "to": "Resort jetty"}.`)
      return
    }
    const r = route as Record<string, unknown>
    unknownKeys(where, r, ['from', 'to', 'distance_km', 'duration_minutes', 'notes'], out)
    if (!isText(r.from)) out.push(`${where}.from: a place name is required.`)
    if (!isText(r.to)) out.push(`${where}.to: a place name is required.`)
    if (r.distance_km !== undefined && !isDistance(r.distance_km)) out.push(`${where}.distance_km: a number of kilometres, 0 or more.`)
    if (r.duration_minutes !== undefined && !isCount(r.duration_minutes)) out.push(`${where}.duration_minutes: a whole number of minutes, 0 or more.`)
    if (r.notes !== undefined && !(typeof r.notes === 'string' && r.notes.length <= 1000)) out.push(`${where}.notes: text of at most 1000 characters.`)
  })
  return out
}

/** A price: a number or decimal text, 0 or more, at most 2 decimal places. */
export function isPrice(x: unknown): boolean {
  const text = typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : typeof x === 'string' ? x.trim() : ''
  if (!/^\d+(\.\d+)?$/.test(text)) return false
  const s = decimalShape(text)
  return s.scale <= 2 && s.intDigits <= 12
}

/**
 * Messages for pricing `{currency, per?, adult?, child?, infant?, vehicle?, notes?}`. `currencyCodes` are the
 * codes of the currency list; a price needs a currency from it.
 */
export function pricingProblems(pricing: Record<string, unknown>, currencyCodes: ReadonlySet<string>): string[] {
  const out: string[] = []
  unknownKeys('pricing', pricing, ['currency', 'per', ...PRICE_KEYS, 'notes'], out)
  const prices = PRICE_KEYS.filter((k) => pricing[k] !== undefined)
  for (const key of prices) if (!isPrice(pricing[key])) out.push(`pricing.${key}: a price such as 120 or "120.50" (0 or more, 2 decimal places at most).`)
  if (pricing.currency !== undefined || prices.length) {
    const code = typeof pricing.currency === 'string' ? pricing.currency.trim().toUpperCase() : ''
    if (!code) out.push('pricing.currency: a currency code from the currency list is required with prices.')
    else if (!currencyCodes.has(code)) out.push(`pricing.currency: "${String(pricing.currency)}" is not an active currency of the currency list.`)
  }
  if (pricing.per !== undefined && !(PRICING_UNITS as readonly unknown[]).includes(pricing.per)) {
    out.push(`pricing.per: one of ${PRICING_UNITS.join(', ')}.`)
  }
  if (pricing.notes !== undefined && !(typeof pricing.notes === 'string' && pricing.notes.length <= 1000)) out.push('pricing.notes: text of at most 1000 characters.')
  return out
}

const isClock = (x: unknown) => typeof x === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(x)
const isMonthDay = (x: unknown) => typeof x === 'string' && /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(x)

/** Messages for schedules `{days?, departures?, frequency?, season?: {from, to}, notes?}`. */
export function schedulesProblems(schedules: Record<string, unknown>): string[] {
  const out: string[] = []
  unknownKeys('schedules', schedules, ['days', 'departures', 'frequency', 'season', 'notes'], out)
  const { days, departures, frequency, season, notes } = schedules
  if (days !== undefined && !(Array.isArray(days) && days.every((d) => (WEEK_DAYS as readonly unknown[]).includes(d)))) {
    out.push(`schedules.days: a list of ${WEEK_DAYS.join(', ')}.`)
  }
  if (departures !== undefined && !(Array.isArray(departures) && departures.length <= 100 && departures.every(isClock))) {
    out.push('schedules.departures: a list of times such as "08:30" (24-hour clock).')
  }
  if (frequency !== undefined && !isText(frequency)) out.push('schedules.frequency: text such as "every 2 hours".')
  if (season !== undefined) {
    const s = season as Record<string, unknown> | null
    if (!s || typeof s !== 'object' || Array.isArray(s) || !isMonthDay(s.from) || !isMonthDay(s.to) || Object.keys(s).some((k) => k !== 'from' && k !== 'to')) {
      out.push('schedules.season: {"from": "MM-DD", "to": "MM-DD"}.')
    }
  }
  if (notes !== undefined && !(typeof notes === 'string' && notes.length <= 1000)) out.push('schedules.notes: text of at most 1000 characters.')
  return out
}
