/**
 * Rate updates from outside (docs/currency.md). A provider turns its source into rate lines; importRateLines
 * writes them in one transaction, so a provider that fails, or a file with one bad line, changes nothing.
 */
import { RateImportInput, type RateSource } from '@meridian/validators'
import { and, conversionRates, currencies, currencySettings, type Database, eq, sql } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CURRENCY_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { canManageCurrencies } from './access.ts'
import { Dec } from './money.ts'
import { settingsRow } from './settings.ts'
import { DownloadError, downloadText } from '../net/download.ts'

export interface RateLine {
  from: string
  to: string
  rate: string
  effectiveDate: string
  source: RateSource
}

/** Raised by a provider: the reason, in a sentence. */
export class ProviderError extends Error {}

/** A source of rates. `fetchRates` gets what the provider needs and answers rate lines, or throws ProviderError. */
export interface RateProvider {
  name: string
  label: string
  fetchRates(input: { url?: string; allowPrivateUrls?: boolean; content?: string; filename?: string; format?: string }): Promise<RateLine[]>
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const validDate = (x: string) => ISO_DATE.test(x) && new Date(`${x}T00:00:00Z`).toISOString().slice(0, 10) === x

function checkRate(text: string, where: string): string {
  const t = text.trim()
  if (!/^\d+(\.\d+)?$/.test(t) || new Dec(t).lte(0)) throw new ProviderError(`${where}: the rate "${text}" is not a positive number.`)
  return new Dec(t).toDecimalPlaces(10).toFixed()
}

/**
 * CSV with a header line naming from_currency, to_currency, rate, effective_date and optionally source (any
 * order; commas or semicolons).
 */
export function parseRatesCsv(content: string): RateLine[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/)
  const headerIndex = lines.findIndex((l) => l.trim())
  if (headerIndex < 0) throw new ProviderError('The file is empty.')
  const sep = lines[headerIndex]!.includes(';') && !lines[headerIndex]!.includes(',') ? ';' : ','
  const header = lines[headerIndex]!.split(sep).map((h) => h.trim().toLowerCase())
  const col = (name: string) => header.indexOf(name)
  for (const name of ['from_currency', 'to_currency', 'rate', 'effective_date']) {
    if (col(name) < 0) throw new ProviderError(`Line ${headerIndex + 1}: the header must name from_currency, to_currency, rate and effective_date (missing ${name}).`)
  }
  const out: RateLine[] = []
  lines.forEach((line, i) => {
    if (i <= headerIndex || !line.trim()) return
    const cells = line.split(sep).map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
    const where = `Line ${i + 1}`
    const from = (cells[col('from_currency')] ?? '').toUpperCase()
    const to = (cells[col('to_currency')] ?? '').toUpperCase()
    const date = cells[col('effective_date')] ?? ''
    const source = col('source') >= 0 ? (cells[col('source')] || 'manual') : 'manual'
    if (!/^[A-Z]{3}$/.test(from) || !/^[A-Z]{3}$/.test(to)) throw new ProviderError(`${where}: currency codes must be 3 letters.`)
    if (from === to) throw new ProviderError(`${where}: ${CURRENCY_MESSAGES.sameCurrencyText}.`)
    if (!validDate(date)) throw new ProviderError(`${where}: the effective date "${date}" is not a date (YYYY-MM-DD).`)
    if (!['manual', 'api', 'bank', 'market'].includes(source)) throw new ProviderError(`${where}: the source must be manual, api, bank or market.`)
    out.push({ from, to, rate: checkRate(cells[col('rate')] ?? '', where), effectiveDate: date, source: source as RateSource })
  })
  if (!out.length) throw new ProviderError('The file holds no rates.')
  return out
}

