/**
 * Input schemas of currencies, conversion rates, currency settings and conversions (3-back-office.md §3, §5).
 * They accept JSON (REST, tRPC) and the strings of a plain HTML form alike. Decimals stay text here: the services
 * do the arithmetic with a decimal library, never with floating point. Browser-safe.
 */
import * as v from 'valibot'
import { CURRENCY_LIMITS, RATE_PROVIDERS, RATE_SOURCES, type RateProviderName, type RateSource } from './currency-constants.ts'

export * from './currency-constants.ts'

export const CURRENCY_FORM_MESSAGES = {
  code: 'Currency code must be a 3-letter ISO code',
  name: 'Currency name is required',
  symbol: 'Currency symbol is required',
  bothCurrencies: 'Please select both From and To currencies',
  sameCurrency: 'From and To currencies cannot be the same',
  rate: 'Rate must be a positive number',
  effectiveDate: 'Effective date is required',
  invalidDate: 'Enter a valid date (YYYY-MM-DD).',
  source: `Source must be one of ${RATE_SOURCES.join(', ')}.`,
  margin: 'Global margin percentage must be between 0 and 50',
  marginPlaces: 'Ensure that there are no more than 2 decimal places.',
  decimalPlaces: 'Decimal places must be between 0 and 4',
  amount: 'Amount must be a number',
  amountRange: `Amount must be zero or more, with at most ${CURRENCY_LIMITS.amountIntegerDigits} digits before the decimal point and ${CURRENCY_LIMITS.amountScale} after it.`,
  provider: `Provider must be one of: none, ${RATE_PROVIDERS.filter(Boolean).join(', ')}.`,
  providerUrl: 'Enter an http or https address.',
} as const

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

/** A decimal as text: a finite JSON number (its shortest spelling) or a numeric string. Anything else is `message`. */
export const decimalText = (message: string) =>
  v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((x) => (typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : x.trim())),
    v.check((x) => DECIMAL.test(x), message),
  )

/** Digits before and after the point of a plain or exponent decimal spelling (for limits, without arithmetic). */
export function decimalShape(text: string): { negative: boolean; zero: boolean; intDigits: number; scale: number } {
  const m = /^([+-]?)(\d*)\.?(\d*)(?:e([+-]?\d+))?$/i.exec(text.trim())
  if (!m) return { negative: false, zero: true, intDigits: Number.POSITIVE_INFINITY, scale: Number.POSITIVE_INFINITY }
  let digits = `${m[2]}${m[3]}`
  let point = (m[2] ?? '').length + Number(m[4] ?? 0)
  const lead = digits.length - digits.replace(/^0+/, '').length
  digits = digits.slice(lead)
  point -= lead
  digits = digits.replace(/0+$/, '')
  const zero = digits.length === 0
  return {
    negative: m[1] === '-' && !zero,
    zero,
    intDigits: zero ? 0 : Math.max(point, 0),
    scale: zero ? 0 : Math.max(digits.length - point, 0),
  }
}

/** A reference to a currency: its id (number, numeric string or `{id}`) or its code ('usd' reads as USD). */
export const currencyRef = (missing: string) =>
  v.pipe(
    v.union([v.number(), v.string(), v.null(), v.undefined(), v.object({ id: v.union([v.number(), v.string()]) })], missing),
    v.transform((x): number | string | null => {
      const raw = x !== null && typeof x === 'object' ? x.id : x
      if (raw === null || raw === undefined) return null
      if (typeof raw === 'number') return raw
      const t = raw.trim()
      if (!t) return null
      return /^\d+$/.test(t) ? Number(t) : t.toUpperCase()
    }),
    v.check((x) => x !== null, missing),
    v.transform((x) => x as number | string),
  )

/** true/false, also as the strings an HTML form or a query string sends ('on', 'true', '1'). */
const bool = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', 'on', 'off', '1', '0', 'True', 'False', ''])], 'Must be true or false.'),
  v.transform((x) => x === true || x === 'true' || x === 'True' || x === 'on' || x === '1'),
)

