import { describe, expect, it } from 'vitest'
import { timeAgo } from './time-ago.ts'

const now = Date.parse('2026-03-10T12:00:00Z')
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString()

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1m ago'],
    [3599, '59m ago'],
    [3600, '1h ago'],
    [86_399, '23h ago'],
    [86_400, '1d ago'],
    [10 * 86_400 + 5, '10d ago'],
  ])('%i seconds ago reads %s', (seconds, text) => {
    expect(timeAgo(ago(seconds), now)).toBe(text)
  })

  it('treats a time slightly in the future (clock skew) and an unreadable date as just now', () => {
    expect(timeAgo(ago(-30), now)).toBe('just now')
    expect(timeAgo('not a date', now)).toBe('just now')
  })
})
