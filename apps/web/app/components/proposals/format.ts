/**
 * The proposal screens' words and small conversions, browser-safe. Money stays exact decimal text (formatMoney): a
 * price difference arrives signed ("+120.00", "-35.50", "0.00") and is shown with its sign in front of the currency.
 */
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '@meridian/validators/proposal-constants'
import { formatMoney, plural } from '../trips/format.ts'

/** "+$120.00", "-$35.50", or null for no difference. */
export function signedMoney(difference: string, currency: string): string | null {
  const negative = difference.startsWith('-')
  const amount = difference.replace(/^[+-]/, '')
  if (!/[1-9]/.test(amount)) return null
  return `${negative ? '-' : '+'}${formatMoney(amount, currency)}`
}

/** "2 adults, 1 child, 1 infant" (the kinds there are none of left out). */
export function travelersText(t: { adults: number; children: number; infants: number }): string {
  const parts = [
    t.adults ? plural(t.adults, 'adult', 'adults') : '',
    t.children ? plural(t.children, 'child', 'children') : '',
    t.infants ? plural(t.infants, 'infant', 'infants') : '',
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : 'No travelers'
}

/**
 * A round's state in the words of the one reading it: the labels speak to the traveler ("Waiting for you"); those who
 * planned the trip read that the traveler has it.
 */
export function statusLabel(status: string, traveler: boolean): string {
  if (status === 'sent' && !traveler) return 'Waiting for the traveler'
  return PROPOSAL_STATUS_LABELS[status as ProposalStatus] ?? status
}

/** The options a URL names, as the service reads them: `choice.{group}` fields and a `choices` list. */
export function choicesQuery(params: URLSearchParams): Record<string, string> {
  // Built from entries, so that a key such as `choice.__proto__` stays a key of its own.
  return Object.fromEntries([...params].filter(([key]) => (key.startsWith('choice.') && key.length > 7) || key === 'choices'))
}

/** The options a posted form chose (`choice.{group}` fields), as `{group: key}`. */
export function choicesOf(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => key.startsWith('choice.') && key.length > 7)
      .map(([key, value]) => [key.slice(7), value]),
  )
}

/** The field a choice of `group` is sent in (and its errors come back under `choices.{group}`). */
export const choiceField = (group: string) => `choice.${group}`

type Change = 'added' | 'removed' | 'moved' | 'repriced' | 'option_added' | 'option_dropped'

/** One line of "What changed", as a sentence. */
export function changeText(
  line: { change: Change | string; title: string; day: string; from_day?: string; from: string | null; to: string | null },
  currency: string,
) {
  const price = (x: string | null) => (x === null ? 'no price' : formatMoney(x, currency))
  switch (line.change) {
    case 'added':
      return `Added: ${line.title} (${line.day})`
    case 'removed':
      return `Removed: ${line.title} (${line.day})`
    case 'moved':
      return `Moved: ${line.title}, from ${line.from_day ?? 'another day'} to ${line.day}`
    case 'repriced':
      return `New price: ${line.title}, ${price(line.from)} → ${price(line.to)}`
    case 'option_added':
      return `New option: ${line.title} (${line.day})`
    case 'option_dropped':
      return `Option no longer offered: ${line.title} (${line.day})`
    default:
      return `${line.title} (${line.day})`
  }
}

/** "Apr 3, 2027" from an ISO timestamp (UTC). */
export const dayOf = (iso: string) => iso.slice(0, 10)

/** "09:30" or "09:30–11:00" from an item's times. */
export function timeRange(start: string | null, end: string | null): string | null {
  const short = (t: string) => t.slice(0, 5)
  if (start && end) return `${short(start)}–${short(end)}`
  if (start) return short(start)
  return null
}

/** "2 open comments". */
export const openThreadsText = (n: number) => (n === 0 ? 'No open comments' : plural(n, 'open comment', 'open comments'))
