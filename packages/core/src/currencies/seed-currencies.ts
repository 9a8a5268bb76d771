/**
 * First-start currency list: every ISO 4217 currency from the currency-codes package (MIT), with symbols from the
 * runtime's CLDR data (Intl). A handful are active and USD is the base; the rest wait inactive for an admin.
 * Safe to run again: codes that exist are kept as they are.
 */
import { createRequire } from 'node:module'
import { count, currencies, type Database } from '@meridian/db'

const require = createRequire(import.meta.url)

interface IsoCurrency {
  code: string
  currency: string
  countries: string[]
}

export const DEFAULT_ACTIVE_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD', 'CHF', 'MVR'] as const
export const DEFAULT_BASE_CURRENCY = 'USD'

/** Funds, precious metals and testing codes are not money a traveler pays with. */
const NOT_MONEY = /^X(A[UG]|P[DT]|B[A-D]|DR|SU|TS|UA|XX)$|^(BOV|CHE|CHW|CLF|COU|MXV|USN|UYI|UYW)$/

export function currencySymbol(code: string): string {
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency')
    return part?.value ?? code
  } catch {
    return code
  }
}

/** The ISO list as currency rows (code, name, symbol, countries), money only. */
export function isoCurrencies(): { code: string; name: string; symbol: string; countries: string }[] {
  const list = (require('currency-codes/data.js') as IsoCurrency[]).filter((c) => !NOT_MONEY.test(c.code))
  return list.map((c) => ({ code: c.code, name: c.currency, symbol: currencySymbol(c.code), countries: c.countries.join(', ') }))
}

/** Load the ISO list; the default currencies are active, in a fixed order, USD the base. Returns rows added. */
export async function seedCurrencies(db: Database): Promise<number> {
  const active = DEFAULT_ACTIVE_CURRENCIES as readonly string[]
  const rows = isoCurrencies().map((c) => ({
    ...c,
    isActive: active.includes(c.code),
    isBaseCurrency: c.code === DEFAULT_BASE_CURRENCY,
    displayOrder: active.includes(c.code) ? active.indexOf(c.code) + 1 : 1000,
  }))
  const inserted = await db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(currencies)
    // A base that exists already stays the base.
    const values = n > 0 ? rows.map((r) => ({ ...r, isBaseCurrency: false })) : rows
    return tx.insert(currencies).values(values).onConflictDoNothing().returning({ id: currencies.id })
  })
  return inserted.length
}

/** At start: the ISO list when the currencies table is empty. */
export async function seedCurrenciesIfEmpty(db: Database): Promise<number | null> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(currencies)
  return n > 0 ? null : seedCurrencies(db)
}
