/**
 * Local times at airports. Flights are stored as instants (timestamptz); people give and read them in the local time
 * of the airport (its location's IANA time zone, UTC when it has none). Intl does the zone arithmetic, so nothing here
 * depends on the database's own time zone data.
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
