import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PaymentTerms } from '@meridian/validators/booking-constants'
import { cutSchedule, linePlaces } from './schedule-math.ts'

const cents = (amount: string) => BigInt(amount.replace('.', ''))
const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD', 'GBP', 'KRW']

const terms = (over: Partial<PaymentTerms>): PaymentTerms => ({ deposit_percent: '30', deposit_amount: null, deposit_due: 'acceptance', balance_days: 42, ...over })

describe('payment schedules', () => {
  it('cut lines add up to the amount exactly, whatever the amount, percentage, fixed deposit and currency', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 99_999_999_999_99n }),
        fc.oneof(
          fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 10_000 }) }),
          fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 0, max: 5_000_000 }) }),
        ),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 700 }),
        (units, deposit, currency, balanceDays, daysAhead) => {
          const amount = `${units / 100n}.${String(units % 100n).padStart(2, '0')}`
          const t =
            deposit.kind === 'percent'
              ? terms({ deposit_percent: `${Math.floor(deposit.value / 100)}.${String(deposit.value % 100).padStart(2, '0')}`, balance_days: balanceDays })
              : terms({ deposit_percent: null, deposit_amount: `${Math.floor(deposit.value / 100)}.${String(deposit.value % 100).padStart(2, '0')}`, balance_days: balanceDays })
          const serviceDate = new Date(Date.parse('2027-01-01T00:00:00Z') + daysAhead * 86_400_000).toISOString().slice(0, 10)
          const lines = cutSchedule({ amount, currency, terms: t, depositDueOn: '2027-01-01', serviceDate })
          expect(lines.reduce((sum, l) => sum + cents(l.amount), 0n)).toBe(units)
          for (const l of lines) {
            expect(cents(l.amount)).toBeGreaterThan(0n)
            expect(l.currency).toBe(currency)
            expect(l.amount).toMatch(/^\d+\.\d{2}$/)
          }
          // The deposit is chargeable in the currency's minor unit (a yen deposit is whole yen).
          if (lines[0]!.kind === 'deposit' && linePlaces(currency) === 0) expect(lines[0]!.amount.endsWith('.00')).toBe(true)
          // Dates: the deposit first, the balance strictly later and balance_days before the service.
          if (lines.length === 2) {
            expect(lines[1]!.dueOn > lines[0]!.dueOn).toBe(true)
            expect(Date.parse(serviceDate) - Date.parse(lines[1]!.dueOn)).toBe(balanceDays * 86_400_000)
          }
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('30% of 1,000.01 USD is a 300.00 deposit and a 700.01 balance six weeks before', () => {
    expect(cutSchedule({ amount: '1000.01', currency: 'USD', terms: terms({}), depositDueOn: '2027-01-10', serviceDate: '2027-06-01' })).toEqual([
      { position: 1, kind: 'deposit', amount: '300.00', currency: 'USD', dueOn: '2027-01-10' },
      { position: 2, kind: 'balance', amount: '700.01', currency: 'USD', dueOn: '2027-04-20' },
    ])
  })

  it('a booking made after the balance date is paid in full at once; a quote of 0.00 has no line', () => {
    expect(cutSchedule({ amount: '500.00', currency: 'EUR', terms: terms({}), depositDueOn: '2027-05-01', serviceDate: '2027-05-20' })).toEqual([
      { position: 1, kind: 'full', amount: '500.00', currency: 'EUR', dueOn: '2027-05-01' },
    ])
    expect(cutSchedule({ amount: '0.00', currency: 'EUR', terms: terms({}), depositDueOn: '2027-05-01', serviceDate: '2027-09-20' })).toEqual([])
  })

  it('a fixed deposit above the amount is the whole amount, in one line', () => {
    const lines = cutSchedule({ amount: '80.00', currency: 'USD', terms: terms({ deposit_percent: null, deposit_amount: '250.00' }), depositDueOn: '2027-01-01', serviceDate: '2027-12-01' })
    expect(lines).toEqual([{ position: 1, kind: 'full', amount: '80.00', currency: 'USD', dueOn: '2027-01-01' }])
  })
})
