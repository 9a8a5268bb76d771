import { describe, expect, it } from 'vitest'
import { localDayRange, localParts, parseAirportTime, zonedInstant } from './time.ts'

/**
 * Local times at airports across daylight-saving changes (docs/bookings.md, "Flights"). The choice, as iCalendar
 * (RFC 5545) and Temporal's "compatible" make it: a wall time skipped when the clocks go forward is read with the
 * offset before the gap, so it lands later by the gap (Paris 2027-03-28 02:30 is 03:30 summer time); a wall time that
 * occurs twice when the clocks go back is its first occurrence (summer time). The same east and west of Greenwich.
 * The zones' rules are the runtime's (Node's ICU time zone data).
 */
const at = (date: string, time: string, zone: string) => zonedInstant(date, time, zone).toISOString()

describe('zonedInstant across daylight-saving changes', () => {
  it('reads the normal times next to each change exactly', () => {
    // Paris: forward at 02:00 CET on 28 March 2027, back at 03:00 CEST on 31 October 2027.
    expect(at('2027-03-28', '01:59', 'Europe/Paris')).toBe('2027-03-28T00:59:00.000Z')
    expect(at('2027-03-28', '03:00', 'Europe/Paris')).toBe('2027-03-28T01:00:00.000Z')
    expect(at('2027-10-31', '01:59', 'Europe/Paris')).toBe('2027-10-30T23:59:00.000Z')
    expect(at('2027-10-31', '03:00', 'Europe/Paris')).toBe('2027-10-31T02:00:00.000Z')
    // New York: forward at 02:00 EST on 14 March 2027, back at 02:00 EDT on 7 November 2027.
    expect(at('2027-03-14', '01:59', 'America/New_York')).toBe('2027-03-14T06:59:00.000Z')
    expect(at('2027-03-14', '03:00', 'America/New_York')).toBe('2027-03-14T07:00:00.000Z')
    expect(at('2027-11-07', '00:59', 'America/New_York')).toBe('2027-11-07T04:59:00.000Z')
    expect(at('2027-11-07', '02:00', 'America/New_York')).toBe('2027-11-07T07:00:00.000Z')
  })

  it('moves a time skipped by the clocks going forward later by the gap', () => {
    const paris = zonedInstant('2027-03-28', '02:30', 'Europe/Paris')
    expect(paris.toISOString()).toBe('2027-03-28T01:30:00.000Z')
    expect(localParts(paris, 'Europe/Paris')).toMatchObject({ date: '2027-03-28', time: '03:30' })
    const newYork = zonedInstant('2027-03-14', '02:30', 'America/New_York')
    expect(newYork.toISOString()).toBe('2027-03-14T07:30:00.000Z')
    expect(localParts(newYork, 'America/New_York')).toMatchObject({ date: '2027-03-14', time: '03:30' })
    // Santiago goes forward at midnight (00:00 is 01:00): the skipped half hour stays on its own day.
    const santiago = zonedInstant('2027-09-05', '00:30', 'America/Santiago')
    expect(santiago.toISOString()).toBe('2027-09-05T04:30:00.000Z')
    expect(localParts(santiago, 'America/Santiago')).toMatchObject({ date: '2027-09-05', time: '01:30' })
    // A departure typed in the gap is read the same way.
    expect(parseAirportTime('2027-03-28T02:30', 'Europe/Paris')?.toISOString()).toBe('2027-03-28T01:30:00.000Z')
  })

  it('takes the first occurrence of a time the clocks going back repeat', () => {
    expect(at('2027-10-31', '02:30', 'Europe/Paris')).toBe('2027-10-31T00:30:00.000Z')
    expect(at('2027-10-31', '02:00', 'Europe/Paris')).toBe('2027-10-31T00:00:00.000Z')
    expect(at('2027-11-07', '01:30', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z')
    expect(at('2027-04-03', '23:30', 'America/Santiago')).toBe('2027-04-04T02:30:00.000Z')
    // The second occurrence is still reachable with an offset.
    expect(parseAirportTime('2027-10-31T02:30+01:00', 'Europe/Paris')?.toISOString()).toBe('2027-10-31T01:30:00.000Z')
  })

  it('round-trips every quarter hour of the change days, the skipped ones moved forward by the gap', () => {
    const days = [
      { zone: 'Europe/Paris', date: '2027-03-28', gap: ['02:00', '03:00'] },
      { zone: 'Europe/Paris', date: '2027-10-31', gap: null },
      { zone: 'America/New_York', date: '2027-03-14', gap: ['02:00', '03:00'] },
      { zone: 'America/New_York', date: '2027-11-07', gap: null },
      { zone: 'America/Santiago', date: '2027-09-05', gap: ['00:00', '01:00'] },
      { zone: 'America/Santiago', date: '2027-04-03', gap: null },
      { zone: 'America/Havana', date: '2027-03-14', gap: ['00:00', '01:00'] },
    ]
    const wrong: string[] = []
    for (const { zone, date, gap } of days) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
        const wall = hhmm(minutes)
        const skipped = gap !== null && wall >= gap[0]! && wall < gap[1]!
        const expected = skipped ? hhmm(minutes + 60) : wall
        const got = localParts(zonedInstant(date, wall, zone), zone)
        if (got.date !== date || got.time !== expected) wrong.push(`${zone} ${date} ${wall}: ${got.date} ${got.time}, expected ${expected}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('gives a change day its real length, from its first instant to the next day’s', () => {
    const hours = (r: { start: Date; end: Date }) => (r.end.getTime() - r.start.getTime()) / 3_600_000
    const spring = localDayRange('2027-09-05', 'America/Santiago')
    expect(spring.start.toISOString()).toBe('2027-09-05T04:00:00.000Z')
    expect(localParts(spring.start, 'America/Santiago')).toMatchObject({ date: '2027-09-05', time: '01:00' })
    expect(hours(spring)).toBe(23)
    expect(hours(localDayRange('2027-04-03', 'America/Santiago'))).toBe(25)
    expect(hours(localDayRange('2027-03-28', 'Europe/Paris'))).toBe(23)
    expect(hours(localDayRange('2027-10-31', 'Europe/Paris'))).toBe(25)
    expect(localDayRange('2027-03-14', 'America/Havana').start.toISOString()).toBe('2027-03-14T05:00:00.000Z')
  })
})