const required = (message: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `Ensure this field has no more than ${max} characters.`))

const code = v.pipe(
  v.string(CURRENCY_FORM_MESSAGES.code),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{3}$/, CURRENCY_FORM_MESSAGES.code),
)

const integer = (message: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((x) => (typeof x === 'number' ? x : x.trim() === '' ? Number.NaN : Number(x.trim()))),
    v.check((x) => Number.isInteger(x) && x >= min && x <= max, message),
  )

const currencyFields = {
  code,
  name: required(CURRENCY_FORM_MESSAGES.name, 100),
  symbol: required(CURRENCY_FORM_MESSAGES.symbol, 10),
  is_active: v.optional(bool),
  is_base_currency: v.optional(bool),
  display_order: v.optional(integer('Display order must be a whole number between 0 and 100000.', 0, 100_000)),
  countries: v.optional(v.pipe(v.string('Enter text.'), v.trim(), v.maxLength(2000, 'Ensure this field has no more than 2000 characters.'))),
}

export const CreateCurrencyInput = v.object(currencyFields)
export type CreateCurrencyInput = v.InferOutput<typeof CreateCurrencyInput>
export const UpdateCurrencyInput = v.partial(v.object(currencyFields))
export type UpdateCurrencyInput = v.InferOutput<typeof UpdateCurrencyInput>

export const CurrencyFilters = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  is_active: v.optional(bool),
})

/** An ISO date (YYYY-MM-DD) that exists on the calendar. */
export const isoDate = (missing: string) =>
  v.pipe(
    v.string(missing),
    v.trim(),
    v.nonEmpty(missing),
    v.check((x) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(x)
      if (!m) return false
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
      return d.toISOString().slice(0, 10) === x
    }, CURRENCY_FORM_MESSAGES.invalidDate),
  )

/** Checks after the number itself passes only when it is a number, so a bad value gets one message. */
const ifNumber = (test: (x: string) => boolean) => (x: string) => !DECIMAL.test(x) || test(x)

const rateText = v.pipe(
  decimalText(CURRENCY_FORM_MESSAGES.rate),
  v.check(
    ifNumber((x) => {
      const s = decimalShape(x)
      return !s.negative && !s.zero
    }),
    CURRENCY_FORM_MESSAGES.rate,
  ),
  v.check(
    ifNumber((x) => decimalShape(x).negative || decimalShape(x).zero || decimalShape(x).scale <= CURRENCY_LIMITS.rateScale),
    `Ensure that there are no more than ${CURRENCY_LIMITS.rateScale} decimal places.`,
  ),
  v.check(
    ifNumber((x) => decimalShape(x).intDigits <= CURRENCY_LIMITS.rateIntegerDigits),
    `Ensure that there are no more than ${CURRENCY_LIMITS.rateIntegerDigits} digits before the decimal point.`,
  ),
)

const source = v.pipe(
  v.string(CURRENCY_FORM_MESSAGES.source),
  v.trim(),
  v.metadata({ enum: [...RATE_SOURCES] }),
  v.check((x) => (RATE_SOURCES as readonly string[]).includes(x), CURRENCY_FORM_MESSAGES.source),
  v.transform((x) => x as RateSource),
)

const rateFields = {
  from_currency: currencyRef(CURRENCY_FORM_MESSAGES.bothCurrencies),
  to_currency: currencyRef(CURRENCY_FORM_MESSAGES.bothCurrencies),
  rate: rateText,
  effective_date: isoDate(CURRENCY_FORM_MESSAGES.effectiveDate),
  source: v.optional(source, 'manual'),
  is_active: v.optional(bool, true),
}

/** From and To must differ (checked when both are known and the rest of the input is valid). */
const differentCurrencies = <T extends { from_currency?: number | string; to_currency?: number | string }>(x: T) =>
  x.from_currency === undefined || x.from_currency !== x.to_currency

