import { localParts, offsetMinutes } from '@meridian/validators/zones'

/*
 * iCalendar (RFC 5545) text: escaping, folding, local times in a named IANA zone and the VTIMEZONE that defines it.
 * Shared by the itinerary's one-off .ics and the traveler's calendar feed (docs/traveler-app.md "Calendar feed").
 */

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and newlines; other control characters are dropped. */
export function icsText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
}

/** Content lines folded at 75 octets (§3.1): continuation lines start with a space; a UTF-8 character is never split. */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let size = 0
  for (const c of line) {
    const n = Buffer.byteLength(c)
    if (size + n > 75) {
      out.push(current)
      current = ' '
      size = 1
    }
    current += c
    size += n
  }
  out.push(current)
  return out.join('\r\n')
}

/** A calendar's text from its content lines: folded, CRLF-terminated. */
export const calendarText = (lines: string[]) => lines.map(foldLine).join('\r\n') + '\r\n'

const pad = (n: number) => String(n).padStart(2, '0')

/** "20300403T090000": a date-time read from an instant's UTC fields (a local time carried as if it were UTC). */
function floatingStamp(ms: number): string {
  const t = new Date(ms)
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}00`
}

/** "20300403T090000" (a local date-time) from a date and minutes after its midnight (may run into later days). */
export const localStamp = (date: string, minutes: number) => floatingStamp(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000)

/** "20300403" (a DATE value). */
export const dateStamp = (date: string) => date.replace(/-/g, '')

/** "20300403T140000Z" (UTC). */
export const utcStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

/** "20300403T090000": the wall clock of `zone` at an instant (for DTSTART;TZID=…), to the minute. */
export function zonedStamp(zone: string, at: Date): string {
  const local = localParts(at, zone)
  return `${dateStamp(local.date)}T${local.time.replace(':', '')}00`
}

/** "+0530", "-0500". */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const m = Math.abs(minutes)
  return `${sign}${pad(Math.floor(m / 60))}${pad(m % 60)}`
}

/**
 * The VTIMEZONE of an IANA zone over the years from `fromYear` to `toYear`: its offset at the start, then each change
 * of offset found in those years (found by the day, then to the minute), a DAYLIGHT component where the offset rises
 * above the zone's lowest in the range, a STANDARD one otherwise. Calendars read the events' local times through it.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear, 0, 1)
  const end = Date.UTC(toYear + 1, 0, 1)
  const changes: { at: number; from: number; to: number }[] = []
  let previous = offsetMinutes(zone, start)
  const first = previous
  for (let t = start + 86_400_000; t <= end; t += 86_400_000) {
    const now = offsetMinutes(zone, t)
    if (now === previous) continue
    // The change is within the day before t: narrowed to the minute.
    let lo = t - 86_400_000
    let hi = t
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000
      if (offsetMinutes(zone, mid) === previous) lo = mid
      else hi = mid
    }
    changes.push({ at: hi, from: previous, to: now })
    previous = now
  }
  const lowest = Math.min(first, ...changes.map((c) => c.to))
  const component = (kind: 'STANDARD' | 'DAYLIGHT', local: string, from: number, to: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${local}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `END:${kind}`,
  ]
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`]
  lines.push(...component(first > lowest ? 'DAYLIGHT' : 'STANDARD', `${fromYear}0101T000000`, first, first))
  for (const c of changes) {
    // DTSTART is the local time just before the change, in the offset it changes from.
    lines.push(...component(c.to > lowest ? 'DAYLIGHT' : 'STANDARD', floatingStamp(c.at + c.from * 60_000), c.from, c.to))
  }
  lines.push('END:VTIMEZONE')
  return lines
}

/** The VTIMEZONEs of the zones a calendar's events name, over the years of its dates. */
export function timezones(zones: Iterable<string>, dates: string[]): string[] {
  const years = dates.map((d) => Number(d.slice(0, 4))).filter((y) => Number.isInteger(y))
  if (!years.length) return []
  const from = Math.min(...years)
  const to = Math.max(...years)
  return [...new Set(zones)].sort().flatMap((z) => vtimezone(z, from, to))
}
