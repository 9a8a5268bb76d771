import { describe, expect, it } from 'vitest'
import { changeText, choicesOf, choicesQuery, signedMoney, statusLabel, timeRange, travelersText } from './format.ts'

describe('proposal screen words', () => {
  it('signs a price difference in front of the currency, and says nothing for none', () => {
    expect(signedMoney('+120.00', 'USD')).toBe('+$120.00')
    expect(signedMoney('-35.50', 'EUR')).toBe('-€35.50')
    expect(signedMoney('1250.5', 'CHF')).toBe('+CHF 1,250.50')
    expect(signedMoney('0.00', 'USD')).toBeNull()
    expect(signedMoney('-0.00', 'USD')).toBeNull()
  })

  it('names the travelers there are', () => {
    expect(travelersText({ adults: 2, children: 1, infants: 0 })).toBe('2 adults, 1 child')
    expect(travelersText({ adults: 1, children: 0, infants: 2 })).toBe('1 adult, 2 infants')
    expect(travelersText({ adults: 0, children: 0, infants: 0 })).toBe('No travelers')
  })

  it('speaks of a sent round to its traveler, and of the traveler to the planners', () => {
    expect(statusLabel('sent', true)).toBe('Waiting for you')
    expect(statusLabel('sent', false)).toBe('Waiting for the traveler')
    expect(statusLabel('superseded', false)).toBe('Replaced by a newer round')
  })

  it('reads the choices of an address and of a posted form, and nothing else', () => {
    const params = new URLSearchParams('choice.stay=a1&round=2&choice.=x&choices=flight:b2&page=3')
    expect(choicesQuery(params)).toEqual({ 'choice.stay': 'a1', choices: 'flight:b2' })
    expect(choicesOf({ intent: 'accept', round: '2', 'choice.stay': 'a1', 'choice.': 'x' })).toEqual({ stay: 'a1' })
    const odd = choicesOf(JSON.parse('{"choice.__proto__": "x"}') as Record<string, string>)
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
    expect(Object.keys(odd)).toEqual(['__proto__'])
  })

  it('writes each change as a sentence', () => {
    const line = { title: 'Casa do Mar', day: 'Day 2', from: '240.00', to: '260.00' }
    expect(changeText({ ...line, change: 'repriced' }, 'USD')).toBe('New price: Casa do Mar, $240.00 → $260.00')
    expect(changeText({ ...line, change: 'moved', from_day: 'Day 1' }, 'USD')).toBe('Moved: Casa do Mar, from Day 1 to Day 2')
    expect(changeText({ ...line, change: 'option_dropped' }, 'USD')).toBe('Option no longer offered: Casa do Mar (Day 2)')
  })

  it('shortens times to hours and minutes', () => {
    expect(timeRange('09:30:00', '11:00:00')).toBe('09:30–11:00')
    expect(timeRange('20:00', null)).toBe('20:00')
    expect(timeRange(null, null)).toBeNull()
  })
})
