import { describe, expect, it } from 'vitest'
import { sumMoney, timesPassengers } from './format.ts'

describe('flight prices on the booking screens', () => {
  it('multiplies a fare by the passengers exactly', () => {
    expect(timesPassengers('199.99', 3)).toBe('599.97')
    expect(timesPassengers('0.1', 3)).toBe('0.30')
    expect(timesPassengers('85', 2)).toBe('170.00')
  })

  it("adds an itinerary's legs exactly, where floats would drift", () => {
    expect(sumMoney('0.10', '0.20')).toBe('0.30')
    expect(sumMoney('1299.95', '849.5', '0.05')).toBe('2149.50')
    expect(sumMoney()).toBe('0.00')
  })
})
