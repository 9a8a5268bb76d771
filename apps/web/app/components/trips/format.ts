/**
 * Display helpers for trips, browser-safe. Money stays text end to end: amounts arrive as exact decimal strings
 * ("10000.00") and are grouped here by string, never through a float.
 */

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' }

/** "$10,000.00", "€1,250.50", "CHF 300.00". */
export function formatMoney(amount: string, currency = 'USD'): string {
  const negative = amount.startsWith('-')
  const [whole = '0', frac = ''] = amount.replace('-', '').split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const cents = (frac + '00').slice(0, 2)
  const symbol = SYMBOLS[currency]
  const text = `${grouped}.${cents}`
  return `${negative ? '-' : ''}${symbol ? `${symbol}${text}` : `${currency} ${text}`}`
}

/**
 * Money in whole units, rounded half up on the exact text (no float): "$2,740", "€1,251" (the analytics dashboard's
 * figures, 2-catalogue-content.md §9: "Dashboard currency shown as USD with no decimals").
 */
export function formatWholeMoney(amount: string, currency = 'USD'): string {
  const negative = amount.startsWith('-')
  const [whole = '0', frac = ''] = amount.replace('-', '').split('.')
  const rounded = (BigInt(whole || '0') + (Number(frac.charAt(0) || '0') >= 5 ? 1n : 0n)).toString()
  const grouped = rounded.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const symbol = SYMBOLS[currency]
  return `${negative && rounded !== '0' ? '-' : ''}${symbol ? `${symbol}${grouped}` : `${currency} ${grouped}`}`
}

/** Whether an exact decimal string is above zero. */
export const isPositive = (amount: string) => !amount.startsWith('-') && /[1-9]/.test(amount)

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Apr 3, 2027" from "2027-04-03" (1-platform-core §9: short month, day, year). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  return y && m && d ? `${MONTHS[m - 1]} ${d}, ${y}` : iso
}

/** "Apr 3, 2027 – Apr 12, 2027". */
export const formatRange = (start: string, end: string) => `${formatDay(start)} – ${formatDay(end)}`

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