/** The ECB's euro reference rates XML (<Cube time="…"><Cube currency="USD" rate="1.08"/>…): EUR to each currency. */
export function parseEcbXml(content: string, source: RateSource = 'bank'): RateLine[] {
  const out: RateLine[] = []
  const days = content.matchAll(/<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]\s*>([\s\S]*?)<\/Cube>/g)
  for (const [, date, body] of days) {
    if (!validDate(date!)) throw new ProviderError(`The date "${date}" is not a date.`)
    for (const [, code, rate] of body!.matchAll(/<Cube\s+currency=['"]([A-Za-z]{3})['"]\s+rate=['"]([^'"]*)['"]\s*\/>/g)) {
      out.push({ from: 'EUR', to: code!.toUpperCase(), rate: checkRate(rate!, `${code} on ${date}`), effectiveDate: date!, source })
    }
  }
  if (!out.length) throw new ProviderError('The file is not in the ECB reference rates format (no <Cube time> with rates).')
  return out
}

const looksLikeXml = (content: string, format?: string, filename?: string) =>
  format === 'ecb' || (!format && (/\.xml$/i.test(filename ?? '') || content.trimStart().startsWith('<')))

/** The built-in provider: a rates file uploaded through the screen or the API (CSV or ECB XML). */
export const fileProvider: RateProvider = {
  name: 'file',
  label: 'Rates file import',
  async fetchRates({ content = '', filename, format }) {
    return looksLikeXml(content, format, filename) ? parseEcbXml(content) : parseRatesCsv(content)
  },
}

/** Downloads an ECB-format XML file from the configured address (these machines reach none; it then fails cleanly). */
export const ecbProvider: RateProvider = {
  name: 'ecb',
  label: 'ECB reference rates download',
  async fetchRates({ url, allowPrivateUrls }) {
    if (!url) throw new ProviderError('No address is configured for the rates file.')
    let text: string
    try {
      text = await downloadText(url, { allowPrivate: allowPrivateUrls })
    } catch (error) {
      if (error instanceof DownloadError) throw new ProviderError(error.message)
      throw new ProviderError(`The rates service could not be reached (${(error as Error).message}).`)
    }
    return parseEcbXml(text, 'api')
  },
}

/** Providers by name; a deployment can register its own. */
export const RATE_PROVIDER_REGISTRY = new Map<string, RateProvider>([
  [fileProvider.name, fileProvider],
  [ecbProvider.name, ecbProvider],
])

export interface ImportResult {
  provider: string
  created: number
  updated: number
  skipped: string[]
  message: string
}

/**
 * Write rate lines in one transaction: a line for an existing pair and date replaces that rate, others are added.
 * `skipUnknown`: codes not in the currency list are skipped (a feed lists more than we keep), else refused.
 */
export async function importRateLines(db: Database, lines: RateLine[], options: { skipUnknown: boolean; userId: number | null }) {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: currencies.id, code: currencies.code }).from(currencies)
    const byCode = new Map(rows.map((r) => [r.code, r.id]))
    const skipped = new Set<string>()
    let created = 0
    let updated = 0
    for (const line of lines) {
      const from = byCode.get(line.from)
      const to = byCode.get(line.to)
      if (from === undefined || to === undefined) {
        const missing = from === undefined ? line.from : line.to
        if (!options.skipUnknown) throw new ProviderError(`${missing} is not in the currency list.`)
        skipped.add(missing)
        continue
      }
      const [row] = await tx
        .insert(conversionRates)
        .values({ fromCurrencyId: from, toCurrencyId: to, rate: line.rate, effectiveDate: line.effectiveDate, source: line.source, createdById: options.userId })
        .onConflictDoUpdate({
          target: [conversionRates.fromCurrencyId, conversionRates.toCurrencyId, conversionRates.effectiveDate],
          set: { rate: line.rate, source: line.source, isActive: true, updatedAt: new Date() },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` })
      if (row?.inserted) created++
      else updated++
    }
    return { created, updated, skipped: [...skipped].sort() }
  })
}

async function record(db: Database, message: string) {
  await db.update(currencySettings).set({ lastRateUpdateAt: new Date(), lastRateUpdateMessage: message }).where(eq(currencySettings.id, 1))
}

function summary(label: string, r: { created: number; updated: number; skipped: string[] }) {
  const skipped = r.skipped.length ? ` Skipped codes not in the currency list: ${r.skipped.join(', ')}.` : ''
  return `${label}: ${r.created} rates added, ${r.updated} updated.${skipped}`
}

/** A bad file is the sender's mistake (400); a provider that cannot deliver is unavailable (503). */
async function run(
  db: Database,
  provider: RateProvider,
  input: Parameters<RateProvider['fetchRates']>[0],
  userId: number | null,
  skipUnknown: boolean,
  failure: 'invalid' | 'unavailable',
): Promise<ImportResult> {
  try {
    const lines = await provider.fetchRates(input)
    // The rates and the settings' last-update line commit together: a refused or failed answer means nothing was stored.
    const { result, message } = await db.transaction(async (tx) => {
      const result = await importRateLines(tx, lines, { skipUnknown, userId })
      const message = summary(provider.label, result)
      await record(tx, message)
      return { result, message }
    })
    return { provider: provider.name, ...result, message }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    const message = CURRENCY_MESSAGES.providerFailed(provider.label, error.message)
    // A provider that could not deliver is the platform's state, shown on the settings screen; a bad file sent by a
    // person is refused (400) and, like every refusal, changes nothing.
    if (failure === 'unavailable') await record(db, message)
    throw new DomainError(failure, message, failure === 'invalid' ? { fields: { non_field_errors: [message] } } : {})
  }
}

/** POST import_rates: a CSV or ECB XML file's rates (`content`, optional `format`, `filename`). Needs manage_currencies. */
export async function importRates(ctx: ServiceContext, input: unknown): Promise<ImportResult> {
  const actor = canManageCurrencies(ctx)
  const data = parseInput(RateImportInput, input)
  const xml = looksLikeXml(data.content, data.format || undefined, data.filename)
  return run(ctx.db, fileProvider, { content: data.content, filename: data.filename, format: data.format || undefined }, actor.id, xml, 'invalid')
}

/** What the downloading providers may reach: public addresses only, unless RATES_ALLOW_PRIVATE_URLS says otherwise. */
export interface RateDownloadOptions {
  allowPrivateUrls?: boolean
}

/** Run the configured downloading provider now (POST update_rates, and the automatic update). */
export async function refreshRatesFromProvider(db: Database, userId: number | null, options: RateDownloadOptions = {}): Promise<ImportResult> {
  const settings = await settingsRow(db)
  const provider = RATE_PROVIDER_REGISTRY.get(settings.externalApiProvider)
  if (!provider || provider.name === 'file') throw new DomainError('invalid', CURRENCY_MESSAGES.noProvider, { fields: { non_field_errors: [CURRENCY_MESSAGES.noProvider] } })
  return run(db, provider, { url: settings.providerUrl, allowPrivateUrls: options.allowPrivateUrls }, userId, true, 'unavailable')
}

/** POST update_rates. Needs manage_currencies. */
export async function updateRatesNow(ctx: ServiceContext): Promise<ImportResult> {
  const actor = canManageCurrencies(ctx)
  return refreshRatesFromProvider(ctx.db, actor.id, { allowPrivateUrls: ctx.config.ratesAllowPrivateUrls })
}

/**
 * The automatic update: when auto_update_rates is on, at most once a day. Several app processes run this timer; the
 * one whose conditional update claims the day (last_rate_update_at moved to now) fetches, the others skip.
 * Failures are recorded, never thrown.
 */
export async function autoUpdateRates(db: Database, options: RateDownloadOptions = {}): Promise<ImportResult | null> {
  const claimed = await db
    .update(currencySettings)
    .set({ lastRateUpdateAt: new Date() })
    .where(
      and(
        eq(currencySettings.id, 1),
        eq(currencySettings.autoUpdateRates, true),
        sql`(${currencySettings.lastRateUpdateAt} is null or ${currencySettings.lastRateUpdateAt} < now() - interval '20 hours')`,
      ),
    )
    .returning({ id: currencySettings.id })
  if (!claimed.length) return null
  return refreshRatesFromProvider(db, null, options).catch(() => null)
}
