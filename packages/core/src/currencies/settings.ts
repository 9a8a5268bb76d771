import { CurrencySettingsInput } from '@meridian/validators'
import { currencySettings, type Database, eq } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { CURRENCY_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { addressProblem } from '../net/download.ts'
import { canManageCurrencies } from './access.ts'
import { baseCurrency, currencyFor, makeBase } from './currencies.ts'
import { currencyRef, type CurrencySettingsDto, serializeSettings } from './serialize.ts'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Db = Database | Tx

/** The settings row (the migration creates it; recreated here should it be missing). */
export async function settingsRow(db: Db) {
  const [row] = await db.select().from(currencySettings).where(eq(currencySettings.id, 1))
  if (row) return row
  const [created] = await db.insert(currencySettings).values({ id: 1 }).onConflictDoNothing().returning()
  return created ?? (await db.select().from(currencySettings).where(eq(currencySettings.id, 1)))[0]!
}

async function readSettings(db: Db): Promise<CurrencySettingsDto> {
  const [row, base] = await Promise.all([settingsRow(db), baseCurrency(db)])
  return serializeSettings(row, base ? currencyRef(base) : null)
}

/** GET currency_settings. Needs manage_currencies. */
export async function getCurrencySettings(ctx: ServiceContext): Promise<CurrencySettingsDto> {
  canManageCurrencies(ctx)
  return readSettings(ctx.db)
}

/**
 * POST update_settings: any of the settings fields; base_currency moves the base (it must be active). Automatic
 * updates need a downloading provider with its address. Needs manage_currencies.
 */
export async function updateCurrencySettings(ctx: ServiceContext, input: unknown): Promise<CurrencySettingsDto> {
  canManageCurrencies(ctx)
  const data = parseInput(CurrencySettingsInput, input)
  return ctx.db.transaction(async (tx) => {
    const current = await settingsRow(tx)
    const provider = data.external_api_provider ?? current.externalApiProvider
    const url = data.provider_url ?? current.providerUrl
    const auto = data.auto_update_rates ?? current.autoUpdateRates
    if (auto && provider !== 'ecb') throw DomainError.invalid({ auto_update_rates: [CURRENCY_MESSAGES.autoNeedsProvider] })
    if (provider === 'ecb' && !url) throw DomainError.invalid({ provider_url: [CURRENCY_MESSAGES.providerNeedsUrl] })
    const urlProblem = data.provider_url ? addressProblem(data.provider_url, ctx.config.ratesAllowPrivateUrls) : null
    if (urlProblem) throw DomainError.invalid({ provider_url: [urlProblem] })
    if (data.base_currency !== undefined) {
      const base = await currencyFor(tx, data.base_currency, 'base_currency', true)
      await makeBase(tx, base.id)
    }
    await tx
      .update(currencySettings)
      .set({
        ...(data.global_margin_percentage !== undefined ? { globalMarginPercentage: data.global_margin_percentage } : {}),
        ...(data.auto_update_rates !== undefined ? { autoUpdateRates: data.auto_update_rates } : {}),
        ...(data.external_api_provider !== undefined ? { externalApiProvider: data.external_api_provider } : {}),
        ...(data.provider_url !== undefined ? { providerUrl: data.provider_url } : {}),
        ...(data.default_decimal_places !== undefined ? { defaultDecimalPlaces: data.default_decimal_places } : {}),
        ...(data.show_currency_symbols !== undefined ? { showCurrencySymbols: data.show_currency_symbols } : {}),
        updatedAt: new Date(),
      })
      .where(eq(currencySettings.id, 1))
    return readSettings(tx)
  })
}