export const ConversionRateInput = v.pipe(
  v.object(rateFields),
  v.forward(v.check(differentCurrencies, CURRENCY_FORM_MESSAGES.sameCurrency), ['to_currency']),
)
export type ConversionRateInput = v.InferOutput<typeof ConversionRateInput>
export const UpdateConversionRateInput = v.pipe(
  v.partial(v.object(rateFields)),
  v.forward(v.check(differentCurrencies, CURRENCY_FORM_MESSAGES.sameCurrency), ['to_currency']),
)
export type UpdateConversionRateInput = v.InferOutput<typeof UpdateConversionRateInput>

export const RateFilters = v.object({
  from_currency: v.optional(currencyRef('Select a valid currency.')),
  to_currency: v.optional(currencyRef('Select a valid currency.')),
  is_active: v.optional(bool),
})

const margin = v.pipe(
  decimalText(CURRENCY_FORM_MESSAGES.margin),
  // A range check on a setting, not arithmetic on money: Number() is exact enough to compare with 0 and 50.
  v.check(ifNumber((x) => Number(x) >= 0 && Number(x) <= 50), CURRENCY_FORM_MESSAGES.margin),
  v.check(ifNumber((x) => Number(x) < 0 || Number(x) > 50 || decimalShape(x).scale <= 2), CURRENCY_FORM_MESSAGES.marginPlaces),
)

export const CurrencySettingsInput = v.partial(
  v.object({
    global_margin_percentage: margin,
    base_currency: currencyRef('Select a valid currency.'),
    auto_update_rates: bool,
    external_api_provider: v.pipe(
      v.union([v.string(), v.null()], CURRENCY_FORM_MESSAGES.provider),
      v.metadata({ enum: [...RATE_PROVIDERS] }),
      v.transform((x) => (x ?? '').trim()),
      v.check((x) => (RATE_PROVIDERS as readonly string[]).includes(x), CURRENCY_FORM_MESSAGES.provider),
      v.transform((x) => x as RateProviderName),
    ),
    provider_url: v.pipe(
      v.union([v.string(), v.null()], CURRENCY_FORM_MESSAGES.providerUrl),
      v.transform((x) => (x ?? '').trim()),
      v.maxLength(500, 'Ensure this field has no more than 500 characters.'),
      v.check((x) => x === '' || /^https?:\/\/[^\s]+$/i.test(x), CURRENCY_FORM_MESSAGES.providerUrl),
    ),
    default_decimal_places: integer(CURRENCY_FORM_MESSAGES.decimalPlaces, 0, 4),
    show_currency_symbols: bool,
  }),
)
export type CurrencySettingsInput = v.InferOutput<typeof CurrencySettingsInput>

/** §3 Currency conversion request; `date` (optional) picks the rates in force that day, today by default. */
export const ConversionRequest = v.pipe(
  v.object({
    from_currency: currencyRef(CURRENCY_FORM_MESSAGES.bothCurrencies),
    to_currency: currencyRef(CURRENCY_FORM_MESSAGES.bothCurrencies),
    amount: v.pipe(
      decimalText(CURRENCY_FORM_MESSAGES.amount),
      v.check(
        ifNumber((x) => {
          const s = decimalShape(x)
          return !s.negative && s.intDigits <= CURRENCY_LIMITS.amountIntegerDigits && s.scale <= CURRENCY_LIMITS.amountScale
        }),
        CURRENCY_FORM_MESSAGES.amountRange,
      ),
    ),
    date: v.optional(isoDate(CURRENCY_FORM_MESSAGES.invalidDate)),
  }),
  v.forward(v.check(differentCurrencies, CURRENCY_FORM_MESSAGES.sameCurrency), ['to_currency']),
)
export type ConversionRequest = v.InferOutput<typeof ConversionRequest>

export const RateImportInput = v.object({
  content: v.pipe(v.string('Choose a rates file.'), v.nonEmpty('Choose a rates file.'), v.maxLength(900_000, 'The rates file is too large (at most 900 KB).')),
  format: v.optional(v.picklist(['csv', 'ecb', ''], 'The format must be csv or ecb.'), ''),
  filename: v.optional(v.string(), ''),
})
export type RateImportInput = v.InferOutput<typeof RateImportInput>
