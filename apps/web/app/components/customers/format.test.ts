import { describe, expect, it } from 'vitest'
import { formatDate, formatMoment, satisfactionText, shorten } from './format.ts'

describe('customer display helpers', () => {
  it('keeps a short note as it is, with its spaces flattened', () => {
    expect(shorten('  Loves slow mornings.\n\nNo red-eye flights. ')).toBe('Loves slow mornings. No red-eye flights.')
  })

  it('cuts a long note at a word, with an ellipsis', () => {
    const cut = shorten('Prefers quiet boutique hotels, travels in May, allergic to shellfish and wants a window seat', 40)
    expect(cut).toBe('Prefers quiet boutique hotels, travels…')
    expect(cut.length).toBeLessThanOrEqual(41)
  })

  it('cuts one long word where it must', () => {
    expect(shorten('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`)
  })

  it('shows satisfaction out of 5 with one decimal, and a dash before any rating', () => {
    expect(satisfactionText(4.5)).toBe('4.5 / 5')
    expect(satisfactionText(5)).toBe('5.0 / 5')
    expect(satisfactionText(null)).toBe('—')
  })

  it('writes days and moments in UTC, so the server and the browser agree', () => {
    expect(formatDate('2026-03-03T23:30:00Z')).toBe('Mar 3, 2026')
    expect(formatDate(null)).toBe('—')
    expect(formatMoment('2026-03-03T14:05:00Z')).toBe('Mar 3, 2026, 2:05 PM UTC')
  })
})
