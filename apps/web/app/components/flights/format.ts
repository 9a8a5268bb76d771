/** Display helpers for flights, browser-safe (docs/bookings.md "Flights"). */
import type { CabinClass } from '@meridian/validators/booking-constants'

export { formatDay, formatMoney, plural } from '../trips/format.ts'

/** Class badges (2-catalogue-content.md §2): first purple, business blue, premium green; economy plain. */
export const CLASS_COLORS: Record<CabinClass, string> = { first: 'grape', business: 'blue', premium: 'green', economy: 'gray' }

export const AVAILABILITY_COLORS = { available: 'teal', limited: 'orange', sold_out: 'red' } as const
export const AVAILABILITY_LABELS = { available: 'Available', limited: 'Limited', sold_out: 'Sold out' } as const

export const AMENITY_ICONS: Record<string, { label: string }> = {
  wifi: { label: 'Wi-Fi' },
  meals: { label: 'Meals' },
  entertainment: { label: 'Entertainment' },
}

/** 'Non-stop', '1 stop', '2 stops'. */
export const stopsLabel = (stops: number) => (stops === 0 ? 'Non-stop' : `${stops} ${stops === 1 ? 'stop' : 'stops'}`)

/** '3 seats left', '1 seat left', 'Sold out'. */
export const seatsLabel = (seats: number) => (seats <= 0 ? 'Sold out' : `${seats.toLocaleString('en-US')} ${seats === 1 ? 'seat' : 'seats'} left`)

/** Decimal text times a whole number, exactly (cents as integers: prices have at most 2 places). */
export function timesPassengers(price: string, passengers: number): string {
  return fromCents(centsOf(price) * BigInt(passengers))
}

/** Amounts of exact decimal text with two places, added in cents (no float rounding). */
export function sumMoney(...amounts: string[]): string {
  return fromCents(amounts.reduce((total, amount) => total + centsOf(amount), 0n))
}

function centsOf(amount: string): bigint {
  const [whole = '0', frac = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2))
}

const fromCents = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
