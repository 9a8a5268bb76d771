/**
 * Amounts in a currency's smallest unit, as payment providers take them, computed exactly from the decimal text a
 * booking stores (never through a float). Stripe's own table of decimals (its docs, "Supported currencies"): most
 * currencies have 2, a few none (JPY: 1500 yen is 1500) and five have 3 (BHD, JOD, KWD, OMR, TND: the last digit 0).
 */
export const ZERO_DECIMAL_CURRENCIES = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])
export const THREE_DECIMAL_CURRENCIES = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND'])

/** How many decimals the currency's smallest unit has for the provider. */
export function minorDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase()
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return 0
  if (THREE_DECIMAL_CURRENCIES.has(code)) return 3
  return 2
}

export class AmountNotChargeableError extends Error {}

/**
 * "1500.00" JPY → 1500, "12.34" USD → 1234, "5.25" KWD → 5250. A fraction the currency cannot carry (0.50 yen) is
 * refused: the amount would change on the way to the provider.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim())
  if (!match) throw new AmountNotChargeableError(`"${amount}" is not a decimal amount`)
  const digits = minorDigits(currency)
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  if (fraction.length > digits) throw new AmountNotChargeableError(`${amount} ${currency.toUpperCase()} has more decimals than the currency has`)
  const minor = BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt((fraction || '0').padEnd(digits, '0') || '0')
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new AmountNotChargeableError(`${amount} is too large`)
  return Number(minor)
}

/** The smallest units back as decimal text with 2 places (the bookings' scale): 1500 JPY → "1500.00". */
export function fromMinorUnits(minor: number, currency: string): string {
  const digits = minorDigits(currency)
  const text = BigInt(minor)
    .toString()
    .padStart(digits + 1, '0')
  const whole = digits ? text.slice(0, -digits) : text
  const fraction = (digits ? text.slice(-digits) : '').padEnd(2, '0')
  return `${whole}.${fraction.slice(0, Math.max(2, fraction.replace(/0+$/, '').length))}`
}
