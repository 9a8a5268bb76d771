import { describe, expect, it } from 'vitest'
import { offsetMinutes, readerTime, zonedInstant } from './zones.ts'

/* A plan's local time read on the traveler's own clock (docs/traveler-app.md "Local time"). */

describe('local times in a plan’s zone', () => {
  it('finds the instant of a local time, across a change of offset', () => {
    expect(new Date(zonedInstant('2030-05-10', '09:00', 'America/Lima')).toISOString()).toBe('2030-05-10T14:00:00.000Z')
    // New York on the day summer time begins: 01:30 is still EST, 03:30 already EDT.
    expect(new Date(zonedInstant('2030-03-10', '01:30', 'America/New_York')).toISOString()).toBe('2030-03-10T06:30:00.000Z')
    expect(new Date(zonedInstant('2030-03-10', '03:30', 'America/New_York')).toISOString()).toBe('2030-03-10T07:30:00.000Z')
    expect(offsetMinutes('Asia/Kolkata', Date.UTC(2030, 0, 1))).toBe(330)
  })

  it('says the reader’s own time where their clock differs, with the day it falls on', () => {
    expect(readerTime('2030-05-10', '09:00', 'America/Lima', 'Europe/Paris')).toBe('16:00')
    expect(readerTime('2030-05-10', '20:00', 'America/Lima', 'Asia/Tokyo')).toBe('10:00 +1')
    expect(readerTime('2030-05-10', '08:00', 'Asia/Tokyo', 'America/Lima')).toBe('18:00 -1')
    // Nothing to add: the same zone, one with the same offset then, or no zone known.
    expect(readerTime('2030-05-10', '09:00', 'America/Lima', 'America/Lima')).toBeNull()
    expect(readerTime('2030-05-10', '09:00', 'America/Lima', 'America/Bogota')).toBeNull()
    expect(readerTime('2030-05-10', '09:00', '', 'Europe/Paris')).toBeNull()
  })
})
