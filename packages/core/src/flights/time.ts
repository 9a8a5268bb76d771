/**
 * Local times at airports. Flights are stored as instants (timestamptz); people give and read them in the local time
 * of the airport (its location's IANA time zone, UTC when it has none). Intl does the zone arithmetic (shared with the
 * calendars and the browser: @meridian/validators/zones), so nothing here depends on the database's own time zone data.
 */

import { zonedInstant } from '@meridian/validators/zones'

export { knownZone, type LocalParts, localParts, zonedInstant } from '@meridian/validators/zones'

/** [start, end) of a local calendar day in a zone, as instants. */
export function localDayRange(date: string, zone: string): { start: Date; end: Date } {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  return { start: zonedInstant(date, '00:00', zone), end: zonedInstant(next, '00:00', zone) }
}

/** Whether text is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const d = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i

/**
 * A departure or arrival as people write it: `2026-12-01T08:30` (local time at the airport), optionally with seconds,
 * a space for the T, or an offset (`+01:00`, `Z`), which then decides the instant. Null when it is not such a time.
 */
export function parseAirportTime(text: string, zone: string): Date | null {
  const m = LOCAL_TIME.exec(text.trim())
  if (!m) return null
  const [, date, hh, mm, ss, offset] = m
  if (!isIsoDate(date!) || Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return null
  if (offset) {
    const iso = `${date}T${hh}:${mm}:${ss ?? '00'}${
      offset.toUpperCase() === 'Z' ? 'Z' : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset
    }`
    const at = new Date(iso)
    return Number.isNaN(at.getTime()) || Math.abs(Number(offset.slice(1, 3))) > 14 ? null : at
  }
  return zonedInstant(date!, `${hh}:${mm}:${ss ?? '00'}`, zone)
}

/** "7h 25m" for a number of minutes. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h ? (m ? `${h}h ${m}m` : `${h}h`) : `${m}m`
}
