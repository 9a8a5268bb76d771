// `npx tsx scripts/bench/currency.ts`: the conversion path's cost beside baselines measured in the same run.
//   1. arithmetic: convertAmount (decimal.js, 40 digits, one rounding) against a float multiply-and-round.
//   2. quote: quoteConversion (settings, base, rates in force, currencies) direct and across the base currency,
//      against a bare `select 1` round trip on the same database.
// Figures only, never a gate. BENCH_DATABASE_URL runs part 2 on PostgreSQL (a throwaway database is needed:
// it is migrated and filled); otherwise an in-memory PGlite.
import { convertAmount, quoteConversion } from '@meridian/core'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { conversionRates, currencies, inArray, openDatabase, sql } from '@meridian/db'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000)

function timeIt(label: string, n: number, run: (i: number) => unknown) {
  const started = process.hrtime.bigint()
  for (let i = 0; i < n; i++) run(i)
  const ns = Number(process.hrtime.bigint() - started)
  return { label, perSecond: Math.round((n / ns) * 1e9), microseconds: ns / n / 1000 }
}

async function timeAsync(label: string, n: number, run: (i: number) => Promise<unknown>) {
  const started = process.hrtime.bigint()
  for (let i = 0; i < n; i++) await run(i)
  const ns = Number(process.hrtime.bigint() - started)
  return { label, perSecond: Math.round((n / ns) * 1e9), microseconds: ns / n / 1000 }
}

const rows: { label: string; perSecond: number; microseconds: number }[] = []
const amounts = Array.from({ length: 1000 }, (_, i) => `${(i * 7919) % 100000}.${String(i % 100).padStart(2, '0')}`)

rows.push(timeIt('baseline: float multiply and round', 200_000, (i) => Math.round(Number(amounts[i % 1000]) * 0.9123 * 1.025 * 100) / 100))
rows.push(timeIt('convertAmount (decimal, half up)', 200_000, (i) => convertAmount(amounts[i % 1000]!, '0.9123', '2.50', 2)))

const handle = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dataDir: 'memory://' })
try {
  await handle.migrate()
  await seedCurrencies(handle.db)
  const ids = Object.fromEntries(
    (await handle.db.select({ id: currencies.id, code: currencies.code }).from(currencies).where(inArray(currencies.code, ['USD', 'EUR', 'GBP', 'JPY'])))
      .map((c) => [c.code, c.id]),
  ) as Record<string, number>
  // A year of daily history for three pairs, so "the rate in force" has rows to skip.
  const values = []
  for (let d = 0; d < 365; d++) {
    const date = new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)
    values.push({ fromCurrencyId: ids.USD!, toCurrencyId: ids.EUR!, rate: '0.91', effectiveDate: date })
    values.push({ fromCurrencyId: ids.GBP!, toCurrencyId: ids.USD!, rate: '1.27', effectiveDate: date })
    values.push({ fromCurrencyId: ids.USD!, toCurrencyId: ids.JPY!, rate: '151.2', effectiveDate: date })
  }
  await handle.db.insert(conversionRates).values(values).onConflictDoNothing()
  const n = Math.max(100, Math.round(ROUNDS / 4))
  for (let i = 0; i < 50; i++) await quoteConversion(handle.db, { from_currency: 'USD', to_currency: 'EUR', amount: '1' })
  rows.push(await timeAsync(`baseline: select 1 (${handle.driver})`, n, () => handle.db.execute(sql`select 1`)))
  rows.push(await timeAsync(`quote direct USD→EUR (${handle.driver})`, n, (i) => quoteConversion(handle.db, { from_currency: 'USD', to_currency: 'EUR', amount: amounts[i % 1000]! })))
  rows.push(await timeAsync(`quote cross GBP→JPY (${handle.driver})`, n, (i) => quoteConversion(handle.db, { from_currency: 'GBP', to_currency: 'JPY', amount: amounts[i % 1000]! })))
} finally {
  await handle.close()
}

console.log('\nCurrency conversion (single caller, sequential):\n')
for (const r of rows) console.log(`  ${r.label.padEnd(44)} ${String(r.perSecond).padStart(9)} /s  ${r.microseconds.toFixed(1).padStart(8)} µs each`)
console.log()
