/**
 * Time zone arithmetic with Intl (IANA zones): local times at airports, cancellation deadlines, calendars' TZIDs and
 * VTIMEZONEs, and the reader's own clock in the browser. One implementation for the server and the browser.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The zone as given when the runtime knows it, else UTC (a location without a zone, or one the runtime lacks). */
export function knownZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC'
  if (formatters.has(zone)) return zone
  try {
    formatter(zone)
    return zone
  } catch {
    return 'UTC'
  }
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(zone, f)
  }
  return f
}

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string
  /** HH:mm, 24-hour */
  time: string
  /** Minutes after local midnight. */
  minutes: number
}

/**
 * A zone's offset at an instant, kept per zone and quarter hour: every clock change since 1970 falls on a quarter
 * hour, so the offset is the same throughout one. Intl is slow (tens of µs a call); a search formats hundreds of times.
 */
const offsets = new Map<string, number>()
const QUARTER = 900_000

function quarterOffset(ms: number, zone: string): number {
  const start = Math.floor(ms / QUARTER) * QUARTER
  const key = `${zone}|${start}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    if (offsets.size > 100_000) offsets.clear()
    offset = offsetAt(start, zone)
    offsets.set(key, offset)
  }
  return offset
}

/** The local date and time of an instant in a zone. */
export function localParts(at: Date, zone: string): LocalParts {
  const local = new Date(at.getTime() + quarterOffset(at.getTime(), knownZone(zone)))
  const hh = local.getUTCHours()
  const mm = local.getUTCMinutes()
  return { date: local.toISOString().slice(0, 10), time: `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`, minutes: hh * 60 + mm }
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(ms: number, zone: string): number {
  const parts: Record<string, string> = {}
  for (const p of formatter(zone).formatToParts(new Date(ms))) parts[p.type] = p.value
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second))
  return asUtc - Math.floor(ms / 1000) * 1000
}

/**
 * The instant of a local wall-clock time in a zone, as iCalendar (RFC 5545) and Temporal's "compatible" read it: a
 * time skipped by a clock change (spring forward) is read with the offset before the gap, so it lands later by the gap,
 * as a clock would show it; a time that occurs twice (the clocks going back) is its first occurrence. The same in
 * every zone, east or west of Greenwich, whatever the hour of the change (midnight in some).
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const z = knownZone(zone)
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number | undefined]
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss ?? 0)
  // The zone's offsets a day either side: the same unless the clocks change near this wall time.
  const before = quarterOffset(wall - 86_400_000, z)
  const after = quarterOffset(wall + 86_400_000, z)
  // Each offset gives the wall time only if the zone has that offset at the instant it gives.
  const readings = [wall - before, wall - after].filter((at, i) => quarterOffset(at, z) === (i === 0 ? before : after))
  // Two: a repeated time, the first occurrence. None: a skipped time, with the offset before the gap.
  return new Date(readings.length ? Math.min(...readings) : wall - before)
}

/** Whether the runtime knows this zone (a blank one, or one it lacks, is not). */
export function isKnownZone(zone: string | null | undefined): zone is string {
  return Boolean(zone) && knownZone(zone) === zone
}

/** Minutes east of UTC in a zone at an instant (ms). */
export function offsetMinutes(zone: string, at: number): number {
  return quarterOffset(at, knownZone(zone)) / 60_000
}

/**
 * "14:00" (and " +1" on the next day): a plan's local time as the reader's own clock shows it, or null where the two
 * zones agree at that moment (nothing to add) or either is unknown.
 */
export function readerTime(date: string, time: string, planZone: string, readerZone: string): string | null {
  if (!isKnownZone(planZone) || !isKnownZone(readerZone) || planZone === readerZone) return null
  const at = zonedInstant(date, time, planZone)
  if (offsetMinutes(planZone, at.getTime()) === offsetMinutes(readerZone, at.getTime())) return null
  const local = localParts(at, readerZone)
  const shift = Math.round((Date.parse(`${local.date}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000)
  return `${local.time}${shift > 0 ? ` +${shift}` : shift < 0 ? ` ${shift}` : ''}`
}
