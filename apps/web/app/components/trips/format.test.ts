import { describe, expect, it } from 'vitest'
import { formatMoney, formatWholeMoney } from './format.ts'

describe('formatWholeMoney (the analytics dashboard: whole units)', () => {
  it('rounds half up on the exact text and groups the thousands', () => {
    expect(formatWholeMoney('2740.00')).toBe('$2,740')
    expect(formatWholeMoney('1250.49', 'EUR')).toBe('€1,250')
    expect(formatWholeMoney('1250.50', 'EUR')).toBe('€1,251')
    expect(formatWholeMoney('999999.99')).toBe('$1,000,000')
    expect(formatWholeMoney('12345678901234567.50')).toBe('$12,345,678,901,234,568')
    expect(formatWholeMoney('0.49')).toBe('$0')
    expect(formatWholeMoney('-0.40')).toBe('$0')
    expect(formatWholeMoney('-15.50', 'CHF')).toBe('-CHF 16')
    expect(formatWholeMoney('300', 'CHF')).toBe('CHF 300')
  })

  it('leaves the exact figure to formatMoney', () => {
    expect(formatMoney('1250.50', 'EUR')).toBe('€1,250.50')
  })
})
